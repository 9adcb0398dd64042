import { ClassType, MultiLevelCategoryService, type CascaderOption, type MultiLevelCategoryDto } from '@edu/sdk';
import {
  activeNodes,
  buildForest,
  cascaderOption,
  categoryNames,
  categoryNodeSelect,
  fullNames,
  manageableCategoryIds,
  pathIds,
  type CategoryNode,
  visibleTypes,
} from '../kit/categories.ts';
import { tenantOf, type RequestContext } from '../kit/context.ts';
import { crudHandlers, getDto, getOr404, type ModelCrud, type RowOf } from '../kit/crud.ts';
import { invalid, UserFriendlyError } from '../kit/errors.ts';
import { iso } from '../kit/paging.ts';
import { implement } from '../kit/register-service.ts';
import { isTextKey } from '../localization/texts.ts';
import { reviewableUsage } from '../kit/review.ts';

type CategoryRow = RowOf<'MultiLevelCategory'>;

type Query = { SkipCount: number; MaxResultCount: number; Sorting?: string; Keyword?: string; ClassTypeId?: number; ParentId?: number };

/** Class type names, full names and child counts for a page of rows: three queries per page. */
async function toDtos(rows: CategoryRow[], ctx: RequestContext): Promise<MultiLevelCategoryDto[]> {
  if (rows.length === 0) return [];
  const [types, names, children] = await Promise.all([
    ctx.db.classificationType.findMany({ where: { id: { in: [...new Set(rows.map((r) => r.classTypeId))] } }, select: { id: true, name: true } }),
    fullNames(ctx, rows),
    ctx.db.multiLevelCategory.groupBy({ by: ['parentId'], where: { parentId: { in: rows.map((r) => r.id) } }, _count: { _all: true } }),
  ]);
  const typeName = new Map(types.map((t) => [t.id, t.name]));
  const childCount = new Map(children.map((c) => [c.parentId, c._count._all]));
  return rows.map((r) => ({
    id: r.id,
    classTypeId: r.classTypeId,
    classTypeName: typeName.get(r.classTypeId) ?? null,
    parentId: r.parentId,
    name: r.name,
    fullName: names.get(r.id) ?? r.name,
    code: r.code,
    sort: r.sort,
    level: r.level,
    isActive: r.isActive,
    description: r.description,
    childCount: childCount.get(r.id) ?? 0,
    creationTime: iso(r.creationTime),
  }));
}

const categories: ModelCrud<'MultiLevelCategory', MultiLevelCategoryDto, Query> = {
  entityName: 'MultiLevelCategory',
  model: (ctx) => ctx.db.multiLevelCategory,
  toDtos,
  keywordColumns: ['name', 'code', 'description'],
  sortable: {
    id: 'id',
    name: 'name',
    sort: 'sort',
    level: 'level',
    code: 'code',
    classTypeId: 'classTypeId',
    isActive: 'isActive',
    creationTime: 'creationTime',
  },
  filter: (q) => ({
    ...(q.ClassTypeId !== undefined && { classTypeId: q.ClassTypeId }),
    ...(q.ParentId !== undefined && { parentId: q.ParentId === 0 ? null : q.ParentId }),
  }),
};

/** What refers to a category, as `[text key, count]` pairs with a count. */
async function usageOf(ctx: RequestContext, categoryId: number): Promise<Array<[string, number]>> {
  const where = { categoryId };
  // Reviewables from the review registry; the other referrers by hand.
  const [reviewable, advertisements, chapters] = await Promise.all([
    reviewableUsage(ctx.db, categoryId),
    ctx.db.advertising.count({ where }),
    ctx.db.chapterType.count({ where }),
  ]);
  const others: Array<[string, number]> = [
    ['UsedByAdvertisements', advertisements],
    ['UsedByChapters', chapters],
  ];
  return [...reviewable, ...others.filter(([, n]) => n > 0)];
}

/** "3 篇文章、2 个资源" in the request's language. */
function describeUsage(ctx: RequestContext, usage: Array<[string, number]>): string {
  // A key no source has reads as itself, as `localize` answers it.
  return usage.map(([key, n]) => (isTextKey(key) ? ctx.t(key, n) : key)).join(ctx.t('ListSeparator'));
}

async function assertClassType(ctx: RequestContext, classTypeId: number) {
  const type = await ctx.db.classificationType.findFirst({ where: { id: classTypeId, AND: [visibleTypes(ctx)] }, select: { id: true } });
  if (!type) invalid('classTypeId', ctx.t('UnknownClassificationType', classTypeId));
}

/** The parent: a live category of the tenant, of the same class type. */
async function parentOf(ctx: RequestContext, parentId: number | null | undefined, classTypeId: number): Promise<CategoryRow | null> {
  if (parentId === null || parentId === undefined) return null;
  const parent = await ctx.db.multiLevelCategory.findFirst({ where: { id: parentId } });
  if (!parent) invalid('parentId', ctx.t('UnknownParentCategory', parentId));
  if (parent.classTypeId !== classTypeId) invalid('classTypeId', ctx.t('CategoryTypeMustMatchParent', parent.name));
  return parent;
}

/** Sibling names are unique (same type, same parent). */
async function assertUniqueName(ctx: RequestContext, name: string, classTypeId: number, parentId: number | null, exceptId?: number) {
  const clash = await ctx.db.multiLevelCategory.findFirst({
    where: { classTypeId, parentId, name, ...(exceptId && { NOT: { id: exceptId } }) },
    select: { id: true },
  });
  if (clash) invalid('name', ctx.t('DuplicateCategoryName', name));
}

const generic = crudHandlers(categories, {
  beforeDelete: async (row, ctx) => {
    const children = await ctx.db.multiLevelCategory.count({ where: { parentId: row.id } });
    if (children > 0) throw new UserFriendlyError(ctx.t('CategoryHasChildren', row.name, children));
    const usage = await usageOf(ctx, row.id);
    if (usage.length) throw new UserFriendlyError(ctx.t('CategoryInUse', row.name, describeUsage(ctx, usage)));
  },
});

/** Nodes in tree order (depth first, siblings by sort then id). */
function treeOrder<R extends CategoryNode>(rows: readonly R[]): R[] {
  return buildForest<R, R[]>(rows, (r, children) => [r, ...children.flat()]).flat();
}

const toCascader = (nodes: readonly CategoryNode[]): CascaderOption[] =>
  buildForest(nodes, (r, children: CascaderOption[]) => cascaderOption(r.id, r.name, children));

export const multiLevelCategory = implement(MultiLevelCategoryService, {
  GetAll: generic.GetAll,
  Get: generic.Get,
  Create: async (input, ctx) => {
    await assertClassType(ctx, input.classTypeId);
    const parent = await parentOf(ctx, input.parentId, input.classTypeId);
    await assertUniqueName(ctx, input.name, input.classTypeId, parent?.id ?? null);
    const id = await ctx.transaction(async (tx) => {
      const row = await tx.db.multiLevelCategory.create({
        data: {
          // Null on the host: the data filter refuses it as ABP does (MustHaveTenant).
          tenantId: tenantOf(ctx),
          classTypeId: input.classTypeId,
          parentId: parent?.id ?? null,
          name: input.name,
          code: input.code || null,
          sort: input.sort,
          isActive: input.isActive,
          description: input.description ?? null,
          level: (parent?.level ?? 0) + 1,
        },
      });
      // The path holds the node's own id, known only after the insert.
      await tx.db.multiLevelCategory.update({ where: { id: row.id }, data: { path: `${parent?.path ?? '/'}${row.id}/` } });
      return row.id;
    });
    return getDto(categories, id, ctx);
  },
  /**
   * A new parentId moves the node with its subtree: the node's and every
   * descendant's path and level are rewritten in the same transaction. A node
   * cannot move under itself or a descendant; its class type cannot change
   * once it has children or content.
   */
  Update: async (input, ctx) => {
    const existing = await getOr404(categories, input.id, ctx);
    await assertClassType(ctx, input.classTypeId);
    const parentId = input.parentId ?? null;
    if (parentId !== null && parentId === existing.id) invalid('parentId', ctx.t('CategoryParentCycle'));
    const parent = await parentOf(ctx, parentId, input.classTypeId);
    if (parent && parent.path.startsWith(existing.path)) invalid('parentId', ctx.t('CategoryParentCycle'));
    if (input.classTypeId !== existing.classTypeId) {
      const children = await ctx.db.multiLevelCategory.count({ where: { parentId: existing.id } });
      if (children > 0 || (await usageOf(ctx, existing.id)).length > 0) invalid('classTypeId', ctx.t('CategoryTypeLocked', existing.name));
    }
    await assertUniqueName(ctx, input.name, input.classTypeId, parentId, existing.id);

    const moved = parentId !== existing.parentId;
    const path = `${parent?.path ?? '/'}${existing.id}/`;
    const level = (parent?.level ?? 0) + 1;
    await ctx.transaction(async (tx) => {
      await tx.db.multiLevelCategory.update({
        where: { id: existing.id },
        data: {
          classTypeId: input.classTypeId,
          parentId,
          name: input.name,
          code: input.code || null,
          sort: input.sort,
          isActive: input.isActive,
          description: input.description ?? null,
          ...(moved && { path, level }),
        },
      });
      if (moved)
        // Every descendant (soft-deleted ones too, so they stay consistent): swap the old path prefix, shift the level.
        await tx.db.$executeRawUnsafe(
          `UPDATE "MultiLevelCategory" SET "path" = ? || substr("path", ?), "level" = "level" + ?
           WHERE "tenantId" = ? AND "id" <> ? AND substr("path", 1, ?) = ?`,
          path,
          existing.path.length + 1,
          level - existing.level,
          existing.tenantId,
          existing.id,
          existing.path.length,
          existing.path,
        );
    });
    return getDto(categories, existing.id, ctx);
  },
  Delete: async (input, ctx) => {
    await ctx.transaction(async (tx) => {
      await generic.Delete(input, tx);
      // Role grants of a deleted category go with it.
      await tx.db.roleCategoryGrant.deleteMany({ where: { categoryId: input.Id } });
    });
    return null;
  },

  GetAllChapterTypeSetting: async (_input, ctx) => {
    const rows = await ctx.db.multiLevelCategory.findMany({ where: { classTypeId: ClassType.Course }, select: categoryNodeSelect });
    const [names, counts] = await Promise.all([
      fullNames(ctx, rows),
      ctx.db.chapterType.groupBy({
        by: ['categoryId'],
        where: { parentId: null, categoryId: { in: rows.map((r) => r.id) } },
        _count: { _all: true },
      }),
    ]);
    const chapters = new Map(counts.map((c) => [c.categoryId, c._count._all]));
    return {
      items: treeOrder(rows).map((r) => ({
        categoryId: r.id,
        categoryName: r.name,
        fullName: names.get(r.id) ?? r.name,
        level: r.level,
        chapterCount: chapters.get(r.id) ?? 0,
      })),
    };
  },

  GetSameLevelBreadCrumbs: async (input, ctx) => {
    const node = await getOr404(categories, input.Id, ctx);
    const ids = pathIds(node.path);
    const [names, siblings] = await Promise.all([
      categoryNames(ctx, ids),
      ctx.db.multiLevelCategory.findMany({
        where: { classTypeId: node.classTypeId, parentId: node.parentId },
        select: { id: true, name: true },
        orderBy: [{ sort: 'asc' }, { id: 'asc' }],
      }),
    ]);
    return { breadcrumbs: ids.map((id) => ({ id, name: names.get(id) ?? '' })), sameLevel: siblings };
  },

  GetCascaderList: async (input, ctx) => toCascader(await activeNodes(ctx, input.ClassTypeId)),

  /** Manageable nodes, plus their ancestors disabled so the path reads; everything for static Admin. */
  GetBehindCascaderList: async (input, ctx) => {
    const [nodes, manageable] = await Promise.all([activeNodes(ctx, input.ClassTypeId), manageableCategoryIds(ctx)]);
    if (manageable === 'all') return toCascader(nodes);
    const shown = new Set(nodes.filter((n) => manageable.has(n.id)).flatMap((n) => pathIds(n.path)));
    return buildForest(
      nodes.filter((n) => shown.has(n.id)),
      (r, children: CascaderOption[]) => cascaderOption(r.id, r.name, children, manageable.has(r.id) ? {} : { disabled: true }),
    );
  },

  /** Course categories with their active chapters (and sections) as leaves; branches without chapters are left out. */
  GetChapterCascaderList: async (_input, ctx) => {
    const nodes = await activeNodes(ctx, ClassType.Course);
    const chapters = await ctx.db.chapterType.findMany({
      where: { isActive: true, categoryId: { in: nodes.map((n) => n.id) } },
      select: { id: true, parentId: true, categoryId: true, name: true, sort: true },
    });
    const byCategory = new Map<number, CascaderOption[]>();
    const tops = chapters.filter((c) => c.parentId === null);
    const topIds = new Set(tops.map((c) => c.id));
    type Chapter = (typeof chapters)[number];
    const forest = buildForest<Chapter, { categoryId: number; option: CascaderOption }>(
      chapters.filter((c) => c.parentId === null || topIds.has(c.parentId)),
      (c, children) => ({
        categoryId: c.categoryId,
        option: cascaderOption(
          c.id,
          c.name,
          children.map((x) => x.option),
          { kind: 'chapter' },
        ),
      }),
    );
    for (const { categoryId, option } of forest) byCategory.set(categoryId, [...(byCategory.get(categoryId) ?? []), option]);
    return buildForest<CategoryNode, CascaderOption | null>(nodes, (r, children) => {
      const all = [...children.filter((c): c is CascaderOption => c !== null), ...(byCategory.get(r.id) ?? [])];
      return all.length ? cascaderOption(r.id, r.name, all, { kind: 'category' }) : null;
    }).filter((c): c is CascaderOption => c !== null);
  },

  GetCascaderWebsiteList: async (_input, ctx) => toCascader(await activeNodes(ctx, ClassType.WebsiteColumn)),
  GetCascaderSchool: async (_input, ctx) => toCascader(await activeNodes(ctx, ClassType.School)),
});
