import { flattenPermissions, permissionTree, RoleService, type PermissionNode, type PermissionTreeNode, type RoleDto } from '@edu/sdk';
import type { RequestContext } from '../kit/context.ts';
import { crudHandlers, getOr404, type CrudConfig } from '../kit/crud.ts';
import { invalid, UserFriendlyError } from '../kit/errors.ts';
import { iso } from '../kit/paging.ts';
import { permissionsOfSide } from '../kit/permission-checker.ts';
import { implement } from '../kit/register-service.ts';

type RoleRow = {
  id: number;
  tenantId: number | null;
  name: string;
  normalizedName: string;
  displayName: string;
  description: string | null;
  isStatic: boolean;
  isDefault: boolean;
  creationTime: Date;
  grantedPermissions?: string[];
};

export function toRoleDto(r: RoleRow): RoleDto {
  return {
    id: r.id,
    name: r.name,
    displayName: r.displayName,
    normalizedName: r.normalizedName,
    description: r.description,
    isStatic: r.isStatic,
    isDefault: r.isDefault,
    grantedPermissions: r.grantedPermissions ?? [],
    creationTime: iso(r.creationTime),
  };
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

/** Roles with their granted permission names (one grants query per page, not per row). */
async function withGrants(ctx: RequestContext, rows: RoleRow[]): Promise<RoleDto[]> {
  const grants = await grantedOf(ctx, rows.map((r) => r.id));
  return rows.map((r) => toRoleDto({ ...r, grantedPermissions: grants.get(r.id) ?? [] }));
}

/** Every role of the tenant with its grants, for pickers. */
export async function listRoles(ctx: RequestContext): Promise<RoleDto[]> {
  return withGrants(ctx, await ctx.db.role.findMany({ orderBy: { id: 'asc' } }));
}

const roles: CrudConfig<RoleRow, RoleDto, { SkipCount: number; MaxResultCount: number; Sorting?: string; Keyword?: string }> = {
  entityName: 'Role',
  model: (ctx) => ctx.db.role as never,
  toDto: async (row, ctx) => (await withGrants(ctx, [row]))[0]!,
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

async function setGrants(ctx: RequestContext, roleId: number, names: string[]) {
  await ctx.db.$transaction(async (tx) => {
    await tx.permissionGrant.deleteMany({ where: { roleId } });
    if (names.length) await tx.permissionGrant.createMany({ data: names.map((name) => ({ name, roleId, isGranted: true, tenantId: ctx.session.tenantId })) });
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

const generic = crudHandlers(roles, {
  beforeDelete: (row, ctx) => {
    if (row.isStatic) throw new UserFriendlyError(ctx.t('CanNotDeleteStaticRole', row.name));
  },
});

export const role = implement(RoleService, {
  GetAll: generic.GetAll,
  Get: generic.Get,
  Create: async (input, ctx) => {
    await assertUniqueName(ctx, input.name);
    const names = assertPermissions(ctx, input.grantedPermissions);
    const created = await ctx.db.role.create({
      data: {
        name: input.name,
        normalizedName: input.name.toUpperCase(),
        displayName: input.displayName,
        description: input.description ?? null,
        isDefault: input.isDefault,
      },
    });
    await setGrants(ctx, created.id, names);
    return roles.toDto(await getOr404<RoleRow>(roles, created.id, ctx), ctx);
  },
  Update: async (input, ctx) => {
    const existing = await getOr404<RoleRow>(roles, input.id, ctx);
    if (existing.isStatic && existing.name !== input.name) invalid('name', ctx.t('CanNotRenameStaticRole', existing.name));
    await assertUniqueName(ctx, input.name, input.id);
    const names = assertPermissions(ctx, input.grantedPermissions);
    await ctx.db.role.update({
      where: { id: input.id },
      data: {
        name: input.name,
        normalizedName: input.name.toUpperCase(),
        displayName: input.displayName,
        description: input.description ?? null,
        isDefault: input.isDefault,
      },
    });
    await setGrants(ctx, input.id, names);
    return roles.toDto(await getOr404<RoleRow>(roles, input.id, ctx), ctx);
  },
  Delete: async (input, ctx) => {
    await generic.Delete(input, ctx);
    // Members leave a deleted role, as ABP's RoleManager does.
    await ctx.db.userRole.deleteMany({ where: { roleId: input.Id } });
    return null;
  },
  getAllTreePermissions: async (input, ctx) => {
    let granted: string[] = [];
    if (input.Id) {
      await getOr404(roles, input.Id, ctx);
      granted = (await grantedOf(ctx, [input.Id])).get(input.Id) ?? [];
    }
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
