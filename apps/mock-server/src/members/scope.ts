import { chinaDayRange, Permissions, type GetAllMembersInput } from '@edu/sdk';
import { Prisma } from '@edu/db';
import type { z } from 'zod';
import type { RequestContext } from '../kit/context.ts';
import { ForbiddenError, invalid } from '../kit/errors.ts';
import { selfAndDescendantIds } from '../kit/hierarchy.ts';
import { lookupTable } from '../kit/lookup.ts';
import { sqlTime } from '../ledger/money-list.ts';

/**
 * Members (docs/architecture/money.md, "Members"): the General
 * identity. A holder of `Pages.Members.Users` without
 * `Pages.Administration.Manages` works on members only: every User call
 * checks its targets (and any identity it would give) here, on the server.
 */

export const GENERAL = 1;

/** Whether the caller may work on staff (administrators and holders of user management). */
export async function managesStaff(ctx: RequestContext): Promise<boolean> {
  const me = await ctx.requireUser();
  return me.isAdmin || me.granted.has(Permissions.Manages);
}

/**
 * A member manager may touch members only and may not make anyone staff:
 * 403 naming `Pages.Administration.Manages` when a target user (by id) or
 * the identity to give is not General. Unknown ids are left to the caller's 404.
 */
export async function assertMemberScope(
  ctx: RequestContext,
  userIds: readonly number[],
  identities: ReadonlyArray<number | undefined> = [],
): Promise<void> {
  if (await managesStaff(ctx)) return;
  const staffIdentity = identities.some((i) => i !== undefined && i !== GENERAL);
  const staff = userIds.length ? await ctx.db.user.count({ where: { id: { in: [...userIds] }, identity: { not: GENERAL } } }) : 0;
  if (staffIdentity || staff > 0) throw new ForbiddenError([Permissions.Manages]);
}

const SORTABLE = lookupTable({
  id: 'u."id"',
  username: 'u."userName"',
  creationtime: 'u."creationTime"',
  lastlogintime: 'u."lastLoginTime"',
  balance: 'COALESCE(a."balance", 0)',
  isactive: 'u."isActive"',
});

/** One page of the member list: ids in order, the count, and each member's balance (from the ledger's account). */
export async function memberPage(
  ctx: RequestContext,
  q: z.output<typeof GetAllMembersInput>,
): Promise<{ ids: number[]; totalCount: number; balances: Map<number, number> }> {
  const identity = q.Identity ?? GENERAL;
  if (identity !== GENERAL && !(await managesStaff(ctx))) throw new ForbiddenError([Permissions.Manages]);
  if (q.RegisteredFrom && q.RegisteredTo && q.RegisteredTo < q.RegisteredFrom) invalid('registeredTo', ctx.t('DateRangeReversed'));
  const tenant = ctx.session.tenantId;
  const range = chinaDayRange(q.RegisteredFrom, q.RegisteredTo);
  const conds: Prisma.Sql[] = [
    tenant === null ? Prisma.sql`u."tenantId" IS NULL` : Prisma.sql`u."tenantId" = ${tenant}`,
    Prisma.sql`u."isDeleted" = 0`,
    Prisma.sql`u."identity" = ${identity}`,
  ];
  if (q.IsActive !== undefined) conds.push(Prisma.sql`u."isActive" = ${q.IsActive ? 1 : 0}`);
  if (range.gte) conds.push(Prisma.sql`u."creationTime" >= ${sqlTime(range.gte)}`);
  if (range.lt) conds.push(Prisma.sql`u."creationTime" < ${sqlTime(range.lt)}`);
  if (q.ParentId !== undefined) {
    const below = (await selfAndDescendantIds(ctx.prisma, tenant, q.ParentId)).filter((id) => id !== q.ParentId);
    conds.push(below.length ? Prisma.sql`u."id" IN (${Prisma.join(below)})` : Prisma.sql`0`);
  }
  const k = q.Keyword?.trim();
  if (k) {
    const like = `%${k.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    conds.push(
      Prisma.sql`(u."userName" LIKE ${like} ESCAPE '\\' OR (u."surname" || u."name") LIKE ${like} ESCAPE '\\' OR u."name" LIKE ${like} ESCAPE '\\'
        OR u."phoneNumber" LIKE ${like} ESCAPE '\\' OR u."emailAddress" LIKE ${like} ESCAPE '\\')`,
    );
  }
  let order = 'u."creationTime" DESC, u."id" DESC';
  if (q.Sorting?.trim()) {
    order = q.Sorting.split(',')
      .map((p) => {
        const [field = '', dir = 'asc', ...rest] = p.trim().split(/\s+/);
        const column = SORTABLE[field.toLowerCase()];
        if (!column || rest.length || !/^(asc|desc)$/i.test(dir)) invalid('sorting', ctx.t('CannotSortBy', p.trim()));
        return `${column} ${dir.toUpperCase()}`;
      })
      .concat('u."id" DESC')
      .join(', ');
  }
  const where = Prisma.join(conds, ' AND ');
  const [count, rows] = await Promise.all([
    ctx.db.$queryRaw<Array<{ n: number | bigint }>>`SELECT COUNT(*) AS n FROM "User" u WHERE ${where}`,
    ctx.db.$queryRaw<Array<{ id: number | bigint; balance: number | bigint }>>`
      SELECT u."id" AS id, COALESCE(a."balance", 0) AS balance FROM "User" u LEFT JOIN "MemberAccount" a ON a."userId" = u."id"
      WHERE ${where} ORDER BY ${Prisma.raw(order)} LIMIT ${q.MaxResultCount} OFFSET ${q.SkipCount}`,
  ]);
  return {
    ids: rows.map((r) => Number(r.id)),
    totalCount: Number(count[0]?.n ?? 0),
    balances: new Map(rows.map((r) => [Number(r.id), Number(r.balance)])),
  };
}
