import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { animationsDone } from './support/axe.ts';
import { openInApp, shot } from './support/browser.ts';
import { REPO_ROOT } from './support/server.ts';
import { signedIn, useConsole } from './support/suite.ts';

/** exceljs as the mock server has it: the import file is written here, as an office would fill it in. */
interface Worksheet {
  addRow(values: ReadonlyArray<string | number>): void;
  rowCount: number;
  getRow(n: number): { values: unknown };
}
interface Workbook {
  addWorksheet(name: string): Worksheet;
  worksheets: Worksheet[];
  xlsx: { writeFile(file: string): Promise<void>; load(data: Buffer): Promise<unknown> };
}
const { Workbook } = createRequire(path.join(REPO_ROOT, 'apps/mock-server/package.json'))('exceljs') as { Workbook: new () => Workbook };

/**
 * The member and money screens in the browser: a member file with
 * errors is checked (row, column, reason), fixed and imported; an offline
 * recharge shows in the member's balance and in the totals of the recharge
 * list; a filtered list is exported and the downloaded xlsx holds its rows.
 * The five screens pass axe in both languages: a11y.test.ts, walking every
 * route of the menu. Screenshots: tests/e2e/artifacts/members-*.png.
 */
const suite = useConsole();
const TAG = `m${Date.now() % 100000}`;
const dir = mkdtempSync(path.join(tmpdir(), 'e2e-members-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const HEADER = ['用户名', '姓名', '手机号', '邮箱', '身份', '上级用户名', '状态'];
/** Distinct valid mainland numbers per run. */
const RUN = String(Date.now() % 10_000_000).padStart(7, '0');
const phone = (n: number) => `139${RUN}${n}`;

async function memberFile(name: string, rows: ReadonlyArray<ReadonlyArray<string | number>>): Promise<string> {
  const wb = new Workbook();
  const sheet = wb.addWorksheet('会员');
  sheet.addRow(HEADER);
  for (const r of rows) sheet.addRow(r);
  const file = path.join(dir, name);
  await wb.xlsx.writeFile(file);
  return file;
}

async function download(page: Page, button: Locator): Promise<Buffer> {
  const [file] = await Promise.all([page.waitForEvent('download'), button.click()]);
  const saved = path.join(dir, file.suggestedFilename());
  await file.saveAs(saved);
  const { readFileSync } = await import('node:fs');
  return readFileSync(saved);
}

/** Yuan text of a fen figure shown by `Yuan` (data-fen). */
const fenOf = async (loc: Locator) => Number(await loc.locator('[data-fen]').first().getAttribute('data-fen'));

/**
 * Picks a member in a money picker (a form's or the filter's) by typing `keyword` (the first
 * match), or any member when nothing matches (the import test did not run).
 * Returns the option's name and user name (its detail line: `user · identity`).
 */
async function pickMember(page: Page, picker: Locator, keyword: string): Promise<{ name: string; userName: string }> {
  const input = picker.locator('input');
  const options = page.getByRole('option');
  const empty = page.getByText('没有匹配的结果');
  await input.fill(keyword);
  // Until the search has answered: a match, or none (the options shown before the search do not count).
  const matches = options.filter({ hasText: keyword });
  await expect.poll(async () => (await matches.count()) > 0 || (await empty.isVisible())).toBe(true);
  if ((await matches.count()) === 0) {
    await input.fill('');
    await input.press('ArrowDown');
    await options.first().waitFor();
  }
  const option = (await matches.count()) ? matches.first() : options.first();
  const [name = '', detail = ''] = (await option.innerText()).split(/\n+/);
  await option.click();
  await expect.poll(() => input.inputValue()).toBe(name.trim());
  return { name: name.trim(), userName: detail.split(' · ')[0]!.trim() };
}

async function openImport(page: Page): Promise<void> {
  await openInApp(page, '/member/importuser');
  await page.getByTestId('importuser-page').waitFor();
}

async function dryRun(page: Page, file: string): Promise<Locator> {
  await page.locator('input[type="file"]').setInputFiles(file);
  await page.getByTestId('upload-file-name').waitFor();
  await page.getByTestId('import-dry-run').click();
  const result = page.getByTestId('import-result');
  await expect.poll(() => result.getAttribute('data-mode'), { timeout: 30_000 }).toBe('dryRun');
  return result;
}

describe('member screens', () => {
  it('imports a member file: errors listed by row and column, fixed, then imported', { timeout: 180_000 }, async () => {
    const page = await signedIn(suite);
    await page.setViewportSize({ width: 1440, height: 900 });
    await openImport(page);
    // Nothing typed yet: the password box is not red (it is checked when left).
    expect(await page.getByTestId('import-password').getAttribute('aria-invalid')).toBeNull();
    await page.getByTestId('import-password').fill('abc123456');

    const good1 = [`${TAG}a`, '张三丰', phone(1), '', '普通会员', '', '启用'];
    const good2 = [`${TAG}b`, '欧阳娜娜', phone(2), `${TAG}b@example.com`, '普通会员', `${TAG}a`, '启用'];
    const bad = await memberFile('bad.xlsx', [
      good1,
      good2,
      [`${TAG}c`, '', phone(3), '', '普通会员', '', '启用'], // row 4: no name
      [`${TAG}d`, '李四', '12345', '', '普通会员', '', '启用'], // row 5: bad phone
      [`${TAG}e`, '王五', phone(5), '', '普通会员', 'nobody-here', '启用'], // row 6: unknown parent
    ]);
    const result = await dryRun(page, bad);
    await animationsDone(page);
    await shot(page, 'members-import-dry-run');
    expect(await page.getByTestId('import-count-total').getAttribute('data-count')).toBe('5');
    expect(await page.getByTestId('import-count-invalid').getAttribute('data-count')).toBe('3');
    const errorRows = page.getByTestId('import-errors').locator('tbody tr');
    const rows = await errorRows.evaluateAll((trs) => trs.map((tr) => [...tr.querySelectorAll('td')].map((td) => td.textContent ?? '')));
    expect(rows.map((r) => r[0])).toEqual(expect.arrayContaining(['4', '5', '6']));
    expect(rows.find((r) => r[0] === '4')?.[1]).toBe('姓名');
    expect(rows.find((r) => r[0] === '5')?.[1]).toBe('手机号');
    expect(rows.find((r) => r[0] === '6')?.[1]).toBe('上级用户名');
    // All or nothing (the default) with errors: nothing can be written.
    expect(await page.getByTestId('import-commit').isDisabled()).toBe(true);

    // The fixed file: every row valid; commit it.
    await page.getByTestId('import-again').click();
    const fixed = await memberFile('fixed.xlsx', [
      good1,
      good2,
      [`${TAG}c`, '赵六', phone(3), '', '普通会员', '', '启用'],
      [`${TAG}d`, '李四', phone(4), '', '普通会员', '', '启用'],
      [`${TAG}e`, '王五', phone(5), '', '普通会员', `${TAG}b`, '禁用'],
    ]);
    await dryRun(page, fixed);
    expect(await page.getByTestId('import-count-invalid').getAttribute('data-count')).toBe('0');
    await page.getByTestId('import-commit').click();
    await expect.poll(() => result.getAttribute('data-mode'), { timeout: 30_000 }).toBe('commit');
    expect(await result.getAttribute('data-committed')).toBe('true');
    expect(await page.getByTestId('import-count-created').getAttribute('data-count')).toBe('5');
    await shot(page, 'members-import-committed');

    // The members list shows them (the keyword covers the user name), the parent named.
    await openInApp(page, '/member/user');
    await page.getByTestId('filter-keyword').fill(TAG);
    await page.getByTestId('filter-search').click();
    const table = page.getByTestId('user-table');
    await expect.poll(() => table.locator('tbody tr').filter({ hasText: TAG }).count(), { timeout: 15_000 }).toBe(5);
    // The parent column names 欧阳娜娜's parent by name.
    expect(
      await table
        .locator('tbody tr')
        .filter({ hasText: `${TAG}b` })
        .innerText(),
    ).toContain('张三丰');
    await shot(page, 'members-imported');

    // Re-importing the same file creates nothing.
    await openImport(page);
    await page.getByTestId('import-password').fill('abc123456');
    await dryRun(page, fixed);
    expect(await page.getByTestId('import-count-duplicates').getAttribute('data-count')).toBe('5');
    expect(await page.getByTestId('import-commit').isDisabled()).toBe(true);
    await page.context().close();
  });

  it('records an offline recharge: the balance and the totals change', { timeout: 120_000 }, async () => {
    const page = await signedIn(suite, 'admin', { width: 1440, height: 900, path: '/member/payment' });
    await page.getByTestId('payment-page').waitFor();
    const totals = page.getByTestId('money-totals');
    await expect.poll(() => totals.locator('[data-fen]').count(), { timeout: 15_000 }).toBeGreaterThan(0);
    const paidBefore = await fenOf(page.getByTestId('totals-in'));
    const countBefore = Number(await page.getByTestId('totals-count').locator('p').last().innerText());
    await animationsDone(page);
    await shot(page, 'members-payment');

    // The member: one imported above (first test), or any member of the seed.
    await page.getByTestId('payment-offline').click();
    const dialog = page.getByTestId('payment-offline-dialog');
    await dialog.waitFor();
    // The member picker searches as one types (a tenant's members are never all listed).
    const member = await pickMember(page, dialog.getByTestId('member-picker'), `${TAG}a`);
    // A bad amount is refused in the form.
    await dialog.locator('input[name="amount"]').fill('12.345');
    await dialog.getByTestId('form-submit').click();
    await dialog.getByText('最多两位小数的金额').first().waitFor();
    await dialog.locator('input[name="amount"]').fill('123.45');
    await dialog.locator('textarea[name="remark"]').fill(`${TAG} 线下转账`);
    await animationsDone(page);
    await shot(page, 'members-offline-recharge');
    // The button says what it does; a valid form asks first, repeating the member and the amount, and books nothing yet.
    expect(await dialog.getByTestId('form-submit').innerText()).toBe('充值');
    await dialog.getByTestId('form-submit').click();
    const ask = page.getByTestId('confirm-dialog');
    await ask.waitFor();
    expect(await ask.getByTestId('money-confirm-member').innerText()).toContain(member.name);
    expect(await ask.getByTestId('money-confirm-amount').innerText()).toBe('金额：¥123.45');
    await animationsDone(page);
    await shot(page, 'members-recharge-confirm');
    expect(await fenOf(page.getByTestId('totals-in'))).toBe(paidBefore);
    await ask.getByTestId('confirm-ok').click();
    await dialog.waitFor({ state: 'hidden' });

    await expect.poll(() => fenOf(page.getByTestId('totals-in')), { timeout: 15_000 }).toBe(paidBefore + 12345);
    expect(Number(await page.getByTestId('totals-count').locator('p').last().innerText())).toBe(countBefore + 1);

    // The member filter is the same picker: then only that member's recharges show.
    const userName = member.userName;
    await pickMember(page, page.getByTestId('money-member'), userName);
    await page.getByTestId('money-search').click();
    const paymentRows = page.getByTestId('payment-table').locator('tbody tr');
    await expect
      .poll(async () => (await paymentRows.allInnerTexts()).every((text) => text.includes(userName)) && (await paymentRows.count()) > 0)
      .toBe(true);

    // The member's balance in the member list.
    await openInApp(page, '/member/user');
    await page.getByTestId('filter-keyword').fill(userName);
    await page.getByTestId('filter-search').click();
    const row = page.getByTestId('user-table').locator('tbody tr').filter({ hasText: userName }).first();
    await row.waitFor();
    const balance = await fenOf(row);
    if (userName.includes(TAG)) expect(balance).toBe(12345);
    else expect(balance).toBeGreaterThanOrEqual(12345);
    await shot(page, 'members-list');

    // Spending more than the balance is refused with the server's message, and nothing is booked.
    await openInApp(page, '/member/consumptions');
    await page.getByTestId('consumptions-page').waitFor();
    await page.getByTestId('consumption-create').click();
    const buy = page.getByTestId('consumption-dialog');
    await buy.waitFor();
    expect((await pickMember(page, buy.getByTestId('member-picker'), userName)).userName).toBe(userName);
    await buy.locator('input[name="itemName"]').fill(`${TAG} 课程`);
    await buy.locator('input[name="amount"]').fill(`${Math.floor((balance + 100) / 100)}.${String((balance + 100) % 100).padStart(2, '0')}`);
    await buy.getByTestId('form-submit').click();
    await page.getByTestId('confirm-dialog').getByTestId('confirm-ok').click();
    const modal = page.getByTestId('error-modal');
    await modal.waitFor();
    expect(await modal.innerText()).toContain('余额不足');
    await animationsDone(page);
    await shot(page, 'members-consumption-refused');
    await page.getByTestId('error-modal-ok').click();
    await page.context().close();
  });

  it('asks before a refund, naming the member and the amount; going back keeps the form', { timeout: 60_000 }, async () => {
    const page = await signedIn(suite, 'admin', { width: 1440, height: 900, path: '/member/consumptions' });
    await page.getByTestId('consumptions-page').waitFor();
    const refund = page.getByTestId('consumption-refund').first();
    await refund.waitFor({ timeout: 15_000 });
    const row = page.getByTestId('consumption-table').locator('tbody tr').filter({ has: refund });
    const memberCell = (await row.locator('td').nth(1).innerText()).trim();
    await refund.click();
    const dialog = page.getByTestId('refund-dialog');
    await dialog.waitFor();
    expect(await dialog.getByTestId('form-submit').innerText()).toBe('退款');
    await dialog.locator('input[name="amount"]').fill('0.01');
    await dialog.locator('textarea[name="reason"]').fill(`${TAG} 退一分`);
    await dialog.getByTestId('form-submit').click();
    const ask = page.getByTestId('confirm-dialog');
    await ask.waitFor();
    expect(await ask.getByTestId('money-confirm-member').innerText()).toBe(`会员：${memberCell}`);
    expect(await ask.getByTestId('money-confirm-amount').innerText()).toBe('金额：¥0.01');
    await ask.getByRole('button', { name: '取消' }).click();
    await ask.waitFor({ state: 'hidden' });
    // Back in the form as typed, nothing refunded.
    expect(await dialog.locator('textarea[name="reason"]').inputValue()).toBe(`${TAG} 退一分`);
    await page.context().close();
  });

  it('exports a filtered list: the xlsx has the rows on screen', { timeout: 120_000 }, async () => {
    const page = await signedIn(suite, 'admin', { width: 1440, height: 900, path: '/member/payment' });
    await page.getByTestId('payment-page').waitFor();
    // Only paid offline orders.
    await page.getByTestId('money-filter-Channel').selectOption('3');
    await page.getByTestId('money-search').click();
    await page.getByTestId('money-tab-1').click();
    const count = page.getByTestId('totals-count').locator('p').last();
    const tab = page.getByTestId('money-tab-1');
    // The totals of the paid tab agree with its tab's count (the totals of all statuses show until the tab's page arrives).
    await expect
      .poll(async () => [Number(await count.innerText()), Number(await tab.getAttribute('data-count'))].join('/'), { timeout: 15_000 })
      .toMatch(/^([1-9]\d*)\/\1$/);
    const expected = Number(await count.innerText());

    // The filtered list is in the URL: reloaded (or opened from a link) it is the same list.
    expect(new URL(page.url()).searchParams.get('tab')).toBe('1');
    await page.reload();
    await page.getByTestId('payment-page').waitFor();
    expect(await page.getByTestId('money-filter-Channel').inputValue()).toBe('3');
    expect(await page.getByTestId('money-tab-1').getAttribute('aria-selected')).toBe('true');
    await expect.poll(async () => Number(await count.innerText()), { timeout: 15_000 }).toBe(expected);

    const xlsx = await download(page, page.getByTestId('money-export'));
    const wb = new Workbook();
    await wb.xlsx.load(xlsx);
    const sheet = wb.worksheets[0]!;
    // A header row, then one row per order (a totals row may follow).
    expect(sheet.rowCount).toBeGreaterThanOrEqual(expected + 1);
    const text = JSON.stringify(Array.from({ length: sheet.rowCount }, (_, i) => sheet.getRow(i + 1).values));
    const firstOrder = await page.getByTestId('payment-table').locator('tbody tr').first().locator('td').first().innerText();
    expect(text).toContain(firstOrder);
    await shot(page, 'members-payment-filtered');

    // The consumption and income screens draw with real figures.
    await openInApp(page, '/member/consumptions');
    await page.getByTestId('consumptions-page').waitFor();
    await expect.poll(() => page.getByTestId('consumption-table').locator('tbody tr').count(), { timeout: 15_000 }).toBeGreaterThan(1);
    await animationsDone(page);
    await shot(page, 'members-consumptions');
    await openInApp(page, '/member/income');
    await page.getByTestId('income-page').waitFor();
    await expect.poll(() => page.getByTestId('ledger-table').locator('tbody tr').count(), { timeout: 15_000 }).toBeGreaterThan(1);
    await animationsDone(page);
    await shot(page, 'members-income');
    await page.context().close();
  });

  it('reads in English', async () => {
    const page = await signedIn(suite, 'admin', { locale: 'en-US', width: 1440, height: 900, path: '/member/income' });
    await page.getByTestId('ledger-table').waitFor();
    await page.waitForLoadState('networkidle');
    expect(await page.getByTestId('income-page').innerText()).toContain('Net income');
    expect(await page.getByTestId('money-totals').innerText()).toContain('Money in');
    await animationsDone(page);
    await shot(page, 'members-income-en');
    await page.context().close();
  });
});
