import type { ITXClientDenyList } from '@prisma/client/runtime/client';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { inTransactionScope, type PrismaClient } from '@edu/db';
import { inUnitOfWork, withEntityHistory } from '../audit/entity-history.ts';
import type { AbpSession } from '../identity/session.ts';
import { localize, type Culture, type TextKey } from '../localization/texts.ts';
import type { SessionUser } from './permission-checker.ts';
import { UnauthorizedError, UserFriendlyError } from './errors.ts';

/** The session's client: ABP's data filters, then the entity history (audit/entity-history.ts). */
export type FilteredDb = ReturnType<typeof withEntityHistory>;
/**
 * The filtered database as handlers use it: the client itself or the client
 * bound to an interactive transaction (same model delegates, same filters).
 * Transactions are opened with `ctx.transaction`, never `db.$transaction`, so
 * nested work joins the open one.
 */
export type Db = Omit<FilteredDb, ITXClientDenyList>;

/** What a handler gets besides its input: the session, the filtered database, texts. */
export interface RequestContext {
  readonly app: FastifyInstance;
  readonly request: FastifyRequest;
  readonly session: AbpSession;
  readonly culture: Culture;
  /** The database seen through ABP's data filters (tenant, soft delete, audit); inside `transaction`, bound to it. */
  readonly db: Db;
  /** True inside `transaction`. */
  readonly inTransaction: boolean;
  /**
   * Runs `work` in one interactive transaction: the context it gets has a `db`
   * bound to the transaction, still filtered (tenant, soft delete, audit), so
   * the kit's handlers work the same inside. A throw rolls everything back.
   * Called inside a transaction, it joins it. `prisma` stays unbound: don't
   * write through it inside.
   */
  transaction<R>(work: (tx: RequestContext) => Promise<R>): Promise<R>;
  /** The unfiltered client: only for lookups that cross tenants on purpose (login, host admin). */
  readonly prisma: PrismaClient;
  /** The signed-in user with roles and permissions, or null. */
  user(): Promise<SessionUser | null>;
  /** The signed-in user, or a 401. */
  requireUser(): Promise<SessionUser>;
  /** `L(key, ...args)` in the request's culture; the key must be in the text tables (localization/texts.ts). */
  t: (key: TextKey, ...args: Array<string | number>) => string;
}

/** The path of the call, ABP's change-set `Reason` (contexts made outside a request, e.g. by jobs, have none). */
function reasonOf(request: FastifyRequest): string | null {
  const url: unknown = request.url;
  return typeof url === 'string' ? (url.split('?')[0] ?? null) : null;
}

export function createContext(app: FastifyInstance, request: FastifyRequest): RequestContext {
  const session = request.abpSession;
  let db: FilteredDb | undefined;
  const filtered = () => (db ??= withEntityHistory(app.prisma, session));
  const user = () =>
    session.userId === null ? Promise.resolve(null) : app.permissions.sessionUser(session.userId, session.tenantId, session.securityStamp);
  const ctx: RequestContext = {
    app,
    request,
    session,
    culture: request.culture,
    get db() {
      return filtered();
    },
    inTransaction: false,
    // One unit of work per transaction: the entity history of its writes is written inside it.
    // Marked for the connection's gate: a write inside that skips `tx` fails at once rather than waiting for this transaction.
    transaction: (work) =>
      inTransactionScope(() => filtered().$transaction((tx) => inUnitOfWork(tx, session, reasonOf(request), () => work(bound(ctx, tx)), app.prisma))),
    prisma: app.prisma,
    user,
    async requireUser() {
      const u = await user();
      if (!u) throw new UnauthorizedError();
      return u;
    },
    t: (key, ...args) => localize(request.culture, key, ...args),
  };
  return ctx;
}

/** The context inside a transaction: `db` is the transaction's filtered client; nested calls join it. */
function bound(outer: RequestContext, tx: Db): RequestContext {
  const inner: RequestContext = {
    app: outer.app,
    request: outer.request,
    session: outer.session,
    culture: outer.culture,
    db: tx,
    inTransaction: true,
    transaction: (work) => work(inner),
    prisma: outer.prisma,
    user: () => outer.user(),
    requireUser: () => outer.requireUser(),
    t: (key, ...args) => outer.t(key, ...args),
  };
  return inner;
}

/**
 * The session's tenant, for rows of must-have-tenant entities; on the host
 * side there is no tenant to put them in (the text ABP's AbpException gives).
 */
export function tenantOf(ctx: RequestContext): number {
  if (ctx.session.tenantId === null) throw new UserFriendlyError(ctx.t('TenantContentFromHost'));
  return ctx.session.tenantId;
}
