import type { RequestContext } from '../kit/context.ts';

/**
 * Where sign-ins end on the server. Every request checks its token (revocation,
 * the user's security stamp, active user and tenant: plugins/auth.ts); these
 * also close the real-time hub's open connections, which were admitted once and
 * would otherwise keep receiving pushes after the session ended.
 */

/** This request's own sign-in signs out (Account/LoginOut): its token is revoked and its hub connections close. */
export async function endCurrentSession(ctx: RequestContext): Promise<void> {
  const { jti, exp } = ctx.session;
  if (!jti || !exp) return;
  await ctx.app.tokens.revoke(jti, exp);
  ctx.app.realtime.endSession(jti);
}

/** Every sign-in of the user ended (password reset or change, a new security stamp): all of their hub connections close. */
export function endUserSessions(ctx: RequestContext, userId: number): void {
  ctx.app.realtime.endUser({ userId, tenantId: ctx.session.tenantId });
}

/**
 * Users may no longer stand behind their tokens (deactivated or deleted; with
 * no `userIds`, the whole tenant `tenantId`, deactivated or deleted): the
 * tokens of their hub connections are checked again and the refused ones close.
 */
export async function recheckSessions(ctx: RequestContext, scope: { userIds: readonly number[] } | { tenantId: number }): Promise<void> {
  const { realtime } = ctx.app;
  if ('tenantId' in scope) await realtime.revalidate({ tenantId: scope.tenantId });
  else await Promise.all(scope.userIds.map((userId) => realtime.revalidate({ userId, tenantId: ctx.session.tenantId })));
}
