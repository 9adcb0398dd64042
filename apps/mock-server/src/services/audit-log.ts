import { AuditLogService, UserLoginService } from '@edu/sdk';
import { exportAuditLogs, getAuditLogs, getRecentUserLoginAttempts, getUserLoginAttempts } from '../audit/queries.ts';
import { getEntityChanges, getEntityHistoryObjectTypes, getEntityPropertyChanges, getEntityTypeChanges } from '../audit/entity-history-queries.ts';
import { permissionGrantees } from '../audit/grantees.ts';
import { auditSettings, updateAuditSettings } from '../audit/retention.ts';
import { implement } from '../kit/register-service.ts';

/** ASP.NET Zero's audit-log reads (recording is audit/plugin.ts); append-only, so no update or delete. */
export const auditLog = implement(AuditLogService, {
  GetAuditLogs: (input, ctx) => getAuditLogs(ctx, input),
  GetAuditLogsToExcel: (input, ctx) => exportAuditLogs(ctx, input),
  GetEntityChanges: (input, ctx) => getEntityChanges(ctx, input),
  GetEntityTypeChanges: (input, ctx) => getEntityTypeChanges(ctx, input),
  GetEntityPropertyChanges: (input, ctx) => getEntityPropertyChanges(ctx, input.EntityChangeId),
  GetEntityHistoryObjectTypes: (_input, ctx) => Promise.resolve(getEntityHistoryObjectTypes(ctx)),
  GetPermissionGrantees: (input, ctx) => permissionGrantees(ctx, input.PermissionName),
  GetAuditSettings: (_input, ctx) => auditSettings(ctx.prisma, ctx.session.tenantId),
  UpdateAuditSettings: (input, ctx) => updateAuditSettings(ctx, input),
});

/** ASP.NET Zero's sign-in attempts (recorded by TokenAuth/Authenticate). */
export const userLogin = implement(UserLoginService, {
  GetUserLoginAttempts: (input, ctx) => getUserLoginAttempts(ctx, input),
  GetRecentUserLoginAttempts: (_input, ctx) => getRecentUserLoginAttempts(ctx),
});
