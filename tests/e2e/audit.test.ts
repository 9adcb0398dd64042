import { describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { openInApp, settledTable, shot } from './support/browser.ts';
import { signedIn, useConsole } from './support/suite.ts';

/**
 * 审计日志 in the browser: the screen's own searches are listed (rows are
 * written off the request's path, in batches about once a second, so the test
 * has the server write the screen's first call before it searches; the session
 * call is not audited, as ABP's [DisableAuditing]), filtered by service and
 * method, and one opens in the details dialog; the sign-in tab lists the
 * admin's successful sign-in (written with the sign-in itself). The retention
 * is edited (and shows as a setting change), a user's edit shows in its row's
 * change history and in the data-changes tab. Screenshots: tests/e2e/artifacts/audit-*.png.
 */
const suite = useConsole();

/** The first row of `table` showing `text`, once `search` is clicked (one search: pressing it again with the same filters reads nothing new). */
async function searchFor(page: Page, search: string, table: string, text: string): Promise<Locator> {
  await page.getByTestId(search).click();
  const row = page.getByTestId(table).locator('tbody tr').filter({ hasText: text }).first();
  await row.waitFor();
  return row;
}

/** Runs a row action, inline or from the row's "more" menu. */
async function rowAction(page: Page, row: Locator, key: string) {
  const inline = row.getByTestId(`row-action-${key}`);
  if (await inline.count()) return inline.click();
  await row.getByTestId('row-action-more').click();
  const item = page.locator(`[role="menuitem"][data-testid="row-action-${key}"]`);
  await item.waitFor();
  // Chosen with the keyboard, as a keyboard user would: the menu of a table's last row can open over the pager.
  for (let i = 0; i < 12 && (await item.getAttribute('data-highlighted')) === null; i++) await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
}

describe('audit logs', () => {
  it('filters the calls by service and method and opens one in the details dialog', { timeout: 120_000 }, async () => {
    const page = await signedIn(suite, 'admin', { width: 1440, height: 900, path: '/setting/auditLogs' });
    // The screen's first read has answered: the server recorded the call (its onResponse hook, in this process) before the browser had the answer.
    await settledTable(page, 'audit');
    // That row waits in the writer's buffer: written now rather than on the writer's next turn, so the search below finds it.
    await suite.server.app.auditWriter.flush();
    await page.getByTestId('audit-filter-service').fill('AuditLog');
    await page.getByTestId('audit-filter-method').fill('GetAuditLogs');
    const row = await searchFor(page, 'audit-search', 'audit-table', 'GetAuditLogs');
    const rows = page.getByTestId('audit-table').locator('tbody tr');
    for (const text of await rows.allInnerTexts()) expect(text).toContain('GetAuditLogs');
    expect(await row.innerText()).toContain('admin');
    await shot(page, 'audit-logs');

    await row.getByTestId('audit-open-details').click();
    const dialog = page.getByTestId('audit-details');
    await dialog.waitFor();
    expect(await dialog.innerText()).toContain('AuditLog');
    expect(await dialog.innerText()).toContain('GetAuditLogs');
    await shot(page, 'audit-details');
  });

  it('lists the sign-in attempts, filtered by user and result', { timeout: 120_000 }, async () => {
    const page = await signedIn(suite, 'admin', { path: '/setting/auditLogs' });
    await page.getByTestId('audit-tab-logins').click();
    await page.getByTestId('login-filter-user').fill('admin');
    await page.getByTestId('login-filter-result').selectOption('1');
    const row = await searchFor(page, 'login-search', 'login-table', 'admin');
    expect(await row.innerText()).toContain('成功');
    await shot(page, 'audit-logins');
  });

  it("edits the retention, shows a user's change history on its row and lists the changes on the audit screen", { timeout: 150_000 }, async () => {
    const page = await signedIn(suite, 'admin', { path: '/setting/auditLogs' });
    const days = page.getByTestId('audit-retention-days');
    await expect.poll(() => days.inputValue()).not.toBe('');
    await days.fill('0');
    expect(await page.getByTestId('audit-retention-save').isDisabled()).toBe(true);
    await days.fill('120');
    await page.getByTestId('audit-retention-save').click();
    await expect.poll(() => days.inputValue()).toBe('120');
    await shot(page, 'audit-retention');

    // A user edited in the user manager: its row's 变更历史 shows the name from and to.
    await openInApp(page, '/setting/manager');
    await page.getByTestId('resource-page-user').waitFor();
    await page.getByTestId('filter-keyword').fill('huangli');
    await page.getByTestId('filter-search').click();
    const userRow = page.getByTestId('user-table').locator('tbody tr', { hasText: 'huangli' });
    await userRow.waitFor();
    await rowAction(page, userRow, 'edit');
    const edit = page.getByTestId('user-update-dialog');
    await edit.waitFor();
    await expect.poll(() => edit.locator('input[name="userName"]').inputValue()).toBe('huangli');
    await edit.locator('input[name="name"]').fill('历史');
    await edit.getByTestId('form-submit').click();
    await edit.waitFor({ state: 'hidden' });
    await rowAction(page, userRow, 'entityHistory');
    const history = page.getByTestId('entity-history');
    await history.waitFor();
    const change = history.getByTestId('entity-change').first();
    await change.waitFor();
    expect(await change.innerText()).toContain('修改');
    expect(await change.innerText()).toContain('历史');
    await shot(page, 'audit-entity-history');
    await page.keyboard.press('Escape');

    await openInApp(page, '/setting/auditLogs');
    await page.getByTestId('audit-tab-history').click();
    await page.getByTestId('history-filter-type').selectOption('User');
    await page.getByTestId('history-search').click();
    await page.getByTestId('entity-changes').getByText('历史').first().waitFor();
    await shot(page, 'audit-entity-changes');

    // The retention edited above is a setting change: 设置, its name, from the default's absence to 120.
    await page.getByTestId('history-filter-type').selectOption('Setting');
    await page.getByTestId('history-search').click();
    const setting = page.getByTestId('entity-changes').getByTestId('entity-change').filter({ hasText: 'App.Auditing.RetentionDays' }).first();
    await setting.waitFor();
    expect(await setting.innerText()).toContain('120');
    await shot(page, 'audit-setting-changes');
  });

  it('signs in as a teacher from the user list, shows the banner, and goes back', { timeout: 150_000 }, async () => {
    const page = await signedIn(suite, 'admin', { path: '/setting/manager' });
    await page.getByTestId('resource-page-user').waitFor();
    await page.getByTestId('filter-keyword').fill('zhaolei');
    await page.getByTestId('filter-search').click();
    const userRow = page.getByTestId('user-table').locator('tbody tr', { hasText: 'zhaolei' });
    await userRow.waitFor();
    await rowAction(page, userRow, 'impersonate');
    await page.getByTestId('impersonate-dialog').waitFor();
    await page.getByTestId('impersonate-confirm').click();
    const banner = page.getByTestId('impersonation-banner');
    await banner.waitFor({ timeout: 30_000 });
    expect(await banner.innerText()).toContain('正在以 zhaolei 身份登录');
    await shot(page, 'audit-impersonation');
    await page.getByTestId('impersonation-back').click();
    await page.waitForURL('**/main/home');
    await banner.waitFor({ state: 'detached', timeout: 30_000 });
    expect(await page.getByTestId('impersonation-banner').count()).toBe(0);
  });

  it('lists who holds a permission, through which role or directly', { timeout: 120_000 }, async () => {
    const page = await signedIn(suite, 'admin', { path: '/setting/auditLogs' });
    await page.getByTestId('audit-tab-who-can').click();
    await page.getByTestId('who-can-permission').selectOption('Pages.Administration.AuditLogs');
    await page.getByTestId('who-can-search').click();
    const users = page.getByTestId('who-can-users');
    await users.locator('tbody tr', { hasText: 'admin' }).first().waitFor();
    expect(await page.getByTestId('who-can').innerText()).toContain('管理员');
    await shot(page, 'audit-who-can');
  });
});
