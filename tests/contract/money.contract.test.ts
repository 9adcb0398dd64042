import { AbpError, BackgroundJobState, importResultOf, isJobFinished, type BackgroundJobDto, type Client } from '@edu/sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startBackend, unique, type Backend, type SignedIn } from './support/backend.ts';

/**
 * Members and money through the SDK client: every response is
 * parsed with the SDK schema (member list with balances, money pages with
 * totals and tabs, income summary), the money rules surface as the right
 * AbpError kinds, exports download through client.download, and the member
 * import runs as a job whose result is an ImportResult.
 */
let backend: Backend;
let admin: SignedIn;
let memberId: number;
beforeAll(async () => {
  backend = await startBackend();
  admin = await backend.signIn();
  memberId = (await admin.client.user.getAllMembers({ MaxResultCount: 1 })).items[0]!.id;
});
afterAll(async () => backend?.close());

async function finished(client: Client, job: BackgroundJobDto): Promise<BackgroundJobDto> {
  let current = job;
  for (let i = 0; i < 300 && !isJobFinished(current); i++) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    current = await client.backgroundJob.getJob({ Id: job.id });
  }
  return current;
}

describe('money contract', () => {
  it('recharges: pending order continued without a duplicate, confirmed once, booked in the ledger', async () => {
    const { payment, income } = admin.client;
    const before = (await income.getMemberBalance({ MemberId: memberId })).balance;
    const order = await payment.create({ memberId, amount: 3300, channel: 2 });
    expect(order).toMatchObject({ status: 0, attempts: 1 });
    const again = await payment.continueToRecharge({ id: order.id });
    expect(again).toMatchObject({ id: order.id, orderNo: order.orderNo, attempts: 2 });
    const txn = `2026${Date.now()}`;
    const paid = await payment.confirmPaid({ id: order.id, transactionNo: txn });
    expect(paid).toMatchObject({ status: 1, transactionNo: txn });
    expect(await payment.confirmPaid({ id: order.id, transactionNo: txn })).toMatchObject({ status: 1, ledgerEntryId: paid.ledgerEntryId });
    expect((await income.getMemberBalance({ MemberId: memberId })).balance).toBe(before + 3300);
    const page = await payment.getAll({ Keyword: order.orderNo });
    expect(page.items.map((p) => p.id)).toEqual([order.id]);
    expect(page.totals).toEqual({ count: 1, in: 3300, out: 0, net: 3300 });
    expect(page.counts.map((c) => c.value)).toEqual([0, 1, 2]);
    await expect(payment.delete({ Id: order.id })).rejects.toMatchObject({ kind: 'userFriendly' });
  });

  it('consumption: refused when short, refunds capped and idempotent', async () => {
    const { consumption, income } = admin.client;
    const balance = (await income.getMemberBalance({ MemberId: memberId })).balance;
    const short = await consumption.create({ memberId, itemType: 1, itemName: '合同课程', amount: balance + 100 }).catch((e: unknown) => e);
    expect(short).toBeInstanceOf(AbpError);
    expect(short).toMatchObject({ kind: 'userFriendly' });
    const bought = await consumption.create({ memberId, itemType: 1, itemName: unique('合同课程'), amount: 1000 });
    const requestNo = unique('contract').replace(/[^A-Za-z0-9]/g, '');
    const once = await consumption.refund({ id: bought.id, amount: 400, reason: '合同测试', requestNo });
    const twice = await consumption.refund({ id: bought.id, amount: 400, reason: '合同测试', requestNo });
    expect(twice).toEqual(once);
    expect(once).toMatchObject({ refundedAmount: 400, refundable: 600, status: 2 });
    await expect(consumption.refund({ id: bought.id, amount: 601, reason: '超额', requestNo: `${requestNo}x` })).rejects.toMatchObject({
      kind: 'userFriendly',
    });
  });

  it('ledger list, income summary and an export that downloads', async () => {
    const { income } = admin.client;
    const ledger = await income.getAll({ MemberId: memberId, MaxResultCount: 5 });
    expect(ledger.totals.net).toBe((await income.getMemberBalance({ MemberId: memberId })).balance);
    const summary = await income.getIncomeSummary({});
    expect(summary.byDay).toHaveLength(30);
    const file = await income.getAllToExcel({ MemberId: memberId });
    const bytes = await admin.client.download(file);
    expect(bytes.fileName).toMatch(/\.xlsx$/);
    expect(bytes.blob.size).toBeGreaterThan(1000);
  });

  it('member import: template, dry run and commit as a job, re-import creates nothing', async (ctx) => {
    if (!backend.isMock) return ctx.skip();
    const { user } = admin.client;
    const template = await user.getMemberImportTemplate({});
    expect(template.fileName).toBe('会员导入模板.xlsx');
    const phone = `139${String(Date.now()).slice(-8)}`;
    const csv = () => new File([`姓名,手机号\n合同会员,${phone}\n,13900000000\n`], 'members.csv', { type: 'text/csv' });
    const dry = await finished(admin.client, await user.importFromExcel({ file: csv(), mode: 'dryRun', password: 'Contract#1' }));
    expect(dry.state).toBe(BackgroundJobState.values.Succeeded);
    expect(importResultOf(dry)).toMatchObject({ total: 2, valid: 1, invalidRows: 1, created: 0 });
    const done = importResultOf(
      await finished(admin.client, await user.importFromExcel({ file: csv(), mode: 'commit', allOrNothing: false, password: 'Contract#1' })),
    )!;
    expect(done).toMatchObject({ created: 1, committed: true });
    const again = importResultOf(
      await finished(admin.client, await user.importFromExcel({ file: csv(), mode: 'commit', allOrNothing: false, password: 'Contract#1' })),
    )!;
    expect(again).toMatchObject({ created: 0, skippedDuplicates: 1 });
    const listed = await user.getAllMembers({ Keyword: phone });
    expect(listed.items).toHaveLength(1);
    expect(listed.items[0]).toMatchObject({ userName: phone, balance: 0, identity: 1 });
  });
});
