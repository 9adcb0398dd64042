import { randomBytes } from 'node:crypto';
import type { ImpersonateInput, ImpersonateOutput } from '@edu/sdk';
import type { FastifyInstance } from 'fastify';
import type { RequestContext } from '../kit/context.ts';
import { invalid } from '../kit/errors.ts';
import { endCurrentSession } from './session-end.ts';

/**
 * ASP.NET Zero's impersonation: `Account/Impersonate` checks the caller may
 * sign in as the user and answers a one-time token (Zero's ImpersonationCache,
 * one minute); `TokenAuth/ImpersonatedAuthenticate` trades it for an access
 * token of the user carrying the impersonator's claims, which every audit row
 * and entity change then records. `Account/BackToImpersonator` answers such a
 * token for the impersonator (without those claims) and ends the session.
 */
interface Ticket {
  tenantId: number | null;
  userId: number;
  impersonator: { userId: number; tenantId: number | null } | null;
  expires: number;
}

const TICKET_MS = 60_000;
const tickets = new WeakMap<FastifyInstance, Map<string, Ticket>>();

function ticketsOf(app: FastifyInstance): Map<string, Ticket> {
  let map = tickets.get(app);
  if (!map) tickets.set(app, (map = new Map<string, Ticket>()));
  const now = Date.now();
  for (const [k, t] of map) if (t.expires < now) map.delete(k);
  return map;
}

async function tenancyNameOf(ctx: RequestContext, tenantId: number | null): Promise<string | null> {
  if (tenantId === null) return null;
  return (await ctx.prisma.tenant.findFirst({ where: { id: tenantId, isDeleted: false }, select: { tenancyName: true } }))?.tenancyName ?? null;
}

function issueTicket(ctx: RequestContext, ticket: Omit<Ticket, 'expires'>): string {
  const token = randomBytes(24).toString('base64url');
  ticketsOf(ctx.app).set(token, { ...ticket, expires: Date.now() + TICKET_MS });
  return token;
}

/** Zero's `Account/Impersonate`. */
export async function impersonate(ctx: RequestContext, input: ImpersonateInput): Promise<ImpersonateOutput> {
  const me = await ctx.requireUser();
  const { session } = ctx;
  if (session.impersonatorUserId != null) invalid('userId', ctx.t('ImpersonateNested'));
  const tenantId = input.tenantId ?? null;
  // A tenant's administrator stays in their tenant; the host may go into any.
  if (session.tenantId !== null && tenantId !== session.tenantId) invalid('tenantId', ctx.t('ImpersonateOtherTenant'));
  if (tenantId === session.tenantId && input.userId === me.id) invalid('userId', ctx.t('ImpersonateSelf'));
  const tenancyName = await tenancyNameOf(ctx, tenantId);
  if (tenantId !== null && tenancyName === null) invalid('tenantId', ctx.t('ImpersonateUserNotFound'));
  const exists = await ctx.prisma.user.findFirst({ where: { id: input.userId, tenantId, isDeleted: false, isActive: true }, select: { id: true } });
  const target = exists ? await ctx.app.permissions.sessionUser(input.userId, tenantId) : null;
  if (!target) return invalid('userId', ctx.t('ImpersonateUserNotFound'));
  // Nobody gains a permission by impersonating: the user may hold none the caller lacks (the host's side has them all).
  const lacking = [...target.granted].filter((p) => !me.granted.has(p));
  if (lacking.length) invalid('userId', ctx.t('ImpersonateMorePermissions', lacking.slice(0, 5).join(', ')));
  const impersonationToken = issueTicket(ctx, { tenantId, userId: target.id, impersonator: { userId: me.id, tenantId: session.tenantId } });
  return { impersonationToken, tenancyName };
}

/** Zero's `Account/BackToImpersonator`: a ticket for the impersonator; the impersonated session ends. */
export async function backToImpersonator(ctx: RequestContext): Promise<ImpersonateOutput> {
  const { session } = ctx;
  if (session.impersonatorUserId == null) return invalid('impersonatorUserId', ctx.t('NotImpersonating'));
  const tenantId = session.impersonatorTenantId ?? null;
  const impersonationToken = issueTicket(ctx, { tenantId, userId: session.impersonatorUserId, impersonator: null });
  await endCurrentSession(ctx);
  return { impersonationToken, tenancyName: await tenancyNameOf(ctx, tenantId) };
}

/** Zero's `TokenAuth/ImpersonatedAuthenticate`: a ticket (used once) for an access token. */
export async function impersonatedAuthenticate(ctx: RequestContext, token: string) {
  const map = ticketsOf(ctx.app);
  const ticket = map.get(token);
  map.delete(token);
  if (!ticket || ticket.expires < Date.now()) return invalid('impersonationToken', ctx.t('ImpersonationTicketInvalid'));
  const user = await ctx.app.permissions.sessionUser(ticket.userId, ticket.tenantId);
  if (!user) return invalid('impersonationToken', ctx.t('ImpersonateUserNotFound'));
  return ctx.app.tokens.issue({
    id: user.id,
    userName: user.userName,
    securityStamp: user.securityStamp,
    tenantId: user.tenantId,
    roleNames: user.roleNames,
    ...(ticket.impersonator && { impersonator: ticket.impersonator }),
  });
}
