import { describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { shot } from './support/browser.ts';
import { signedIn, useConsole } from './support/suite.ts';

/**
 * 预览权限效果 in the browser: a new role with only the question bank checked
 * previews the question screens (with their buttons) and the question flow's
 * two review steps, and no setting group; a teacher's editor previews their
 * role, and again with a role checked but not saved. Nothing is saved.
 * Screenshots: tests/e2e/artifacts/permission-preview-*.png.
 */
const suite = useConsole();

async function openPreview(page: Page, dialog: Locator) {
  await dialog.getByTestId('permission-preview-open').click();
  const preview = page.getByTestId('permission-preview');
  await preview.waitFor();
  // The screens' buttons appear once their resources have loaded.
  await expect.poll(() => preview.getByText('正在加载…').count()).toBe(0);
  return preview;
}

async function closePreview(page: Page) {
  await page.keyboard.press('Escape');
  await page.getByTestId('permission-preview').waitFor({ state: 'detached' });
}

describe('permission preview', () => {
  it('previews a new role with only the question bank, before it is saved', { timeout: 120_000 }, async () => {
    const page = await signedIn(suite, 'admin', { width: 1440, height: 1000, path: '/setting/manager' });
    await page.getByTestId('tab-roles').click();
    await page.getByTestId('action-create').click();
    const dialog = page.getByTestId('role-create-dialog');
    await dialog.waitFor();
    await dialog.locator('input[name="displayName"]').fill('题库专员');
    const bank = dialog.locator('[data-permission="Pages.Questions"]');
    await bank.click();
    await expect.poll(() => bank.getAttribute('data-state-value')).toBe('true');
    // A click on a permission's label checks that permission (it once toggled 全部权限: the tree's boxes shared one id).
    expect(await dialog.locator('[data-permission="Pages.Administration"]').getAttribute('data-state-value')).toBe('false');

    const preview = await openPreview(page, dialog);
    await shot(page, 'permission-preview-role');
    expect(await preview.innerText()).toContain('权限效果预览：题库专员');
    const menu = preview.getByTestId('preview-menu');
    const bankGroup = menu.getByTestId('preview-group-testQuestions');
    expect(await bankGroup.innerText()).toContain('题库管理');
    expect(await bankGroup.getByTestId('preview-screen-testQuestion').innerText()).toContain('新增');
    expect(await menu.getByTestId('preview-group-setting').count()).toBe(0);
    expect(await preview.getByTestId('preview-routes').innerText()).not.toContain('/setting/');
    const steps = await preview.getByTestId('preview-review-steps').innerText();
    expect(steps).toContain('初审');
    expect(steps).toContain('复审');
    await closePreview(page);

    // Unchecked again, the preview follows the form: only the home page.
    await bank.click();
    const empty = await openPreview(page, dialog);
    expect(await empty.getByTestId('preview-group-testQuestions').count()).toBe(0);
    await closePreview(page);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
  });

  it("previews a user's roles as checked in the editor, saved or not", { timeout: 120_000 }, async () => {
    const page = await signedIn(suite, 'admin', { width: 1440, height: 1000, path: '/setting/manager' });
    await page.getByTestId('resource-page-user').waitFor();
    await page.getByTestId('filter-keyword').fill('zhaolei');
    await page.getByTestId('filter-search').click();
    const userRow = page.getByTestId('user-table').locator('tbody tr', { hasText: 'zhaolei' });
    await userRow.waitFor();
    await userRow.getByTestId('row-action-edit').click();
    const dialog = page.getByTestId('user-update-dialog');
    await dialog.waitFor();
    await expect.poll(() => dialog.locator('input[name="userName"]').inputValue()).toBe('zhaolei');
    await shot(page, 'permission-preview-user-form');

    // 教师: the question bank, no 其他管理.
    const teacher = await openPreview(page, dialog);
    expect(await teacher.getByTestId('preview-group-testQuestions').count()).toBe(1);
    expect(await teacher.getByTestId('preview-group-miscellaneous').count()).toBe(0);
    await closePreview(page);

    // 审核员 checked, not saved: its screens and review steps join the teacher's.
    await dialog.locator('[data-field="roleNames"] button').first().click();
    await page.getByRole('option', { name: '审核员' }).click();
    await page.keyboard.press('Escape');
    const both = await openPreview(page, dialog);
    expect(await both.getByTestId('preview-group-testQuestions').count()).toBe(1);
    expect(await both.getByTestId('preview-group-miscellaneous').innerText()).toContain('会员评论');
    expect(await both.getByTestId('preview-review-steps').innerText()).toContain('文章');
    await shot(page, 'permission-preview-user');
  });
});
