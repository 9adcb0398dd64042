import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { animationsDone, a11yProblems, describeFindings } from './support/axe.ts';
import { openInApp, settledTable, shot } from './support/browser.ts';
import { signedIn, useConsole } from './support/suite.ts';

/**
 * 会员评论 and 互动留言 in the browser: an auditor approves one
 * seeded comment and rejects another with a reason; the list shows what each
 * comments on and the sensitive-word flag; an administrator answers a leave
 * message. Both lists pass axe in both languages (a11y.test.ts, walking every
 * route of the menu in each). Screenshots:
 * tests/e2e/artifacts/feedback-*.png.
 */
const suite = useConsole();

const rowOf = (page: Page, resource: string, text: string) => page.getByTestId(`${resource}-table`).locator('tbody tr').filter({ hasText: text });

async function openList(page: Page, path: string, resource: string, keyword?: string) {
  await openInApp(page, path);
  await settledTable(page, resource);
  if (keyword) {
    await page.getByTestId('filter-keyword').fill(keyword);
    await page.getByTestId('filter-search').click();
    await settledTable(page, resource);
  }
}

describe('member comments and leave messages', () => {
  it('moderates comments: one approved, one rejected with a reason; targets and flags shown', { timeout: 180_000 }, async () => {
    const page = await signedIn(suite, 'zhangwei');
    await page.setViewportSize({ width: 1440, height: 900 });
    await openList(page, '/miscellaneous/discuss', 'discuss');
    await shot(page, 'feedback-comments');

    // What a comment is on: type and title, linked to its screen.
    await openList(page, '/miscellaneous/discuss', 'discuss', '简介不符');
    const flagged = rowOf(page, 'discuss', '感觉被**了');
    await flagged.waitFor();
    expect(await flagged.innerText()).toContain('课程');
    expect(await flagged.getByTestId('sensitive-badge').innerText()).toBe('敏感词 ×1');
    expect(await flagged.locator('a').first().getAttribute('href')).toBe('/articles/learningCourse');

    // Approve.
    await openList(page, '/miscellaneous/discuss', 'discuss', '少了一个括号');
    const good = rowOf(page, 'discuss', '少了一个括号');
    expect(await good.innerText()).toContain('待审核');
    await good.getByTestId('row-action-approve').click();
    await page.getByTestId('confirm-dialog').waitFor();
    await page.getByTestId('confirm-ok').click();
    await page.getByTestId('confirm-dialog').waitFor({ state: 'hidden' });
    await expect.poll(() => rowOf(page, 'discuss', '少了一个括号').innerText(), { timeout: 15_000 }).toContain('已通过');

    // Reject with a reason (required).
    await openList(page, '/miscellaneous/discuss', 'discuss', '视频有点卡');
    const bad = rowOf(page, 'discuss', '视频有点卡').filter({ hasNot: page.getByText('回复 ') });
    await bad.first().getByTestId('row-action-reject').click();
    const dialog = page.getByTestId('dialog-reject');
    await dialog.waitFor();
    await dialog.getByTestId('form-submit').click();
    await dialog.getByTestId('error-auditReason').waitFor();
    await dialog.locator('textarea[name="auditReason"]').fill('反馈问题请到互动留言提交，评论区请围绕课程内容。');
    await dialog.getByTestId('form-submit').click();
    await dialog.waitFor({ state: 'hidden' });
    await expect.poll(() => rowOf(page, 'discuss', '视频有点卡').first().innerText(), { timeout: 15_000 }).toContain('未通过');
    expect(await rowOf(page, 'discuss', '视频有点卡').first().getByTestId('audit-reason').innerText()).toContain('评论区请围绕课程内容');
    await shot(page, 'feedback-comments-moderated');

    // The moderated tab no longer holds either.
    await page
      .getByRole('tab', { name: '待我审核' })
      .or(page.getByRole('button', { name: '待我审核' }))
      .first()
      .click();
    await settledTable(page, 'discuss');
    expect(await rowOf(page, 'discuss', '少了一个括号').count()).toBe(0);
    await page.context().close();
  });

  it('answers a leave message; the row shows who answered', { timeout: 120_000 }, async () => {
    const page = await signedIn(suite);
    await page.setViewportSize({ width: 1440, height: 900 });
    await openList(page, '/miscellaneous/leaveMessage', 'leaveMessage', '余额没有到账');
    const row = rowOf(page, 'leaveMessage', '余额没有到账');
    expect(await row.innerText()).toContain('待回复');
    await row.getByTestId('row-action-reply').click();
    const dialog = page.getByTestId('dialog-reply');
    await dialog.waitFor();
    expect(await dialog.getByTestId('answer-quote').innerText()).toContain('微信充值了 100 元');
    await dialog.locator('textarea[name="replyContent"]').fill('您好，已为您核实到账，100 元已补入账户余额，请刷新查看。');
    await animationsDone(page);
    const problems = await a11yProblems(page, 'answer dialog');
    expect(problems, describeFindings(problems)).toEqual([]);
    await shot(page, 'feedback-answer-dialog');
    await dialog.getByTestId('form-submit').click();
    await dialog.waitFor({ state: 'hidden' });
    await expect.poll(() => rowOf(page, 'leaveMessage', '余额没有到账').innerText(), { timeout: 15_000 }).toContain('已回复');
    expect(await rowOf(page, 'leaveMessage', '余额没有到账').innerText()).toContain('admin');
    await shot(page, 'feedback-messages-answered');
    await page.context().close();
  });

  it('reads in English', { timeout: 120_000 }, async () => {
    const page = await signedIn(suite, 'admin', { locale: 'en-US' });
    await page.setViewportSize({ width: 1440, height: 900 });
    await openList(page, '/miscellaneous/leaveMessage', 'leaveMessage');
    expect(await page.getByTestId('leaveMessage-table').innerText()).toContain('Awaiting answer');
    await openList(page, '/miscellaneous/discuss', 'discuss');
    expect(await page.getByTestId('discuss-table').innerText()).toContain('Commented on');
    await shot(page, 'feedback-comments-en');
    await page.context().close();
  });
});
