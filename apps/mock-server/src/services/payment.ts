import { PaymentDto, PaymentService, PaymentStatus, type GetAllPaymentInput } from '@edu/sdk';
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
  channelNames,
  chinaTime,
  type ExportColumn,
  inOrder,
  memberExportColumn,
  moneyListCalls,
  type MoneyListSpec,
  remarkExportColumn,
  userNames,
} from '../ledger/money-list.ts';

/**
 * Recharge orders (docs/architecture/money.md, "Recharges, consumption, income"; the
 * rules are in the SDK's payment.ts). Every status move is a guarded update
 * (`WHERE status = 0`), so two requests racing on one order change it once,
 * and a booking commits with the move that caused it.
 */

type PaymentRow = RowOf<'Payment'>;
type PaymentQuery = z.output<typeof GetAllPaymentInput>;

const spec = (q: Partial<PaymentQuery>): MoneyListSpec => ({
  table: 'Payment',
  softDelete: true,
  where: q.Channel === undefined ? [] : [Prisma.sql`"channel" = ${q.Channel}`],
  numberColumns: ['orderNo', 'transactionNo'],
  tab: { column: 'status', value: q.Status, values: Object.values(PaymentStatus.values) },
  inSql: Prisma.sql`CASE WHEN "status" = 1 THEN "amount" ELSE 0 END`,
  outSql: Prisma.sql`0`,
});

async function toDtos(ctx: RequestContext, rows: PaymentRow[]): Promise<PaymentDto[]> {
  const [names, entries] = await Promise.all([
    userNames(
      ctx,
      rows.flatMap((r) => [r.memberId, r.creatorUserId]),
    ),
    ctx.db.ledgerEntry.findMany({
      where: { id: { in: rows.flatMap((r) => (r.ledgerEntryId === null ? [] : [r.ledgerEntryId])) } },
      select: { id: true, serialNo: true },
    }),
  ]);
  const serials = new Map(entries.map((e) => [e.id, e.serialNo]));
  return rows.map((r) =>
    PaymentDto.parse({
      id: r.id,
      orderNo: r.orderNo,
      memberId: r.memberId,
      memberUserName: names.get(r.memberId)?.userName ?? '',
      memberName: names.get(r.memberId)?.name ?? '',
      amount: r.amount,
      channel: r.channel,
      status: r.status,
      transactionNo: r.transactionNo,
      remark: r.remark,
      attempts: r.attempts,
      lastAttemptTime: iso(r.lastAttemptTime),
      paidTime: iso(r.paidTime),
      closedTime: iso(r.closedTime),
      ledgerEntryId: r.ledgerEntryId,
      ledgerSerialNo: r.ledgerEntryId === null ? null : (serials.get(r.ledgerEntryId) ?? null),
      operatorName: r.creatorUserId === null || r.creatorUserId === r.memberId ? null : (names.get(r.creatorUserId)?.name ?? null),
      creationTime: iso(r.creationTime),
    }),
  );
}

async function rowOr404(ctx: RequestContext, id: number): Promise<PaymentRow> {
  const row = await ctx.db.payment.findFirst({ where: { id } });
  if (!row) throw new EntityNotFoundError('Payment', id);
  return row;
}
const dtoOf = async (ctx: RequestContext, id: number) => (await toDtos(ctx, [await rowOr404(ctx, id)]))[0]!;

/** A transaction number is unique in the tenant (live orders and the ledger). */
async function assertTransactionFree(tx: RequestContext, transactionNo: string, exceptId: number | null) {
  const other = await tx.db.payment.findFirst({
    where: { transactionNo, ...(exceptId !== null && { NOT: { id: exceptId } }) },
    select: { id: true },
  });
  if (other) invalid('transactionNo', tx.t('RechargeTransactionUsed', transactionNo));
}

/**
 * Books a pending order as paid: the guarded move 0 → 1 and the ledger row
 * in the caller's transaction. Answers false when the order was no longer
 * pending (someone else moved it first): nothing is booked.
 */
async function markPaid(tx: RequestContext, order: PaymentRow, transactionNo: string | null): Promise<boolean> {
  const now = new Date();
  const moved = await tx.db.payment.updateMany({ where: { id: order.id, status: 0 }, data: { status: 1, paidTime: now, transactionNo } });
  if (moved.count === 0) return false;
  const entry = await book(tx, {
    memberId: order.memberId,
    type: 1,
    channel: order.channel === 1 || order.channel === 2 || order.channel === 3 ? order.channel : 3,
    amount: order.amount,
    orderNo: order.orderNo,
    transactionNo,
    remark: order.remark ?? tx.t('RechargeRemark'),
  });
  await tx.db.payment.update({ where: { id: order.id }, data: { ledgerEntryId: entry.id } });
  return true;
}

const load = async (ctx: RequestContext, ids: number[]) => toDtos(ctx, inOrder(ids, await ctx.db.payment.findMany({ where: { id: { in: ids } } })));

const statusNames = { 0: 'RechargeStatusPending', 1: 'RechargeStatusPaid', 2: 'RechargeStatusClosed' } as const satisfies Record<number, TextKey>;
const columns = (ctx: RequestContext): Array<ExportColumn<PaymentDto>> => [
  { header: 'MoneyColumnOrderNo', kind: 'text', width: 22, value: (r) => r.orderNo },
  { header: 'MoneyColumnCreated', kind: 'time', width: 20, value: (r) => chinaTime(new Date(r.creationTime)) },
  memberExportColumn(),
  { header: 'MoneyColumnAmount', kind: 'yuan', value: (r) => r.amount },
  { header: 'MoneyColumnChannel', kind: 'text', value: (r) => ctx.t(channelNames[r.channel]) },
  { header: 'MoneyColumnStatus', kind: 'text', value: (r) => ctx.t(statusNames[r.status]) },
  { header: 'MoneyColumnTransactionNo', kind: 'text', width: 34, value: (r) => r.transactionNo },
  { header: 'MoneyColumnPaid', kind: 'time', width: 20, value: (r) => chinaTime(r.paidTime ? new Date(r.paidTime) : null) },
  { header: 'MoneyColumnLedgerSerial', kind: 'text', width: 22, value: (r) => r.ledgerSerialNo },
  { header: 'MoneyColumnOperator', kind: 'text', value: (r) => r.operatorName },
  remarkExportColumn(),
];

export const payment = implement(PaymentService, {
  ...moneyListCalls({ spec, load, one: dtoOf, title: 'MoneyTitleRecharges', columns }),
  Create: async (input, ctx) => {
    await requireMember(ctx, input.memberId);
    const id = await ctx.transaction(async (tx) => {
      const transactionNo = input.channel === 3 ? (input.transactionNo ?? null) : null;
      if (transactionNo) await assertTransactionFree(tx, transactionNo, null);
      const [orderNo] = await reserveNumbers(tx, 'R');
      const order = await tx.db.payment.create({
        data: {
          tenantId: tx.session.tenantId,
          orderNo: orderNo!,
          memberId: input.memberId,
          amount: input.amount,
          channel: input.channel,
          remark: input.remark ?? null,
          // Placing the order is its first payment attempt (offline: the payment itself); 继续支付 adds the next ones.
          attempts: 1,
          lastAttemptTime: new Date(),
        },
      });
      // Offline money is in the administrator's hands already: booked at once.
      if (input.channel === 3) await markPaid(tx, order, transactionNo);
      return order.id;
    });
    return dtoOf(ctx, id);
  },
  Update: async (input, ctx) => {
    const row = await rowOr404(ctx, input.id);
    if (row.status !== 0 && (input.amount !== row.amount || input.channel !== row.channel)) throw new UserFriendlyError(ctx.t('RechargePaidNoEdit'));
    // The guard repeats the status: an order paid meanwhile keeps its booked amount.
    const moved = await ctx.db.payment.updateMany({
      where: row.status === 0 ? { id: row.id, status: 0 } : { id: row.id },
      data: row.status === 0 ? { amount: input.amount, channel: input.channel, remark: input.remark ?? null } : { remark: input.remark ?? null },
    });
    if (moved.count === 0) throw new UserFriendlyError(ctx.t('RechargePaidNoEdit'));
    return dtoOf(ctx, row.id);
  },
  Delete: async (q, ctx) => {
    const row = await ctx.db.payment.findFirst({ where: { id: q.Id } });
    if (!row) return null;
    if (row.status === 1) throw new UserFriendlyError(ctx.t('RechargePaidNoDelete'));
    const gone = await ctx.db.payment.deleteMany({ where: { id: row.id, status: { not: 1 } } });
    if (gone.count === 0) throw new UserFriendlyError(ctx.t('RechargePaidNoDelete'));
    return null;
  },
  ContinueToRecharge: async (input, ctx) => {
    const row = await rowOr404(ctx, input.id);
    if (row.status === 2) throw new UserFriendlyError(ctx.t('RechargeClosed'));
    // Pending: the same order, one more attempt; paid: answered as it is (idempotent).
    if (row.status === 0)
      await ctx.db.payment.updateMany({ where: { id: row.id, status: 0 }, data: { attempts: { increment: 1 }, lastAttemptTime: new Date() } });
    return dtoOf(ctx, row.id);
  },
  ConfirmPaid: async (input, ctx) => {
    await ctx.transaction(async (tx) => {
      const row = await rowOr404(tx, input.id);
      if (row.status === 2) throw new UserFriendlyError(ctx.t('RechargeClosed'));
      if (row.status === 1) {
        if (row.transactionNo !== input.transactionNo) throw new UserFriendlyError(ctx.t('RechargeOtherTransaction', row.transactionNo ?? '-'));
        return;
      }
      await assertTransactionFree(tx, input.transactionNo, row.id);
      if (!(await markPaid(tx, row, input.transactionNo))) {
        const now = await rowOr404(tx, input.id);
        if (now.status !== 1 || now.transactionNo !== input.transactionNo)
          throw new UserFriendlyError(ctx.t('RechargeOtherTransaction', now.transactionNo ?? '-'));
      }
    });
    return dtoOf(ctx, input.id);
  },
  Close: async (input, ctx) => {
    await rowOr404(ctx, input.id);
    const moved = await ctx.db.payment.updateMany({ where: { id: input.id, status: 0 }, data: { status: 2, closedTime: new Date() } });
    if (moved.count === 0) throw new UserFriendlyError(ctx.t('RechargeNotPending'));
    return dtoOf(ctx, input.id);
  },
});
