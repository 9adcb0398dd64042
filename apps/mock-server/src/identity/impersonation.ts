import { randomBytes } from 'node:crypto';
import type { ImpersonateInput, ImpersonateOutput } from '@edu/sdk';
import type { FastifyInstance } from 'fastify';
import type { RequestContext } from '../kit/context.ts';
import { invalid } from '../kit/errors.ts';
import type { Culture } from '../localization/texts.ts';
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

const TEXTS = {
  'zh-Hans': {
    self: '不能模拟登录自己。',
    nested: '正在模拟登录时不能再模拟其他用户，请先返回自己的账号。',
    otherTenant: '只能模拟登录本租户的用户。',
    notFound: '用户不存在或未启用。',
    morePermissions: (names: string) => `该用户拥有您没有的权限（${names}），不能模拟登录。`,
    notImpersonating: '当前不是模拟登录。',
    ticket: '模拟登录凭据无效或已过期，请重新操作。',
  },
  en: {
    self: 'You cannot impersonate yourself.',
    nested: 'You cannot impersonate from inside an impersonation; go back to your own account first.',
    otherTenant: 'You can impersonate users of your own tenant only.',
    notFound: 'The user does not exist or is not active.',
    morePermissions: (names: string) => `The user holds permissions you lack (${names}); you cannot impersonate them.`,
    notImpersonating: 'You are not impersonating anyone.',
    ticket: 'The impersonation token is invalid or expired; start again.',
  },
} as const satisfies Record<Culture, unknown>;

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
  const T = TEXTS[ctx.culture];
  const me = await ctx.requireUser();
  const { session } = ctx;
  if (session.impersonatorUserId != null) invalid('userId', T.nested);
  const tenantId = input.tenantId ?? null;
  // A tenant's administrator stays in their tenant; the host may go into any.
  if (session.tenantId !== null && tenantId !== session.tenantId) invalid('tenantId', T.otherTenant);
  if (tenantId === session.tenantId && input.userId === me.id) invalid('userId', T.self);
  const tenancyName = await tenancyNameOf(ctx, tenantId);
  if (tenantId !== null && tenancyName === null) invalid('tenantId', T.notFound);
  const exists = await ctx.prisma.user.findFirst({ where: { id: input.userId, tenantId, isDeleted: false, isActive: true }, select: { id: true } });
  const target = exists ? await ctx.app.permissions.sessionUser(input.userId, tenantId) : null;
  if (!target) return invalid('userId', T.notFound);
  // Nobody gains a permission by impersonating: the user may hold none the caller lacks (the host's side has them all).
  const lacking = [...target.granted].filter((p) => !me.granted.has(p));
  if (lacking.length) invalid('userId', T.morePermissions(lacking.slice(0, 5).join(', ')));
  const impersonationToken = issueTicket(ctx, { tenantId, userId: target.id, impersonator: { userId: me.id, tenantId: session.tenantId } });
  return { impersonationToken, tenancyName };
}

/** Zero's `Account/BackToImpersonator`: a ticket for the impersonator; the impersonated session ends. */
export async function backToImpersonator(ctx: RequestContext): Promise<ImpersonateOutput> {
  const { session } = ctx;
  if (session.impersonatorUserId == null) return invalid('impersonatorUserId', TEXTS[ctx.culture].notImpersonating);
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
  if (!ticket || ticket.expires < Date.now()) return invalid('impersonationToken', TEXTS[ctx.culture].ticket);
  const user = await ctx.app.permissions.sessionUser(ticket.userId, ticket.tenantId);
  if (!user) return invalid('impersonationToken', TEXTS[ctx.culture].notFound);
  return ctx.app.tokens.issue({
    id: user.id,
    userName: user.userName,
    securityStamp: user.securityStamp,
    tenantId: user.tenantId,
    roleNames: user.roleNames,
    ...(ticket.impersonator && { impersonator: ticket.impersonator }),
  });
}
