import { NavigationMenuDto, NavigationMenuService } from '@edu/sdk';
import { withDataFilters } from '../db/data-filters.ts';
import { tenantOf, type RequestContext } from '../kit/context.ts';
import { getDto, getOr404, pagedList, type ModelCrud, type RowOf } from '../kit/crud.ts';
import { EntityNotFoundError, invalid, UserFriendlyError } from '../kit/errors.ts';
import { dtoMapper } from '../kit/dto.ts';
import { implement } from '../kit/register-service.ts';

type MenuRow = RowOf<'NavigationMenu'>;

type Query = { SkipCount: number; MaxResultCount: number; Sorting?: string; Keyword?: string; IsDeleted?: boolean; Position?: number };

/** The tenant's menus with the soft-delete filter off: the recycle bin and Recover read through it. */
const withDeleted = (ctx: RequestContext) =>
  withDataFilters(ctx.prisma, { tenantId: ctx.session.tenantId, userId: ctx.session.userId }, { softDelete: false }).navigationMenu;

const dto = dtoMapper(NavigationMenuDto);

async function toDtos(rows: MenuRow[], ctx: RequestContext): Promise<NavigationMenuDto[]> {
  const parentIds = [...new Set(rows.map((r) => r.parentId).filter((id): id is number => id !== null))];
  const parents = parentIds.length ? await withDeleted(ctx).findMany({ where: { id: { in: parentIds } }, select: { id: true, name: true } }) : [];
  const names = new Map(parents.map((p) => [p.id, p.name]));
  return rows.map((r) =>
    dto(r, {
      parentName: r.parentId === null ? null : (names.get(r.parentId) ?? null),
      target: r.target === '_blank' ? '_blank' : '_self',
      position: NavigationMenuDto.shape.position.parse(r.position),
    }),
  );
}

const menus: ModelCrud<'NavigationMenu', NavigationMenuDto, Query> = {
  entityName: 'NavigationMenu',
  model: (ctx) => ctx.db.navigationMenu,
  toDtos,
  keywordColumns: ['name', 'url'],
  sortable: {
    id: 'id',
    name: 'name',
    url: 'url',
    sort: 'sort',
    position: 'position',
    isActive: 'isActive',
    creationTime: 'creationTime',
    deletionTime: 'deletionTime',
  },
  filter: (q) => (q.Position === undefined ? undefined : { position: q.Position }),
};
const recycleBin: ModelCrud<'NavigationMenu', NavigationMenuDto, Query> = { ...menus, model: (ctx) => withDeleted(ctx) };

/** Ids of the entries below `ids` among the rows `where` admits (live, or deleted at one moment), any depth. */
async function descendants(find: (parentIds: number[]) => Promise<Array<{ id: number }>>, ids: number[]): Promise<number[]> {
  const out: number[] = [];
  let frontier = ids;
  while (frontier.length) {
    const next = (await find(frontier)).map((r) => r.id).filter((id) => !out.includes(id) && !ids.includes(id));
    out.push(...next);
    frontier = next;
  }
  return out;
}

/**
 * The parent: a live entry of the tenant, not the entry itself or one of its
 * descendants, in the same position (top bar or footer) as the child.
 */
async function assertParent(ctx: RequestContext, input: { parentId?: number | null; position: number }, selfId?: number) {
  if (input.parentId === null || input.parentId === undefined) return;
  const parent = await ctx.db.navigationMenu.findFirst({ where: { id: input.parentId }, select: { id: true, position: true } });
  if (!parent) invalid('parentId', ctx.t('UnknownMenu', input.parentId));
  if (selfId !== undefined) {
    // Walk up from the new parent: meeting the entry itself means a cycle.
    let current: number | null = parent.id;
    for (let depth = 0; current !== null && depth < 100; depth++) {
      if (current === selfId) invalid('parentId', ctx.t('MenuParentCycle'));
      const up: { parentId: number | null } | null = await ctx.db.navigationMenu.findFirst({ where: { id: current }, select: { parentId: true } });
      current = up?.parentId ?? null;
    }
  }
  if (parent.position !== input.position) invalid('position', ctx.t('MenuPositionMustMatchParent'));
}

const liveChildren = (ctx: RequestContext) => (parentIds: number[]) =>
  ctx.db.navigationMenu.findMany({ where: { parentId: { in: parentIds } }, select: { id: true } });

export const navigationMenu = implement(NavigationMenuService, {
  /** `IsDeleted: true` lists the recycle bin instead of the live entries. */
  GetAll: (q, ctx) => (q.IsDeleted ? pagedList(recycleBin, q, ctx, { isDeleted: true }) : pagedList(menus, q, ctx)),
  Get: (input, ctx) => getDto(menus, input.Id, ctx),
  Create: async (input, ctx) => {
    await assertParent(ctx, input);
    const created = await ctx.db.navigationMenu.create({
      data: {
        tenantId: tenantOf(ctx),
        parentId: input.parentId ?? null,
        name: input.name,
        url: input.url,
        icon: input.icon ?? null,
        target: input.target,
        position: input.position,
        sort: input.sort,
        isActive: input.isActive,
      },
    });
    return getDto(menus, created.id, ctx);
  },
  /** A new position carries the entry's subtree along, so children always sit where their parent does. */
  Update: async (input, ctx) => {
    const existing = await getOr404(menus, input.id, ctx);
    await assertParent(ctx, input, existing.id);
    const below = input.position !== existing.position ? await descendants(liveChildren(ctx), [existing.id]) : [];
    await ctx.transaction(async (tx) => {
      await tx.db.navigationMenu.update({
        where: { id: existing.id },
        data: {
          parentId: input.parentId ?? null,
          name: input.name,
          url: input.url,
          icon: input.icon ?? null,
          target: input.target,
          position: input.position,
          sort: input.sort,
          isActive: input.isActive,
        },
      });
      if (below.length) await tx.db.navigationMenu.updateMany({ where: { id: { in: below } }, data: { position: input.position } });
    });
    return getDto(menus, existing.id, ctx);
  },
  /** Soft delete of the entry and everything below it, at one moment (Recover brings them back together). */
  Delete: async (input, ctx) => {
    const row = await ctx.db.navigationMenu.findFirst({ where: { id: input.Id }, select: { id: true } });
    if (!row) return null;
    const ids = [row.id, ...(await descendants(liveChildren(ctx), [row.id]))];
    await ctx.db.navigationMenu.deleteMany({ where: { id: { in: ids } } });
    return null;
  },
  /**
   * Restores a deleted entry of the tenant (404 if there is none) with the
   * entries deleted together with it; refused while its parent is deleted.
   */
  Recover: async (input, ctx) => {
    const bin = withDeleted(ctx);
    const row = await bin.findFirst({ where: { id: input.id, isDeleted: true } });
    if (!row) throw new EntityNotFoundError('NavigationMenu', input.id);
    if (row.parentId !== null) {
      const parent = await bin.findFirst({ where: { id: row.parentId }, select: { name: true, isDeleted: true } });
      if (parent?.isDeleted) throw new UserFriendlyError(ctx.t('RecoverParentMenuFirst', parent.name));
    }
    const together = await descendants(
      (parentIds) => bin.findMany({ where: { parentId: { in: parentIds }, isDeleted: true, deletionTime: row.deletionTime }, select: { id: true } }),
      [row.id],
    );
    await bin.updateMany({
      where: { id: { in: [row.id, ...together] } },
      data: { isDeleted: false, deletionTime: null, deleterUserId: null },
    });
    return getDto(menus, row.id, ctx);
  },
  GetMenuDropDownList: async (_input, ctx) => {
    const rows = await ctx.db.navigationMenu.findMany({
      select: { id: true, name: true, parentId: true, position: true },
      orderBy: [{ position: 'asc' }, { sort: 'asc' }, { id: 'asc' }],
    });
    return rows.map((r) => ({ ...r, position: r.position as 1 | 2 }));
  },
});
