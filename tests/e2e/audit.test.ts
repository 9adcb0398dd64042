import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { shot } from './support/browser.ts';
import { signedIn, useConsole } from './support/suite.ts';

/**
 * 审计日志 in the browser: the calls the console made while signing in are
 * listed (rows are written a second after their calls, so the search is
 * repeated until they show), filtered by service and method, and one opens
 * in the details dialog; the sign-in tab lists the admin's successful
 * sign-in. Screenshots: tests/e2e/artifacts/audit-*.png.
 */
const suite = useConsole();

/** Clicks `search` until the table shows a row with `text` (audit rows are written in batches, about once a second). */
async function searchUntil(page: Page, search: string, table: string, text: string) {
  const row = page.getByTestId(table).locator('tbody tr').filter({ hasText: text }).first();
  for (let i = 0; i < 20; i++) {
    await page.getByTestId(search).click();
    if (await row.isVisible({ timeout: 1000 }).catch(() => false)) return row;
  }
  await row.waitFor();
  return row;
}

describe('audit logs', () => {
  it('filters the calls by service and method and opens one in the details dialog', { timeout: 120_000 }, async () => {
    const page = await signedIn(suite, 'admin');
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto('/setting/auditLogs');
    await page.getByTestId('audit-filter-service').fill('Session');
    await page.getByTestId('audit-filter-method').fill('GetCurrentLoginInformations');
    const row = await searchUntil(page, 'audit-search', 'audit-table', 'GetCurrentLoginInformations');
    const rows = page.getByTestId('audit-table').locator('tbody tr');
    for (const text of await rows.allInnerTexts()) expect(text).toContain('GetCurrentLoginInformations');
    expect(await row.innerText()).toContain('admin');
    await shot(page, 'audit-logs');

    await row.getByTestId('audit-open-details').click();
    const dialog = page.getByTestId('audit-details');
    await dialog.waitFor();
    expect(await dialog.innerText()).toContain('Session');
    expect(await dialog.innerText()).toContain('GetCurrentLoginInformations');
    await shot(page, 'audit-details');
  });

  it('lists the sign-in attempts, filtered by user and result', { timeout: 120_000 }, async () => {
    const page = await signedIn(suite, 'admin');
    await page.goto('/setting/auditLogs');
    await page.getByTestId('audit-tab-logins').click();
    await page.getByTestId('login-filter-user').fill('admin');
    await page.getByTestId('login-filter-result').selectOption('1');
    const row = await searchUntil(page, 'login-search', 'login-table', 'admin');
    expect(await row.innerText()).toContain('成功');
    await shot(page, 'audit-logins');
  });
});
