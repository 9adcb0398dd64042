import { describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { animationsDone } from './support/axe.ts';
import { newContext, shot, signInWithToken } from './support/browser.ts';
import { useConsole } from './support/suite.ts';

const suite = useConsole();

async function openUsers(): Promise<Page> {
  const ctx = await newContext(suite.browser, suite.baseUrl);
  const page = await ctx.newPage();
  await signInWithToken(page, suite.baseUrl);
  await page.getByTestId('menu-group-setting').click();
  await page.getByTestId('menu-manager').click();
  await page.getByTestId('resource-page-user').waitFor();
  return page;
}

async function search(page: Page, keyword: string) {
  await page.getByTestId('filter-keyword').fill(keyword);
  await page.getByTestId('filter-search').click();
}

const row = (page: Page, text: string): Locator => page.getByTestId('user-table').locator('tbody tr', { hasText: text });

async function fill(dialog: Locator, values: Record<string, string>) {
  for (const [name, value] of Object.entries(values)) await dialog.locator(`input[name="${name}"]`).fill(value);
}

async function rowAction(page: Page, r: Locator, key: string) {
  const inline = r.getByTestId(`row-action-${key}`);
  if (await inline.count()) return inline.click();
  await r.getByTestId('row-action-more').click();
  await page.locator(`[role="menuitem"][data-testid="row-action-${key}"]`).click();
}

describe('users through the UI', () => {
  it('creates, edits and deletes a user', async () => {
    const page = await openUsers();
    await page.getByTestId('action-create').click();
    const create = page.getByTestId('user-create-dialog');
    await create.waitFor();
    await fill(create, {
      userName: 'e2e_wangfang',
      password: 'Passw0rd!',
      surname: '王',
      name: '芳',
      emailAddress: 'e2e_wangfang@example.edu.cn',
      phoneNumber: '13800138000',
    });
    await animationsDone(page);
    await shot(page, 'user-create');
    await create.getByTestId('form-submit').click();
    await create.waitFor({ state: 'hidden' });

    await search(page, 'e2e_wangfang');
    await row(page, 'e2e_wangfang').waitFor();
    expect(await row(page, 'e2e_wangfang').innerText()).toContain('王芳');

    const requests: string[] = [];
    page.on('request', (r) => requests.push(r.url()));
    await rowAction(page, row(page, 'e2e_wangfang'), 'edit');
    const edit = page.getByTestId('user-update-dialog');
    await edit.waitFor();
    await expect.poll(() => edit.locator('input[name="userName"]').inputValue()).toBe('e2e_wangfang');
    await fill(edit, { name: '芳芳' });
    // The parent is found by the server as the admin types; the user being edited is not offered.
    const parent = edit.getByTestId('parent-picker').locator('input');
    await parent.fill('e2e_wangfang');
    await page.getByRole('listbox').getByText('没有匹配的结果').waitFor();
    await parent.fill('胡宇');
    const option = page.getByRole('option', { name: /胡宇航/ });
    await option.waitFor();
    await animationsDone(page);
    await shot(page, 'user-parent-picker');
    await option.click();
    await expect.poll(() => parent.inputValue()).toContain('胡宇航');
    await edit.getByTestId('form-submit').click();
    await edit.waitFor({ state: 'hidden' });
    await expect.poll(() => row(page, 'e2e_wangfang').innerText()).toContain('王芳芳');
    expect(await row(page, 'e2e_wangfang').innerText()).toContain('胡宇航');

    // Opened again, the form names the parent it holds; no form loaded every user of the tenant.
    await rowAction(page, row(page, 'e2e_wangfang'), 'edit');
    await edit.waitFor();
    await expect.poll(() => edit.getByTestId('parent-picker').locator('input').inputValue()).toContain('胡宇航');
    await edit.getByRole('button', { name: '取消', exact: true }).click();
    await edit.waitFor({ state: 'hidden' });
    expect(requests.filter((url) => url.includes('/User/GetAllUsers'))).toEqual([]);
    expect(requests.some((url) => url.includes('/User/GetAll?') && url.includes('Keyword='))).toBe(true);

    await rowAction(page, row(page, 'e2e_wangfang'), 'delete');
    const confirm = page.getByTestId('confirm-dialog');
    await confirm.waitFor();
    await confirm.getByTestId('confirm-ok').click();
    await confirm.waitFor({ state: 'hidden' });
    await expect.poll(() => row(page, 'e2e_wangfang').count()).toBe(0);
    await page.context().close();
  });

  it('a server validation error opens the modal and marks the field', async () => {
    const page = await openUsers();
    await page.getByTestId('action-create').click();
    const create = page.getByTestId('user-create-dialog');
    await create.waitFor();
    // zhaolei exists: the client-side schema passes, the server answers 400 naming userName.
    await fill(create, {
      userName: 'zhaolei',
      password: 'Passw0rd!',
      surname: '赵',
      name: '磊',
      emailAddress: 'e2e_other@example.edu.cn',
    });
    await create.getByTestId('form-submit').click();
    const modal = page.getByTestId('error-modal');
    await modal.waitFor();
    expect(await modal.innerText()).toContain('zhaolei');
    await animationsDone(page);
    await shot(page, 'validation-modal');
    await page.getByTestId('error-modal-ok').click();
    await modal.waitFor({ state: 'hidden' });
    const fieldError = create.getByTestId('error-userName');
    await fieldError.waitFor();
    expect(await fieldError.innerText()).toContain('zhaolei');
    expect(await create.isVisible()).toBe(true);
    await shot(page, 'validation-field');
    await page.context().close();
  });
});
