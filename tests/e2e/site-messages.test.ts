import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { animationsDone, a11yProblems, describeFindings } from './support/axe.ts';
import { settledTable, shot } from './support/browser.ts';
import { signedIn, useConsole } from './support/suite.ts';

/**
 * 站内消息 in the browser: the admin sends a message to one member
 * (picked by searching, not from a list of everyone), the member opens it and
 * replies (through the API: members have no console), the admin sees 已读 1 / 1
 * and the reply in the thread, and answers it; the home card and the header
 * bell show the same unread count before and after. Screenshots:
 * tests/e2e/artifacts/site-messages-*.png.
 */
const suite = useConsole();
const TITLE = '期末复习资料已上传';

const rowOf = (page: Page, text: string) => page.getByTestId('siteMessage-table').locator('tbody tr').filter({ hasText: text });

async function openList(page: Page, keyword?: string) {
  await page.goto('/miscellaneous/siteMessage');
  await settledTable(page, 'siteMessage');
  if (keyword) {
    await page.getByTestId('filter-keyword').fill(keyword);
    await page.getByTestId('filter-search').click();
    await settledTable(page, 'siteMessage');
  }
}

/** The member's side, through the API as the public website would call it. */
async function asMember(userName: string) {
  const base = suite.baseUrl;
  const headers = { 'content-type': 'application/json', 'Abp.TenantId': '1' };
  const login = await fetch(`${base}/api/TokenAuth/UsersLogin`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ userNameOrEmailAddress: userName, password: '123qwe' }),
  });
  const token = ((await login.json()) as { result: { accessToken: string } }).result.accessToken;
  const auth = { ...headers, authorization: `Bearer ${token}` };
  const call = async (path: string, init: RequestInit = {}) => {
    const res = await fetch(`${base}/api/services/app/SiteMessage/${path}`, { ...init, headers: auth });
    expect(res.status).toBe(200);
    return ((await res.json()) as { result: any }).result;
  };
  return {
    inbox: () => call('GetAll?IsRead=false&MaxResultCount=50'),
    open: (id: number) => call(`Get?Id=${id}`),
    reply: (messageId: number, content: string) => call('ReplayMessage', { method: 'POST', body: JSON.stringify({ messageId, content }) }),
  };
}

/** The home card's figure and the bell's badge (absent when 0). */
async function unreadFigures(page: Page) {
  const card = await page.getByTestId('card-messageCount').getByTestId('stat-value').innerText();
  const badge = page.getByTestId('notices-unread');
  return { card: Number(card), bell: (await badge.count()) ? Number(await badge.innerText()) : 0 };
}

async function homeFigures(page: Page) {
  await page.goto('/main/home');
  await page.getByTestId('card-messageCount').getByTestId('stat-value').waitFor();
  await page.waitForLoadState('networkidle');
  return unreadFigures(page);
}

describe('site messages', () => {
  it('sends to a member, the member reads and replies, the admin sees 已读 1 / 1 and answers in the thread', { timeout: 240_000 }, async () => {
    const page = await signedIn(suite);
    await page.setViewportSize({ width: 1440, height: 900 });

    // The home card and the bell agree, and count the seeded unread messages addressed to admin.
    const before = await homeFigures(page);
    expect(before.card).toBeGreaterThan(0);
    expect(before.bell).toBe(before.card);

    await openList(page);
    await shot(page, 'site-messages-list');

    // Compose: to one member, found by typing part of the name.
    await page.getByTestId('action-create').click();
    const dialog = page.getByTestId('siteMessage-create-dialog');
    await dialog.waitFor();
    await dialog.locator('select[name="recipientKind"]').selectOption('1');
    const picker = dialog.getByTestId('recipient-user');
    await picker.locator('input').fill('胡宇');
    const option = page.getByRole('option', { name: /胡宇航/ });
    await option.waitFor();
    await animationsDone(page);
    await shot(page, 'site-messages-picker');
    await option.click();
    await dialog.locator('input[name="title"]').fill(TITLE);
    await dialog.locator('textarea[name="content"]').fill('同学你好：期末复习资料（数学、语文、英语）已上传到课程资源，请按计划复习。');
    await dialog.getByTestId('form-submit').click();
    await dialog.waitFor({ state: 'hidden' });

    await openList(page, TITLE);
    const row = rowOf(page, TITLE);
    expect(await row.innerText()).toContain('胡宇航');
    expect(await row.getByTestId('read-count').innerText()).toBe('已读 0 / 1');

    // The member finds it unread, opens it (read) and replies.
    const member = await asMember('huyuhang');
    const sent = ((await member.inbox()).items as Array<{ id: number; title: string }>).find((m) => m.title === TITLE);
    expect(sent).toBeDefined();
    await member.open(sent!.id);
    await member.reply(sent!.id, '收到，谢谢老师！英语资料里的听力音频在哪里下载？');

    await openList(page, TITLE);
    expect(await rowOf(page, TITLE).getByTestId('read-count').innerText()).toBe('已读 1 / 1');

    // The thread shows the member's reply; the admin answers that member.
    await rowOf(page, TITLE).getByTestId('row-action-thread').click();
    const thread = page.getByTestId('thread-dialog');
    await thread.waitFor();
    const memberReply = thread.getByTestId('thread-reply').filter({ hasText: '听力音频' });
    await memberReply.waitFor();
    expect(await memberReply.innerText()).toContain('胡宇航');
    await memberReply.getByRole('button', { name: '回复' }).click();
    await thread.getByTestId('thread-reply-input').fill('听力音频在“课程资源 → 英语 → 期末复习”里，可以直接下载。');
    await thread.getByTestId('thread-send').click();
    const answer = thread.getByTestId('thread-reply').filter({ hasText: '可以直接下载' });
    await answer.waitFor({ timeout: 15_000 });
    expect(await answer.innerText()).toContain('回复 胡宇航');
    expect(await thread.getByTestId('thread-reply').count()).toBe(2);
    expect(await thread.getByTestId('read-count').innerText()).toBe('已读 1 / 1');
    await animationsDone(page);
    await shot(page, 'site-messages-thread');
    const problems = await a11yProblems(page, 'site message thread zh-CN');
    expect(problems, describeFindings(problems)).toEqual([]);
    await page.keyboard.press('Escape');

    // The member's reply notified the admin: the card and the bell went up together.
    const after = await homeFigures(page);
    expect(after.card).toBe(before.card + 1);
    expect(after.bell).toBe(after.card);
    await shot(page, 'site-messages-home');

    // The member sees the answer in their thread.
    const seen = await member.open(sent!.id);
    expect((seen.replies as Array<{ content: string }>).map((r) => r.content)).toEqual([
      '收到，谢谢老师！英语资料里的听力音频在哪里下载？',
      '听力音频在“课程资源 → 英语 → 期末复习”里，可以直接下载。',
    ]);
    await page.context().close();
  });

  // The list's own axe scan in both languages is a11y.test.ts's, which walks every route of the menu in each.
  it('filters by recipient kind; reads in English; the compose form passes axe in both languages', { timeout: 180_000 }, async () => {
    for (const locale of ['zh-CN', 'en-US']) {
      const page = await signedIn(suite, 'admin', { locale });
      await page.setViewportSize({ width: 1440, height: 900 });
      await openList(page);
      await page.getByTestId('filter-RecipientKind').selectOption('2');
      await page.getByTestId('filter-search').click();
      await settledTable(page, 'siteMessage');
      const rows = page.getByTestId('siteMessage-table').locator('tbody tr');
      // The filtered page replaces the rows shown before the search (the table may still show them at first).
      await expect.poll(() => rows.first().innerText()).toContain(locale === 'en-US' ? 'A role' : '指定角色');
      expect(await rows.count()).toBeGreaterThan(0);

      await page.getByTestId('action-create').click();
      const dialog = page.getByTestId('siteMessage-create-dialog');
      await dialog.waitFor();
      await dialog.locator('select[name="recipientKind"]').selectOption('2');
      await dialog.getByTestId('recipient-role').waitFor();
      await animationsDone(page);
      const problems = await a11yProblems(page, `site message compose ${locale}`);
      expect(problems, describeFindings(problems)).toEqual([]);
      if (locale === 'en-US') await shot(page, 'site-messages-compose-en');
      await page.context().close();
    }
  });
});
