import type { Prisma } from '@edu/db';
import type { RequestContext } from './context.ts';
import { EntityNotFoundError } from './errors.ts';
import { keywordColumnsOf, keywordCondition } from './keyword-search.ts';
import { parseSorting, type OrderBy } from './paging.ts';
import { insertStored } from './sql-insert.ts';
import { compiledTable, type Columns, type StoredRow } from './sql-list.ts';

// ---------------------------------------------------------------------------
// Typed models

type Operations<M extends Prisma.ModelName> = Prisma.TypeMap['model'][M]['operations'];
/** A row of model `M` as Prisma returns it (its payload's scalars; every model has an integer `id`). */
export type RowOf<M extends Prisma.ModelName> = Prisma.TypeMap['model'][M]['payload']['scalars'] extends infer R extends { id: number } ? R : never;
/** Model `M`'s `WhereInput`. */
export type WhereOf<M extends Prisma.ModelName> = NonNullable<NonNullable<Operations<M>['findMany']['args']>['where']>;
/** Model `M`'s `UncheckedCreateInput` (plain columns), what `create({ data })` takes. */
export type CreateDataOf<M extends Prisma.ModelName> = Prisma.TypeMap['model'][M]['operations']['create']['args']['data'];

/**
 * Conditions of model `W` plus the shapes the kit builds itself and that every
 * model's `WhereInput` accepts (`AND`, `OR`, an `id` filter, keyword `contains`).
 */
export type Cond<W> =
  W | { AND: Array<Cond<W>> } | { OR: Array<Cond<W>> } | { id: number | { in: number[] } } | { [column: string]: { contains: string } };

/**
 * What the generic handlers use of a model, typed by its row and its where
 * input. Any Prisma delegate of the filtered client, or of a transaction
 * bound to it, is one: `(ctx) => ctx.db.friendLink` needs no cast.
 */
export interface Table<Row extends { id: number }, W> {
  findMany(args: { where?: Cond<W>; orderBy?: OrderBy; skip?: number; take?: number; omit?: Omitted }): PromiseLike<Row[]>;
  findMany(args: { where?: Cond<W>; orderBy?: OrderBy; skip?: number; take?: number; select: { id: true } }): PromiseLike<Array<{ id: number }>>;
  findFirst(args: { where?: Cond<W> }): PromiseLike<Row | null>;
  count(args: { where?: Cond<W> }): PromiseLike<number>;
  delete(args: { where: { id: number } }): PromiseLike<unknown>;
}
/** The table of Prisma model `M`. */
export type TableOf<M extends Prisma.ModelName> = Table<RowOf<M>, WhereOf<M>>;

/** Columns a list leaves out of its query (Prisma's `omit`). */
export type Omitted = Readonly<Record<string, boolean>>;

/** The query every paged list takes. */
export type ListQuery = { SkipCount: number; MaxResultCount: number; Sorting?: string; Keyword?: string };

// ---------------------------------------------------------------------------
// Configuration

/** Where a row is found: its model, its 404 name and the scope beyond the data filters. */
export interface ModelRef<Row extends { id: number }, W> {
  /** CLR-style entity name for 404 texts (`There is no entity User with id = 5!`). */
  entityName: string;
  /** The model, seen through the request's data filters (bound to its transaction inside `ctx.transaction`). */
  model(ctx: RequestContext): Table<Row, W>;
  /**
   * Rows the session may see beyond the data filters (e.g. shared rows plus the tenant's own),
   * applied to GetAll, Get, Update lookups (`getOr404`) and Delete alike.
   */
  scope?(ctx: RequestContext): W | undefined;
}

/** How rows become DTOs: one at a time, or a page at once (one lookup per page instead of per row). */
export type DtoMapping<Row, Dto> =
  | { toDto: (row: Row, ctx: RequestContext) => Dto | Promise<Dto>; toDtos?: undefined }
  | { toDtos(rows: Row[], ctx: RequestContext): Promise<Dto[]>; toDto?: undefined };

export type CrudConfig<Row extends { id: number }, Dto, Q extends ListQuery, W = never> = ModelRef<Row, W> &
  DtoMapping<Row, Dto> & {
    /** Columns searched by `Keyword` (typed by the model in `ModelCrud`). */
    keywordColumns: readonly string[];
    /** The table keeps a keyword index over `keywordColumns` (a trigram FTS5 table; kit/keyword-search.ts, `declareKeywordIndex`). */
    keywordIndex?: boolean;
    /** Rows a keyword also finds, beside its columns: a full name typed across the surname and name columns. */
    keywordAlso?(keyword: string): Cond<W> | undefined;
    /** DTO field -> column allowed in `Sorting`. */
    sortable: Readonly<Record<string, string>>;
    /** Extra conditions from the query's own filters. */
    filter?(input: Q, ctx: RequestContext): Cond<W> | undefined | Promise<Cond<W> | undefined>;
    /** Tables whose writes change this list's total (default: the entity's own, `entityName`). */
    countTables?: readonly string[];
    /** Columns the list does not read (bulky ones its rows never show). */
    omit?: Omitted;
  };

/** A `CrudConfig` of Prisma model `M`: rows and conditions typed by the model. */
export type ModelCrud<M extends Prisma.ModelName, Dto, Q extends ListQuery = ListQuery> = CrudConfig<RowOf<M>, Dto, Q, WhereOf<M>> & {
  keywordColumns: ReadonlyArray<keyof WhereOf<M> & string>;
};

// ---------------------------------------------------------------------------
// Handlers

/**
 * Paged list with the total counted under the same conditions, before paging.
 * The total comes first (usually from the count cache): it tells which end of
 * the order a page is nearer to.
 */
export async function pagedList<Row extends { id: number }, Dto, Q extends ListQuery, W>(
  cfg: CrudConfig<Row, Dto, Q, W>,
  input: Q,
  ctx: RequestContext,
  extraWhere?: Cond<W>,
  /** Order when the query gives no `Sorting` (default `id desc`). */
  defaultOrder?: OrderBy,
) {
  const { model, page, totalCount } = await listPlan(cfg, input, ctx, extraWhere, defaultOrder);
  // Row given: inferred from the table's overloads it would be the id-only form's.
  const rows = await pageRows<Row, W>(model, page, totalCount);
  return { totalCount, items: await mapDtos(cfg, rows, ctx) };
}

/**
 * `pagedList`'s page as stored rows of the columns `columnsOf` names (sql-list.ts `findValues`:
 * the columns' values in that order, unmapped), for a writer that takes each
 * row's JSON straight from them (kit/dto.ts `compileRowWriter`); undefined when
 * the reads cannot be compiled (the caller then maps objects).
 */
export async function pagedValues<Row extends { id: number }, Dto, Q extends ListQuery, W>(
  cfg: CrudConfig<Row, Dto, Q, W>,
  input: Q,
  ctx: RequestContext,
  /** The columns to read, given the table's (undefined: the page cannot be written from them). */
  columnsOf: (table: Columns) => readonly string[] | undefined,
  extraWhere?: Cond<W>,
  defaultOrder?: OrderBy,
): Promise<{ totalCount: number; rows: StoredRow[] } | undefined> {
  if (!isOwnDelegate(ctx, cfg.entityName, cfg.model(ctx))) return undefined;
  const compiled = compiledTable(ctx.prisma, cfg.entityName, ctx.session);
  const columns = compiled && columnsOf(compiled.columns);
  const idAt = columns ? columns.indexOf('id') : -1;
  if (!compiled || !columns || idAt < 0) return undefined;
  const { page, totalCount } = await listPlan(cfg, input, ctx, extraWhere, defaultOrder);
  let compilable = true;
  const values = (args: ListArgs<W>): Array<{ id: number; stored: StoredRow }> => {
    const rows = compiled.findValues({ ...args, columns });
    if (!rows) {
      compilable = false;
      return [];
    }
    const at = args.select ? 0 : idAt;
    return rows.map((stored) => ({ id: Number(stored[at]), stored }));
  };
  const rows = await pageRows({ findMany: async (args: ListArgs<W>) => values(args) }, page, totalCount);
  return compilable ? { totalCount, rows: rows.map((r) => r.stored) } : undefined;
}

/** A list's table, total and page arguments for a query (the total first, usually from the count cache: it tells which end a page is nearer to). */
async function listPlan<Row extends { id: number }, Dto, Q extends ListQuery, W>(
  cfg: CrudConfig<Row, Dto, Q, W>,
  input: Q,
  ctx: RequestContext,
  extraWhere: Cond<W> | undefined,
  defaultOrder: OrderBy | undefined,
) {
  const orderBy =
    !input.Sorting?.trim() && defaultOrder ? defaultOrder : parseSorting(input.Sorting, cfg.sortable, (f) => ctx.t('UnknownSortField', f));
  const keyword = input.Keyword?.trim() || undefined;
  const conditions = [cfg.scope?.(ctx), await cfg.filter?.(input, ctx), extraWhere];
  const { tenantId } = ctx.session;
  // Keyed by the keyword, not the ids it finds: both change only with the table's version.
  const countKey = `${cfg.entityName}|${tenantId ?? 'host'}|${keyword ?? ''}|${JSON.stringify(conditions)}`;
  const model = listTable(ctx, cfg.entityName, cfg.model(ctx));
  let where: Cond<W> | undefined;
  const keywordWhere = async (): Promise<Cond<W> | undefined> => {
    const found = await keywordCondition(ctx, cfg.entityName, cfg.keywordColumns, keyword);
    const also = keyword !== undefined ? cfg.keywordAlso?.(keyword) : undefined;
    return found && also ? { OR: [found, also] } : found;
  };
  const whereOf = async () => (where ??= { AND: [...conditions, await keywordWhere()].filter((c): c is Cond<W> => c !== undefined) });
  const totalCount = await ctx.app.countCache.count(countKey, cfg.countTables ?? [cfg.entityName], async () =>
    model.count({ where: await whereOf() }),
  );
  const page = { where: await whereOf(), orderBy, skip: input.SkipCount, take: input.MaxResultCount, ...(cfg.omit && { omit: cfg.omit }) };
  return { model, page, totalCount };
}

/** The arguments of a list read (`Table.findMany`, both forms). */
type ListArgs<W> = { where?: Cond<W>; orderBy?: OrderBy; skip?: number; take?: number; omit?: Omitted; select?: { id: true } };

/**
 * The list's table (and Get's) with its reads compiled to SQL (kit/sql-list.ts) when the
 * config's model is the entity's own delegate of the request's filtered client
 * (`ctx.db.article` for `Article`: the filters are then exactly the session's
 * default ones); each read still goes to Prisma when its conditions cannot be
 * compiled. Any other model (another client, other filter options) is used as
 * it is.
 */
function listTable<Row extends { id: number }, W>(ctx: RequestContext, entityName: string, model: Table<Row, W>, cacheFirst = false): Table<Row, W> {
  if (!isOwnDelegate(ctx, entityName, model)) return model;
  const compiled = compiledTable(ctx.prisma, entityName, ctx.session);
  if (!compiled) return model;
  // The compiled rows are the model's own columns, mapped as Prisma maps them (sql-list.ts).
  const isRow = (r: object): r is Row => 'id' in r && typeof r.id === 'number';
  const findMany = async (args: ListArgs<W>): Promise<Row[]> => {
    const rows = compiled.findMany(args);
    if (rows) return rows.filter(isRow);
    const { select, ...rest } = args;
    return select ? (await model.findMany({ ...rest, select })).filter(isRow) : model.findMany(rest);
  };
  return {
    findMany,
    count: async (args) => compiled.count(args) ?? model.count(args),
    findFirst: async (args) => {
      const rows = compiled.findMany({ ...args, take: 1, cache: cacheFirst });
      return rows ? (rows.filter(isRow)[0] ?? null) : model.findFirst(args);
    },
    delete: (args) => model.delete(args),
  };
}

/** Whether `model` is the entity's own delegate of the request's filtered client (its filters are exactly the session's default ones). */
function isOwnDelegate(ctx: RequestContext, entityName: string, model: unknown): boolean {
  return Reflect.get(ctx.db, entityName.charAt(0).toLowerCase() + entityName.slice(1)) === model;
}

/**
 * Creates one row and answers its id: one compiled INSERT (kit/sql-insert.ts)
 * when `model` is the entity's own delegate of the request's filtered client,
 * else (or when the row needs Prisma) the model's own `create`.
 */
export async function createRow<Data extends object>(
  ctx: RequestContext,
  entityName: string,
  model: { create(args: { data: Data }): PromiseLike<{ id: number }> },
  data: Data,
): Promise<number> {
  return (await createStoredRow(ctx, entityName, model, data)).id;
}

/**
 * `createRow`, answering also the new row as a read of it through the
 * compiled list table would (its columns, dates as Date), when the compiled
 * INSERT knows it (kit/sql-insert.ts `insertStored`); else only the id.
 */
export async function createStoredRow<Data extends object>(
  ctx: RequestContext,
  entityName: string,
  model: { create(args: { data: Data }): PromiseLike<{ id: number }> },
  data: Data,
): Promise<{ id: number; row: Record<string, unknown> | null }> {
  const inserted = isOwnDelegate(ctx, entityName, model) ? insertStored(ctx.prisma, entityName, ctx.session, data) : undefined;
  return inserted ?? { id: (await model.create({ data })).id, row: null };
}

/** Beyond this offset (from either end) a page is found by ids first (see pageRows). */
const DEEP_PAGE_OFFSET = 1000;

/** The reverse of each order, kept per order object: a list's default order is one object, so a page read from the end gets one reversed order too (and its statement text is kept, sql-list.ts `orderSql`). */
const reversedOrders = new WeakMap<OrderBy, OrderBy>();
const reversed = (orderBy: OrderBy): OrderBy => {
  let reverse = reversedOrders.get(orderBy);
  if (!reverse)
    reversedOrders.set(
      orderBy,
      (reverse = orderBy.map((o) => Object.fromEntries(Object.entries(o).map(([k, d]) => [k, d === 'asc' ? 'desc' : 'asc'])))),
    );
  return reverse;
};

/**
 * One page of rows. A page nearer the end than the start is read in the
 * reverse order from the end and turned around (the order always ends in
 * `id`, so it is total and its reverse exact; SQLite sorts NULL lowest both
 * ways), so the last page costs what the first does. A page still deep from
 * both ends (the middle of a long list) first picks its ids, so SQLite skips
 * through the ordering index alone, then loads those rows.
 */
async function pageRows<Row extends { id: number }, W>(
  model: { findMany(args: ListArgs<W>): PromiseLike<Row[]> },
  q: { where: Cond<W>; orderBy: OrderBy; skip: number; take: number; omit?: Omitted },
  total: number,
): Promise<Row[]> {
  if (q.skip >= total || q.take <= 0) return [];
  const fromEnd = total - q.skip - q.take;
  const backwards = fromEnd < q.skip;
  const page = backwards ? { ...q, orderBy: reversed(q.orderBy), skip: Math.max(0, fromEnd), take: Math.min(q.take, total - q.skip) } : q;
  const omit = q.omit && { omit: q.omit };
  let rows: Row[];
  if (page.skip < DEEP_PAGE_OFFSET) rows = await model.findMany(page);
  else {
    const ids = (await model.findMany({ where: page.where, orderBy: page.orderBy, skip: page.skip, take: page.take, select: { id: true } })).map(
      (r) => r.id,
    );
    const byId = new Map((ids.length ? await model.findMany({ where: { id: { in: ids } }, ...omit }) : []).map((r) => [r.id, r]));
    rows = ids.map((id) => byId.get(id)).filter((r): r is Row => r !== undefined);
  }
  return backwards ? rows.reverse() : rows;
}

/** Rows to DTOs, a page at once when the config has `toDtos`. */
export async function mapDtos<Row, Dto>(cfg: DtoMapping<Row, Dto>, rows: Row[], ctx: RequestContext): Promise<Dto[]> {
  if (cfg.toDtos) return cfg.toDtos(rows, ctx);
  const one = cfg.toDto;
  return Promise.all(rows.map((r) => one(r, ctx)));
}

/** `{ id }` plus the config's scope. */
function byId<W>(cfg: { scope?(ctx: RequestContext): W | undefined }, id: number, ctx: RequestContext): Cond<W> {
  const scope = cfg.scope?.(ctx);
  return scope === undefined ? { id } : { AND: [{ id }, scope] };
}

/**
 * The row with this id under the data filters (and the config's scope), or a
 * 404. `cached`: kept in the page cache until the table is written (sql-list.ts),
 * for a small table read by id again and again (a content item's category).
 */
export async function getOr404<Row extends { id: number }, W>(
  cfg: ModelRef<Row, W>,
  id: number,
  ctx: RequestContext,
  { cached = false }: { cached?: boolean } = {},
): Promise<Row> {
  const row = await listTable(ctx, cfg.entityName, cfg.model(ctx), cached).findFirst({ where: byId(cfg, id, ctx) });
  if (!row) throw new EntityNotFoundError(cfg.entityName, id);
  return row;
}

/** The DTO of the row with this id (as Get returns it), or a 404: what Create and Update answer after writing. */
export async function getDto<Row extends { id: number }, Dto, Q extends ListQuery, W>(
  cfg: CrudConfig<Row, Dto, Q, W>,
  id: number,
  ctx: RequestContext,
): Promise<Dto> {
  const [dto] = await mapDtos(cfg, [await getOr404(cfg, id, ctx)], ctx);
  if (dto === undefined) throw new EntityNotFoundError(cfg.entityName, id);
  return dto;
}

/**
 * GetAll, Get and Delete of `AsyncCrudAppService`, generic over the model.
 * Create and Update carry each entity's rules and stay in its service file;
 * Delete of an unknown id succeeds silently, as ABP's repository does.
 * Delete runs in one transaction with its `beforeDelete` hook.
 */
export function crudHandlers<Row extends { id: number }, Dto, Q extends ListQuery, W>(
  cfg: CrudConfig<Row, Dto, Q, W>,
  hooks: { beforeDelete?(row: Row, ctx: RequestContext): Promise<void> | void } = {},
) {
  keywordColumnsOf(cfg.entityName, cfg.keywordColumns, cfg.keywordIndex);
  return {
    GetAll: (input: Q, ctx: RequestContext) => pagedList(cfg, input, ctx),
    Get: (input: { Id: number }, ctx: RequestContext) => getDto(cfg, input.Id, ctx),
    Delete: (input: { Id: number }, ctx: RequestContext) =>
      ctx.transaction(async (tx) => {
        const row = await cfg.model(tx).findFirst({ where: byId(cfg, input.Id, tx) });
        if (!row) return null;
        await hooks.beforeDelete?.(row, tx);
        await cfg.model(tx).delete({ where: { id: input.Id } });
        return null;
      }),
  };
}
