import { permissionsOfSide } from '@edu/sdk';
import { writeVersions } from '@edu/db';
import type { PrismaClient } from '@edu/db';

/** The signed-in user as permission checks see them. */
export interface SessionUser {
  id: number;
  tenantId: number | null;
  userName: string;
  name: string;
  surname: string;
  emailAddress: string;
  identity: number;
  /** Role NormalizedName values. */
  roleNames: string[];
  /** Member of the static Admin role of their side. */
  isAdmin: boolean;
  granted: ReadonlySet<string>;
  /** Changes when the password is reset: tokens carrying an older stamp no longer sign in. */
  securityStamp: string;
}

/** The template's static Admin role. */
export function isStaticAdmin(role: { isStatic: boolean; normalizedName: string }): boolean {
  return role.isStatic && role.normalizedName === 'ADMIN';
}

/** The session's tenant as GetCurrentLoginInformations shows it. */
export interface SessionTenant {
  id: number;
  tenancyName: string;
  name: string;
  isActive: boolean;
}

/** Tables a session user is computed from: a write to any of them recomputes it. */
const SOURCE_TABLES = ['User', 'UserRole', 'Role', 'PermissionGrant', 'Tenant'] as const;

/**
 * Computes a user's granted permissions (role grants, then user-level grants
 * and prohibitions, as ABP's PermissionChecker) and caches them until one of
 * the tables they come from is written (exact, see db/write-versions.ts).
 */
export class PermissionChecker {
  private cache = new Map<string, { stamp: string; user: Promise<SessionUser | null> }>();
  private tenants = new Map<number, { stamp: string; tenant: Promise<SessionTenant | null> }>();

  constructor(private readonly prisma: PrismaClient) {}

  /**
   * The user a token names, or null when they are gone, inactive, or (with
   * `securityStamp`, the token's claim) their stamp changed since it was issued.
   */
  async sessionUser(userId: number, tenantId: number | null, securityStamp?: string): Promise<SessionUser | null> {
    const user = await this.cachedUser(userId, tenantId);
    return user && securityStamp !== undefined && user.securityStamp !== securityStamp ? null : user;
  }

  private cachedUser(userId: number, tenantId: number | null): Promise<SessionUser | null> {
    const key = `${tenantId ?? 'host'}:${userId}`;
    const versions = writeVersions(this.prisma);
    const stamp = SOURCE_TABLES.map((t) => versions.version(t)).join('|');
    const hit = this.cache.get(key);
    if (hit && hit.stamp === stamp) return hit.user;
    const user = this.load(userId, tenantId, true);
    this.cache.set(key, { stamp, user });
    user.catch(() => this.cache.delete(key));
    if (this.cache.size > 10_000) this.cache.delete(this.cache.keys().next().value!);
    return user;
  }

  /**
   * A tenant that is not deleted (active or not), cached until the Tenant
   * table is written: every request of a tenant's session reads it.
   */
  tenant(tenantId: number): Promise<SessionTenant | null> {
    const stamp = writeVersions(this.prisma).version('Tenant');
    const hit = this.tenants.get(tenantId);
    if (hit && hit.stamp === stamp) return hit.tenant;
    const tenant = this.prisma.tenant.findFirst({
      where: { id: tenantId, isDeleted: false },
      select: { id: true, tenancyName: true, name: true, isActive: true },
    });
    this.tenants.set(tenantId, { stamp, tenant });
    tenant.catch(() => this.tenants.delete(tenantId));
    if (this.tenants.size > 10_000) this.tenants.delete(this.tenants.keys().next().value!);
    return tenant;
  }

  /**
   * Every permission a user of the tenant holds, whether active or not (null when
   * no such user): what a caller must hold before changing them.
   */
  async permissionsOf(userId: number, tenantId: number | null): Promise<ReadonlySet<string> | null> {
    return (await this.load(userId, tenantId, false))?.granted ?? null;
  }

  /** The permissions each role gives its members; the static Admin role gives every permission of its side. */
  async rolePermissions(roleIds: readonly number[], tenantId: number | null): Promise<Map<number, ReadonlySet<string>>> {
    const [roles, grants] = await Promise.all([
      this.prisma.role.findMany({ where: { id: { in: [...roleIds] }, tenantId }, select: { id: true, normalizedName: true, isStatic: true } }),
      this.prisma.permissionGrant.findMany({
        where: { tenantId, roleId: { in: [...roleIds] }, userId: null, isGranted: true },
        select: { roleId: true, name: true },
      }),
    ]);
    const valid = new Set(permissionsOfSide(tenantId));
    const out = new Map<number, Set<string>>();
    for (const r of roles) out.set(r.id, new Set(isStaticAdmin(r) ? valid : []));
    for (const g of grants) if (g.roleId !== null && valid.has(g.name)) out.get(g.roleId)?.add(g.name);
    return out;
  }

  private async load(userId: number, tenantId: number | null, activeOnly: boolean): Promise<SessionUser | null> {
    const user = await this.prisma.user.findFirst({
      where: { id: userId, tenantId, isDeleted: false, ...(activeOnly && { isActive: true }) },
      select: {
        id: true,
        tenantId: true,
        userName: true,
        name: true,
        surname: true,
        emailAddress: true,
        identity: true,
        securityStamp: true,
        roles: { where: { role: { isDeleted: false } }, select: { role: { select: { id: true, normalizedName: true, isStatic: true } } } },
      },
    });
    if (!user) return null;
    if (activeOnly && tenantId !== null && !(await this.tenant(tenantId))?.isActive) return null;
    const roleIds = user.roles.map((r) => r.role.id);
    const grants = await this.prisma.permissionGrant.findMany({
      where: { tenantId, OR: [{ roleId: { in: roleIds } }, { userId: user.id }] },
      select: { name: true, isGranted: true, userId: true },
    });
    const valid = new Set(permissionsOfSide(tenantId));
    const isAdmin = user.roles.some((r) => isStaticAdmin(r.role));
    // The static Admin role is granted every permission of its side by default (ABP's
    // StaticRoleDefinition.GrantAllPermissionsByDefault), so new permissions reach it without a migration.
    const granted = new Set<string>(isAdmin ? valid : []);
    for (const g of grants) if (g.userId === null && g.isGranted && valid.has(g.name)) granted.add(g.name);
    for (const g of grants) {
      if (g.userId === null || !valid.has(g.name)) continue;
      if (g.isGranted) granted.add(g.name);
      else granted.delete(g.name);
    }
    return {
      id: user.id,
      tenantId: user.tenantId,
      userName: user.userName,
      name: user.name,
      surname: user.surname,
      emailAddress: user.emailAddress,
      identity: user.identity,
      roleNames: user.roles.map((r) => r.role.normalizedName),
      isAdmin,
      granted,
      securityStamp: user.securityStamp,
    };
  }
}
