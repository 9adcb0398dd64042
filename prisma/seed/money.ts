/**
 * Members' money for tenant Default: for each seeded member
 * (the General identity), about four months of recharges in every state
 * (paid online and offline, pending, closed), purchases of courses, papers
 * and homework, partial and full refunds, rewards, manual adjustments and a
 * reversal. Everything is computed in memory in time order, so every
 * ledger row's `balanceAfter` is the running sum of its member's rows and
 * each account equals its ledger; rows are inserted in batches with
 * explicit ids in one transaction. Deterministic (seeded PRNG); skipped
 * when the tenant already has ledger rows.
 */
import type { Prisma, PrismaClient } from '../generated/prisma/client.ts';
import { insertRows } from '../src/bulk-insert.ts';
import { createRandom } from './random.ts';
import { toSchoolTime } from './school-clock.ts';

const DAY_MS = 86_400_000;
const DAYS = 120;
const COURSES = [
  '初中数学提高班',
  '高考英语词汇精讲',
  '小学奥数思维训练',
  '初二物理同步课',
  '高中化学实验专题',
  '语文阅读理解方法课',
  '中考冲刺全科班',
  '少儿编程入门',
];
const PAPERS = ['2024 年中考数学模拟卷（一）', '高一期中英语测试卷', '初三物理单元检测', '小学六年级语文期末卷', '高考理综冲刺卷'];
const HOMEWORK = ['第三章课后作业', '寒假作业（数学）', '英语听力周练', '化学方程式专项练习'];
const REFUND_REASONS = ['课程未开始，学员申请退款', '重复购买', '试卷内容与描述不符', '家长申请部分退款'];

const day = (d: Date) => new Date(d.getTime() + 8 * 3_600_000).toISOString().slice(0, 10).replaceAll('-', '');
const seq = (n: number) => String(n).padStart(8, '0');

export async function seedMoney(prisma: PrismaClient, tenantId: number, now = new Date()): Promise<void> {
  if (await prisma.ledgerEntry.findFirst({ where: { tenantId }, select: { id: true } })) return;
  const rnd = createRandom(20261010);
  const admin = await prisma.user.findFirstOrThrow({ where: { tenantId, normalizedUserName: 'ADMIN' }, select: { id: true } });
  const members = await prisma.user.findMany({ where: { tenantId, identity: 1, isDeleted: false }, select: { id: true }, orderBy: { id: 'asc' } });

  // Events in time order: each member gets a few actions spread over the period.
  type Event = { at: Date; memberId: number; kind: 'recharge' | 'pending' | 'closed' | 'buy' | 'reward' | 'adjust' };
  const events: Event[] = [];
  for (const m of members) {
    const n = rnd.int(12, 36);
    for (let i = 0; i < n; i++) {
      const at = new Date(now.getTime() - rnd.int(0, DAYS * 24 * 60) * 60_000 - 60_000);
      const r = rnd.next();
      const kind = r < 0.32 ? 'recharge' : r < 0.38 ? 'pending' : r < 0.43 ? 'closed' : r < 0.93 ? 'buy' : r < 0.97 ? 'reward' : 'adjust';
      events.push({ at, memberId: m.id, kind });
    }
  }
  events.sort((a, b) => a.at.getTime() - b.at.getTime());

  const balance = new Map<number, number>();
  const entries: Array<Prisma.LedgerEntryCreateManyInput & { id: number; creationTime: Date }> = [];
  const payments: Prisma.PaymentCreateManyInput[] = [];
  const consumptions: Array<Prisma.ConsumptionCreateManyInput & { id: number; orderNo: string; refundedAmount: number; at: Date }> = [];
  const refunds: Prisma.ConsumptionRefundCreateManyInput[] = [];
  const counters = { LE: 0, R: 0, C: 0 };
  const firstLedgerId = ((await prisma.ledgerEntry.aggregate({ _max: { id: true } }))._max.id ?? 0) + 1;
  const firstPaymentId = ((await prisma.payment.aggregate({ _max: { id: true } }))._max.id ?? 0) + 1;
  const firstConsumptionId = ((await prisma.consumption.aggregate({ _max: { id: true } }))._max.id ?? 0) + 1;

  const book = (
    at: Date,
    memberId: number,
    type: number,
    channel: number,
    amount: number,
    extra: Partial<Omit<Prisma.LedgerEntryCreateManyInput, 'creationTime'>> = {},
  ) => {
    const after = (balance.get(memberId) ?? 0) + amount;
    balance.set(memberId, after);
    const id = firstLedgerId + entries.length;
    counters.LE++;
    entries.push({
      id,
      tenantId,
      serialNo: `LE${day(at)}${seq(counters.LE)}`,
      memberId,
      type,
      channel,
      amount,
      balanceAfter: after,
      orderNo: null,
      transactionNo: null,
      operatorUserId: admin.id,
      remark: null,
      reversalOfId: null,
      creationTime: at,
      ...extra,
    });
    return id;
  };

  for (const e of events) {
    const orderAt = e.at;
    if (e.kind === 'recharge' || e.kind === 'pending' || e.kind === 'closed') {
      const amount = rnd.pick([5000, 10000, 20000, 30000, 50000, 100000, 8800, 16800]);
      const channel = rnd.pick([1, 1, 1, 2, 2, 3]);
      counters.R++;
      const orderNo = `R${day(orderAt)}${seq(counters.R)}`;
      const id = firstPaymentId + payments.length;
      const paid = e.kind === 'recharge';
      const paidAt = new Date(orderAt.getTime() + rnd.int(10, 600) * 1000);
      const transactionNo = paid
        ? channel === 1
          ? `4200${rnd.digits(24)}`
          : channel === 2
            ? `2026${rnd.digits(24)}`
            : rnd.next() < 0.5
              ? `CASH-${rnd.digits(6)}`
              : null
        : null;
      const ledgerEntryId = paid
        ? book(paidAt, e.memberId, 1, channel, amount, {
            orderNo,
            transactionNo,
            operatorUserId: channel === 3 ? admin.id : null,
            remark: channel === 3 ? '前台线下充值' : '在线充值',
          })
        : null;
      payments.push({
        id,
        tenantId,
        orderNo,
        memberId: e.memberId,
        amount,
        channel,
        status: paid ? 1 : e.kind === 'pending' ? 0 : 2,
        transactionNo,
        remark: channel === 3 ? '前台线下充值' : null,
        // Payment attempts, the order's own first one included.
        attempts: e.kind === 'recharge' ? rnd.int(1, 2) : rnd.int(1, 4),
        lastAttemptTime: orderAt,
        paidTime: paid ? paidAt : null,
        closedTime: e.kind === 'closed' ? new Date(orderAt.getTime() + 2 * 3_600_000) : null,
        ledgerEntryId,
        creationTime: orderAt,
        creatorUserId: channel === 3 ? admin.id : e.memberId,
      });
    } else if (e.kind === 'buy') {
      const itemType = rnd.pick([1, 1, 2, 2, 3]);
      const itemName = itemType === 1 ? rnd.pick(COURSES) : itemType === 2 ? rnd.pick(PAPERS) : rnd.pick(HOMEWORK);
      const amount = itemType === 1 ? rnd.pick([19900, 29900, 49900, 9900]) : itemType === 2 ? rnd.pick([990, 1990, 2990]) : rnd.pick([500, 990]);
      // Spending only what the balance holds, as the service does.
      if ((balance.get(e.memberId) ?? 0) < amount) continue;
      counters.C++;
      const orderNo = `C${day(orderAt)}${seq(counters.C)}`;
      const ledgerEntryId = book(orderAt, e.memberId, 2, 4, -amount, { orderNo, remark: itemName, operatorUserId: null });
      consumptions.push({
        id: firstConsumptionId + consumptions.length,
        tenantId,
        orderNo,
        memberId: e.memberId,
        itemType,
        itemId: null,
        itemName,
        amount,
        refundedAmount: 0,
        status: 1,
        remark: null,
        ledgerEntryId,
        creationTime: orderAt,
        creatorUserId: e.memberId,
        at: orderAt,
      });
    } else if (e.kind === 'reward') {
      book(e.at, e.memberId, 4, 4, rnd.pick([500, 1000, 2000]), { remark: rnd.pick(['邀请好友奖励', '竞赛获奖奖励', '学习打卡奖励']) });
    } else {
      const amount = rnd.pick([100, 500, 1000]);
      if ((balance.get(e.memberId) ?? 0) >= amount) book(e.at, e.memberId, 5, 4, -amount, { remark: '系统补差调整' });
    }
  }

  // Refunds of about one purchase in eight, some partial, some full, after the purchase and before now.
  const refundEvents: Array<{ at: Date; c: (typeof consumptions)[number]; amount: number; reason: string }> = [];
  for (const c of consumptions) {
    if (rnd.next() > 0.12) continue;
    const full = rnd.next() < 0.5;
    const amount = full ? c.amount : Math.max(1, Math.floor((c.amount * rnd.int(20, 60)) / 100));
    const at = new Date(Math.min(now.getTime() - 30_000, c.at.getTime() + rnd.int(1, 10) * DAY_MS));
    refundEvents.push({ at, c, amount, reason: rnd.pick(REFUND_REASONS) });
  }
  // Appended after the purchases in time order, so every member's rows still run in id order.
  refundEvents.sort((a, b) => a.at.getTime() - b.at.getTime());
  const lastAt = new Map<number, number>();
  for (const e of entries) lastAt.set(e.memberId, e.creationTime.getTime());
  for (const r of refundEvents) {
    const at = new Date(Math.max(r.at.getTime(), (lastAt.get(r.c.memberId) ?? 0) + 1000));
    lastAt.set(r.c.memberId, at.getTime());
    const ledgerEntryId = book(at, r.c.memberId, 3, 4, r.amount, { orderNo: r.c.orderNo, remark: r.reason });
    r.c.refundedAmount += r.amount;
    r.c.status = r.c.refundedAmount >= r.c.amount ? 3 : 2;
    refunds.push({
      tenantId,
      consumptionId: r.c.id,
      amount: r.amount,
      reason: r.reason,
      requestNo: `seed-${r.c.orderNo}`,
      ledgerEntryId,
      creatorUserId: admin.id,
      creationTime: at,
    });
  }
  // One mistaken adjustment and its reversal, to show how corrections look.
  const someone = members[0]!.id;
  const mistakeAt = new Date(now.getTime() - 3 * DAY_MS);
  const mistake = book(mistakeAt, someone, 5, 4, 10000, { remark: '活动赠送（误操作）' });
  book(new Date(mistakeAt.getTime() + 600_000), someone, 5, 4, -10000, { remark: '冲正：赠送金额录入错误', reversalOfId: mistake });

  await prisma.$transaction(
    async (tx) => {
      const chunk = <T>(rows: T[], size: number) =>
        Array.from({ length: Math.ceil(rows.length / size) }, (_, i) => rows.slice(i * size, (i + 1) * size));
      // The ledger is append-only, so it is written on the school clock here; the seed moves every other row afterwards.
      const onSchoolClock = entries.map((e) => ({ ...e, creationTime: new Date(toSchoolTime(e.creationTime.getTime())) }));
      // Compiled INSERTs where the client has its own connection (insertRows), Prisma's createMany otherwise.
      if (!insertRows(prisma, 'LedgerEntry', onSchoolClock))
        for (const part of chunk(onSchoolClock, 500)) await tx.ledgerEntry.createMany({ data: part });
      if (!insertRows(prisma, 'Payment', payments)) for (const part of chunk(payments, 500)) await tx.payment.createMany({ data: part });
      const consumed = consumptions.map(({ at: _at, ...c }) => c);
      if (!insertRows(prisma, 'Consumption', consumed)) for (const part of chunk(consumed, 500)) await tx.consumption.createMany({ data: part });
      if (refunds.length) await tx.consumptionRefund.createMany({ data: refunds });
      const counts = new Map<number, { n: number; last: number }>();
      for (const e of entries) counts.set(e.memberId, { n: (counts.get(e.memberId)?.n ?? 0) + 1, last: e.id });
      const accounts = [...balance.entries()].map(([userId, b]) => ({
        userId,
        tenantId,
        balance: b,
        entryCount: counts.get(userId)?.n ?? 0,
        lastEntryId: counts.get(userId)?.last ?? null,
      }));
      await tx.memberAccount.createMany({ data: accounts });
      for (const [name, value] of Object.entries(counters)) {
        await tx.moneySequence.upsert({ where: { name }, create: { name, value }, update: { value: { increment: value } } });
      }
    },
    { timeout: 120_000 },
  );
}
