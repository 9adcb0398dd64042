import { describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { a11yProblems } from './support/axe.ts';
import { keyboardDrag, openInApp, settledTable, shot } from './support/browser.ts';
import { signedIn, useConsole } from './support/suite.ts';

/**
 * 问卷调查 in the browser: a questionnaire is written with three
 * questions (single choice, multiple choice with limits, text) and their
 * options, an option reordered with the keyboard, saved (pending review),
 * approved in the list (published) and seen published; then the results of a
 * seeded questionnaire with a few hundred responses (counts, bars, donut,
 * text answers, which responses came from visitors). Screenshots: tests/e2e/artifacts/questionnaire-*.png.
 */
const suite = useConsole();
const TAG = `E2E${Date.now() % 100000}`;

const rowOf = (page: Page, text: string) => page.getByTestId('questionnaire-table').locator('tbody tr').filter({ hasText: text });

async function openList(page: Page, keyword?: string) {
  await openInApp(page, '/miscellaneous/questionnaire');
  await page.getByTestId('resource-page-questionnaire').waitFor();
  await settledTable(page, 'questionnaire');
  if (keyword) {
    await page.getByTestId('filter-keyword').fill(keyword);
    await page.getByTestId('filter-search').click();
    await settledTable(page, 'questionnaire');
  }
}

const optionTexts = (question: Locator) =>
  question.locator('[data-testid="questionnaire-option"] input').evaluateAll((els) => els.map((e) => (e as HTMLInputElement).value));

describe('questionnaires', () => {
  it(
    'writes a questionnaire with ordered questions and options, publishes it after review, and reads the results of a seeded one',
    { timeout: 240_000 },
    async () => {
      const page = await signedIn(suite);
      await page.setViewportSize({ width: 1440, height: 900 });
      await openList(page);
      // The list passes axe in both languages: a11y.test.ts, walking every route of the menu.
      await shot(page, 'questionnaire-list');

      const title = `${TAG} 期中考试复习需求调查`;
      await page.getByTestId('action-create').click();
      const dialog = page.getByTestId('questionnaire-create-dialog');
      await dialog.waitFor();
      await dialog.locator('input[name="title"]').fill(title);
      await dialog.locator('textarea[name="description"]').fill('了解同学们期中复习最需要的帮助。');

      // The form starts with one single-choice question and two empty options.
      const questions = dialog.getByTestId('questionnaire-question');
      await expect.poll(() => questions.count()).toBe(1);
      await dialog.locator('input[name="questions.0.title"]').fill('你最担心哪一科？');
      await dialog.locator('input[name="questions.0.options.0.content"]').fill('数学');
      await dialog.locator('input[name="questions.0.options.1.content"]').fill('英语');
      await questions.nth(0).getByTestId('questionnaire-option-add').click();
      await dialog.locator('input[name="questions.0.options.2.content"]').fill('物理');

      await dialog.getByTestId('questionnaire-question-add').click();
      await dialog.locator('select[name="questions.1.questionType"]').selectOption('2');
      await dialog.locator('input[name="questions.1.title"]').fill('希望老师提供哪些复习资料？');
      await dialog.locator('input[name="questions.1.options.0.content"]').fill('知识点梳理');
      await dialog.locator('input[name="questions.1.options.1.content"]').fill('历年真题');
      await questions.nth(1).getByTestId('questionnaire-option-add').click();
      await dialog.locator('input[name="questions.1.options.2.content"]').fill('错题讲解');

      await dialog.getByTestId('questionnaire-question-add').click();
      await dialog.locator('select[name="questions.2.questionType"]').selectOption('3');
      await dialog.locator('input[name="questions.2.title"]').fill('其他建议');
      expect(await questions.nth(2).getByTestId('questionnaire-option').count()).toBe(0);

      // Keyboard reordering of the first question's options: 物理 moves to the top.
      const handle = questions.nth(0).getByTestId('questionnaire-option').nth(2).getByTestId('sortable-handle');
      await handle.scrollIntoViewIfNeeded();
      await keyboardDrag(page, handle, ['ArrowUp', 'ArrowUp']);
      await expect.poll(() => optionTexts(questions.nth(0))).toEqual(['物理', '数学', '英语']);
      await shot(page, 'questionnaire-editor');
      expect(await a11yProblems(page, 'questionnaire editor')).toEqual([]);

      await dialog.getByTestId('form-submit').click();
      await dialog.waitFor({ state: 'hidden' });

      // Saved: pending review (submitted), with its three questions.
      await openList(page, TAG);
      const row = rowOf(page, title);
      await row.waitFor();
      expect(await row.innerText()).toContain('待审核');
      expect(await row.innerText()).toContain('3');

      // Approve: published.
      await row.getByTestId('row-action-approve').click();
      await page.getByTestId('confirm-dialog').waitFor();
      await page.getByTestId('confirm-ok').click();
      await page.getByTestId('confirm-dialog').waitFor({ state: 'hidden' });
      await expect.poll(async () => (await rowOf(page, title).innerText()).includes('已通过'), { timeout: 15_000 }).toBe(true);
      await shot(page, 'questionnaire-published');

      // The saved order came back: reopen the editor.
      await rowOf(page, title).getByTestId('row-action-edit').click();
      const edit = page.getByTestId('questionnaire-update-dialog');
      await edit.waitFor();
      await expect.poll(() => optionTexts(edit.getByTestId('questionnaire-question').nth(0)), { timeout: 15_000 }).toEqual(['物理', '数学', '英语']);
      await page.keyboard.press('Escape');
      await edit.waitFor({ state: 'hidden' });

      // Results of a seeded questionnaire: a few hundred responses, per question.
      await openList(page, '线上课程满意度');
      const seeded = rowOf(page, '线上课程满意度调查');
      await seeded.getByTestId('row-action-results').click();
      const results = page.getByTestId('questionnaire-results');
      await results.waitFor();
      await results.getByTestId('result-question').first().waitFor();
      expect(Number(await results.getByTestId('result-count').innerText())).toBeGreaterThan(200);
      expect(await results.getByTestId('result-question').count()).toBe(5);
      expect(await results.getByTestId('result-option').count()).toBeGreaterThan(10);
      await results.getByTestId('result-text').first().waitFor();
      // A public questionnaire: how many responses came from visitors (not signed in), and which text answers.
      expect(await results.getByTestId('result-visitors').innerText()).toMatch(/^访客（未登录）\d+ 份$/);
      await results.getByTestId('result-text-visitor').first().waitFor();
      expect(await results.getByTestId('result-text-visitor').first().innerText()).toBe('访客（未登录）');
      await shot(page, 'questionnaire-results');
      expect(await a11yProblems(page, 'questionnaire results')).toEqual([]);
      await results.getByTestId('result-texts').scrollIntoViewIfNeeded();
      await shot(page, 'questionnaire-results-texts');
      await page.context().close();

      // English: the list and the results read in English (data stays Chinese).
      const english = await signedIn(suite, 'admin', { locale: 'en-US' });
      await english.setViewportSize({ width: 1440, height: 900 });
      await openList(english, '线上课程满意度');
      const header = await english.getByTestId('questionnaire-table').locator('thead').innerText();
      expect(header).toContain('Responses');
      expect(header).not.toMatch(/答卷数|问卷标题/);
      await rowOf(english, '线上课程满意度调查').getByTestId('row-action-results').click();
      const en = english.getByTestId('questionnaire-results');
      await en.getByTestId('result-question').first().waitFor();
      expect(await en.innerText()).toContain('answered');
      expect(await en.innerText()).not.toMatch(/人作答|份答卷|答卷统计/);
      await shot(english, 'questionnaire-results-en');
      await english.context().close();
    },
  );
});
