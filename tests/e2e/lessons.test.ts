import { describe, expect, it } from 'vitest';
import type { Locator } from 'playwright-core';
import { keyboardDrag, settledTable, shot } from './support/browser.ts';
import { signedIn, useConsole } from './support/suite.ts';

/**
 * Child collections in the browser: a course is created with three
 * lessons in the ordered list field, a lesson's own validation error shows on
 * that lesson's field, the lessons are reordered with the keyboard (dnd-kit's
 * keyboard sensor: Space, arrows, Space), saved, and the reopened course shows
 * the new order. Screenshots: tests/e2e/artifacts/lessons-*.png.
 */
const suite = useConsole();

const lessonTitles = (dialog: Locator) =>
  dialog.locator('[data-testid="list-item-lessons"] input[name$=".title"]').evaluateAll((els) => els.map((e) => (e as HTMLInputElement).value));

describe('course lessons (ordered list field)', () => {
  it('creates a course with three lessons, reorders them by keyboard, and reads the new order back', async () => {
    const title = `E2E 有理数 课时排序 ${Date.now() % 100000}`;
    const page = await signedIn(suite, 'admin', { path: '/articles/learningCourse' });
    await page.getByTestId('resource-page-learningCourse').waitFor();
    await settledTable(page, 'learningCourse');

    await page.getByTestId('action-create').click();
    const create = page.getByTestId('learningCourse-create-dialog');
    await create.waitFor();
    await create.locator('input[name="title"]').fill(title);
    await create.getByTestId('cascader-categoryId').click();
    await create.getByTestId('cascader-categoryId-search').fill('初中 数学 七年级上册');
    await create.getByTestId('cascader-hit').first().click();
    const body = create.locator('[data-testid="rich-text-content"] .ProseMirror');
    await body.waitFor();
    await body.click();
    await page.keyboard.type('有理数的三节课。');

    const add = create.getByTestId('list-add-lessons');
    for (let i = 0; i < 3; i++) await add.click();
    await expect.poll(() => create.getByTestId('list-item-lessons').count()).toBe(3);
    await create.locator('input[name="lessons.0.title"]').fill('正数和负数');
    // The second lesson is left without a title: its own field shows the error.
    await create.locator('input[name="lessons.2.title"]').fill('有理数的加法');
    await create.getByTestId('form-submit').click();
    const missing = create.getByTestId('error-lessons.1.title');
    await missing.waitFor();
    expect(await missing.innerText()).toBe('此项为必填项');
    expect(await create.getByTestId('error-lessons.0.title').count()).toBe(0);
    await missing.scrollIntoViewIfNeeded();
    await shot(page, 'lessons-nested-error');
    await create.locator('input[name="lessons.1.title"]').fill('数轴');
    await missing.waitFor({ state: 'detached' });
    expect(await lessonTitles(create)).toEqual(['正数和负数', '数轴', '有理数的加法']);

    // Keyboard reordering: pick up the third lesson, move it up twice, drop it.
    const handle = create.getByTestId('list-item-lessons').nth(2).getByTestId('sortable-handle');
    await handle.scrollIntoViewIfNeeded();
    await keyboardDrag(page, handle, ['ArrowUp', 'ArrowUp']);
    await expect.poll(() => lessonTitles(create)).toEqual(['有理数的加法', '正数和负数', '数轴']);
    await shot(page, 'lessons-reordered');

    await create.getByTestId('form-submit').click();
    await create.waitFor({ state: 'hidden' });

    // Reopen: the edit dialog reads the course fresh (Get) with its lessons in the saved order.
    await page.getByTestId('filter-keyword').fill(title);
    await page.getByTestId('filter-search').click();
    await settledTable(page, 'learningCourse');
    const row = page.getByTestId('learningCourse-table').locator('tbody tr').filter({ hasText: title });
    await row.waitFor();
    await row.getByTestId('row-action-edit').click();
    const edit = page.getByTestId('learningCourse-update-dialog');
    await edit.waitFor();
    await expect.poll(() => lessonTitles(edit), { timeout: 15_000 }).toEqual(['有理数的加法', '正数和负数', '数轴']);

    // Move the first lesson down once more and save: the order follows again.
    const first = edit.getByTestId('list-item-lessons').nth(0).getByTestId('sortable-handle');
    await first.scrollIntoViewIfNeeded();
    await keyboardDrag(page, first, ['ArrowDown']);
    await expect.poll(() => lessonTitles(edit)).toEqual(['正数和负数', '有理数的加法', '数轴']);
    await edit.getByTestId('form-submit').click();
    await edit.waitFor({ state: 'hidden' });
    await settledTable(page, 'learningCourse');
    await row.getByTestId('row-action-edit').click();
    await edit.waitFor();
    await expect.poll(() => lessonTitles(edit), { timeout: 15_000 }).toEqual(['正数和负数', '有理数的加法', '数轴']);
    await shot(page, 'lessons-reopened');
    await page.context().close();
  });
});
