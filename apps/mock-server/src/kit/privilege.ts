import { Permissions } from '@edu/sdk';
import type { RequestContext } from './context.ts';
import { ForbiddenError } from './errors.ts';
import type { SessionUser } from './permission-checker.ts';

/**
 * Privilege rules for every path where roles or permissions flow: nobody can
 * hand out, or take from someone else, more than they hold themselves.
 * Members of the static Admin role hold every permission of their side, so
 * they pass every check (as ABP's static admin does).
 */

/** The names among `needed` the caller does not hold. */
function lacking(me: SessionUser, needed: Iterable<string>): string[] {
  return [...needed].filter((p) => !me.granted.has(p)).sort();
}

/** Granting or revoking role membership needs role management (the Role service's permission). */
async function requireRoleManagement(ctx: RequestContext): Promise<SessionUser> {
  const me = await ctx.requireUser();
  if (!me.granted.has(Permissions.Manages)) throw new ForbiddenError([Permissions.Manages]);
  return me;
}

/** A role's permissions must all be the caller's own: 403 naming the ones they lack. */
export async function assertCanGrantPermissions(ctx: RequestContext, names: Iterable<string>): Promise<void> {
  const me = await ctx.requireUser();
  const missing = lacking(me, names);
  if (missing.length) throw new ForbiddenError(missing);
}

/**
 * Changing a user's roles from `before` to `after` (role ids): needs role
 * management when the set changes, and every added or removed role may give
 * only permissions the caller holds.
 */
export async function assertCanChangeRoles(ctx: RequestContext, before: readonly number[], after: readonly number[]): Promise<void> {
  const changed = [...after.filter((id) => !before.includes(id)), ...before.filter((id) => !after.includes(id))];
  if (!changed.length) return;
  const me = await requireRoleManagement(ctx);
  const byRole = await ctx.app.permissions.rolePermissions(changed, ctx.session.tenantId);
  const missing = lacking(me, new Set([...byRole.values()].flatMap((s) => [...s])));
  if (missing.length) throw new ForbiddenError(missing);
}

/**
 * Changing, deactivating, resetting or deleting users: each must hold no
 * permission the caller lacks (an administrator is out of reach of a member
 * manager). Unknown ids are left to the caller's own 404.
 */
export async function assertCanManageUsers(ctx: RequestContext, userIds: readonly number[]): Promise<void> {
  const me = await ctx.requireUser();
  if (me.isAdmin) return;
  for (const id of new Set(userIds)) {
    const theirs = await ctx.app.permissions.permissionsOf(id, ctx.session.tenantId);
    const missing = theirs ? lacking(me, theirs) : [];
    if (missing.length) throw new ForbiddenError(missing);
  }
}
