import { PaymentDto, PaymentService, PaymentStatus, type GetAllPaymentInput } from '@edu/sdk';
import { Prisma } from '@edu/db';
import type { z } from 'zod';
import type { RowOf } from '../kit/crud.ts';
import type { RequestContext } from '../kit/context.ts';
import { EntityNotFoundError, invalid, UserFriendlyError } from '../kit/errors.ts';
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

const texts = {
  'zh-Hans': {
    closed: '该充值订单已关闭，请重新下单。',
    paidNoEdit: '已支付或已关闭的订单只能修改备注，金额和渠道不能更改。',
    paidNoDelete: '已入账的充值订单不能删除；如需更正，请在资金流水中冲正。',
    notPending: '只有待支付的订单可以关闭。',
    otherTransaction: (no: string) => `该订单已按交易号 ${no} 入账，不能再次确认。`,
    transactionUsed: (no: string) => `交易号 ${no} 已被其他订单使用。`,
    rechargeRemark: '充值',
  },
  en: {
    closed: 'This recharge order is closed; place a new one.',
    paidNoEdit: 'Only the remark of a paid or closed order can change; amount and channel cannot.',
    paidNoDelete: 'A paid recharge cannot be deleted; reverse its ledger entry to correct it.',
    notPending: 'Only pending orders can be closed.',
    otherTransaction: (no: string) => `This order was booked with transaction ${no}; it cannot be confirmed again.`,
    transactionUsed: (no: string) => `The transaction number ${no} belongs to another order.`,
    rechargeRemark: 'Recharge',
  },
} as const;

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
  if (other) invalid('transactionNo', texts[tx.culture].transactionUsed(transactionNo));
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
    remark: order.remark ?? texts[tx.culture].rechargeRemark,
  });
  await tx.db.payment.update({ where: { id: order.id }, data: { ledgerEntryId: entry.id } });
  return true;
}

const load = async (ctx: RequestContext, ids: number[]) => toDtos(ctx, inOrder(ids, await ctx.db.payment.findMany({ where: { id: { in: ids } } })));

const statusNames = { 'zh-Hans': { 0: '待支付', 1: '已支付', 2: '已关闭' }, en: { 0: 'Pending', 1: 'Paid', 2: 'Closed' } } as const;
const columns = (ctx: RequestContext): Array<ExportColumn<PaymentDto>> => [
  { header: { 'zh-Hans': '订单号', en: 'Order no.' }, kind: 'text', width: 22, value: (r) => r.orderNo },
  { header: { 'zh-Hans': '下单时间', en: 'Created' }, kind: 'time', width: 20, value: (r) => chinaTime(new Date(r.creationTime)) },
  memberExportColumn(),
  { header: { 'zh-Hans': '金额（元）', en: 'Amount (yuan)' }, kind: 'yuan', value: (r) => r.amount },
  { header: { 'zh-Hans': '渠道', en: 'Channel' }, kind: 'text', value: (r) => channelNames[ctx.culture][r.channel] },
  { header: { 'zh-Hans': '状态', en: 'Status' }, kind: 'text', value: (r) => statusNames[ctx.culture][r.status] },
  { header: { 'zh-Hans': '交易号', en: 'Transaction no.' }, kind: 'text', width: 34, value: (r) => r.transactionNo },
  { header: { 'zh-Hans': '支付时间', en: 'Paid' }, kind: 'time', width: 20, value: (r) => chinaTime(r.paidTime ? new Date(r.paidTime) : null) },
  { header: { 'zh-Hans': '流水号', en: 'Ledger serial' }, kind: 'text', width: 22, value: (r) => r.ledgerSerialNo },
  { header: { 'zh-Hans': '操作人', en: 'Operator' }, kind: 'text', value: (r) => r.operatorName },
  remarkExportColumn(),
];

export const payment = implement(PaymentService, {
  ...moneyListCalls({ spec, load, one: dtoOf, title: { 'zh-Hans': '充值记录', en: 'Recharges' }, columns }),
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
    const T = texts[ctx.culture];
    if (row.status !== 0 && (input.amount !== row.amount || input.channel !== row.channel)) throw new UserFriendlyError(T.paidNoEdit);
    // The guard repeats the status: an order paid meanwhile keeps its booked amount.
    const moved = await ctx.db.payment.updateMany({
      where: row.status === 0 ? { id: row.id, status: 0 } : { id: row.id },
      data: row.status === 0 ? { amount: input.amount, channel: input.channel, remark: input.remark ?? null } : { remark: input.remark ?? null },
    });
    if (moved.count === 0) throw new UserFriendlyError(T.paidNoEdit);
    return dtoOf(ctx, row.id);
  },
  Delete: async (q, ctx) => {
    const row = await ctx.db.payment.findFirst({ where: { id: q.Id } });
    if (!row) return null;
    if (row.status === 1) throw new UserFriendlyError(texts[ctx.culture].paidNoDelete);
    const gone = await ctx.db.payment.deleteMany({ where: { id: row.id, status: { not: 1 } } });
    if (gone.count === 0) throw new UserFriendlyError(texts[ctx.culture].paidNoDelete);
    return null;
  },
  ContinueToRecharge: async (input, ctx) => {
    const row = await rowOr404(ctx, input.id);
    if (row.status === 2) throw new UserFriendlyError(texts[ctx.culture].closed);
    // Pending: the same order, one more attempt; paid: answered as it is (idempotent).
    if (row.status === 0)
      await ctx.db.payment.updateMany({ where: { id: row.id, status: 0 }, data: { attempts: { increment: 1 }, lastAttemptTime: new Date() } });
    return dtoOf(ctx, row.id);
  },
  ConfirmPaid: async (input, ctx) => {
    const T = texts[ctx.culture];
    await ctx.transaction(async (tx) => {
      const row = await rowOr404(tx, input.id);
      if (row.status === 2) throw new UserFriendlyError(T.closed);
      if (row.status === 1) {
        if (row.transactionNo !== input.transactionNo) throw new UserFriendlyError(T.otherTransaction(row.transactionNo ?? '-'));
        return;
      }
      await assertTransactionFree(tx, input.transactionNo, row.id);
      if (!(await markPaid(tx, row, input.transactionNo))) {
        const now = await rowOr404(tx, input.id);
        if (now.status !== 1 || now.transactionNo !== input.transactionNo) throw new UserFriendlyError(T.otherTransaction(now.transactionNo ?? '-'));
      }
    });
    return dtoOf(ctx, input.id);
  },
  Close: async (input, ctx) => {
    await rowOr404(ctx, input.id);
    const moved = await ctx.db.payment.updateMany({ where: { id: input.id, status: 0 }, data: { status: 2, closedTime: new Date() } });
    if (moved.count === 0) throw new UserFriendlyError(texts[ctx.culture].notPending);
    return dtoOf(ctx, input.id);
  },
});
