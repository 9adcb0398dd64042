import type { CascaderOption } from '@edu/sdk';
import { writeVersions } from '@edu/db';
import type { PrismaClient } from '@edu/db';
import type { RequestContext } from './context.ts';
import { getOr404, type ModelRef, type RowOf, type WhereOf } from './crud.ts';
import { EntityNotFoundError, invalid } from './errors.ts';

/**
 * Category trees (MultiLevelCategory) as the rest of the server uses them:
 * which categories a user may manage, checking a content item's category,
 * subtrees and names. A node's `path` is the ids from its root to itself,
 * `/1/5/9/`, so a subtree is one prefix match (`path LIKE '/1/5/%'`).
 */

/** The columns tree building needs. */
export interface CategoryNode {
  id: number;
  parentId: number | null;
  classTypeId: number;
  name: string;
  sort: number;
  level: number;
  path: string;
  isActive: boolean;
}

export const categoryNodeSelect = {
  id: true,
  parentId: true,
  classTypeId: true,
  name: true,
  sort: true,
  level: true,
  path: true,
  isActive: true,
} as const;

/** `/1/5/9/` -> [1, 5, 9]. */
export function pathIds(path: string): number[] {
  return path.split('/').filter(Boolean).map(Number);
}

/** Siblings in display order: sort, then id. */
export const bySortThenId = (a: { sort: number; id: number }, b: { sort: number; id: number }) => a.sort - b.sort || a.id - b.id;

/**
 * Builds a forest from flat rows (any order): roots are rows whose parent is
 * absent from `rows`; siblings are ordered by sort then id.
 */
export function buildForest<R extends { id: number; parentId: number | null; sort: number }, N>(
  rows: readonly R[],
  make: (row: R, children: N[]) => N,
): N[] {
  const ids = new Set(rows.map((r) => r.id));
  const byParent = new Map<number | null, R[]>();
  for (const r of rows) {
    const key = r.parentId !== null && ids.has(r.parentId) ? r.parentId : null;
    byParent.set(key, [...(byParent.get(key) ?? []), r]);
  }
  const build = (parent: number | null): N[] => (byParent.get(parent) ?? []).sort(bySortThenId).map((r) => make(r, build(r.id)));
  return build(null);
}

/** A cascader node: `children` only when there are some. */
export function cascaderOption(value: number, label: string, children: CascaderOption[], extra: Partial<CascaderOption> = {}): CascaderOption {
  return { value, label, ...extra, ...(children.length > 0 && { children }) };
}

/**
 * The active tree of a class type in the tenant: an inactive node hides its
 * whole subtree (its children are unreachable in a cascader anyway).
 */
export async function activeNodes(ctx: RequestContext, classTypeId: number): Promise<CategoryNode[]> {
  const rows = await ctx.db.multiLevelCategory.findMany({ where: { classTypeId }, select: categoryNodeSelect });
  const inactive = rows.filter((r) => !r.isActive).map((r) => r.path);
  return rows.filter((r) => r.isActive && !inactive.some((p) => r.path.startsWith(p)));
}

// ---------------------------------------------------------------------------
// Who may manage what

type GrantEntry = { stamp: string; ids: Promise<ReadonlySet<number>> };
type GrantCache = Map<string, GrantEntry>;
const grantCaches = new WeakMap<PrismaClient, GrantCache>();
/** The tables a user's manageable set is computed from: a write to any of them recomputes it. */
const GRANT_TABLES = ['UserRole', 'Role', 'RoleCategoryGrant', 'MultiLevelCategory'] as const;

/**
 * Categories the signed-in user may manage in the back office: members of the
 * static Admin role may manage everything (`'all'`); anyone else the
 * categories granted to any of their roles (CategoryPermision, RoleCategoryGrant)
 * plus all their descendants. Cached per user until one of the source tables
 * is written (exact, as the permission cache).
 */
export async function manageableCategoryIds(ctx: RequestContext): Promise<Set<number> | 'all'> {
  const user = await ctx.requireUser();
  if (user.isAdmin) return 'all';
  const tenantId = ctx.session.tenantId;
  if (tenantId === null) return new Set();
  let cache = grantCaches.get(ctx.prisma);
  if (!cache) {
    cache = new Map<string, GrantEntry>();
    grantCaches.set(ctx.prisma, cache);
  }
  const key = `${tenantId}:${user.id}`;
  const versions = writeVersions(ctx.prisma);
  const stamp = GRANT_TABLES.map((t) => versions.version(t)).join('|');
  let hit = cache.get(key);
  if (!hit || hit.stamp !== stamp) {
    hit = { stamp, ids: loadManageable(ctx.prisma, tenantId, user.id) };
    cache.set(key, hit);
    hit.ids.catch(() => cache.delete(key));
    if (cache.size > 10_000) cache.delete(cache.keys().next().value!);
  }
  return new Set(await hit.ids);
}

async function loadManageable(prisma: PrismaClient, tenantId: number, userId: number): Promise<ReadonlySet<number>> {
  const roles = await prisma.userRole.findMany({ where: { userId, tenantId, role: { isDeleted: false } }, select: { roleId: true } });
  if (roles.length === 0) return new Set();
  const grants = await prisma.roleCategoryGrant.findMany({
    where: { tenantId, roleId: { in: roles.map((r) => r.roleId) } },
    select: { categoryId: true },
  });
  if (grants.length === 0) return new Set();
  const granted = await prisma.multiLevelCategory.findMany({
    where: { tenantId, isDeleted: false, id: { in: [...new Set(grants.map((g) => g.categoryId))] } },
    select: { path: true },
  });
  if (granted.length === 0) return new Set();
  // Drop paths inside another granted path: fewer prefixes to match.
  const paths = granted.map((g) => g.path).filter((p, _, all) => !all.some((q) => q !== p && p.startsWith(q)));
  const rows = await prisma.multiLevelCategory.findMany({
    where: { tenantId, isDeleted: false, OR: paths.map((p) => ({ path: { startsWith: p } })) },
    select: { id: true },
  });
  return new Set(rows.map((r) => r.id));
}

/** Categories as the request's filtered client sees them, for reads by id. */
const CATEGORY: ModelRef<RowOf<'MultiLevelCategory'>, WhereOf<'MultiLevelCategory'>> = {
  entityName: 'MultiLevelCategory',
  model: (ctx) => ctx.db.multiLevelCategory,
};

/**
 * Checks the category of a content item: it exists in the tenant, is of
 * `classTypeId`, and the user may manage it; otherwise a 400 on `member`.
 */
export async function assertCategory(
  ctx: RequestContext,
  categoryId: number,
  classTypeId: number,
  member = 'categoryId',
): Promise<{ id: number; name: string; path: string }> {
  // A compiled read kept until the categories are written (every content Create and Update asks; through Prisma it cost about what the content's INSERT costs).
  const category = await getOr404(CATEGORY, categoryId, ctx, { cached: true }).catch((err: unknown) => {
    if (err instanceof EntityNotFoundError) return null;
    throw err;
  });
  if (!category) invalid(member, ctx.t('CategoryNotFound', categoryId));
  if (category.classTypeId !== classTypeId) invalid(member, ctx.t('CategoryOfAnotherType', category.name));
  const manageable = await manageableCategoryIds(ctx);
  if (manageable !== 'all' && !manageable.has(category.id)) invalid(member, ctx.t('CannotManageCategory', category.name));
  return { id: category.id, name: category.name, path: category.path };
}

/** The category and all its descendants (live, in the tenant); empty when it does not exist. */
export async function subtreeIds(ctx: RequestContext, categoryId: number): Promise<number[]> {
  const root = await ctx.db.multiLevelCategory.findFirst({ where: { id: categoryId }, select: { path: true } });
  if (!root) return [];
  const rows = await ctx.db.multiLevelCategory.findMany({ where: { path: { startsWith: root.path } }, select: { id: true } });
  return rows.map((r) => r.id);
}

/** Names of the given categories of the tenant (deleted ones included, so old rows still show a name). */
export async function categoryNames(ctx: RequestContext, ids: number[]): Promise<Map<number, string>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map();
  const tenantId = ctx.session.tenantId;
  const rows = await ctx.prisma.multiLevelCategory.findMany({
    where: { id: { in: unique }, ...(tenantId !== null && { tenantId }) },
    select: { id: true, name: true },
  });
  return new Map(rows.map((r) => [r.id, r.name]));
}

/** Full names (`小学 / 数学 / 一年级`) of nodes, from their paths, in one query. */
export async function fullNames(ctx: RequestContext, nodes: ReadonlyArray<{ id: number; path: string; name: string }>): Promise<Map<number, string>> {
  const ancestorIds = [...new Set(nodes.flatMap((n) => pathIds(n.path)))];
  const names = await categoryNames(ctx, ancestorIds);
  for (const n of nodes) names.set(n.id, n.name);
  return new Map(
    nodes.map((n) => [
      n.id,
      pathIds(n.path)
        .map((id) => names.get(id) ?? '?')
        .join(' / '),
    ]),
  );
}

/**
 * Types a session sees: the shared ones (tenantId null: the built-in types and
 * any the host added) plus the tenant's own. The data filters do not apply a
 * tenant filter to this model because of the shared rows, so it is done here.
 */
export function visibleTypes(ctx: RequestContext) {
  const { tenantId } = ctx.session;
  return tenantId === null ? { tenantId: null } : { OR: [{ tenantId: null }, { tenantId }] };
}
