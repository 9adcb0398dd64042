import { ConsumptionDto, ConsumptionService, ConsumptionStatus, fenToYuan, type GetAllConsumptionInput } from '@edu/sdk';
import { Prisma } from '@edu/db';
import type { z } from 'zod';
import type { RowOf } from '../kit/crud.ts';
import type { RequestContext } from '../kit/context.ts';
import { EntityNotFoundError, invalid, UserFriendlyError } from '../kit/errors.ts';
import type { TextKey } from '../localization/texts.ts';
import { iso } from '../kit/paging.ts';
import { implement } from '../kit/register-service.ts';
import { book, requireMember, reserveNumbers } from '../ledger/ledger.ts';
import {
  chinaTime,
  inOrder,
  userNames,
  type ExportColumn,
  type MoneyListSpec,
  memberExportColumn,
  moneyListCalls,
  remarkExportColumn,
} from '../ledger/money-list.ts';

/**
 * Consumption records (docs/architecture/money.md, "Recharges, consumption, income";
 * rules in the SDK's consumption.ts). A purchase and its ledger row commit
 * together; a refund raises `refundedAmount` with a guarded update
 * (`refundedAmount + x <= amount`) and is keyed by the client's `requestNo`
 * (unique), so neither a race nor a double click refunds twice. The key
 * sent again with another amount or reason is a 400 on `requestNo` (the
 * client reused a key for a different request), never the earlier answer.
 */

type ConsumptionRow = RowOf<'Consumption'>;
type ConsumptionQuery = z.output<typeof GetAllConsumptionInput>;

const spec = (q: Partial<ConsumptionQuery>): MoneyListSpec => ({
  table: 'Consumption',
  softDelete: true,
  where: q.ItemType === undefined ? [] : [Prisma.sql`"itemType" = ${q.ItemType}`],
  numberColumns: ['orderNo'],
  tab: { column: 'status', value: q.Status, values: Object.values(ConsumptionStatus.values) },
  inSql: Prisma.sql`"refundedAmount"`,
  outSql: Prisma.sql`"amount"`,
});

const statusOf = (amount: number, refunded: number) => (refunded === 0 ? 1 : refunded >= amount ? 3 : 2);

async function toDtos(ctx: RequestContext, rows: ConsumptionRow[], detail: boolean): Promise<ConsumptionDto[]> {
  const ids = rows.map((r) => r.id);
  const refunds =
    detail && ids.length ? await ctx.db.consumptionRefund.findMany({ where: { consumptionId: { in: ids } }, orderBy: { id: 'asc' } }) : [];
  const entryIds = [...rows.flatMap((r) => (r.ledgerEntryId === null ? [] : [r.ledgerEntryId])), ...refunds.map((r) => r.ledgerEntryId)];
  const [names, entries] = await Promise.all([
    userNames(ctx, [...rows.flatMap((r) => [r.memberId, r.creatorUserId]), ...refunds.map((r) => r.creatorUserId)]),
    entryIds.length ? ctx.db.ledgerEntry.findMany({ where: { id: { in: entryIds } }, select: { id: true, serialNo: true } }) : [],
  ]);
  const serials = new Map(entries.map((e) => [e.id, e.serialNo]));
  return rows.map((r) =>
    ConsumptionDto.parse({
      id: r.id,
      orderNo: r.orderNo,
      memberId: r.memberId,
      memberUserName: names.get(r.memberId)?.userName ?? '',
      memberName: names.get(r.memberId)?.name ?? '',
      itemType: r.itemType,
      itemId: r.itemId,
      itemName: r.itemName,
      amount: r.amount,
      refundedAmount: r.refundedAmount,
      refundable: r.amount - r.refundedAmount,
      status: r.status,
      remark: r.remark,
      ledgerSerialNo: r.ledgerEntryId === null ? null : (serials.get(r.ledgerEntryId) ?? null),
      operatorName: r.creatorUserId === null || r.creatorUserId === r.memberId ? null : (names.get(r.creatorUserId)?.name ?? null),
      creationTime: iso(r.creationTime),
      refunds: refunds
        .filter((f) => f.consumptionId === r.id)
        .map((f) => ({
          id: f.id,
          amount: f.amount,
          reason: f.reason,
          requestNo: f.requestNo,
          ledgerSerialNo: serials.get(f.ledgerEntryId) ?? '',
          operatorName: f.creatorUserId === null ? null : (names.get(f.creatorUserId)?.name ?? null),
          creationTime: iso(f.creationTime),
        })),
    }),
  );
}

async function rowOr404(ctx: RequestContext, id: number): Promise<ConsumptionRow> {
  const row = await ctx.db.consumption.findFirst({ where: { id } });
  if (!row) throw new EntityNotFoundError('Consumption', id);
  return row;
}
const dtoOf = async (ctx: RequestContext, id: number) => (await toDtos(ctx, [await rowOr404(ctx, id)], true))[0]!;
const load = async (ctx: RequestContext, ids: number[]) =>
  toDtos(ctx, inOrder(ids, await ctx.db.consumption.findMany({ where: { id: { in: ids } } })), false);

const itemNames = { 1: 'ConsumptionItemCourse', 2: 'ConsumptionItemPaper', 3: 'ConsumptionItemHomework' } as const satisfies Record<number, TextKey>;
const statusNames = { 1: 'ConsumptionStatusPaid', 2: 'ConsumptionStatusPartlyRefunded', 3: 'ConsumptionStatusRefunded' } as const satisfies Record<
  number,
  TextKey
>;
const columns = (ctx: RequestContext): Array<ExportColumn<ConsumptionDto>> => [
  { header: 'MoneyColumnOrderNo', kind: 'text', width: 22, value: (r) => r.orderNo },
  { header: 'MoneyColumnTime', kind: 'time', width: 20, value: (r) => chinaTime(new Date(r.creationTime)) },
  memberExportColumn(),
  { header: 'MoneyColumnType', kind: 'text', value: (r) => ctx.t(itemNames[r.itemType]) },
  { header: 'MoneyColumnItem', kind: 'text', width: 30, value: (r) => r.itemName },
  { header: 'MoneyColumnAmount', kind: 'yuan', value: (r) => r.amount },
  { header: 'MoneyColumnRefunded', kind: 'yuan', value: (r) => r.refundedAmount },
  { header: 'MoneyColumnStatus', kind: 'text', value: (r) => ctx.t(statusNames[r.status]) },
  { header: 'MoneyColumnLedgerSerial', kind: 'text', width: 22, value: (r) => r.ledgerSerialNo },
  remarkExportColumn(),
];

export const consumption = implement(ConsumptionService, {
  ...moneyListCalls({ spec, load, one: dtoOf, title: 'MoneyTitleConsumption', columns }),
  Create: async (input, ctx) => {
    await requireMember(ctx, input.memberId);
    const id = await ctx.transaction(async (tx) => {
      const [orderNo] = await reserveNumbers(tx, 'C');
      const entry = await book(tx, { memberId: input.memberId, type: 2, channel: 4, amount: -input.amount, orderNo, remark: input.itemName });
      const row = await tx.db.consumption.create({
        data: {
          tenantId: tx.session.tenantId,
          orderNo: orderNo!,
          memberId: input.memberId,
          itemType: input.itemType,
          itemId: input.itemId ?? null,
          itemName: input.itemName,
          amount: input.amount,
          remark: input.remark ?? null,
          ledgerEntryId: entry.id,
        },
      });
      return row.id;
    });
    return dtoOf(ctx, id);
  },
  Update: async (input, ctx) => {
    await rowOr404(ctx, input.id);
    await ctx.db.consumption.update({ where: { id: input.id }, data: { itemName: input.itemName, remark: input.remark ?? null } });
    return dtoOf(ctx, input.id);
  },
  Delete: async (q, ctx) => {
    const row = await ctx.db.consumption.findFirst({ where: { id: q.Id } });
    if (!row) return null;
    const gone = await ctx.db.consumption.deleteMany({ where: { id: row.id, status: 3 } });
    if (gone.count === 0) throw new UserFriendlyError(ctx.t('ConsumptionNotRefunded'));
    return null;
  },
  Refund: async (input, ctx) => {
    const row = await rowOr404(ctx, input.id);
    const sameRequest = async (db: RequestContext['db']) => {
      const earlier = await db.consumptionRefund.findFirst({
        where: { requestNo: input.requestNo },
        select: { consumptionId: true, amount: true, reason: true },
      });
      if (earlier && earlier.consumptionId !== row.id) invalid('requestNo', ctx.t('RefundRequestOfOther'));
      if (earlier && (earlier.amount !== input.amount || earlier.reason !== input.reason)) invalid('requestNo', ctx.t('RefundRequestChanged'));
      return earlier !== null;
    };
    try {
      await ctx.transaction(async (tx) => {
        // The same request again: answered as it was, refunded once.
        if (await sameRequest(tx.db)) return;
        // Guarded: the cap holds whatever ran in between.
        const raised = await tx.db.$queryRaw<Array<{ refundedAmount: number | bigint; amount: number | bigint }>>`
        UPDATE "Consumption" SET "refundedAmount" = "refundedAmount" + ${input.amount}, "lastModificationTime" = ${new Date()}, "lastModifierUserId" = ${tx.session.userId}
        WHERE "id" = ${row.id} AND "isDeleted" = 0 AND "refundedAmount" + ${input.amount} <= "amount"
        RETURNING "refundedAmount", "amount"`;
        const after = raised[0];
        if (!after) {
          const now = await rowOr404(tx, row.id);
          throw new UserFriendlyError(tx.t('RefundOverLimit', fenToYuan(now.amount - now.refundedAmount)));
        }
        const refunded = Number(after.refundedAmount);
        await tx.db.consumption.update({ where: { id: row.id }, data: { status: statusOf(Number(after.amount), refunded) } });
        const entry = await book(tx, {
          memberId: row.memberId,
          type: 3,
          channel: 4,
          amount: input.amount,
          orderNo: row.orderNo,
          remark: input.reason,
        });
        await tx.db.consumptionRefund.create({
          data: {
            tenantId: tx.session.tenantId,
            consumptionId: row.id,
            amount: input.amount,
            reason: input.reason,
            requestNo: input.requestNo,
            ledgerEntryId: entry.id,
            creatorUserId: tx.session.userId,
          },
        });
      });
    } catch (err) {
      // Two submissions of one request raced: the unique key let one commit; this one answers it (or names another tenant's key).
      if (!(err instanceof Prisma.PrismaClientKnownRequestError && err.code === 'P2002')) throw err;
      if (!(await sameRequest(ctx.db))) invalid('requestNo', ctx.t('RefundRequestOfOther'));
    }
    return dtoOf(ctx, row.id);
  },
});
