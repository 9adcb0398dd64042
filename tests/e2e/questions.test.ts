import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { animationsDone } from './support/axe.ts';
import { keyboardDrag, openInApp, settledTable, shot } from './support/browser.ts';
import { REPO_ROOT } from './support/server.ts';
import { signedIn, useConsole } from './support/suite.ts';

/** exceljs as the mock server has it (the file is written here, as a teacher would fill the template). */
interface Workbook {
  addWorksheet(name: string): { addRow(values: ReadonlyArray<string | number>): void };
  xlsx: { writeFile(file: string): Promise<void> };
}
const { Workbook } = createRequire(path.join(REPO_ROOT, 'apps/mock-server/package.json'))('exceljs') as { Workbook: new () => Workbook };

/**
 * The question bank in the browser: one question of each type is
 * written in the editor (options reordered by keyboard drag, a server
 * validation error shown on the options), previewed as a student sees it,
 * hidden with the show switch, given a sister and parted from it; a teacher's
 * question is reviewed through 初审 and 复审; the statistics page draws its
 * charts. Screenshots: tests/e2e/artifacts/questions-*.png.
 */
const suite = useConsole();
const TAG = `E2E${Date.now() % 100000}`;

/** Loads the question bank (a page load: what was saved meanwhile is read afresh), searched for `keyword` if given. */
async function openBank(page: Page, keyword?: string): Promise<void> {
  await page.goto('/testQuestions/testQuestion');
  await bankReady(page, keyword);
}

/** The admin signed in on the question bank at 1440×900 (one page load), searched for `keyword` if given. */
async function bankPage(keyword?: string): Promise<Page> {
  const page = await signedIn(suite, 'admin', { width: 1440, height: 900, path: '/testQuestions/testQuestion' });
  await bankReady(page, keyword);
  return page;
}

async function bankReady(page: Page, keyword: string | undefined): Promise<void> {
  await page.getByTestId('resource-page-testQuestion').waitFor();
  await settledTable(page, 'testQuestion');
  if (keyword !== undefined) {
    await page.getByTestId('filter-keyword').fill(keyword);
    await page.getByTestId('filter-search').click();
    await settledTable(page, 'testQuestion');
  }
}

const rowOf = (page: Page, text: string, resource = 'testQuestion') =>
  page.getByTestId(`${resource}-table`).locator('tbody tr').filter({ hasText: text });

async function startQuestion(page: Page, type: number, stem: string): Promise<Locator> {
  await page.getByTestId('action-create').click();
  const dialog = page.getByTestId('testQuestion-create-dialog');
  await dialog.waitFor();
  await dialog.locator('select[name="questionType"]').selectOption(String(type));
  await dialog.getByTestId('cascader-categoryId').click();
  await dialog.getByTestId('cascader-categoryId-search').fill('小学 数学');
  await dialog.getByTestId('cascader-hit').first().click();
  const body = dialog.locator('[data-testid="rich-text-stem"] .ProseMirror');
  await body.waitFor();
  await body.click();
  await page.keyboard.type(stem);
  return dialog;
}

async function save(dialog: Locator): Promise<void> {
  await dialog.getByTestId('form-submit').click();
  await dialog.waitFor({ state: 'hidden' });
}

/** A row action of the 更多 menu, clicked (on a one-row list the open menu reaches over the pager and must take the click). */
async function rowMenu(page: Page, row: Locator, key: string): Promise<void> {
  await row.getByTestId('row-action-more').click();
  const item = page.locator(`[role="menuitem"][data-testid="row-action-${key}"]`);
  await item.click();
}

const optionContents = (dialog: Locator, prefix = '') =>
  dialog.locator(`input[name^="${prefix}options."][name$=".content"]`).evaluateAll((els) => els.map((e) => (e as HTMLInputElement).value));

describe('question bank screens', () => {
  it('creates one question of each type through the editor', { timeout: 240_000 }, async () => {
    const page = await bankPage();
    await shot(page, 'questions-list');

    // 单选: four options, no key first (the server names `options`), then C marked and dragged to the top.
    let dialog = await startQuestion(page, 1, `${TAG} 单选：下列哪个数是质数？`);
    for (const [i, text] of ['4', '6', '7', '9'].entries()) await dialog.locator(`input[name="options.${i}.content"]`).fill(text);
    await dialog.getByTestId('form-submit').click();
    await page.getByTestId('error-modal').waitFor();
    await page.getByTestId('error-modal-ok').click();
    const optionsError = dialog.getByTestId('error-options');
    await optionsError.waitFor();
    expect(await optionsError.innerText()).toMatch(/正确|答案/);
    await optionsError.scrollIntoViewIfNeeded();
    await shot(page, 'questions-editor-server-error');

    await dialog.getByTestId('option-row').nth(2).getByTestId('option-correct').click();
    const handle = dialog.getByTestId('option-row').nth(2).getByTestId('sortable-handle');
    await handle.scrollIntoViewIfNeeded();
    await keyboardDrag(page, handle, ['ArrowUp', 'ArrowUp']);
    await expect.poll(() => optionContents(dialog)).toEqual(['7', '4', '6', '9']);
    // The key moved with its option: A is now the correct one, and the labels still read A–D.
    expect(await dialog.getByTestId('option-label').allInnerTexts()).toEqual(['A', 'B', 'C', 'D']);
    expect(await dialog.getByTestId('option-row').nth(0).locator('input[type="radio"]').isChecked()).toBe(true);
    await shot(page, 'questions-editor-reordered');
    await save(dialog);

    // 多选: A and C.
    dialog = await startQuestion(page, 2, `${TAG} 多选：下列哪些是偶数？`);
    for (const [i, text] of ['2', '3', '8', '5'].entries()) await dialog.locator(`input[name="options.${i}.content"]`).fill(text);
    await dialog.getByTestId('option-row').nth(0).getByTestId('option-correct').click();
    await dialog.getByTestId('option-row').nth(2).getByTestId('option-correct').click();
    await save(dialog);

    // 判断: 错误.
    dialog = await startQuestion(page, 3, `${TAG} 判断：1 是质数。`);
    await dialog.getByTestId('truefalse-trueFalseAnswer').getByText('错误').click();
    await save(dialog);

    // 填空: one blank with two accepted answers.
    dialog = await startQuestion(page, 4, `${TAG} 填空：3 + 4 = ____。`);
    await dialog.getByTestId('blank-answer').first().fill('7');
    await dialog.getByTestId('blank-add-alternative').click();
    await dialog.getByTestId('blank-answer').nth(1).fill('七');
    await shot(page, 'questions-editor-blanks');
    await save(dialog);

    // 简答.
    dialog = await startQuestion(page, 5, `${TAG} 简答：怎样判断一个数是不是质数？`);
    await dialog.locator('textarea[name="referenceAnswer"]').fill('看它除了 1 和它本身以外还有没有别的因数。');
    await save(dialog);

    // 材料: a single-choice and a true/false sub-question.
    dialog = await startQuestion(page, 6, `${TAG} 材料：小明买了 3 支铅笔，每支 2 元。`);
    await dialog.locator('textarea[name="subQuestions.0.stem"]').fill('小明一共花了多少元？');
    for (const [i, text] of ['5', '6', '7', '8'].entries()) await dialog.locator(`input[name="subQuestions.0.options.${i}.content"]`).fill(text);
    await dialog.getByTestId('sub-question').nth(0).getByTestId('option-row').nth(1).getByTestId('option-correct').click();
    await dialog.getByTestId('sub-question-add').click();
    await dialog.locator('select[name="subQuestions.1.questionType"]').selectOption('3');
    await dialog.locator('textarea[name="subQuestions.1.stem"]').fill('付 10 元应找回 4 元。');
    await dialog.getByTestId('sub-question').nth(1).getByText('正确').click();
    await dialog.getByTestId('sub-question').nth(1).scrollIntoViewIfNeeded();
    await shot(page, 'questions-editor-material');
    await save(dialog);

    await openBank(page, TAG);
    await expect.poll(() => page.getByTestId('testQuestion-table').locator('tbody tr').count()).toBe(6);
    const types = await page.getByTestId('testQuestion-table').locator('tbody tr td:nth-child(2)').allInnerTexts();
    expect([...types].sort()).toEqual(['判断题', '单选题', '填空题', '多选题', '材料题', '简答题'].sort());
    await shot(page, 'questions-created');
  });

  it('writes a 不定项 question with one key, and a fill-in question whose blank rows follow the stem', { timeout: 180_000 }, async () => {
    const page = await bankPage();

    // 不定项: checkboxes, one key is enough.
    let dialog = await startQuestion(page, 7, `${TAG} 不定项：下列是偶数的是`);
    await dialog.getByText('勾选一个或多个正确答案', { exact: false }).waitFor();
    for (const [i, text] of ['3', '4', '5', '7'].entries()) await dialog.locator(`input[name="options.${i}.content"]`).fill(text);
    await dialog.getByTestId('option-row').nth(1).getByTestId('option-correct').click();
    expect(await dialog.getByTestId('option-row').nth(1).locator('input[type="checkbox"]').isChecked()).toBe(true);
    await shot(page, 'questions-editor-indefinite');
    await save(dialog);

    // 填空: two blanks typed in the stem give two answer rows; a third filled row is refused on the field.
    dialog = await startQuestion(page, 4, `${TAG} 两空填空：中国的首都是____，最长的河是（  ）。`);
    await expect.poll(() => dialog.getByTestId('blank-row').count()).toBe(2);
    expect(await dialog.getByTestId('blank-count-blanks').innerText()).toBe('题干中有 2 个空');
    await dialog.getByTestId('blank-answer').nth(0).fill('北京');
    await dialog.getByTestId('blank-answer').nth(1).fill('长江');
    await dialog.getByTestId('blank-add').click();
    await dialog.getByTestId('blank-answer').nth(2).fill('黄河');
    await dialog.getByTestId('form-submit').click();
    // Said on the field (the form's check once validated, the live count before), and nothing is sent.
    const said = dialog.getByTestId('error-blanks').or(dialog.getByTestId('mismatch-blanks'));
    await said.first().waitFor();
    expect(await said.first().innerText()).toContain('题干中有 2 个空，但填写了 3 个空的答案');
    await said.first().scrollIntoViewIfNeeded();
    await shot(page, 'questions-editor-blank-count');
    // Without the surplus row the question saves.
    await dialog.getByRole('button', { name: '删除第 3 空' }).click();
    await expect.poll(() => dialog.getByTestId('blank-row').count()).toBe(2);
    await save(dialog);

    await openBank(page, TAG);
    const row = rowOf(page, '不定项：下列是偶数的是');
    await row.waitFor();
    expect(await row.locator('td:nth-child(2)').innerText()).toBe('不定项选择题');
    await shot(page, 'questions-indefinite-listed');
  });

  it('previews a question as a student sees it and hides it with the show switch', { timeout: 120_000 }, async () => {
    const page = await bankPage(`${TAG} 填空`);
    const row = rowOf(page, `${TAG} 填空`);
    await row.getByTestId('row-action-preview').click();
    const preview = page.getByTestId('preview-dialog');
    await preview.waitFor();
    await expect.poll(() => preview.getByTestId('preview-blank').count()).toBe(1);
    expect(await preview.getByTestId('preview-answer').count()).toBe(0);
    await preview.getByTestId('preview-toggle-answer').click();
    await preview.getByTestId('preview-answer').waitFor();
    expect(await preview.getByTestId('preview-answer').innerText()).toContain('7 / 七');
    await animationsDone(page);
    await shot(page, 'questions-preview');
    await page.keyboard.press('Escape');
    await preview.waitFor({ state: 'hidden' });

    // The reordered single choice: its key is A now.
    await openBank(page, `${TAG} 单选`);
    await rowOf(page, `${TAG} 单选`).getByTestId('row-action-preview').click();
    await preview.waitFor();
    expect(await preview.getByTestId('preview-options').innerText()).toMatch(/^A\.\s*7/);
    await preview.getByTestId('preview-toggle-answer').click();
    expect(await preview.getByTestId('preview-answer').innerText()).toMatch(/答案：\s*A/);
    await page.keyboard.press('Escape');

    // Show state: the switch hides the question (the list reads it back hidden).
    await openBank(page, `${TAG} 判断`);
    const toggle = rowOf(page, `${TAG} 判断`).locator('label:has(input[type="checkbox"])');
    expect(await toggle.locator('input').isChecked()).toBe(true);
    await toggle.click();
    await expect.poll(() => rowOf(page, `${TAG} 判断`).locator('input[type="checkbox"]').isChecked()).toBe(false);
    await page.getByTestId('filter-IsShow').selectOption('false');
    await page.getByTestId('filter-search').click();
    await settledTable(page, 'testQuestion');
    expect(await page.getByTestId('testQuestion-table').locator('tbody tr').count()).toBe(1);
  });

  it('edits a question with its type fixed, and warns of a duplicate after saving', { timeout: 120_000 }, async () => {
    const page = await bankPage(`${TAG} 材料`);
    await rowOf(page, `${TAG} 材料`).getByTestId('row-action-edit').click();
    const edit = page.getByTestId('testQuestion-update-dialog');
    await edit.getByTestId('sub-question').first().waitFor();
    expect(await edit.locator('select[name="questionType"]').isDisabled()).toBe(true);
    expect(await edit.getByTestId('sub-question').count()).toBe(2);
    expect(await optionContents(edit, 'subQuestions.0.')).toEqual(['5', '6', '7', '8']);
    await edit.locator('input[name="subQuestions.0.options.3.content"]').fill('9');
    await save(edit);

    // The same stem and options again: saved, with a notice naming the question it repeats.
    await openBank(page);
    const dialog = await startQuestion(page, 2, `${TAG} 多选：下列哪些是偶数？`);
    for (const [i, text] of ['8', '5', '2', '3'].entries()) await dialog.locator(`input[name="options.${i}.content"]`).fill(text);
    await dialog.getByTestId('option-row').nth(0).getByTestId('option-correct').click();
    await dialog.getByTestId('option-row').nth(2).getByTestId('option-correct').click();
    await save(dialog);
    const notice = page.getByText(/可能重复的试题/);
    await notice.waitFor();
    await animationsDone(page);
    await shot(page, 'questions-duplicate-warning');
  });

  it('adds a sister from the bank and takes it out again', async () => {
    const page = await bankPage(`${TAG} 单选`);
    const row = rowOf(page, `${TAG} 单选`);
    await rowMenu(page, row, 'sisters');
    const dialog = page.getByTestId('sister-dialog');
    await dialog.waitFor();
    await expect.poll(() => dialog.getByTestId('sister-member').count()).toBe(1);
    await dialog.getByTestId('sister-search').fill(`${TAG} 多选`);
    await dialog.getByTestId('sister-search-button').click();
    await dialog.getByTestId('sister-candidate').first().waitFor();
    await dialog.getByTestId('sister-add').first().click();
    await expect.poll(() => dialog.getByTestId('sister-member').count()).toBe(2);
    await shot(page, 'questions-sisters');
    await dialog.getByTestId('sister-remove').last().click();
    // A family left with one question dissolves.
    await expect.poll(() => dialog.getByTestId('sister-member').count()).toBe(1);
    expect(await dialog.getByTestId('sister-remove').count()).toBe(0);
  });

  it('imports a small Excel file: a dry run with an error row, then a commit of the valid rows', { timeout: 120_000 }, async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'questions-import-'));
    const file = path.join(dir, '导入试题.xlsx');
    const wb = new Workbook();
    const sheet = wb.addWorksheet('题目');
    sheet.addRow(['题型', '题干', '选项A', '选项B', '选项C', '选项D', '答案', '解析', '难度', '分数']);
    sheet.addRow(['单选', `${TAG} 导入单选：2 + 2 = ？`, '3', '4', '5', '6', 'B', '二加二等于四', '简单', 2]);
    sheet.addRow(['判断', `${TAG} 导入判断：0 是偶数。`, '', '', '', '', '正确', '', '一般', 2]);
    sheet.addRow(['单选', `${TAG} 导入错题：答案不在选项里`, '甲', '乙', '', '', 'E', '', '', 2]);
    await wb.xlsx.writeFile(file);

    const page = await bankPage();
    await page.getByTestId('action-import').click();
    const dialog = page.getByTestId('import-dialog');
    await dialog.waitFor();
    await dialog.getByTestId('import-category').click();
    await page.getByTestId('import-category-search').fill('小学 数学');
    await page.getByTestId('cascader-hit').first().click();
    await dialog.locator('input[type="file"]').setInputFiles(file);
    await dialog.getByTestId('upload-file-name').waitFor();
    await dialog.getByTestId('import-dry-run').click();
    const result = dialog.getByTestId('import-result');
    await result.waitFor({ timeout: 30_000 });
    expect(await result.getAttribute('data-mode')).toBe('dryRun');
    expect(await dialog.getByTestId('import-count-total').getAttribute('data-count')).toBe('3');
    expect(await dialog.getByTestId('import-count-invalid').getAttribute('data-count')).toBe('1');
    expect(await dialog.getByTestId('import-count-valid').getAttribute('data-count')).toBe('2');
    const errors = dialog.getByTestId('import-errors').locator('tbody tr');
    expect(await errors.count()).toBeGreaterThanOrEqual(1);
    expect(await errors.first().locator('td').first().innerText()).toBe('4');
    // All or nothing (the default) would write nothing: the commit waits until the choice changes.
    expect(await dialog.getByTestId('import-commit').isDisabled()).toBe(true);
    await shot(page, 'questions-import-dry-run');

    await dialog.getByTestId('import-all-or-nothing').click();
    await dialog.getByTestId('import-commit').click();
    await expect.poll(() => result.getAttribute('data-mode'), { timeout: 30_000 }).toBe('commit');
    expect(await dialog.getByTestId('import-count-created').getAttribute('data-count')).toBe('2');
    await dialog.getByRole('button', { name: '下载跳过行报告' }).waitFor();
    await shot(page, 'questions-import-committed');
    await dialog.getByTestId('import-close').click();

    await openBank(page, `${TAG} 导入`);
    await expect.poll(() => page.getByTestId('testQuestion-table').locator('tbody tr').count()).toBe(2);
    rmSync(dir, { recursive: true, force: true });
  });

  it('reads in English', { timeout: 90_000 }, async () => {
    const page = await signedIn(suite, 'admin', { locale: 'en-US', width: 1440, height: 900 });
    await openBank(page, `${TAG} 单选`);
    const screen = page.getByTestId('resource-page-testQuestion');
    expect(await screen.innerText()).toContain('Single choice');
    await rowOf(page, `${TAG} 单选`).getByTestId('row-action-edit').click();
    const edit = page.getByTestId('testQuestion-update-dialog');
    await edit.getByTestId('option-row').first().waitFor();
    expect(await edit.innerText()).toContain('Pick one correct answer');
    await animationsDone(page);
    await shot(page, 'questions-editor-en');
  });

  it('asks before Escape or the close button throws away a half-written question', { timeout: 90_000 }, async () => {
    const page = await bankPage();
    // Opened and left untouched: Escape closes at once.
    await page.getByTestId('action-create').click();
    const fresh = page.getByTestId('testQuestion-create-dialog');
    await fresh.locator('[data-testid="rich-text-stem"] .ProseMirror').waitFor();
    await page.keyboard.press('Escape');
    await fresh.waitFor({ state: 'hidden' });
    expect(await page.getByTestId('confirm-dialog').count()).toBe(0);

    const dialog = await startQuestion(page, 1, `${TAG} 写了一半`);
    await page.keyboard.press('Escape');
    const ask = page.getByTestId('confirm-dialog');
    await ask.waitFor();
    await animationsDone(page);
    await shot(page, 'questions-discard-ask');
    await ask.getByRole('button', { name: '继续编辑' }).click();
    await ask.waitFor({ state: 'hidden' });
    expect(await dialog.locator('[data-testid="rich-text-stem"] .ProseMirror').innerText()).toContain('写了一半');
    // The close button asks too; 放弃并关闭 closes without saving.
    await dialog.locator('[data-part="close-trigger"]').click();
    await ask.getByTestId('confirm-ok').click();
    await dialog.waitFor({ state: 'hidden' });
    await openBank(page, `${TAG} 写了一半`);
    expect(await rowOf(page, '写了一半').count()).toBe(0);
    await page.context().close();
  });

  it('names knowledge points by their whole path, in the bank filter and the chapter editor', { timeout: 90_000 }, async () => {
    const page = await bankPage();
    // The 知识点 filter: the stage and subject before the chapter and section (names alone repeat).
    const points = page.getByTestId('filter-ChapterTypeId').locator('option');
    await expect.poll(() => points.count(), { timeout: 15_000 }).toBeGreaterThan(1);
    const labels = await points.allInnerTexts();
    expect(
      labels.some((l) => /小学 \/ 数学 \/ 数与运算 \/ 四则混合运算$/.test(l.trim())),
      labels.slice(0, 8).join('|'),
    ).toBe(true);

    // 章节管理: a knowledge point of a question category shows its category (not 请选择), by its whole path.
    await openInApp(page, '/setting/chapterType');
    await page.getByTestId('resource-page-chapterType').waitFor();
    await page.getByTestId('filter-keyword').fill('数与运算');
    await page.getByTestId('filter-search').click();
    await settledTable(page, 'chapterType');
    const row = rowOf(page, '数与运算', 'chapterType').first();
    await row.waitFor();
    expect(await row.innerText()).toContain('题库分类（知识点） / 小学');
    await row.getByTestId('row-action-edit').click();
    const dialog = page.getByTestId('chapterType-update-dialog');
    await dialog.waitFor();
    const category = dialog.getByTestId('cascader-categoryId');
    await expect.poll(() => category.getAttribute('title'), { timeout: 15_000 }).toMatch(/^题库分类（知识点） \/ 小学 \/ .*数学$/);
    await animationsDone(page);
    await shot(page, 'chapter-editor');
    await page.keyboard.press('Escape');
    await page.context().close();
  });

  it('shows the statistics as charts and a table', async () => {
    const page = await signedIn(suite, 'admin', { width: 1440, height: 900, path: '/testQuestions/testQuestionCensus' });
    await page.getByTestId('census-page').waitFor();
    // The last 30 days (default) hold the questions written above; then half a year, drawn by month.
    await page.getByTestId('census-by-type').locator('svg').first().waitFor();
    await expect.poll(async () => Number((await page.getByTestId('census-total').innerText()).replace(/\D+/g, '') || 0)).toBeGreaterThanOrEqual(6);
    await shot(page, 'questions-census-month');
    const halfYear = new Date(Date.now() + 8 * 3_600_000 - 180 * 86_400_000).toISOString().slice(0, 10);
    await page.getByTestId('census-begin').fill(halfYear);
    await page.getByTestId('census-per-day').getByText('每月新增试题').waitFor();
    await page.waitForLoadState('networkidle');
    await expect.poll(async () => Number((await page.getByTestId('census-total').innerText()).replace(/\D+/g, '') || 0)).toBeGreaterThan(0);
    expect(await page.getByTestId('census-table').locator('tbody tr').count()).toBeGreaterThan(3);
    await shot(page, 'questions-census');
    await page.getByTestId('census-children').scrollIntoViewIfNeeded();
    await shot(page, 'questions-census-breakdown');
  });
});
