import { describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { animationsDone, a11yProblems, describeFindings } from './support/axe.ts';
import { openInApp, settledTable, shot } from './support/browser.ts';
import { signedIn, useConsole } from './support/suite.ts';

/**
 * 在线问答 in the browser: a moderator works through a seeded
 * thread whose question went back to review after an edit: approves the
 * question, approves one member's reply, rejects another with a reason,
 * deletes a third, and posts the console's own answer (published at once);
 * the list's counts follow. Screenshots: tests/e2e/artifacts/answer-question-*.png.
 */
const suite = useConsole();
const THREAD = '三角形内角和为什么是 180 度？';

const rowOf = (page: Page, text: string) => page.getByTestId('questionOfAsk-table').locator('tbody tr').filter({ hasText: text });
const replyWith = (dialog: Locator, text: string) => dialog.getByTestId('thread-reply').filter({ hasText: text });

async function openList(page: Page, keyword?: string) {
  await openInApp(page, '/miscellaneous/answerquestion');
  await settledTable(page, 'questionOfAsk');
  if (keyword) {
    await page.getByTestId('filter-keyword').fill(keyword);
    await page.getByTestId('filter-search').click();
    await settledTable(page, 'questionOfAsk');
  }
}

describe('online Q&A', () => {
  it('moderates a thread: the question and each reply on its own, a reply deleted, an answer posted', { timeout: 180_000 }, async () => {
    const page = await signedIn(suite);
    await page.setViewportSize({ width: 1440, height: 900 });
    await openList(page);
    await shot(page, 'answer-question-list');

    await openList(page, '三角形内角和');
    const row = rowOf(page, THREAD);
    await row.waitFor();
    expect(await row.innerText()).toContain('待审核');
    expect(await row.innerText()).toContain('待审 2');

    await row.getByTestId('row-action-thread').click();
    const dialog = page.getByTestId('thread-dialog');
    await dialog.waitFor();
    await expect.poll(() => dialog.getByTestId('thread-reply').count(), { timeout: 15_000 }).toBe(4);
    // Not approved yet: no answering.
    expect(await dialog.getByTestId('thread-reply-box').locator('textarea').isDisabled()).toBe(true);
    await animationsDone(page);
    const problems = await a11yProblems(page, 'Q&A thread');
    expect(problems, describeFindings(problems)).toEqual([]);
    await shot(page, 'answer-question-thread-before');

    // The question.
    const question = dialog.getByTestId('thread-question');
    await question.locator('[data-action="approve"]').click();
    await expect.poll(() => question.innerText(), { timeout: 15_000 }).toContain('已通过');

    // One reply approved.
    const good = replyWith(dialog, '剪下来拼在一起');
    await good.locator('[data-action="approve"]').click();
    await expect.poll(() => good.innerText(), { timeout: 15_000 }).toContain('已通过');

    // Another rejected with a reason.
    const spam = replyWith(dialog, 'V 信');
    await spam.locator('[data-action="reject"]').click();
    await spam.getByLabel('驳回原因').fill('含联系方式和广告，不予通过。');
    await spam.locator('[data-action="confirm-reject"]').click();
    await expect.poll(() => spam.innerText(), { timeout: 15_000 }).toContain('未通过');
    expect(await spam.innerText()).toContain('含联系方式和广告');

    // A third deleted: the others stay.
    const noise = replyWith(dialog, '同样的疑问');
    await noise.locator('[data-action="delete-reply"]').click();
    await page.getByTestId('confirm-dialog').waitFor();
    await page.getByTestId('confirm-ok').click();
    await page.getByTestId('confirm-dialog').waitFor({ state: 'hidden' });
    await expect.poll(() => dialog.getByTestId('thread-reply').count(), { timeout: 15_000 }).toBe(3);

    // The console's answer: published at once, at the end of the thread.
    const answer = '总结一下：内角和定理可由平行线的性质证明，三个内角之和等于一个平角，即 180°。';
    const box = dialog.getByTestId('thread-reply-box');
    await box.getByLabel('我来回答').fill(answer);
    await box.getByRole('button', { name: '发布回答' }).click();
    await expect.poll(() => dialog.getByTestId('thread-reply').count(), { timeout: 15_000 }).toBe(4);
    const mine = replyWith(dialog, '总结一下');
    expect(await mine.innerText()).toContain('已通过');
    expect(await mine.innerText()).toContain('管理员');
    await expect.poll(() => dialog.getByTestId('thread-counts').innerText()).toContain('已发布 3，待审 0');
    await shot(page, 'answer-question-thread-after');

    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    await settledTable(page, 'questionOfAsk');
    await expect.poll(async () => rowOf(page, THREAD).innerText(), { timeout: 15_000 }).toContain('已发布 3');
    const after = await rowOf(page, THREAD).innerText();
    expect(after).toContain('已通过');
    expect(after).not.toContain('待审 ');

    // The pending-replies filter no longer finds it.
    await page.getByTestId('filter-HasPendingReplies').selectOption('true');
    await page.getByTestId('filter-search').click();
    await settledTable(page, 'questionOfAsk');
    expect(await rowOf(page, THREAD).count()).toBe(0);
    await shot(page, 'answer-question-filtered');
    await page.context().close();
  });

  // The list's axe scan in both languages is a11y.test.ts's, which walks every route of the menu in each.
  it('reads in English', { timeout: 90_000 }, async () => {
    const page = await signedIn(suite, 'admin', { locale: 'en-US' });
    await page.setViewportSize({ width: 1440, height: 900 });
    await openList(page);
    expect(await page.getByTestId('questionOfAsk-table').innerText()).toContain('Asked by');
    await page.getByTestId('questionOfAsk-table').locator('tbody tr').first().getByTestId('row-action-thread').click();
    const dialog = page.getByTestId('thread-dialog');
    await dialog.getByTestId('thread-counts').waitFor();
    await expect.poll(() => dialog.getByTestId('thread-counts').innerText()).toMatch(/\d+ replies/);
    expect(await dialog.getByTestId('thread-reply-box').innerText()).toContain('Your answer');
    await animationsDone(page);
    await shot(page, 'answer-question-thread-en');
    await page.context().close();
  });
});
