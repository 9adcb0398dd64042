import type { RequestContext } from './context.ts';
import { EntityNotFoundError } from './errors.ts';
import { keywordWhere, parseSorting, type OrderBy } from './paging.ts';

/** The subset of a Prisma model delegate the generic handlers use. */
export interface ModelDelegate {
  findMany(args: object): Promise<unknown[]>;
  findFirst(args: object): Promise<unknown | null>;
  count(args: object): Promise<number>;
  create(args: object): Promise<unknown>;
  update(args: object): Promise<unknown>;
  delete(args: object): Promise<unknown>;
}

type Where = Record<string, unknown>;

export interface CrudConfig<Row, Dto, Q extends { SkipCount: number; MaxResultCount: number; Sorting?: string; Keyword?: string }> {
  /** CLR-style entity name for 404 texts (`There is no entity User with id = 5!`). */
  entityName: string;
  /** The model, seen through the request's data filters. */
  model(ctx: RequestContext): ModelDelegate;
  /** Prisma `include`/`select` shape needed by `toDto`. */
  include?: object;
  toDto(row: Row, ctx: RequestContext): Dto | Promise<Dto>;
  /** Maps a whole page at once (one lookup per page instead of per row); used instead of `toDto` when given. */
  toDtos?(rows: Row[], ctx: RequestContext): Promise<Dto[]>;
  /**
   * Rows the session may see beyond the data filters (e.g. shared rows plus the tenant's own),
   * applied to GetAll, Get, Update lookups (`getOr404`) and Delete alike.
   */
  scope?(ctx: RequestContext): Where | undefined;
  /** Columns searched by `Keyword`. */
  keywordColumns: readonly string[];
  /** DTO field -> column allowed in `Sorting`. */
  sortable: Readonly<Record<string, string>>;
  /** Extra conditions from the query's own filters. */
  filter?(input: Q, ctx: RequestContext): Where | undefined | Promise<Where | undefined>;
  /** Tables whose writes change this list's total (default: the entity's own, `entityName`). */
  countTables?: readonly string[];
}

/** Paged list with the total counted under the same conditions, before paging. */
export async function pagedList<Row, Dto, Q extends { SkipCount: number; MaxResultCount: number; Sorting?: string; Keyword?: string }>(
  cfg: CrudConfig<Row, Dto, Q>,
  input: Q,
  ctx: RequestContext,
  extraWhere?: Where,
  /** Order when the query gives no `Sorting` (default `id desc`). */
  defaultOrder?: OrderBy,
) {
  const and = [cfg.scope?.(ctx), keywordWhere(input.Keyword, cfg.keywordColumns), await cfg.filter?.(input, ctx), extraWhere].filter(Boolean);
  const where = and.length ? { AND: and } : {};
  const orderBy =
    !input.Sorting?.trim() && defaultOrder ? defaultOrder : parseSorting(input.Sorting, cfg.sortable, (f) => ctx.t('UnknownSortField', f));
  const model = cfg.model(ctx);
  const { tenantId } = ctx.session;
  const countKey = `${cfg.entityName}|${tenantId ?? 'host'}|${JSON.stringify(where)}`;
  const [totalCount, rows] = await Promise.all([
    ctx.app.countCache.count(countKey, cfg.countTables ?? [cfg.entityName], () => model.count({ where })),
    pageRows(model, { where, orderBy, skip: input.SkipCount, take: input.MaxResultCount }, cfg.include),
  ]);
  return { totalCount, items: await mapDtos(cfg, rows as Row[], ctx) };
}

/** Beyond this offset a page is found by ids first (see pageRows). */
const DEEP_PAGE_OFFSET = 1000;

/**
 * One page of rows. A deep page (a large offset) first picks its ids alone, so
 * SQLite can skip through the ordering index without reading each skipped row,
 * then loads those rows (with `include`) and keeps the order.
 */
async function pageRows(
  model: ModelDelegate,
  q: { where: Where; orderBy: OrderBy; skip: number; take: number },
  include: object | undefined,
): Promise<unknown[]> {
  if (q.skip < DEEP_PAGE_OFFSET) return model.findMany({ ...q, ...(include && { include }) });
  const ids = ((await model.findMany({ ...q, select: { id: true } })) as Array<{ id: number }>).map((r) => r.id);
  if (!ids.length) return [];
  const rows = (await model.findMany({ where: { id: { in: ids } }, ...(include && { include }) })) as Array<{ id: number }>;
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.map((id) => byId.get(id)).filter(Boolean);
}

/** Rows to DTOs, a page at once when the config has `toDtos`. */
export async function mapDtos<Row, Dto>(cfg: Pick<CrudConfig<Row, Dto, never>, 'toDto' | 'toDtos'>, rows: Row[], ctx: RequestContext): Promise<Dto[]> {
  return cfg.toDtos ? cfg.toDtos(rows, ctx) : Promise.all(rows.map((r) => cfg.toDto(r, ctx)));
}

/** `{ id }` plus the config's scope. */
function byId(cfg: { scope?(ctx: RequestContext): Where | undefined }, id: number, ctx: RequestContext): Where {
  const scope = cfg.scope?.(ctx);
  return scope ? { id, AND: [scope] } : { id };
}

/** The row with this id under the data filters (and the config's scope), or a 404. */
export async function getOr404<Row>(cfg: Pick<CrudConfig<Row, unknown, never>, 'model' | 'entityName' | 'include' | 'scope'>, id: number, ctx: RequestContext) {
  const row = await cfg.model(ctx).findFirst({ where: byId(cfg, id, ctx), ...(cfg.include && { include: cfg.include }) });
  if (!row) throw new EntityNotFoundError(cfg.entityName, id);
  return row as Row;
}

/** The DTO of the row with this id (as Get returns it), or a 404: what Create and Update answer after writing. */
export async function getDto<Row, Dto>(cfg: CrudConfig<Row, Dto, never>, id: number, ctx: RequestContext): Promise<Dto> {
  return (await mapDtos(cfg, [await getOr404<Row>(cfg, id, ctx)], ctx))[0]!;
}

/**
 * GetAll, Get and Delete of `AsyncCrudAppService`, generic over the model.
 * Create and Update carry each entity's rules and stay in its service file;
 * Delete of an unknown id succeeds silently, as ABP's repository does.
 */
export function crudHandlers<Row, Dto, Q extends { SkipCount: number; MaxResultCount: number; Sorting?: string; Keyword?: string }>(
  cfg: CrudConfig<Row, Dto, Q>,
  hooks: { beforeDelete?(row: Row, ctx: RequestContext): Promise<void> | void } = {},
) {
  return {
    GetAll: (input: Q, ctx: RequestContext) => pagedList(cfg, input, ctx),
    Get: (input: { Id: number }, ctx: RequestContext) => getDto(cfg, input.Id, ctx),
    Delete: async (input: { Id: number }, ctx: RequestContext) => {
      const row = (await cfg.model(ctx).findFirst({ where: byId(cfg, input.Id, ctx) })) as Row | null;
      if (!row) return null;
      await hooks.beforeDelete?.(row, ctx);
      await cfg.model(ctx).delete({ where: { id: input.Id } });
      return null;
    },
  };
}
