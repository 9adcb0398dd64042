import ExcelJS from 'exceljs';
import type { ConsumptionDto, LedgerEntryDto, PaymentDto } from '@edu/sdk';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../testing/test-app.ts';
import { api, createTenant } from '../testing/tenants.ts';

/**
 * Members' money: the ledger invariant (random and concurrent bookings over
 * HTTP), recharge orders, consumption and refunds, lists with totals and
 * tabs, export, income, permissions and tenants.
 */

const t = useTestApp();
const members: number[] = [];

beforeAll(async () => {
  const all = await t.call('GET', api('User/GetAllMembers'), { token: t.admin, query: { MaxResultCount: 100 } });
  for (const m of all.body.result.items.slice(0, 6)) members.push(m.id);
});

const post = (path: string, body: unknown, token = t.admin) => t.call('POST', api(path), { token, body });
const get = (path: string, query: Record<string, unknown> = {}, token = t.admin) => t.call('GET', api(path), { token, query });

async function balanceOf(memberId: number) {
  return (await get('Income/GetMemberBalance', { MemberId: memberId })).body.result.balance as number;
}

/** The invariant: account = sum of ledger = last balanceAfter, and each row's balanceAfter follows from the one before. */
async function expectLedgerConsistent(memberIds: number[]) {
  for (const memberId of memberIds) {
    const rows = await t.app.prisma.ledgerEntry.findMany({ where: { memberId }, orderBy: { id: 'asc' } });
    let running = 0;
    for (const r of rows) {
      running += r.amount;
      expect(r.balanceAfter).toBe(running);
      expect(r.balanceAfter).toBeGreaterThanOrEqual(0);
    }
    const account = await t.app.prisma.memberAccount.findUnique({ where: { userId: memberId } });
    expect(account?.balance ?? 0).toBe(running);
    expect(await balanceOf(memberId)).toBe(running);
  }
}

describe('ledger', () => {
  it('starts from a seeded ledger that holds the invariant, with recharges in every state and refunds', async () => {
    const seeded = await t.app.prisma.ledgerEntry.groupBy({ by: ['memberId'], where: { tenantId: 1 } });
    expect(seeded.length).toBe(await t.app.prisma.user.count({ where: { tenantId: 1, identity: 1, isDeleted: false } }));
    await expectLedgerConsistent(seeded.map((s) => s.memberId));
    const states = await t.app.prisma.payment.groupBy({ by: ['status'], where: { tenantId: 1 }, _count: true });
    expect(states.map((s) => s.status).sort()).toEqual([0, 1, 2]);
    expect(await t.app.prisma.consumption.count({ where: { tenantId: 1, status: 3 } })).toBeGreaterThan(0);
    expect(await t.app.prisma.consumption.count({ where: { tenantId: 1, status: 2 } })).toBeGreaterThan(0);
  }, 60_000);

  it('is append-only: the database refuses UPDATE and DELETE of ledger rows', async () => {
    const m = members[0]!;
    await post('Payment/Create', { memberId: m, amount: 1000, channel: 3 });
    await expect(t.app.prisma.$executeRawUnsafe('UPDATE "LedgerEntry" SET "amount" = 1')).rejects.toThrow();
    await expect(t.app.prisma.$executeRawUnsafe('DELETE FROM "LedgerEntry"')).rejects.toThrow();
    await expect(t.app.prisma.ledgerEntry.deleteMany({})).rejects.toThrow();
  });

  // 1,000 random operations sent 25 at a time, one seeded sequence in four parts (one test each, in order, sharing the
  // generator and the refundable consumptions), the invariant checked after every part: a part is a quarter of the work,
  // so two cores shared with the browser suite's Chromiums (where the whole took 110-124 s, 11 s alone) stay far from
  // the test timeout, a safety net that is not a speed check.
  // mulberry32: reproducible.
  let seed = 20261123;
  const rnd = () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let x = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    x = (x + Math.imul(x ^ (x >>> 7), 61 | x)) ^ x;
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
  };
  const consumptions: number[] = [];
  let refused = 0;
  const ROUNDS = 40;
  const PARTS = 4;
  for (let part = 0; part < PARTS; part++) {
    const from = (ROUNDS * part) / PARTS;
    const to = (ROUNDS * (part + 1)) / PARTS;
    it(`keeps balance = sum of the ledger after random operations ${from * 25 + 1} to ${to * 25} of 1,000, sent 25 at a time`, async () => {
      const pool = members.slice(0, 4);
      for (let round = from; round < to; round++) {
        const ops = Array.from({ length: 25 }, () => {
          const m = pool[Math.floor(rnd() * pool.length)]!;
          const kind = rnd();
          const amount = 1 + Math.floor(rnd() * 5000);
          if (kind < 0.3) return post('Payment/Create', { memberId: m, amount, channel: 3 });
          if (kind < 0.7) return post('Consumption/Create', { memberId: m, itemType: 1 + Math.floor(rnd() * 3), itemName: '随机课程', amount });
          if (kind < 0.85 && consumptions.length) {
            const id = consumptions[Math.floor(rnd() * consumptions.length)]!;
            return post('Consumption/Refund', {
              id,
              amount: 1 + Math.floor(rnd() * 800),
              reason: '测试退款',
              requestNo: `req-${round}-${Math.floor(rnd() * 1e9)}`,
            });
          }
          return post('Income/CreateAdjustment', { memberId: m, amount: (rnd() < 0.5 ? -1 : 1) * (1 + Math.floor(rnd() * 300)), reason: '随机调整' });
        });
        for (const r of await Promise.all(ops)) {
          if (r.status === 200 && r.body.result?.orderNo?.startsWith('C')) consumptions.push(r.body.result.id);
          else if (r.status === 500) {
            // Only the money rules may refuse: short balance or refund over the remainder.
            expect(r.body.error.message).toMatch(/余额不足|超过可退金额/);
            refused++;
          } else expect(r.status, JSON.stringify(r.body)).toBe(200);
        }
      }
      await expectLedgerConsistent(pool);
      if (part === PARTS - 1) expect(refused).toBeGreaterThan(0);
    });
  }

  it('loses no update when 40 bookings of one member arrive at once', async () => {
    const m = members[4]!;
    const before = await balanceOf(m);
    await Promise.all(Array.from({ length: 40 }, () => post('Payment/Create', { memberId: m, amount: 100, channel: 3 })));
    const spent = await Promise.all(
      Array.from({ length: 60 }, () => post('Consumption/Create', { memberId: m, itemType: 2, itemName: '试卷', amount: 100 })),
    );
    // 4,000 fen more and 60 attempts of 100: exactly (before + 4000) / 100 succeed, the rest are refused, never an overdraft.
    const ok = spent.filter((r) => r.status === 200).length;
    expect(ok).toBe(Math.min(60, Math.floor((before + 4000) / 100)));
    expect(await balanceOf(m)).toBe(before + 4000 - ok * 100);
    await expectLedgerConsistent([m]);
  });

  it('reverses an entry once, with a reason; a reversal is not reversed', async () => {
    const m = members[5]!;
    const paid: PaymentDto = (await post('Payment/Create', { memberId: m, amount: 2500, channel: 3, transactionNo: 'CASH-0001' })).body.result;
    const entryId = paid.ledgerEntryId!;
    expect((await post('Income/ReverseEntry', { id: entryId, reason: '' })).status).toBe(400);
    const [a, b] = await Promise.all([
      post('Income/ReverseEntry', { id: entryId, reason: '录入错误' }),
      post('Income/ReverseEntry', { id: entryId, reason: '录入错误' }),
    ]);
    expect([a.status, b.status].sort()).toEqual([200, 500]);
    const reversal: LedgerEntryDto = (a.status === 200 ? a : b).body.result;
    expect(reversal).toMatchObject({ type: 5, amount: -2500, reversalOfId: entryId, remark: '录入错误' });
    expect((await get('Income/Get', { Id: entryId })).body.result.reversedById).toBe(reversal.id);
    expect((await post('Income/ReverseEntry', { id: reversal.id, reason: '再冲正' })).body.error.message).toBe('冲正流水不能再次冲正。');
    await expectLedgerConsistent([m]);
  });
});

describe('Payment', () => {
  it('records an offline recharge as paid and booked at once', async () => {
    const m = members[1]!;
    const before = await balanceOf(m);
    const r = await post('Payment/Create', { memberId: m, amount: 12345, channel: 3, remark: '前台现金' });
    const p: PaymentDto = r.body.result;
    // Paid once: one payment attempt (支付次数 1, not 0).
    expect(p).toMatchObject({ status: 1, amount: 12345, channel: 3, attempts: 1 });
    expect(p.orderNo).toMatch(/^R\d{8}\d{8}$/);
    expect(p.ledgerSerialNo).toMatch(/^LE\d{16}$/);
    expect(await balanceOf(m)).toBe(before + 12345);
  });

  it('continues a pending order without a duplicate and confirms it once, however often it is sent', async () => {
    const m = members[1]!;
    const before = await balanceOf(m);
    const p: PaymentDto = (await post('Payment/Create', { memberId: m, amount: 5000, channel: 1 })).body.result;
    expect(p).toMatchObject({ status: 0, attempts: 1 });
    const orders = await t.app.prisma.payment.count();
    const again = await Promise.all(Array.from({ length: 5 }, () => post('Payment/ContinueToRecharge', { id: p.id })));
    expect(again.every((r) => r.body.result.id === p.id && r.body.result.status === 0)).toBe(true);
    expect(await t.app.prisma.payment.count()).toBe(orders);
    expect((await get('Payment/Get', { Id: p.id })).body.result.attempts).toBe(6);
    expect(await balanceOf(m)).toBe(before);
    const confirms = await Promise.all(
      Array.from({ length: 4 }, () => post('Payment/ConfirmPaid', { id: p.id, transactionNo: '4200001234202611230001' })),
    );
    expect(confirms.map((c) => c.status)).toEqual([200, 200, 200, 200]);
    expect(await balanceOf(m)).toBe(before + 5000);
    expect(await t.app.prisma.ledgerEntry.count({ where: { orderNo: p.orderNo } })).toBe(1);
    // Paid: continuing answers the order unchanged; another transaction number is refused.
    expect((await post('Payment/ContinueToRecharge', { id: p.id })).body.result).toMatchObject({ status: 1, attempts: 6 });
    expect((await post('Payment/ConfirmPaid', { id: p.id, transactionNo: '4200009999' })).status).toBe(500);
    expect(await balanceOf(m)).toBe(before + 5000);
  });

  it('changes or deletes only what booked no money', async () => {
    const m = members[2]!;
    const paid: PaymentDto = (await post('Payment/Create', { memberId: m, amount: 800, channel: 3 })).body.result;
    const bad = await t.call('PUT', api('Payment/Update'), { token: t.admin, body: { id: paid.id, amount: 900, channel: 3 } });
    expect(bad.body.error.message).toBe('已支付或已关闭的订单只能修改备注，金额和渠道不能更改。');
    const remark = await t.call('PUT', api('Payment/Update'), { token: t.admin, body: { id: paid.id, amount: 800, channel: 3, remark: '补记' } });
    expect(remark.body.result).toMatchObject({ remark: '补记', amount: 800 });
    expect((await t.call('DELETE', api('Payment/Delete'), { token: t.admin, query: { Id: paid.id } })).body.error.message).toContain('不能删除');
    const pending: PaymentDto = (await post('Payment/Create', { memberId: m, amount: 300, channel: 2 })).body.result;
    const upd = await t.call('PUT', api('Payment/Update'), { token: t.admin, body: { id: pending.id, amount: 350, channel: 1 } });
    expect(upd.body.result).toMatchObject({ amount: 350, channel: 1, status: 0 });
    expect((await post('Payment/Close', { id: pending.id })).body.result.status).toBe(2);
    expect((await post('Payment/ContinueToRecharge', { id: pending.id })).body.error.message).toBe('该充值订单已关闭，请重新下单。');
    expect((await post('Payment/ConfirmPaid', { id: pending.id, transactionNo: 'T-closed-1' })).status).toBe(500);
    expect((await t.call('DELETE', api('Payment/Delete'), { token: t.admin, query: { Id: pending.id } })).status).toBe(200);
    expect((await get('Payment/Get', { Id: pending.id })).status).toBe(404);
    // A recharge through the balance is no recharge.
    expect((await post('Payment/Create', { memberId: m, amount: 1, channel: 4 })).status).toBe(400);
    expect((await post('Payment/Create', { memberId: m, amount: 1.5, channel: 3 })).status).toBe(400);
    expect((await post('Payment/Create', { memberId: 999999, amount: 100, channel: 3 })).body.error.validationErrors[0].members).toEqual([
      'memberId',
    ]);
  });

  it('lists with totals for the filter and counts per status for the tabs, and exports the filtered set', async () => {
    const m = members[3]!;
    await post('Payment/Create', { memberId: m, amount: 1001, channel: 3, transactionNo: '12345678901234567890' });
    await post('Payment/Create', { memberId: m, amount: 2002, channel: 1 });
    const list = (await get('Payment/GetAll', { MemberId: m, MaxResultCount: 100 })).body.result;
    const paidSum = list.items.filter((p: PaymentDto) => p.status === 1).reduce((s: number, p: PaymentDto) => s + p.amount, 0);
    expect(list.totals).toMatchObject({ count: list.totalCount, in: paidSum, out: 0, net: paidSum });
    expect(list.counts.map((c: { value: number }) => c.value)).toEqual([0, 1, 2]);
    const pendingTab = (await get('Payment/GetAll', { MemberId: m, Status: 0 })).body.result;
    expect(pendingTab.totalCount).toBe(list.counts[0].count);
    expect(pendingTab.countAll).toBe(list.totalCount);
    const byNumber = (await get('Payment/GetAll', { Keyword: '1234567890123' })).body.result;
    expect(byNumber.items.map((p: PaymentDto) => p.amount)).toEqual([1001]);
    expect((await get('Payment/GetAll', { Keyword: '34567890123' })).body.result.totalCount).toBe(0);
    const today = new Date(Date.now() + 8 * 3600_000).toISOString().slice(0, 10);
    const todayStart = Date.parse(`${today}T00:00:00+08:00`);
    const createdToday = list.items.filter((p: PaymentDto) => Date.parse(p.creationTime) >= todayStart).length;
    expect(createdToday).toBeGreaterThanOrEqual(2);
    expect((await get('Payment/GetAll', { MemberId: m, DateFrom: today, DateTo: today })).body.result.totalCount).toBe(createdToday);
    expect((await get('Payment/GetAll', { MemberId: m, DateFrom: '2020-01-01', DateTo: '2020-01-31' })).body.result.totalCount).toBe(0);
    expect((await get('Payment/GetAll', { DateFrom: '2026-02-01', DateTo: '2026-01-01' })).status).toBe(400);
    expect(
      (await get('Payment/GetAll', { MinAmount: 1500, MaxAmount: 2500, MemberId: m, Channel: 1 })).body.result.items.map((p: PaymentDto) => p.amount),
    ).toEqual([2002]);
    expect((await get('Payment/GetAll', { MinAmount: 2003, MaxAmount: 4999, MemberId: m, Channel: 1 })).body.result.totalCount).toBe(0);
    const file = (await get('Payment/GetAllToExcel', { MemberId: m })).body.result;
    const dl = await t.app.inject({
      method: 'GET',
      url: `/File/DownloadTempFile?fileType=${encodeURIComponent(file.fileType)}&fileToken=${file.fileToken}&fileName=x.xlsx`,
      headers: { authorization: `Bearer ${t.admin}`, 'abp.tenantid': '1' },
    });
    expect(dl.statusCode).toBe(200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(new Uint8Array(dl.rawPayload).buffer);
    const sheet = wb.worksheets[0]!;
    expect(sheet.getRow(1).getCell(1).value).toBe('订单号');
    const numbers: unknown[] = [];
    sheet.eachRow((r, i) => i > 1 && numbers.push(r.getCell(7).value));
    // A 20-digit transaction number stays text (a number would lose digits).
    expect(numbers).toContain('12345678901234567890');
    // Header, rows, an empty row, 合计 and its four figures (ledger/money-export.test.ts).
    expect(sheet.rowCount).toBe(list.totalCount + 7);
  });
});

describe('Consumption', () => {
  it('books against the balance and refuses clearly when it is short', async () => {
    const m = members[2]!;
    const balance = await balanceOf(m);
    const r = await post('Consumption/Create', { memberId: m, itemType: 1, itemName: '初中数学提高班', amount: balance + 1 });
    expect(r.status).toBe(500);
    expect(r.body.error.message).toBe(`余额不足：当前余额 ¥${(balance / 100).toFixed(2)}，需支付 ¥${((balance + 1) / 100).toFixed(2)}。`);
    expect(await balanceOf(m)).toBe(balance);
  });

  it('caps refunds at the refundable remainder and refunds a double submission once', async () => {
    const m = members[2]!;
    await post('Payment/Create', { memberId: m, amount: 10000, channel: 3 });
    const c: ConsumptionDto = (await post('Consumption/Create', { memberId: m, itemType: 2, itemName: '期中模拟卷', amount: 3000 })).body.result;
    expect(c).toMatchObject({ status: 1, refundable: 3000, refunds: [] });
    const before = await balanceOf(m);
    const twice = await Promise.all(
      [1, 2, 3].map(() => post('Consumption/Refund', { id: c.id, amount: 1000, reason: '重复点击', requestNo: 'refund-abc-0001' })),
    );
    expect(twice.map((r) => r.status)).toEqual([200, 200, 200]);
    expect(await balanceOf(m)).toBe(before + 1000);
    const over = await post('Consumption/Refund', { id: c.id, amount: 2001, reason: '超额', requestNo: 'refund-abc-0002' });
    expect(over.body.error.message).toBe('退款金额超过可退金额 ¥20.00。');
    // Concurrent refunds with different keys: together never more than the price.
    const race = await Promise.all(
      [1, 2, 3, 4].map((i) => post('Consumption/Refund', { id: c.id, amount: 800, reason: '并发', requestNo: `refund-race-000${i}` })),
    );
    expect(race.filter((r) => r.status === 200).length).toBe(2);
    const after: ConsumptionDto = (await get('Consumption/Get', { Id: c.id })).body.result;
    expect(after).toMatchObject({ refundedAmount: 2600, refundable: 400, status: 2 });
    expect(after.refunds).toHaveLength(3);
    expect((await t.call('DELETE', api('Consumption/Delete'), { token: t.admin, query: { Id: c.id } })).body.error.message).toBe(
      '只有已全额退款的消费记录可以删除。',
    );
    await post('Consumption/Refund', { id: c.id, amount: 400, reason: '全额', requestNo: 'refund-abc-0003' });
    expect((await get('Consumption/Get', { Id: c.id })).body.result.status).toBe(3);
    expect((await t.call('DELETE', api('Consumption/Delete'), { token: t.admin, query: { Id: c.id } })).status).toBe(200);
    // Another record cannot reuse a request number.
    const other: ConsumptionDto = (await post('Consumption/Create', { memberId: m, itemType: 3, itemName: '寒假作业', amount: 100 })).body.result;
    expect((await post('Consumption/Refund', { id: other.id, amount: 10, reason: '复用', requestNo: 'refund-abc-0001' })).status).toBe(400);
    const upd = await t.call('PUT', api('Consumption/Update'), { token: t.admin, body: { id: other.id, itemName: '寒假作业（数学）', amount: 1 } });
    expect(upd.body.result).toMatchObject({ itemName: '寒假作业（数学）', amount: 100 });
    await expectLedgerConsistent([m]);
  });

  it('lists with spent, refunded and net for the filter', async () => {
    const list = (await get('Consumption/GetAll', { MaxResultCount: 1000 })).body.result;
    const spent = list.items.reduce((s: number, c: ConsumptionDto) => s + c.amount, 0);
    const refunded = list.items.reduce((s: number, c: ConsumptionDto) => s + c.refundedAmount, 0);
    expect(list.totals).toEqual({ count: list.totalCount, in: refunded, out: spent, net: refunded - spent });
  });
});

describe('Income', () => {
  it('sums income by UTC+8 day and by item type', async () => {
    const today = new Date(Date.now() + 8 * 3600_000).toISOString().slice(0, 10);
    const s = (await get('Income/GetIncomeSummary', { DateFrom: today, DateTo: today })).body.result;
    const ledger = await t.app.prisma.ledgerEntry.findMany({
      where: { tenantId: 1, creationTime: { gte: new Date(Date.parse(`${today}T00:00:00+08:00`)) } },
    });
    const sum = (type: number) => ledger.filter((e) => e.type === type).reduce((a, e) => a + e.amount, 0);
    // Spending is booked negative; `0 - x` keeps an empty day at +0 (toMatchObject tells -0 from 0).
    const spent = 0 - sum(2);
    expect(s.totals).toMatchObject({ income: spent, refunded: sum(3), recharged: sum(1), net: spent - sum(3) });
    expect(s.byDay).toHaveLength(1);
    expect(s.byDay[0]).toMatchObject({ day: today, income: spent });
    expect(s.byType.map((x: { itemType: number }) => x.itemType)).toEqual([1, 2, 3]);
    const month = (await get('Income/GetIncomeSummary', {})).body.result;
    expect(month.byDay).toHaveLength(30);
    // The item types add up to the totals: both count purchases and refunds when they are booked.
    type Figures = { income: number; refunded: number; net: number; orders: number };
    for (const summary of [s, month]) {
      const byType = summary.byType as Figures[];
      const add = (k: keyof Figures) => byType.reduce((a, x) => a + x[k], 0);
      expect([add('income'), add('refunded'), add('net'), add('orders')]).toEqual([
        summary.totals.income,
        summary.totals.refunded,
        summary.totals.net,
        summary.totals.orders,
      ]);
    }
    expect(month.totals.refunded).toBeGreaterThan(0);
    expect((await get('Income/GetIncomeSummary', { DateFrom: '2024-01-01', DateTo: '2025-12-31' })).status).toBe(400);
  });

  it('lists the ledger with totals and counts per type', async () => {
    const all = (await get('Income/GetAll', { MaxResultCount: 5 })).body.result;
    expect(all.items).toHaveLength(5);
    expect(all.counts.map((c: { value: number }) => c.value)).toEqual([1, 2, 3, 4, 5]);
    const refunds = (await get('Income/GetAll', { Type: 3 })).body.result;
    expect(refunds.totals.out).toBe(0);
    expect(refunds.totalCount).toBe(all.counts[2].count);
    expect((await get('Income/GetAll', { Sorting: 'memberId; drop table' })).status).toBe(400);
  });
});

describe('permissions and tenants', () => {
  it('needs Pages.Administration for money calls', async () => {
    const teacher = await t.login('zhaolei');
    for (const path of ['Payment/GetAll', 'Consumption/GetAll', 'Income/GetAll', 'Income/GetIncomeSummary'])
      expect((await get(path, {}, teacher)).status).toBe(403);
    expect((await post('Payment/Create', { memberId: members[0], amount: 100, channel: 3 }, teacher)).status).toBe(403);
    expect((await t.call('GET', api('Payment/GetAll'))).status).toBe(401);
  });

  it('finds members for the pickers with the money screens permission alone, never staff, at most 20', async () => {
    const role = await post('Role/Create', { name: 'MoneyOnly', displayName: '财务', grantedPermissions: ['Pages', 'Pages.Administration'] });
    expect(role.status).toBe(200);
    const created = await post('User/Create', {
      userName: 'cashier',
      name: '出纳',
      surname: '王',
      emailAddress: 'cashier@example.com',
      password: 'Cashier123!',
      roleNames: ['MoneyOnly'],
    });
    expect(created.status).toBe(200);
    const cashier = await t.login('cashier', 'Cashier123!');
    // The screen's permission suffices for its picker; the full user list stays closed.
    expect((await get('User/GetAllUsers', {}, cashier)).status).toBe(403);
    const all = await get('User/GetMemberOptions', { MaxResultCount: 20 }, cashier);
    expect(all.status).toBe(200);
    const items: Array<{ id: number; name: string; detail: string }> = all.body.result.items;
    expect(items.length).toBeGreaterThan(0);
    expect(items.length).toBeLessThanOrEqual(20);
    const identities = await t.app.prisma.user.findMany({ where: { id: { in: items.map((i) => i.id) } }, select: { identity: true } });
    expect(new Set(identities.map((u) => u.identity))).toEqual(new Set([1]));
    // By user name, and by the label of one id; staff (the teacher zhaolei) are not members.
    const one = items[0]!;
    const userName = one.detail.split(' · ')[0]!;
    expect((await get('User/GetMemberOptions', { Keyword: userName }, cashier)).body.result.items.map((i: { id: number }) => i.id)).toContain(one.id);
    expect((await get('User/GetMemberOptions', { Id: one.id }, cashier)).body.result.items).toEqual([one]);
    expect((await get('User/GetMemberOptions', { Keyword: 'zhaolei' }, cashier)).body.result.items).toEqual([]);
    expect((await get('User/GetMemberOptions', { MaxResultCount: 21 }, cashier)).status).toBe(400);
    expect((await get('User/GetMemberOptions', {}, await t.login('zhaolei'))).status).toBe(403);
    // Another tenant's members are not found.
    const b = await createTenant(t, 'picker2');
    const other = await t.call('GET', api('User/GetMemberOptions'), { token: b.token, tenantId: b.id, query: { Id: one.id } });
    expect(other.body.result.items).toEqual([]);
  });

  it("keeps another tenant's money out of reach", async () => {
    const b = await createTenant(t, 'money2');
    const mine: PaymentDto = (await post('Payment/Create', { memberId: members[0], amount: 100, channel: 3 })).body.result;
    expect((await t.call('GET', api('Payment/Get'), { token: b.token, tenantId: b.id, query: { Id: mine.id } })).status).toBe(404);
    expect((await t.call('GET', api('Payment/GetAll'), { token: b.token, tenantId: b.id })).body.result.totalCount).toBe(0);
    expect((await t.call('GET', api('Income/GetAll'), { token: b.token, tenantId: b.id })).body.result.totals.count).toBe(0);
    // A member of tenant A is unknown in tenant B.
    const cross = await t.call('POST', api('Payment/Create'), {
      token: b.token,
      tenantId: b.id,
      body: { memberId: members[0], amount: 100, channel: 3 },
    });
    expect(cross.status).toBe(400);
    expect((await t.call('POST', api('Payment/ContinueToRecharge'), { token: b.token, tenantId: b.id, body: { id: mine.id } })).status).toBe(404);
  });
});
