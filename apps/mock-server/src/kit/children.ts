import type { RequestContext } from './context.ts';
import { AbpValidationError } from './errors.ts';
import type { OrderBy } from './paging.ts';

/**
 * Ordered child collections (lessons of a course; later options of a
 * question, questions of a paper section, replies of a thread), declared once
 * per relation and synced in the parent's transaction. The SDK side is
 * `orderedChildren(schema, { max })` / `childDto(schema)` (packages/sdk/src/core/children.ts).
 *
 * Sync of a submitted list: children of the parent missing from the list are
 * deleted, items with an `id` update that child, items without one create a
 * child; each child's order column is its index in the list. An `id` that is
 * not a child of this parent (another parent's, another tenant's, unknown) or
 * appears twice is a 400 on `<field>[i].id` before anything is written.
 */

/** What the mechanism uses of the child model; the filtered client's delegate (or its transaction's) is one. */
export interface ChildTable<Row extends { id: number }, W, Data, NewData> {
  findMany(args: { where: W; orderBy: OrderBy }): PromiseLike<Row[]>;
  create(args: { data: NewData }): PromiseLike<{ id: number }>;
  update(args: { where: { id: number }; data: Data }): PromiseLike<{ id: number }>;
  deleteMany(args: { where: { id: { in: number[] } } }): PromiseLike<{ count: number }>;
}

export interface ChildrenConfig<Parent, Row extends { id: number }, W, In extends { id?: number | undefined }, Data extends object, NewData, Dto> {
  /** The input and DTO field holding the list, for error paths (`lessons[2].id`). */
  field: string;
  /** The child model, seen through the request's data filters. */
  model(ctx: RequestContext): ChildTable<Row, W, Data, NewData>;
  /** Children of these parents. */
  ofParents(parentIds: number[]): W;
  /** The parent a child row belongs to. */
  parentOf(row: Row): number;
  /** Display order; the order column first, `id` as the tie-breaker. */
  orderBy: OrderBy;
  /** An item's columns at `position` (0-based), order column included. */
  toData(item: In, position: number): Data;
  /** A new child's columns: `data` plus the link to its parent (parent key, tenant). */
  toNew(data: Data, parent: Parent & { id: number }): NewData;
  toDto(row: Row): Dto;
}

export interface ChildCollection<Parent, In, Dto> {
  readonly field: string;
  /** The children of each parent, in order (parents without children get an empty list). */
  read(ctx: RequestContext, parentIds: number[]): Promise<Map<number, Dto[]>>;
  /**
   * Makes the parent's children the submitted list. Runs in `ctx`'s
   * transaction (opens one when there is none); `undefined` leaves them as they are.
   */
  sync(ctx: RequestContext, parent: Parent & { id: number }, items: readonly In[] | undefined): Promise<void>;
}

export function childCollection<Parent, Row extends { id: number }, W, In extends { id?: number | undefined }, Data extends object, NewData, Dto>(
  cfg: ChildrenConfig<Parent, Row, W, In, Data, NewData, Dto>,
): ChildCollection<Parent, In, Dto> {
  return {
    field: cfg.field,
    async read(ctx, parentIds) {
      const out = new Map<number, Dto[]>(parentIds.map((id) => [id, []]));
      if (!parentIds.length) return out;
      const rows = await cfg.model(ctx).findMany({ where: cfg.ofParents([...new Set(parentIds)]), orderBy: cfg.orderBy });
      for (const row of rows) out.get(cfg.parentOf(row))?.push(cfg.toDto(row));
      return out;
    },
    async sync(ctx, parent, items) {
      if (items === undefined) return;
      await ctx.transaction(async (tx) => {
        const table = cfg.model(tx);
        const existing = new Map((await table.findMany({ where: cfg.ofParents([parent.id]), orderBy: cfg.orderBy })).map((r) => [r.id, r]));
        const kept = new Set<number>();
        const errors = items.flatMap((item, i) => {
          if (item.id === undefined) return [];
          const problem = !existing.has(item.id) ? tx.t('ChildNotFound', item.id) : kept.has(item.id) ? tx.t('ChildRepeated', item.id) : null;
          kept.add(item.id);
          return problem ? [{ message: problem, members: [`${cfg.field}[${i}].id`] }] : [];
        });
        if (errors.length) throw new AbpValidationError(errors);
        const removed = [...existing.keys()].filter((id) => !kept.has(id));
        if (removed.length) await table.deleteMany({ where: { id: { in: removed } } });
        for (const [i, item] of items.entries()) {
          const data = cfg.toData(item, i);
          const row = item.id === undefined ? undefined : existing.get(item.id);
          if (!row) await table.create({ data: cfg.toNew(data, parent) });
          else if (changed(row, data)) await table.update({ where: { id: row.id }, data });
        }
      });
    },
  };
}

/** Whether `data` would change the row (unchanged children keep their modification audit). */
function changed(row: object, data: object): boolean {
  const current = new Map(Object.entries(row));
  return Object.entries(data).some(([key, value]) => current.get(key) !== value);
}
