import {
  flattenPermissions,
  permissionsOfSide,
  permissionTree,
  RoleService,
  type PermissionNode,
  type PermissionTreeNode,
  type RoleDto,
} from '@edu/sdk';
import { tenantOf, type RequestContext } from '../kit/context.ts';
import { crudHandlers, getDto, getOr404, type ModelCrud } from '../kit/crud.ts';
import { invalid, UserFriendlyError } from '../kit/errors.ts';
import { isStaticAdmin } from '../kit/permission-checker.ts';
import { assertCanGrantPermissions } from '../kit/privilege.ts';
import { implement } from '../kit/register-service.ts';
import { liveCategoryIds, withGrants } from '../identity/roles.ts';

const roles: ModelCrud<'Role', RoleDto, { SkipCount: number; MaxResultCount: number; Sorting?: string; Keyword?: string }> = {
  entityName: 'Role',
  model: (ctx) => ctx.db.role,
  toDtos: (rows, ctx) => withGrants(ctx, rows),
  keywordColumns: ['name', 'displayName', 'description'],
  sortable: { id: 'id', name: 'name', displayName: 'displayName', creationTime: 'creationTime', isDefault: 'isDefault' },
};

/** Every permission name must exist on the caller's side (host-only ones are not grantable in a tenant). */
function assertPermissions(ctx: RequestContext, names: readonly string[]): string[] {
  const valid = new Set(permissionsOfSide(ctx.session.tenantId));
  for (const n of names) if (!valid.has(n)) invalid('grantedPermissions', ctx.t('UnknownPermission', n));
  return [...new Set(names)];
}

async function assertUniqueName(ctx: RequestContext, name: string, exceptId?: number) {
  const clash = await ctx.db.role.findFirst({ where: { normalizedName: name.toUpperCase(), ...(exceptId && { NOT: { id: exceptId } }) } });
  if (clash) invalid('name', ctx.t('Identity_DuplicateRoleName', name));
}

/** Every id must be a live category of the tenant: 400 on `grantedCategoryIds` otherwise. */
async function assertCategoryIds(ctx: RequestContext, ids: readonly number[] | undefined): Promise<number[] | undefined> {
  if (ids === undefined) return undefined;
  const live = await liveCategoryIds(ctx, [...ids]);
  const unknown = ids.find((id) => !live.has(id));
  if (unknown !== undefined) invalid('grantedCategoryIds', ctx.t('CategoryNotFound', unknown));
  return [...new Set(ids)];
}

/** Replaces the role's category grants; `undefined` leaves them as they are. */
async function setCategoryGrants(ctx: RequestContext, roleId: number, ids: number[] | undefined) {
  if (ids === undefined) return;
  await ctx.transaction(async (tx) => {
    await tx.db.roleCategoryGrant.deleteMany({ where: { roleId } });
    if (ids.length) await tx.db.roleCategoryGrant.createMany({ data: ids.map((categoryId) => ({ tenantId: tenantOf(ctx), roleId, categoryId })) });
  });
}

async function setGrants(ctx: RequestContext, roleId: number, names: string[]) {
  await ctx.transaction(async (tx) => {
    await tx.db.permissionGrant.deleteMany({ where: { roleId } });
    if (names.length)
      await tx.db.permissionGrant.createMany({ data: names.map((name) => ({ name, roleId, isGranted: true, tenantId: ctx.session.tenantId })) });
  });
}

/** The permission tree of the caller's side, localized, checked where `granted` has the name. */
function buildTree(ctx: RequestContext, nodes: readonly PermissionNode[], granted: ReadonlySet<string>): PermissionTreeNode[] {
  return nodes
    .filter((n) => ctx.session.tenantId === null || !n.hostOnly)
    .map((n) => ({
      name: n.name,
      displayName: n.displayName[ctx.culture],
      checked: granted.has(n.name),
      children: buildTree(ctx, n.children ?? [], granted),
    }));
}

/** The columns Create and Update both write. */
const roleColumns = (input: { name: string; displayName: string; description?: string | null; isDefault: boolean }) => ({
  name: input.name,
  normalizedName: input.name.toUpperCase(),
  displayName: input.displayName,
  description: input.description ?? null,
  isDefault: input.isDefault,
});

const generic = crudHandlers(roles, {
  beforeDelete: async (row, ctx) => {
    if (row.isStatic) throw new UserFriendlyError(ctx.t('CanNotDeleteStaticRole', row.name));
    // Deleting a role takes its permissions from its members: only someone holding them all may.
    await assertCanGrantPermissions(ctx, (await ctx.app.permissions.rolePermissions([row.id], ctx.session.tenantId)).get(row.id) ?? []);
  },
});

export const role = implement(RoleService, {
  GetAll: generic.GetAll,
  Get: generic.Get,
  Create: async (input, ctx) => {
    await assertUniqueName(ctx, input.name);
    const names = assertPermissions(ctx, input.grantedPermissions);
    await assertCanGrantPermissions(ctx, names);
    const categoryIds = await assertCategoryIds(ctx, input.grantedCategoryIds);
    // The role and its grants are written together or not at all.
    const id = await ctx.transaction(async (tx) => {
      const created = await tx.db.role.create({ data: roleColumns(input) });
      await setGrants(tx, created.id, names);
      await setCategoryGrants(tx, created.id, categoryIds);
      return created.id;
    });
    return getDto(roles, id, ctx);
  },
  Update: async (input, ctx) => {
    const existing = await getOr404(roles, input.id, ctx);
    if (existing.isStatic && existing.name !== input.name) invalid('name', ctx.t('CanNotRenameStaticRole', existing.name));
    await assertUniqueName(ctx, input.name, input.id);
    const names = assertPermissions(ctx, input.grantedPermissions);
    // Both what the role gives now (its members would lose it) and what it will give must be the caller's own.
    const current = (await ctx.app.permissions.rolePermissions([input.id], ctx.session.tenantId)).get(input.id) ?? [];
    await assertCanGrantPermissions(ctx, [...names, ...current]);
    // Static Admin manages every category anyway: its echoed list is checked but not stored.
    const checked = await assertCategoryIds(ctx, input.grantedCategoryIds);
    const categoryIds = isStaticAdmin(existing) ? undefined : checked;
    await ctx.transaction(async (tx) => {
      await tx.db.role.update({ where: { id: input.id }, data: roleColumns(input) });
      await setGrants(tx, input.id, names);
      await setCategoryGrants(tx, input.id, categoryIds);
    });
    return getDto(roles, input.id, ctx);
  },
  Delete: (input, ctx) =>
    ctx.transaction(async (tx) => {
      await generic.Delete(input, tx);
      // Members leave a deleted role, as ABP's RoleManager does.
      await tx.db.userRole.deleteMany({ where: { roleId: input.Id } });
      return null;
    }),
  getAllTreePermissions: async (input, ctx) => {
    let granted: string[] = [];
    if (input.Id) granted = (await getDto(roles, input.Id, ctx)).grantedPermissions;
    return { items: buildTree(ctx, permissionTree, new Set(granted)), grantedPermissionNames: granted };
  },
  getAllPermissions: async (_input, ctx) => {
    const side = new Set(permissionsOfSide(ctx.session.tenantId));
    const items = flattenPermissions()
      .filter((n) => side.has(n.name))
      .map((n) => ({ id: 0, name: n.name, displayName: n.displayName[ctx.culture], description: null, parentName: n.parent }))
      .sort((a, b) => a.displayName.localeCompare(b.displayName, ctx.culture === 'zh-Hans' ? 'zh-Hans-CN' : 'en'));
    return { items };
  },
});
