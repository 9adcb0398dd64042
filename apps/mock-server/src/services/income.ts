import { IncomeService, LedgerEntryDto, LedgerEntryType, chinaDay, chinaDayRange, type GetAllLedgerInput } from '@edu/sdk';
import { Prisma } from '@edu/db';
import type { z } from 'zod';
import type { RequestContext } from '../kit/context.ts';
import { EntityNotFoundError, invalid } from '../kit/errors.ts';
import type { TextKey } from '../localization/texts.ts';
import { iso } from '../kit/paging.ts';
import { implement } from '../kit/register-service.ts';
import { book, ledgerBalance, requireMember, reverse, type LedgerRow } from '../ledger/ledger.ts';
import {
  channelNames,
  chinaTime,
  type ExportColumn,
  inOrder,
  memberExportColumn,
  moneyListCalls,
  type MoneyListSpec,
  remarkExportColumn,
  sqlTime,
  userNames,
} from '../ledger/money-list.ts';

/** The ledger as a list, the platform's income, adjustments and reversals (docs/architecture/money.md, "The ledger"). */

type LedgerQuery = z.output<typeof GetAllLedgerInput>;

const ledgerSpec = (q: Partial<LedgerQuery>): MoneyListSpec => ({
  table: 'LedgerEntry',
  softDelete: false,
  where: q.Channel === undefined ? [] : [Prisma.sql`"channel" = ${q.Channel}`],
  numberColumns: ['serialNo', 'orderNo', 'transactionNo'],
  tab: { column: 'type', value: q.Type, values: Object.values(LedgerEntryType.values) },
  inSql: Prisma.sql`CASE WHEN "amount" > 0 THEN "amount" ELSE 0 END`,
  outSql: Prisma.sql`CASE WHEN "amount" < 0 THEN -"amount" ELSE 0 END`,
});

/** Ledger rows with member and operator names and the reversal that undid each (one query each). */
export async function ledgerDtos(ctx: RequestContext, rows: LedgerRow[]): Promise<LedgerEntryDto[]> {
  const [names, reversals] = await Promise.all([
    userNames(
      ctx,
      rows.flatMap((r) => [r.memberId, r.operatorUserId]),
    ),
    // By the unique reversalOfId index: reversals share their entry's tenant (see byIds).
    rows.length
      ? ctx.prisma.ledgerEntry.findMany({ where: { reversalOfId: { in: rows.map((r) => r.id) } }, select: { id: true, reversalOfId: true } })
      : [],
  ]);
  const reversedBy = new Map(reversals.map((r) => [r.reversalOfId, r.id]));
  return rows.map((r) =>
    LedgerEntryDto.parse({
      id: r.id,
      serialNo: r.serialNo,
      memberId: r.memberId,
      memberUserName: names.get(r.memberId)?.userName ?? '',
      memberName: names.get(r.memberId)?.name ?? '',
      type: r.type,
      channel: r.channel,
      amount: r.amount,
      balanceAfter: r.balanceAfter,
      orderNo: r.orderNo,
      transactionNo: r.transactionNo,
      operatorUserId: r.operatorUserId,
      operatorName: r.operatorUserId === null ? null : (names.get(r.operatorUserId)?.name ?? null),
      remark: r.remark,
      reversalOfId: r.reversalOfId,
      reversedById: reversedBy.get(r.id) ?? null,
      creationTime: iso(r.creationTime),
    }),
  );
}

/**
 * Entries by primary key, the tenant checked on the row. Through the
 * tenant filter SQLite's planner walks the (tenantId, …) index instead of
 * the primary key: about a second per lookup over a million ledger rows.
 */
async function byIds(ctx: RequestContext, ids: readonly number[]): Promise<LedgerRow[]> {
  if (!ids.length) return [];
  const rows = await ctx.prisma.ledgerEntry.findMany({ where: { id: { in: [...ids] } } });
  return rows.filter((r) => r.tenantId === ctx.session.tenantId);
}

async function entryOr404(ctx: RequestContext, id: number) {
  return (await byIds(ctx, [id]))[0] ?? Promise.reject(new EntityNotFoundError('LedgerEntry', id));
}

const load = async (ctx: RequestContext, ids: number[]) => ledgerDtos(ctx, inOrder(ids, await byIds(ctx, ids)));
const one = async (ctx: RequestContext, id: number) => (await ledgerDtos(ctx, [await entryOr404(ctx, id)]))[0]!;

const typeNames = {
  1: 'LedgerTypeRecharge',
  2: 'LedgerTypeConsumption',
  3: 'LedgerTypeRefund',
  4: 'LedgerTypeIncome',
  5: 'LedgerTypeAdjustment',
} as const satisfies Record<number, TextKey>;

const ledgerColumns = (ctx: RequestContext): Array<ExportColumn<LedgerEntryDto>> => [
  { header: 'MoneyColumnSerialNo', kind: 'text', width: 22, value: (r) => r.serialNo },
  { header: 'MoneyColumnTime', kind: 'time', width: 20, value: (r) => chinaTime(new Date(r.creationTime)) },
  memberExportColumn(),
  { header: 'MoneyColumnType', kind: 'text', value: (r) => ctx.t(typeNames[r.type]) },
  { header: 'MoneyColumnChannel', kind: 'text', value: (r) => ctx.t(channelNames[r.channel]) },
  { header: 'MoneyColumnAmount', kind: 'yuan', value: (r) => r.amount },
  { header: 'MoneyColumnBalanceAfter', kind: 'yuan', width: 18, value: (r) => r.balanceAfter },
  { header: 'MoneyColumnRelatedOrder', kind: 'text', width: 22, value: (r) => r.orderNo },
  { header: 'MoneyColumnTransactionNo', kind: 'text', width: 34, value: (r) => r.transactionNo },
  { header: 'MoneyColumnOperator', kind: 'text', value: (r) => r.operatorName },
  remarkExportColumn(),
];

/** Every UTC+8 day from `from` to `to`, inclusive. */
function daysOf(from: string, to: string): string[] {
  const out: string[] = [];
  for (let t = Date.parse(`${from}T00:00:00Z`); t <= Date.parse(`${to}T00:00:00Z`); t += 86_400_000) out.push(new Date(t).toISOString().slice(0, 10));
  return out;
}

export const income = implement(IncomeService, {
  ...moneyListCalls({ spec: ledgerSpec, load, one, title: 'MoneyTitleLedger', columns: ledgerColumns }),
  GetIncomeSummary: async (q, ctx) => {
    const to = q.DateTo ?? chinaDay(new Date());
    const from = q.DateFrom ?? new Date(Date.parse(`${to}T00:00:00Z`) - 29 * 86_400_000).toISOString().slice(0, 10);
    if (to < from) invalid('dateTo', ctx.t('DateRangeReversed'));
    const days = daysOf(from, to);
    if (days.length > 366) invalid('dateFrom', ctx.t('MoneyPeriodTooLong'));
    const range = chinaDayRange(from, to);
    const gte = sqlTime(range.gte ?? new Date(0));
    const lt = sqlTime(range.lt ?? new Date());
    const tenant = ctx.session.tenantId === null ? Prisma.sql`"tenantId" IS NULL` : Prisma.sql`"tenantId" = ${ctx.session.tenantId}`;
    // Per day and ledger type: income is consumption less refunds; one grouped query over the range.
    const [perDay, perItem, held] = await Promise.all([
      ctx.db.$queryRaw<Array<{ day: string; type: number | bigint; total: number | bigint; n: number | bigint }>>`
        SELECT strftime('%Y-%m-%d', "creationTime", '+8 hours') AS day, "type", SUM("amount") AS total, COUNT(*) AS n
        FROM "LedgerEntry" WHERE ${tenant} AND "creationTime" >= ${gte} AND "creationTime" < ${lt}
        GROUP BY day, "type"`,
      // By what was bought: the same ledger rows of the period (purchases and refunds when booked), by their order's item type,
      // so the types add up to the totals (a refund counts on the day it is made, as in `totals`).
      ctx.db.$queryRaw<Array<{ itemType: number | bigint; spent: number | bigint; refunded: number | bigint; n: number | bigint }>>`
        SELECT c."itemType" AS "itemType",
          SUM(CASE WHEN l."type" = 2 THEN -l."amount" ELSE 0 END) AS spent,
          SUM(CASE WHEN l."type" = 3 THEN l."amount" ELSE 0 END) AS refunded,
          SUM(CASE WHEN l."type" = 2 THEN 1 ELSE 0 END) AS n
        FROM "LedgerEntry" l JOIN "Consumption" c ON c."orderNo" = l."orderNo"
        WHERE l.${tenant} AND l."type" IN (2, 3) AND l."creationTime" >= ${gte} AND l."creationTime" < ${lt}
        GROUP BY c."itemType"`,
      ctx.db.$queryRaw<Array<{ total: number | bigint | null }>>`SELECT SUM("balance") AS total FROM "MemberAccount" WHERE ${tenant}`,
    ]);
    const zero = () => ({ income: 0, refunded: 0, net: 0, recharged: 0, rewards: 0, adjustments: 0, orders: 0 });
    const byDay = new Map(days.map((d) => [d, { day: d, ...zero() }]));
    const totals = zero();
    for (const r of perDay) {
      const d = byDay.get(r.day);
      if (!d) continue;
      const amount = Number(r.total);
      const n = Number(r.n);
      for (const f of [d, totals]) {
        const type = Number(r.type);
        if (type === 2) {
          f.income += -amount;
          f.orders += n;
        } else if (type === 3) f.refunded += amount;
        else if (type === 1) f.recharged += amount;
        else if (type === 4) f.rewards += amount;
        else f.adjustments += amount;
        f.net = f.income - f.refunded;
      }
    }
    return {
      dateFrom: from,
      dateTo: to,
      totals,
      byDay: [...byDay.values()],
      byType: [1, 2, 3].map((itemType) => {
        const r = perItem.find((x) => Number(x.itemType) === itemType);
        const spent = Number(r?.spent ?? 0);
        const refunded = Number(r?.refunded ?? 0);
        return { itemType, income: spent, refunded, net: spent - refunded, orders: Number(r?.n ?? 0) };
      }),
      balanceHeld: Number(held[0]?.total ?? 0),
    };
  },
  CreateAdjustment: async (input, ctx) => {
    await requireMember(ctx, input.memberId);
    const row = await ctx.transaction((tx) =>
      book(tx, { memberId: input.memberId, type: 5, channel: 4, amount: input.amount, remark: input.reason }),
    );
    return (await ledgerDtos(ctx, [row]))[0]!;
  },
  ReverseEntry: async (input, ctx) => {
    const entry = await entryOr404(ctx, input.id);
    const row = await ctx.transaction((tx) => reverse(tx, entry, input.reason));
    return (await ledgerDtos(ctx, [row]))[0]!;
  },
  GetMemberBalance: async (q, ctx) => {
    await requireMember(ctx, q.MemberId, 'memberId');
    const { balance, entries } = await ledgerBalance(ctx, q.MemberId);
    return { memberId: q.MemberId, balance, entries };
  },
});
