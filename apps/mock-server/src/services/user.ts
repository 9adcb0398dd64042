import { UserDto, UserService, type CreateUserInput, type UpdateUserInput } from '@edu/sdk';
import type { z } from 'zod';
import { randomUUID } from 'node:crypto';
import { hashPassword, verifyPassword } from '@edu/db';
import type { RequestContext } from '../kit/context.ts';
import { crudHandlers, getDto, getOr404, type ModelCrud, type RowOf } from '../kit/crud.ts';
import { invalid, UserFriendlyError } from '../kit/errors.ts';
import { selfAndDescendantIds } from '../kit/hierarchy.ts';
import { fullNameOf } from '../kit/names.ts';
import { dtoMapper } from '../kit/dto.ts';
import { assertCanChangeRoles, assertCanManageUsers } from '../kit/privilege.ts';
import { implement } from '../kit/register-service.ts';
import { setUserSetting } from '../kit/settings.ts';
import { compiledTable } from '../kit/sql-list.ts';
import { fullNameWhere, userOption, userOptionSelect, userSearchWhere } from '../kit/user-options.ts';
import { resolveCulture } from '../localization/texts.ts';
import { listRoles } from '../identity/roles.ts';
import { endUserSessions, recheckSessions } from '../identity/session-end.ts';
import { memberImportHandlers } from '../members/import.ts';
import { assertMemberScope, GENERAL, managesStaff, memberPage } from '../members/scope.ts';

type UserRow = RowOf<'User'>;

const userDto = dtoMapper(UserDto);

/** The users' links to roles (UserRole rows, oldest first): compiled SQL (kit/sql-list.ts), else Prisma. */
async function roleLinks(userIds: number[], ctx: RequestContext): Promise<Array<{ userId: number; roleId: number }>> {
  const read = { where: { userId: { in: userIds } }, orderBy: [{ id: 'asc' as const }] };
  const compiled = compiledTable(ctx.prisma, 'UserRole', ctx.session)?.findMany(read);
  if (compiled)
    return compiled.flatMap((r) => (typeof r.userId === 'number' && typeof r.roleId === 'number' ? [{ userId: r.userId, roleId: r.roleId }] : []));
  return ctx.db.userRole.findMany({ ...read, select: { userId: true, roleId: true } });
}

/**
 * A page of users with their live roles and live parents' names. Role and
 * parent names come from the name cache (exact per table version), so a page
 * costs one read of its role links; a role deleted since has no name and is
 * left out, as a deleted parent shows none.
 */
async function toUserDtos(rows: UserRow[], ctx: RequestContext): Promise<UserDto[]> {
  const scope = String(ctx.session.tenantId ?? 'host');
  const links = await roleLinks(
    rows.map((u) => u.id),
    ctx,
  );
  const [roleNames, parentNames] = await Promise.all([
    ctx.app.nameCache.names('Role', `live|${scope}`, [...new Set(links.map((l) => l.roleId))], async (ids) =>
      (await ctx.db.role.findMany({ where: { id: { in: ids } }, select: { id: true, normalizedName: true } })).map(
        (r) => [r.id, r.normalizedName] as const,
      ),
    ),
    ctx.app.nameCache.names('User', `live|${scope}`, [...new Set(rows.flatMap((u) => (u.parentId === null ? [] : [u.parentId])))], async (ids) =>
      (await ctx.db.user.findMany({ where: { id: { in: ids } }, select: { id: true, name: true, surname: true } })).map(
        (p) => [p.id, fullNameOf(p)] as const,
      ),
    ),
  ]);
  const rolesOf = new Map<number, string[]>();
  for (const l of links) {
    const name = roleNames.get(l.roleId);
    if (name) rolesOf.set(l.userId, [...(rolesOf.get(l.userId) ?? []), name]);
  }
  return rows.map((u) =>
    userDto(u, {
      fullName: fullNameOf(u),
      roleNames: rolesOf.get(u.id) ?? [],
      identity: UserDto.shape.identity.parse(u.identity),
      parentName: u.parentId === null ? null : (parentNames.get(u.parentId) ?? null),
    }),
  );
}

const users: ModelCrud<
  'User',
  UserDto,
  { SkipCount: number; MaxResultCount: number; Sorting?: string; Keyword?: string; IsActive?: boolean; Identity?: number; ParentId?: number }
> = {
  entityName: 'User',
  model: (ctx) => ctx.db.user,
  toDtos: toUserDtos,
  keywordColumns: ['userName', 'name', 'surname', 'emailAddress', 'phoneNumber'],
  keywordAlso: fullNameWhere,
  sortable: {
    id: 'id',
    userName: 'userName',
    name: 'name',
    surname: 'surname',
    emailAddress: 'emailAddress',
    isActive: 'isActive',
    identity: 'identity',
    creationTime: 'creationTime',
    lastLoginTime: 'lastLoginTime',
  },
  filter: async (q, ctx) => ({
    ...(q.IsActive !== undefined && { isActive: q.IsActive }),
    ...(q.Identity !== undefined && { identity: q.Identity }),
    // A member manager (Pages.Members.Users without user management) sees members only (members/scope.ts).
    ...(!(await managesStaff(ctx)) && { identity: q.Identity === undefined || q.Identity === 1 ? 1 : -1 }),
    ...(q.ParentId !== undefined && {
      id: { in: (await selfAndDescendantIds(ctx.prisma, ctx.session.tenantId, q.ParentId)).filter((id) => id !== q.ParentId) },
    }),
  }),
};

/** Rejects a user name or e-mail already used in the tenant (by another user). */
async function assertUnique(ctx: RequestContext, input: { userName: string; emailAddress: string }, exceptId?: number) {
  const not = exceptId ? { NOT: { id: exceptId } } : {};
  if (await ctx.db.user.findFirst({ where: { normalizedUserName: input.userName.toUpperCase(), ...not } }))
    invalid('userName', ctx.t('Identity_DuplicateUserName', input.userName));
  if (await ctx.db.user.findFirst({ where: { normalizedEmailAddress: input.emailAddress.toUpperCase(), ...not } }))
    invalid('emailAddress', ctx.t('Identity_DuplicateEmail', input.emailAddress));
}

/** Role names (name or normalized name, any case) -> role ids of the tenant; unknown names are a 400. */
async function roleIdsOf(ctx: RequestContext, roleNames: readonly string[]): Promise<number[]> {
  const roles = await ctx.db.role.findMany({ select: { id: true, name: true, normalizedName: true } });
  return [...new Set(roleNames)].map((n) => {
    const role = roles.find((r) => r.normalizedName === n.toUpperCase());
    return role ? role.id : invalid('roleNames', ctx.t('UnknownRole', n));
  });
}

/** The parent must be a user of the tenant and not the user itself or one of its descendants. */
async function assertParent(ctx: RequestContext, parentId: number | null | undefined, userId?: number) {
  if (parentId === null || parentId === undefined) return;
  if (!(await ctx.db.user.findFirst({ where: { id: parentId }, select: { id: true } }))) invalid('parentId', ctx.t('UnknownUser', parentId));
  if (userId !== undefined && (await selfAndDescendantIds(ctx.prisma, ctx.session.tenantId, userId)).includes(parentId))
    invalid('parentId', ctx.t('ParentCycle'));
}

/** Rules shared by Delete and BatchDelete: not yourself, not the tenant's admin. */
function assertDeletable(ctx: RequestContext, user: { id: number; userName: string }) {
  if (user.id === ctx.session.userId) throw new UserFriendlyError(ctx.t('CanNotDeleteYourself'));
  if (user.userName.toLowerCase() === 'admin') throw new UserFriendlyError(ctx.t('CanNotDeleteAdminUser'));
}

/** Soft-deletes users and moves their direct children up to the deleted user's parent, so nobody drops out of the hierarchy. */
async function deleteUsers(ctx: RequestContext, ids: number[]) {
  const found = await ctx.db.user.findMany({ where: { id: { in: ids } }, select: { id: true, userName: true, parentId: true } });
  for (const u of found) assertDeletable(ctx, u);
  await assertMemberScope(
    ctx,
    found.map((u) => u.id),
  );
  await assertCanManageUsers(
    ctx,
    found.map((u) => u.id),
  );
  await ctx.transaction(async (tx) => {
    for (const u of found) {
      await tx.db.user.updateMany({ where: { parentId: u.id }, data: { parentId: u.parentId } });
      await tx.db.user.delete({ where: { id: u.id } });
    }
  });
}

/** The columns Create and Update both write, normalized names included. */
function userColumns(input: z.output<typeof UpdateUserInput> | z.output<typeof CreateUserInput>) {
  return {
    userName: input.userName,
    normalizedUserName: input.userName.toUpperCase(),
    name: input.name,
    surname: input.surname,
    emailAddress: input.emailAddress,
    normalizedEmailAddress: input.emailAddress.toUpperCase(),
    phoneNumber: input.phoneNumber ?? null,
    isActive: input.isActive,
    identity: input.identity,
    parentId: input.parentId ?? null,
  };
}

const generic = crudHandlers(users);

export const user = implement(UserService, {
  GetAll: generic.GetAll,
  Get: async (input, ctx) => {
    await assertMemberScope(ctx, [input.Id]);
    return generic.Get(input, ctx);
  },
  Create: async (input, ctx) => {
    await assertMemberScope(ctx, [], [input.identity]);
    await assertUnique(ctx, input);
    await assertParent(ctx, input.parentId);
    const roleIds = await roleIdsOf(ctx, input.roleNames);
    await assertCanChangeRoles(ctx, [], roleIds);
    const created = await ctx.db.user.create({
      data: {
        ...userColumns(input),
        passwordHash: hashPassword(input.password),
        securityStamp: randomUUID(),
        roles: { create: roleIds.map((roleId) => ({ roleId, tenantId: ctx.session.tenantId, creatorUserId: ctx.session.userId })) },
      },
    });
    return getDto(users, created.id, ctx);
  },
  Update: async (input, ctx) => {
    const existing = await getOr404(users, input.id, ctx);
    await assertMemberScope(ctx, [input.id], [input.identity]);
    if (existing.userName.toLowerCase() === 'admin' && input.userName.toLowerCase() !== 'admin') invalid('userName', ctx.t('CanNotRenameAdminUser'));
    await assertUnique(ctx, input, input.id);
    await assertParent(ctx, input.parentId, input.id);
    const roleIds = await roleIdsOf(ctx, input.roleNames);
    // Editing (or deactivating) someone needs every permission they hold; changing their roles needs role management too.
    await assertCanManageUsers(ctx, [input.id]);
    const before = await ctx.db.userRole.findMany({ where: { userId: input.id, role: { isDeleted: false } }, select: { roleId: true } });
    await assertCanChangeRoles(
      ctx,
      before.map((r) => r.roleId),
      roleIds,
    );
    await ctx.transaction(async (tx) => {
      await tx.db.user.update({
        where: { id: input.id },
        data: userColumns(input),
      });
      await tx.db.userRole.deleteMany({ where: { userId: input.id } });
      if (roleIds.length)
        await tx.db.userRole.createMany({ data: roleIds.map((roleId) => ({ userId: input.id, roleId, tenantId: ctx.session.tenantId })) });
    });
    // Deactivated: their open hub connections close.
    if (!input.isActive) await recheckSessions(ctx, { userIds: [input.id] });
    return getDto(users, input.id, ctx);
  },
  Delete: async (input, ctx) => {
    await deleteUsers(ctx, [input.Id]);
    await recheckSessions(ctx, { userIds: [input.Id] });
    return null;
  },
  BatchDelete: async (input, ctx) => {
    await deleteUsers(ctx, input.ids);
    await recheckSessions(ctx, { userIds: input.ids });
    return null;
  },
  GetRoles: async (_input, ctx) => {
    return { items: await listRoles(ctx) };
  },
  GetMemberOptions: async (input, ctx) => {
    const members = await ctx.db.user.findMany({
      where: { AND: [{ identity: GENERAL }, input.Id !== undefined ? { id: input.Id } : userSearchWhere(input.Keyword || undefined)] },
      orderBy: { id: 'asc' },
      take: input.MaxResultCount,
      select: userOptionSelect,
    });
    return { items: members.map((u) => userOption(u, ctx)) };
  },
  GetAllUsers: async (_input, ctx) => {
    const rows = await ctx.db.user.findMany({
      select: { id: true, userName: true, name: true, surname: true, identity: true, parentId: true },
      orderBy: { id: 'asc' },
    });
    return {
      items: rows.map((u) => ({
        id: u.id,
        userName: u.userName,
        fullName: fullNameOf(u),
        identity: u.identity as UserDto['identity'],
        parentId: u.parentId,
      })),
    };
  },
  ChangeLanguage: async (input, ctx) => {
    const me = await ctx.requireUser();
    const culture = resolveCulture(input.languageName);
    if (!culture) invalid('languageName', ctx.t('UnknownLanguage', input.languageName));
    await setUserSetting(ctx.prisma, me.tenantId, me.id, 'Abp.Localization.DefaultLanguageName', culture);
    return null;
  },
  ResetPassword: async (input, ctx) => {
    const me = await ctx.requireUser();
    const own = await ctx.db.user.findFirst({ where: { id: me.id }, select: { passwordHash: true } });
    if (!own || !verifyPassword(own.passwordHash, input.adminPassword).ok) throw new UserFriendlyError(ctx.t('WrongAdminPassword'));
    if (!me.isAdmin) throw new UserFriendlyError(ctx.t('OnlyAdminsCanResetPasswords'));
    await getOr404(users, input.userId, ctx);
    await assertMemberScope(ctx, [input.userId]);
    await assertCanManageUsers(ctx, [input.userId]);
    // A new security stamp ends every token issued before the reset (kit/permission-checker.ts).
    await ctx.db.user.update({
      where: { id: input.userId },
      data: { passwordHash: hashPassword(input.newPassword), securityStamp: randomUUID(), accessFailedCount: 0, lockoutEndDate: null },
    });
    endUserSessions(ctx, input.userId);
    return true;
  },
  changeUserIdentity: async (input, ctx) => {
    await getOr404(users, input.id, ctx);
    await assertMemberScope(ctx, [input.id], [input.identity]);
    await assertCanManageUsers(ctx, [input.id]);
    await ctx.db.user.update({ where: { id: input.id }, data: { identity: input.identity } });
    return getDto(users, input.id, ctx);
  },
  /** Members with their balance (members/scope.ts): the page's ids and balances in one query, then the usual user DTOs. */
  GetAllMembers: async (input, ctx) => {
    const page = await memberPage(ctx, input);
    const rows = await ctx.db.user.findMany({ where: { id: { in: page.ids } } });
    const byId = new Map(rows.map((r) => [r.id, r]));
    const dtos = await toUserDtos(
      page.ids.flatMap((id) => byId.get(id) ?? []),
      ctx,
    );
    return { totalCount: page.totalCount, items: dtos.map((d) => ({ ...d, balance: page.balances.get(d.id) ?? 0 })) };
  },
  ...memberImportHandlers,
});
