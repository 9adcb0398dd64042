import type { PermissionGranteesDto } from '@edu/sdk';
import type { RequestContext } from '../kit/context.ts';

const MAX_USERS = 1000;

/**
 * "Who can": the roles of the caller's side granting `name` (the static Admin
 * role holds every permission of its side, as the permission checker says)
 * and the users holding it directly or through such a role; a user-level
 * refusal (a grant with `isGranted` false) takes the user out.
 */
export async function permissionGrantees(ctx: RequestContext, name: string): Promise<PermissionGranteesDto> {
  const tenantId = ctx.session.tenantId;
  const roles = await ctx.db.role.findMany({ select: { id: true, name: true, displayName: true }, orderBy: { id: 'asc' } });
  const given = await ctx.app.permissions.rolePermissions(
    roles.map((r) => r.id),
    tenantId,
  );
  const holding = roles.filter((r) => given.get(r.id)?.has(name));
  const roleName = new Map(holding.map((r) => [r.id, r.displayName]));
  const [memberships, grants] = await Promise.all([
    ctx.db.userRole.findMany({ where: { roleId: { in: holding.map((r) => r.id) } }, select: { userId: true, roleId: true } }),
    ctx.db.permissionGrant.findMany({ where: { name, userId: { not: null } }, select: { userId: true, isGranted: true } }),
  ]);
  const via = new Map<number, string[]>();
  for (const m of memberships) via.set(m.userId, [...(via.get(m.userId) ?? []), roleName.get(m.roleId)!]);
  const direct = new Set(grants.filter((g) => g.isGranted).map((g) => g.userId!));
  const denied = new Set(grants.filter((g) => !g.isGranted).map((g) => g.userId!));
  const ids = [...new Set([...via.keys(), ...direct])].filter((id) => !denied.has(id));
  const users = await ctx.db.user.findMany({
    where: { id: { in: ids } },
    select: { id: true, userName: true, name: true, surname: true },
    orderBy: { id: 'asc' },
    take: MAX_USERS + 1,
  });
  return {
    permissionName: name,
    roles: holding,
    users: users.slice(0, MAX_USERS).map((u) => ({
      id: u.id,
      userName: u.userName,
      fullName: `${u.surname}${u.name}`,
      direct: direct.has(u.id),
      roleNames: (via.get(u.id) ?? []).sort(),
    })),
    truncated: users.length > MAX_USERS,
  };
}
