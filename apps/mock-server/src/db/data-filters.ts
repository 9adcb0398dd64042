/**
 * ABP's data filters and audit conventions (docs/architecture/data-access.md, "The data-filter extension"), applied
 * in one place as a Prisma client extension instead of in every handler:
 *
 * - MayHaveTenant: rows match `tenantId === session.tenantId` exactly (host = null).
 * - MustHaveTenant: filtered only inside a tenant, so the host sees every tenant's
 *   rows; inserting as host without a tenantId throws (ABP: AbpException, 500).
 * - SoftDelete: `isDeleted` rows are hidden; delete/deleteMany become an update
 *   of `isDeleted`, `deletionTime`, `deleterUserId`.
 * - Audit: `creationTime`/`creatorUserId` on insert, `lastModificationTime`/
 *   `lastModifierUserId` on update, for the fields the model has.
 *
 * Scope: top-level operations of the model delegates. Not filtered: relations
 * loaded through `include`/`select`, relation conditions inside `where`
 * (`some`, `every`, ...), nested writes, and raw SQL; filter those explicitly.
 * Hard deletes and cross-tenant reads go through the unfiltered client.
 */
import { Prisma, type PrismaClient } from '@edu/db';

export interface ModelFilterConfig {
  /** `may`: MayHaveTenant (`tenantId Int?`); `must`: MustHaveTenant (`tenantId Int`); absent: not per tenant. */
  readonly tenant?: 'may' | 'must';
  /** ISoftDelete: has `isDeleted`, `deletionTime`, `deleterUserId`. */
  readonly softDelete?: boolean;
  /** Fill whichever of creationTime, creatorUserId, lastModificationTime, lastModifierUserId the model has. */
  readonly audited?: boolean;
}

/** The usual content entity: FullAuditedEntity + IMustHaveTenant. */
export const mustHaveTenantContent = { tenant: 'must', softDelete: true, audited: true } as const satisfies ModelFilterConfig;

/** The columns of a content entity (`mustHaveTenantContent`): a model with all of them and no line in the table is one. */
const CONTENT_COLUMNS = [
  'tenantId',
  'isDeleted',
  'deletionTime',
  'deleterUserId',
  'creationTime',
  'creatorUserId',
  'lastModificationTime',
  'lastModifierUserId',
];

/**
 * The conventions of the models that are not content entities. A content
 * entity (every column of `CONTENT_COLUMNS`: FullAudited, MustHaveTenant)
 * needs no line: its columns say it, so a new reviewable entity adds nothing
 * here. Any other model without a line stops the server at start
 * (`resolveModelFilters`), as does a line naming columns a model lacks. A model
 * with the content columns but another convention (a nullable tenant:
 * MayHaveTenant) must have its line.
 */
export const modelFilters = {
  Tenant: { softDelete: true, audited: true },
  User: { tenant: 'may', softDelete: true, audited: true },
  Role: { tenant: 'may', softDelete: true, audited: true },
  UserRole: { tenant: 'may', audited: true },
  PermissionGrant: { tenant: 'may', audited: true },
  Setting: { tenant: 'may', audited: true },
  ApplicationLanguage: { tenant: 'may', audited: true },
  UserNotification: { tenant: 'may', audited: true },
  UserLoginAttempt: { tenant: 'may' },
  RevokedToken: {},
  // Built-in rows (tenantId null) are shared by all tenants: the service filters `tenantId IS NULL OR own`.
  ClassificationType: { softDelete: true, audited: true },
  RoleCategoryGrant: { tenant: 'must', audited: true },
  // Children of LearningCourse, hard-deleted when removed from the list (prisma/schema/course-lessons.prisma).
  LearningCourseLesson: { tenant: 'must', audited: true },
  ReviewDecision: { tenant: 'must', audited: true },
  // Options of a choice question, hard-deleted when left out of the list (prisma/schema/question-bank.prisma).
  TestQuestionOption: { tenant: 'must', audited: true },
  // Sections and question links of a paper, hard-deleted when left out of its lists (prisma/schema/test-paper.prisma).
  TestPaperSection: { tenant: 'must', audited: true },
  TestPaperQuestion: { tenant: 'must', audited: true },
  // Files and jobs are read by token/owner; their services check tenant and user explicitly too.
  StoredFile: { tenant: 'may' },
  BackgroundJob: { tenant: 'may' },
  // Members' money (prisma/schema/money.prisma): rows follow their member's tenant. The ledger is append-only (no audit updates);
  // accounts and sequences are written only by apps/mock-server/src/ledger.
  LedgerEntry: { tenant: 'may' },
  MemberAccount: { tenant: 'may' },
  MoneySequence: {},
  Payment: { tenant: 'may', softDelete: true, audited: true },
  Consumption: { tenant: 'may', softDelete: true, audited: true },
  ConsumptionRefund: { tenant: 'may' },
  // Site messages (prisma/schema/site-message.prisma): recipients are receipts (no audit updates), replies soft-deleted with audit.
  SiteMessageRecipient: { tenant: 'must' },
  // Questionnaires (prisma/schema/questionnaire.prisma): questions and options hard-deleted when left out; responses and answers are append-only.
  QuestionnaireQuestion: { tenant: 'must', audited: true },
  QuestionnaireOption: { tenant: 'must', audited: true },
  QuestionnaireResponse: { tenant: 'must', audited: true },
  QuestionnaireAnswer: { tenant: 'must' },
  // Audit rows (prisma/schema/audit.prisma): append-only, written in batches by apps/mock-server/src/audit; the host reads host rows.
  AuditLog: { tenant: 'may' },
  // Entity history (prisma/schema/audit.prisma): append-only, written by apps/mock-server/src/audit/entity-history.ts in the write's transaction.
  EntityChangeSet: { tenant: 'may' },
  EntityChange: { tenant: 'may' },
  EntityPropertyChange: { tenant: 'may' },
} as const satisfies Partial<Record<Prisma.ModelName, ModelFilterConfig>>;

export type ModelFilterTable = Readonly<Partial<Record<Prisma.ModelName, ModelFilterConfig>>>;

export interface DataFilterSession {
  tenantId: number | null;
  userId: number | null;
}

export interface DataFilterOptions {
  /** Hide soft-deleted rows (default true). Deletes stay soft either way. */
  softDelete?: boolean;
  /** Apply the tenant filters (default true). Inserts still get the session's tenant. */
  tenant?: boolean;
}

/** ABP's AbpException text for a MustHaveTenant insert on the host side. */
export class MustHaveTenantError extends Error {
  constructor(readonly model: string) {
    super(`Can not set TenantId to 0 for IMustHaveTenant entities! (${model} inserted on the host side without a tenantId)`);
    this.name = 'MustHaveTenantError';
  }
}

// ---------------------------------------------------------------------------
// The table, checked against the generated schema once

const AUDIT_FIELDS = ['creationTime', 'creatorUserId', 'lastModificationTime', 'lastModifierUserId'] as const;
type AuditField = (typeof AUDIT_FIELDS)[number];

interface ResolvedModel {
  tenant: 'may' | 'must' | undefined;
  softDelete: boolean;
  audit: ReadonlySet<AuditField>;
}

/** The generated `<Model>ScalarFieldEnum` objects, by name (read once from the Prisma namespace). */
const prismaExports = new Map<string, unknown>(Object.entries(Prisma));

function scalarFields(model: string): ReadonlySet<string> {
  const fieldEnum = prismaExports.get(`${model}ScalarFieldEnum`);
  if (typeof fieldEnum !== 'object' || fieldEnum === null) throw new Error(`data-filters: unknown model ${model}`);
  return new Set(Object.values(fieldEnum).filter((v) => typeof v === 'string'));
}

/**
 * Resolves the table for every model of the schema and fails fast when it
 * names a convention a model lacks the columns for, or a model is neither in
 * the table nor a content entity by its columns.
 */
export function resolveModelFilters(table: ModelFilterTable): ReadonlyMap<string, ResolvedModel> {
  const out = new Map<string, ResolvedModel>();
  const listed = new Map<string, ModelFilterConfig>(Object.entries<ModelFilterConfig>(table));
  for (const model of Object.values<string>(Prisma.ModelName)) {
    const fields = scalarFields(model);
    const cfg = listed.get(model) ?? (CONTENT_COLUMNS.every((c) => fields.has(c)) ? mustHaveTenantContent : undefined);
    if (!cfg)
      throw new Error(
        `data-filters: ${model} is not a content entity (columns ${CONTENT_COLUMNS.join(', ')}); declare its conventions in modelFilters`,
      );
    listed.delete(model);
    const need = (names: string[], why: string) => {
      const missing = names.filter((n) => !fields.has(n));
      if (missing.length) throw new Error(`data-filters: ${model} is marked ${why} but has no ${missing.join(', ')}`);
    };
    if (cfg.tenant) need(['tenantId'], `${cfg.tenant === 'may' ? 'MayHaveTenant' : 'MustHaveTenant'}`);
    if (cfg.softDelete) need(['isDeleted', 'deletionTime', 'deleterUserId'], 'soft delete');
    const audit = new Set(cfg.audited ? AUDIT_FIELDS.filter((f) => fields.has(f)) : []);
    if (cfg.audited && audit.size === 0) throw new Error(`data-filters: ${model} is marked audited but has no audit field`);
    out.set(model, { tenant: cfg.tenant, softDelete: cfg.softDelete === true, audit });
  }
  if (listed.size) throw new Error(`data-filters: unknown model ${[...listed.keys()].join(', ')}`);
  return out;
}

/**
 * What a row of a model must match to be visible to a session under the
 * filters (`{ tenantId, isDeleted: false }`, as they apply), or undefined:
 * the one definition the extension and the compiled list reads
 * (kit/sql-list.ts) share.
 */
function visibleWhere(m: ResolvedModel, session: DataFilterSession, options: DataFilterOptions): Record<string, unknown> | undefined {
  const filterTenant = options.tenant ?? true;
  const cond: Record<string, unknown> = {};
  if (filterTenant && m.tenant === 'may') cond.tenantId = session.tenantId;
  if (filterTenant && m.tenant === 'must' && session.tenantId !== null) cond.tenantId = session.tenantId;
  if ((options.softDelete ?? true) && m.softDelete) cond.isDeleted = false;
  return Object.keys(cond).length ? cond : undefined;
}

const resolvedFilters = new WeakMap<ModelFilterTable, ReadonlyMap<string, ResolvedModel>>();

/**
 * The visibility condition of `model` for `session` under the default filters
 * of `table` (what a read through `withDataFilters(prisma, session)` adds), or
 * null when the table does not know the model.
 */
export function visibleCondition(
  model: string,
  session: DataFilterSession,
  table: ModelFilterTable = modelFilters,
): Record<string, unknown> | undefined | null {
  let models = resolvedFilters.get(table);
  if (!models) resolvedFilters.set(table, (models = resolveModelFilters(table)));
  const m = models.get(model);
  return m ? visibleWhere(m, session, {}) : null;
}

// ---------------------------------------------------------------------------
// The extension

type Args = Record<string, unknown>;
type Where = Record<string, unknown>;

const READS = new Set(['findUnique', 'findUniqueOrThrow', 'findFirst', 'findFirstOrThrow', 'findMany', 'count', 'aggregate', 'groupBy']);

/**
 * Adds conditions to `where` under `AND`, keeping the caller's top-level keys:
 * a `findUnique`/`update`/`delete` where stays a valid WhereUniqueInput (Prisma
 * accepts extra non-unique conditions there), so no operation needs converting
 * and return types stay as they are.
 */
function andWhere(args: Args, cond: Where | undefined): Args {
  if (!cond) return args;
  const where = args.where as Where | undefined;
  if (!where) return { ...args, where: cond };
  const and: unknown[] = where.AND === undefined ? [] : Array.isArray(where.AND) ? where.AND : [where.AND];
  return { ...args, where: { ...where, AND: [...and, cond] } };
}

/**
 * `$allOperations` types `query` as the union of every model's operation, so
 * no one argument type fits them all; the args here are rewritten generically
 * and Prisma validates them at run time. This guard is that one typing hole.
 */
function isGenericQuery(query: unknown): query is (args: Args) => Promise<unknown> {
  return typeof query === 'function';
}
function genericQuery(query: unknown): (args: Args) => Promise<unknown> {
  if (!isGenericQuery(query)) throw new Error('data-filters: Prisma query is not callable');
  return query;
}

/**
 * Runs the request as another operation of the same model (delete -> update)
 * inside the same client call, so it keeps its transaction, callsite and the
 * rest of the extension chain. Prisma's `query(args, internalParams)` allows it;
 * the second parameter is untyped, hence the narrow cast. data-filters.test.ts
 * covers it, including inside an interactive transaction.
 */
function queryAs(params: unknown, action: 'update' | 'updateMany', args: Args): Promise<unknown> {
  const { query, __internalParams: internal } = params as {
    query: (args: Args, internal: object) => Promise<unknown>;
    __internalParams?: { action?: unknown };
  };
  if (!internal || typeof internal.action !== 'string')
    throw new Error('data-filters: Prisma internals changed, cannot turn a delete into a soft delete');
  return query(args, { ...internal, action });
}

/**
 * `withDataFilters` for a given table; tests use it with a modified table
 * (there is no MustHaveTenant model in the schema yet).
 */
export function makeDataFilters(table: ModelFilterTable) {
  const models = resolveModelFilters(table);

  function extend(prisma: PrismaClient, session: DataFilterSession, options: DataFilterOptions) {
    const visible = (m: ResolvedModel) => visibleWhere(m, session, options);

    const forCreate = (model: string, m: ResolvedModel, data: unknown, now: Date): Args => {
      const row: Args = { ...(data as Args) };
      // ABP fills a missing (or null) tenant from the session; an explicit one is kept (host creating a tenant's rows).
      if (m.tenant && !('tenant' in row) && row.tenantId == null) row.tenantId = session.tenantId;
      if (m.tenant === 'must' && row.tenantId == null && !('tenant' in row)) throw new MustHaveTenantError(model);
      if (m.audit.has('creationTime') && row.creationTime === undefined) row.creationTime = now;
      // As ABP's EntityAuditingHelper: no creator when the row belongs to another tenant than the session's.
      const sameTenant = !m.tenant || row.tenantId === session.tenantId;
      if (m.audit.has('creatorUserId') && row.creatorUserId === undefined && sameTenant) row.creatorUserId = session.userId;
      return row;
    };

    const forUpdate = (m: ResolvedModel, data: unknown, now: Date): Args => {
      const row: Args = { ...(data as Args) };
      if (m.audit.has('lastModificationTime') && row.lastModificationTime === undefined) row.lastModificationTime = now;
      if (m.audit.has('lastModifierUserId') && row.lastModifierUserId === undefined) row.lastModifierUserId = session.userId;
      return row;
    };

    return prisma.$extends({
      name: 'abp-data-filters',
      query: {
        $allModels: {
          $allOperations(params) {
            const { model, operation } = params;
            const query = genericQuery(params.query);
            const args = (params.args ?? {}) as Args;
            const m = models.get(model);
            if (!m) return query(args);
            const cond = visible(m);
            const now = new Date();

            if (READS.has(operation)) return query(andWhere(args, cond));
            switch (operation) {
              case 'create':
                return query({ ...args, data: forCreate(model, m, args.data, now) });
              case 'createMany':
              case 'createManyAndReturn': {
                const data = Array.isArray(args.data) ? args.data.map((d) => forCreate(model, m, d, now)) : forCreate(model, m, args.data, now);
                return query({ ...args, data });
              }
              case 'update':
              case 'updateMany':
              case 'updateManyAndReturn':
                return query({ ...andWhere(args, cond), data: forUpdate(m, args.data, now) });
              case 'upsert':
                return query({ ...andWhere(args, cond), create: forCreate(model, m, args.create, now), update: forUpdate(m, args.update, now) });
              case 'delete':
              case 'deleteMany': {
                if (!m.softDelete) return query(andWhere(args, cond));
                const data = { isDeleted: true, deletionTime: now, deleterUserId: session.userId };
                // delete's where/select/include/omit and deleteMany's where/limit are all valid update(Many) args.
                return queryAs(params, operation === 'delete' ? 'update' : 'updateMany', andWhere({ ...args, data }, cond));
              }
              default:
                return query(args);
            }
          },
        },
      },
    });
  }

  /*
   * A filtered client depends only on the session's tenant and user and the
   * options, so one per combination is kept and shared by requests: building
   * it (`$extends`) costs more than the query a request then makes.
   */
  type Filtered = ReturnType<typeof extend>;
  const made = new WeakMap<PrismaClient, Map<string, Filtered>>();
  return function withDataFilters(prisma: PrismaClient, session: DataFilterSession, options: DataFilterOptions = {}): Filtered {
    const key = `${session.tenantId}|${session.userId}|${options.softDelete ?? true}|${options.tenant ?? true}`;
    let clients = made.get(prisma);
    if (!clients) made.set(prisma, (clients = new Map<string, Filtered>()));
    const hit = clients.get(key);
    if (hit) return hit;
    // A copy: the closure must not see later changes to the caller's session object.
    const client = extend(prisma, { tenantId: session.tenantId, userId: session.userId }, options);
    clients.set(key, client);
    // Bounded: the oldest combination goes first (rebuilding one is cheap, keeping thousands is not).
    if (clients.size > MAX_FILTERED_CLIENTS) clients.delete(clients.keys().next().value!);
    return client;
  };
}

/** Filtered clients kept per base client (sessions active at once, roughly). */
const MAX_FILTERED_CLIENTS = 500;

/**
 * The client seen through ABP's filters for one session, shared by the
 * requests of the same tenant and user. Hard deletes and deliberate
 * cross-tenant access use `prisma`.
 */
export const withDataFilters = makeDataFilters(modelFilters);

export type FilteredPrismaClient = ReturnType<typeof withDataFilters>;
