import { declarePermissions, permission } from './core/permission.ts';

/**
 * The permissions of the platform services (administrators and members,
 * impersonation, tenants, the audit log): declared here rather than in their
 * service files, because entity services use them too and the audit log's
 * "who can" input lists the whole tree (permissions.ts). Entity services
 * declare their own permissions in their files.
 */
export const PlatformPermissions = declarePermissions({
  Administration: {
    Manages: permission('管理员', 'Administrators', { reviews: true, order: 1 }),
    // ASP.NET Zero's (named under Users, as Zero's): sign in as a user of one's tenant (the host: of any tenant), see Account/Impersonate.
    'Users.Impersonation': permission('模拟登录', 'Impersonation', { inferred: true, order: 2 }),
    Tenants: permission('租户管理', 'Tenants', { hostOnly: true, inferred: true, order: 3 }),
    AuditLogs: permission('审计日志', 'Audit logs', { inferred: true, order: 8 }),
  },
  Members: {
    Users: permission('会员', 'Members'),
    ImportUsers: permission('导入用户', 'Import users'),
  },
});
