import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { PrismaClient } from '../generated/prisma/client.ts';
import { withDataFilters } from '../db/data-filters.ts';
import type { AbpSession } from '../plugins/auth.ts';
import { localize, type Culture } from '../localization/texts.ts';
import type { SessionUser } from './permission-checker.ts';
import { UnauthorizedError } from './errors.ts';

export type FilteredDb = ReturnType<typeof withDataFilters>;

/** What a handler gets besides its input: the session, the filtered database, texts. */
export interface RequestContext {
  readonly app: FastifyInstance;
  readonly request: FastifyRequest;
  readonly session: AbpSession;
  readonly culture: Culture;
  /** The database seen through ABP's data filters (tenant, soft delete, audit). */
  readonly db: FilteredDb;
  /** The unfiltered client: only for lookups that cross tenants on purpose (login, host admin). */
  readonly prisma: PrismaClient;
  /** The signed-in user with roles and permissions, or null. */
  user(): Promise<SessionUser | null>;
  /** The signed-in user, or a 401. */
  requireUser(): Promise<SessionUser>;
  /** `L(key, ...args)` in the request's culture. */
  t(key: string, ...args: Array<string | number>): string;
}

export function createContext(app: FastifyInstance, request: FastifyRequest): RequestContext {
  const session = request.abpSession;
  let db: FilteredDb | undefined;
  const user = () =>
    session.userId === null ? Promise.resolve(null) : app.permissions.sessionUser(session.userId, session.tenantId);
  return {
    app,
    request,
    session,
    culture: request.culture,
    get db() {
      return (db ??= withDataFilters(app.prisma, { tenantId: session.tenantId, userId: session.userId }));
    },
    prisma: app.prisma,
    user,
    async requireUser() {
      const u = await user();
      if (!u) throw new UnauthorizedError();
      return u;
    },
    t: (key, ...args) => localize(request.culture, key, ...args),
  };
}
