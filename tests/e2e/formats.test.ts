import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { openInApp, settledTable, shot } from './support/browser.ts';
import { signedIn, useConsole } from './support/suite.ts';

/**
 * Question formats on screen: an equation imported from Word (kept as LaTeX
 * in a `math-tex` span) typeset by KaTeX in the question list and preview,
 * KaTeX fetched only then, and kept byte for byte when the question is edited
 * around it; and the 学校信息 card where a tenant's administrator names the
 * school printed papers carry.
 */

const suite = useConsole();
const TAG = `公式${Date.now() % 100000}`;

/** A call of the API as the signed-in page (its auth cookie's token). */
async function callApi(page: Page, path: string, body?: unknown): Promise<unknown> {
  return page.evaluate(
    async ({ path, body }) => {
      const token = /(?:^|;\s*)Abp\.AuthToken=([^;]+)/.exec(document.cookie)?.[1] ?? '';
      const res = await fetch(`/api/services/app/${path}`, {
        method: body === undefined ? 'GET' : 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${decodeURIComponent(token)}`, 'Abp.TenantId': '1' },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      return res.json() as Promise<unknown>;
    },
    { path, body },
  );
}

/** A single-choice question in a category of its own (class type 3: the question bank's), holding `stem`. */
async function questionWith(page: Page, name: string, stem: string, more: Record<string, unknown> = {}): Promise<number> {
  const category = (await callApi(page, 'MultiLevelCategory/Create', { classTypeId: 3, name })) as { result: { id: number } };
  const created = (await callApi(page, 'TestQuestion/CreateQuestion', {
    categoryId: category.result.id,
    questionType: 1,
    stem,
    options: [
      { content: '<p>甲</p>', isCorrect: true },
      { content: '<p>乙</p>', isCorrect: false },
    ],
    ...more,
  })) as { success: boolean; error: unknown; result: { id: number } };
  expect(created.success, JSON.stringify(created.error)).toBe(true);
  return created.result.id;
}

/** The list filtered by a keyword, settled; the row holding it. */
async function listed(page: Page, keyword: string) {
  await page.getByTestId('filter-keyword').fill(keyword);
  await page.getByTestId('filter-search').click();
  await settledTable(page, 'testQuestion');
  return page.getByTestId('testQuestion-table').locator('tbody tr').filter({ hasText: keyword });
}

describe('question formats on screen', () => {
  it('typesets an imported equation in the question preview, loading KaTeX only then', { timeout: 120_000 }, async () => {
    const page = await signedIn(suite);
    // KaTeX travels in the chunk of resources/rich-text/math.ts (math-<hash>.js and .css) and its fonts (KaTeX_*).
    const scripts: string[] = [];
    page.on('response', (r) => {
      if (/\/assets\/(math-|KaTeX_)/.test(r.url())) scripts.push(r.url());
    });
    // A page load, watched from its start: nothing of the shell's or the list's first load brings KaTeX.
    await page.goto('/testQuestions/testQuestion');
    await settledTable(page, 'testQuestion');
    // The seeded list shows no equation: KaTeX is not loaded.
    expect(scripts).toEqual([]);
    await questionWith(page, TAG, `<p>${TAG}：化简 <span class="math-tex">\\(\\frac{1}{2}+\\sqrt{{x}^{2}+1}\\)</span> 的结果是（ ）</p>`, {
      options: [
        { content: '<p><span class="math-tex">\\({x}_{1}\\)</span></p>', isCorrect: true },
        { content: '<p>以上都不对</p>', isCorrect: false },
      ],
      analysis: '<p>由 <span class="math-tex">\\(\\sum_{i=1}^{n}{i}\\)</span> 可得。</p>',
    });
    const row = await listed(page, TAG);
    // The stem column typesets the row's equation: no LaTeX source, no delimiters.
    const stemCell = row.getByTestId('math-line');
    await stemCell.locator('.katex .mfrac').waitFor();
    expect(await stemCell.innerText()).not.toMatch(/\\\(|\\frac/);
    await shot(page, 'formats-equation-list');
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
    const page = await signedIn(suite, 'admin', { path: '/setting/manager' });
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

  it('keeps an equation through the editor: another word changed, the saved stem still holds it', { timeout: 120_000 }, async () => {
    const page = await signedIn(suite);
    const tag = `编辑${TAG}`;
    const math = '<span class="math-tex">\\(\\frac{a}{b} &lt; \\sqrt{2}\\)</span>';
    const id = await questionWith(page, tag, `<p>${tag}：已知 ${math}，旧的说法是（ ）</p>`);
    await openInApp(page, '/testQuestions/testQuestion');
    await settledTable(page, 'testQuestion');
    const row = await listed(page, tag);
    await row.getByTestId('row-action-edit').click();
    const dialog = page.getByTestId('testQuestion-update-dialog');
    await dialog.waitFor();
    const body = dialog.locator('[data-testid="rich-text-stem"] .ProseMirror');
    // The equation shows typeset in the editor, not as its source.
    await body.locator('.math-tex .katex .mfrac').waitFor();
    expect(await body.innerText()).not.toContain('\\frac');
    await shot(page, 'formats-equation-editor');
    // Change the word 旧 (the text node after the equation) to 新.
    await body.evaluate((el) => {
      (el as HTMLElement).focus();
      const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
      for (let n = walker.nextNode(); n; n = walker.nextNode()) {
        const at = n.textContent?.indexOf('旧') ?? -1;
        if (at < 0) continue;
        const range = document.createRange();
        range.setStart(n, at);
        range.setEnd(n, at + 1);
        const selection = window.getSelection()!;
        selection.removeAllRanges();
        selection.addRange(range);
        return;
      }
    });
    await page.keyboard.type('新');
    await dialog.getByTestId('form-submit').click();
    await dialog.waitFor({ state: 'hidden' });
    const saved = (await callApi(page, `TestQuestion/Get?Id=${id}`)) as { result: { stem: string } };
    expect(saved.result.stem).toBe(`<p>${tag}：已知 ${math}，新的说法是（ ）</p>`);
  });
});
