import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { settledTable, shot } from './support/browser.ts';
import { signedIn, useConsole } from './support/suite.ts';

/**
 * Question formats on screen: an equation imported from Word (kept as LaTeX
 * in a `math-tex` span) typeset by KaTeX in the question preview, KaTeX
 * fetched only then; and the 学校信息 card where a tenant's administrator
 * names the school printed papers carry.
 */

const suite = useConsole();
const TAG = `公式${Date.now() % 100000}`;

/** A call of the API as the signed-in page (its auth cookie's token). */
async function callApi(page: Page, path: string, body: unknown): Promise<unknown> {
  return page.evaluate(
    async ({ path, body }) => {
      const token = /(?:^|;\s*)Abp\.AuthToken=([^;]+)/.exec(document.cookie)?.[1] ?? '';
      const res = await fetch(`/api/services/app/${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${decodeURIComponent(token)}`, 'Abp.TenantId': '1' },
        body: JSON.stringify(body),
      });
      return res.json() as Promise<unknown>;
    },
    { path, body },
  );
}

describe('question formats on screen', () => {
  it('typesets an imported equation in the question preview, loading KaTeX only then', { timeout: 120_000 }, async () => {
    const page = await signedIn(suite);
    // KaTeX travels in the chunk of resources/rich-text/math.ts (math-<hash>.js and .css) and its fonts (KaTeX_*).
    const scripts: string[] = [];
    page.on('response', (r) => {
      if (/\/assets\/(math-|KaTeX_)/.test(r.url())) scripts.push(r.url());
    });
    // A question category of its own (class type 3: the question bank's).
    const category = (await callApi(page, 'MultiLevelCategory/Create', { classTypeId: 3, name: TAG })) as { result: { id: number } };
    const created = (await callApi(page, 'TestQuestion/CreateQuestion', {
      categoryId: category.result.id,
      questionType: 1,
      stem: `<p>${TAG}：化简 <span class="math-tex">\\(\\frac{1}{2}+\\sqrt{{x}^{2}+1}\\)</span> 的结果是（ ）</p>`,
      options: [
        { content: '<p><span class="math-tex">\\({x}_{1}\\)</span></p>', isCorrect: true },
        { content: '<p>以上都不对</p>', isCorrect: false },
      ],
      analysis: '<p>由 <span class="math-tex">\\(\\sum_{i=1}^{n}{i}\\)</span> 可得。</p>',
    })) as { success: boolean; error: unknown };
    expect(created.success, JSON.stringify(created.error)).toBe(true);
    await page.goto('/testQuestions/testQuestion');
    await settledTable(page, 'testQuestion');
    // The list shows no equation: KaTeX is not loaded yet.
    expect(scripts).toEqual([]);
    await page.getByTestId('filter-keyword').fill(TAG);
    await page.getByTestId('filter-search').click();
    await settledTable(page, 'testQuestion');
    const row = page.getByTestId('testQuestion-table').locator('tbody tr').filter({ hasText: TAG });
    await row.getByTestId('row-action-preview').click();
    const preview = page.getByTestId('preview-dialog');
    await preview.waitFor();
    const stem = preview.getByTestId('preview-stem');
    await stem.locator('.katex .mfrac').waitFor();
    expect(await stem.innerText()).not.toContain('\\frac');
    await preview.getByTestId('preview-options').locator('.katex').first().waitFor();
    await preview.getByTestId('preview-toggle-answer').click();
    await preview.getByTestId('preview-answer').locator('.katex .mop').first().waitFor();
    expect(scripts.some((s) => /\/math-[\w-]+\.js$/.test(s))).toBe(true);
    expect(scripts.some((s) => /KaTeX_Main-Regular/.test(s))).toBe(true);
    await shot(page, 'formats-equation-preview');
  });

  it("names the school on the 管理员管理 screen's 学校信息 card", { timeout: 120_000 }, async () => {
    const page = await signedIn(suite);
    await page.goto('/setting/manager');
    const card = page.getByTestId('school-settings');
    await card.waitFor();
    const input = card.getByTestId('school-name');
    await expect.poll(() => input.isEnabled()).toBe(true);
    await input.fill('示范实验中学');
    await card.getByTestId('school-save').click();
    await expect.poll(() => card.getByTestId('school-effective').innerText()).toBe('打印试卷的标题第一行：示范实验中学');
    await shot(page, 'formats-school-settings');
    // Stored: a reload reads it back.
    await page.reload();
    await expect.poll(() => page.getByTestId('school-name').inputValue()).toBe('示范实验中学');
  });
});
