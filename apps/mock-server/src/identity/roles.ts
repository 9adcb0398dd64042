import { permissionsOfSide, RoleDto } from '@edu/sdk';
import type { RequestContext } from '../kit/context.ts';
import { CULTURES, localize, type Culture } from '../localization/texts.ts';
import type { roleTexts } from '../localization/role-texts.ts';
import type { RowOf } from '../kit/crud.ts';
import { dtoMapper } from '../kit/dto.ts';
import { isStaticAdmin } from '../kit/permission-checker.ts';

/** Roles as DTOs: their granted permissions and categories (the Role service and the user's role picker). */

type RoleRow = RowOf<'Role'>;

const roleDto = dtoMapper(RoleDto);

type BuiltInRole = Extract<keyof typeof roleTexts.en, `StaticRole_${string}`> extends `StaticRole_${infer R}` ? R : never;
const BUILT_IN_ROLES: ReadonlySet<string> = new Set<BuiltInRole>(['Admin', 'Teacher', 'Editor', 'Auditor', 'Member']);

/**
 * A built-in role's text in the request's culture: the text of `key` while the
 * stored value is one of that key's texts (the seed's, or another culture's
 * saved back from an editor), else the stored value as typed.
 */
function builtInText<T extends string | null>(culture: Culture, role: { name: string }, kind: 'StaticRole' | 'StaticRoleDescription', stored: T) {
  if (stored === null || !BUILT_IN_ROLES.has(role.name)) return stored;
  const key = `${kind}_${role.name as BuiltInRole}` as const;
  return CULTURES.some((c) => localize(c, key) === stored) ? localize(culture, key) : stored;
}

/**
 * A role's display name in the request's culture. The built-in roles (the
 * static Admin and the seeded Teacher, Editor, Auditor, Member) are shown by
 * their localization key `StaticRole_<name>` while their stored display name
 * is one of that key's texts; a display name the admin typed is shown as
 * typed, as is every custom role's.
 */
export function roleDisplayName(culture: Culture, role: { name: string; displayName: string }): string {
  return builtInText(culture, role, 'StaticRole', role.displayName);
}

/** A role's description in the request's culture, by the same rule (`StaticRoleDescription_<name>`). */
export function roleDescription(culture: Culture, role: { name: string; description: string | null }): string | null {
  return builtInText(culture, role, 'StaticRoleDescription', role.description);
}

async function grantedOf(ctx: RequestContext, roleIds: number[]): Promise<Map<number, string[]>> {
  const grants = await ctx.db.permissionGrant.findMany({
    where: { roleId: { in: roleIds }, isGranted: true },
    select: { roleId: true, name: true },
    orderBy: { name: 'asc' },
  });
  const out = new Map<number, string[]>();
  for (const g of grants) out.set(g.roleId!, [...(out.get(g.roleId!) ?? []), g.name]);
  return out;
}

/** Category grants of roles (CategoryPermision), live categories only, ascending ids. */
async function categoryGrantsOf(ctx: RequestContext, roleIds: number[]): Promise<Map<number, number[]>> {
  const grants = await ctx.db.roleCategoryGrant.findMany({
    where: { roleId: { in: roleIds } },
    select: { roleId: true, categoryId: true },
    orderBy: { categoryId: 'asc' },
  });
  const live = await liveCategoryIds(
    ctx,
    grants.map((g) => g.categoryId),
  );
  const out = new Map<number, number[]>();
  for (const g of grants) if (live.has(g.categoryId)) out.set(g.roleId, [...(out.get(g.roleId) ?? []), g.categoryId]);
  return out;
}

/** The ids among `ids` that are live categories of the tenant (every live one when `ids` is absent); none on the host. */
export async function liveCategoryIds(ctx: RequestContext, ids?: number[]): Promise<Set<number>> {
  if (ctx.session.tenantId === null || ids?.length === 0) return new Set();
  const rows = await ctx.db.multiLevelCategory.findMany({
    where: ids ? { id: { in: [...new Set(ids)] } } : {},
    select: { id: true },
    orderBy: { id: 'asc' },
  });
  return new Set(rows.map((r) => r.id));
}

/**
 * Roles with their granted permission names and categories (one query each per
 * page, not per row); static Admin has every permission and every category.
 */
export async function withGrants(ctx: RequestContext, rows: RoleRow[]): Promise<RoleDto[]> {
  const ids = rows.map((r) => r.id);
  const [grants, categories, allCategories] = await Promise.all([
    grantedOf(ctx, ids),
    categoryGrantsOf(ctx, ids),
    rows.some(isStaticAdmin) ? liveCategoryIds(ctx) : Promise.resolve(new Set<number>()),
  ]);
  const all = permissionsOfSide(ctx.session.tenantId);
  return rows.map((r) =>
    roleDto(
      { ...r, displayName: roleDisplayName(ctx.culture, r), description: roleDescription(ctx.culture, r) },
      {
        grantedPermissions: isStaticAdmin(r) ? all : (grants.get(r.id) ?? []),
        grantedCategoryIds: isStaticAdmin(r) ? [...allCategories] : (categories.get(r.id) ?? []),
      },
    ),
  );
}

/** Every role of the tenant with its grants, for pickers. */
export async function listRoles(ctx: RequestContext): Promise<RoleDto[]> {
  return withGrants(ctx, await ctx.db.role.findMany({ orderBy: { id: 'asc' } }));
}
