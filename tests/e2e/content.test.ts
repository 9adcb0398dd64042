import { describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { animationsDone } from './support/axe.ts';
import { openInApp, settledTable, shot, type ContextOptions } from './support/browser.ts';
import { signedIn as signedInAs, useConsole } from './support/suite.ts';

/**
 * Content management in Chromium: an editor writes an article, an
 * auditor approves it and the author sees the decision; a pinned resource
 * lists first; a navigation menu entry goes to the recycle bin and comes back;
 * the header refreshes the dictionary cache. Every content screen is
 * screenshotted into tests/e2e/artifacts/content-*.png.
 */
const suite = useConsole();

const signedIn = (userName = 'admin', o: ContextOptions & { path?: string } = {}) => signedInAs(suite, userName, o);

/** Waits for a screen's list (and its first page of rows, or the empty state). */
async function screenOf(page: Page, resource: string): Promise<Locator> {
  const screen = page.getByTestId(`resource-page-${resource}`);
  await screen.waitFor();
  await settledTable(page, resource);
  return screen;
}

/**
 * Opens a route and waits for its list: by URL (a page load, so nothing read before is shown from the app's
 * cache), or `inApp` without reloading (openInApp) where nothing was changed meanwhile.
 */
async function openScreen(page: Page, path: string, resource: string, how: 'load' | 'inApp' = 'load'): Promise<Locator> {
  if (how === 'inApp') await openInApp(page, path);
  else await page.goto(path);
  return screenOf(page, resource);
}

/** A user signed in on a screen (one page load: the sign-in opens it), its list loaded. */
async function signedInOn(path: string, resource: string, userName = 'admin', o: ContextOptions = {}): Promise<Page> {
  const page = await signedIn(userName, { ...o, path });
  await screenOf(page, resource);
  return page;
}

/** A screenshot once dialogs, popovers and toasts have finished animating in. */
async function still(page: Page, name: string) {
  await animationsDone(page);
  await shot(page, name);
}

const rows = (page: Page, resource: string) => page.getByTestId(`${resource}-table`).locator('tbody tr');
const row = (page: Page, resource: string, text: string) => rows(page, resource).filter({ hasText: text });

async function search(page: Page, resource: string, keyword: string) {
  await page.getByTestId('filter-keyword').fill(keyword);
  await page.getByTestId('filter-search').click();
  await settledTable(page, resource);
}

async function rowAction(page: Page, r: Locator, key: string) {
  const inline = r.getByTestId(`row-action-${key}`);
  if (await inline.count()) return inline.first().click();
  await r.getByTestId('row-action-more').click();
  await page.locator(`[role="menuitem"][data-testid="row-action-${key}"]`).click();
}

async function confirm(page: Page) {
  const dialog = page.getByTestId('confirm-dialog');
  await dialog.waitFor();
  await dialog.getByTestId('confirm-ok').click();
  await dialog.waitFor({ state: 'hidden' });
}

describe('content screens', () => {
  it('every screen lists its first page of 10 and is translated', { timeout: 240_000 }, async () => {
    const page = await signedIn();
    const screens: Array<[path: string, resource: string, name: string]> = [
      ['/setting/classificationType', 'classificationType', 'classification-type'],
      ['/setting/multiCategory', 'multiLevelCategory', 'multi-category'],
      ['/setting/keyword', 'systemDictionary', 'keyword'],
      ['/setting/chapterType', 'chapterType', 'chapter-type'],
      ['/setting/advertising', 'advertising', 'advertising'],
      ['/setting/navigationMenu', 'navigationMenu', 'navigation-menu'],
      ['/articles/article', 'article', 'article'],
      ['/articles/auditArticle', 'article', 'audit-article'],
      ['/articles/learningCourse', 'learningCourse', 'learning-course'],
      ['/articles/learningUsCourse', 'learningCourse', 'learning-us-course'],
      ['/articles/auditLearning', 'learningCourse', 'audit-learning'],
      ['/articles/oneQuestionPerday', 'oneQuestionPerday', 'one-question-perday'],
      ['/resources/resource', 'resource', 'resource'],
      ['/resources/hiresource', 'resource', 'hiresource'],
      ['/resources/auditResource', 'resource', 'audit-resource'],
      ['/miscellaneous/friendlyLink', 'friendLink', 'friendly-link'],
    ];
    for (const [path, resource, name] of screens) {
      const screen = await openScreen(page, path, resource, 'inApp');
      const count = await rows(page, resource).count();
      expect(count, path).toBeLessThanOrEqual(10);
      const text = await screen.innerText();
      // No untranslated key leaks onto the screen.
      expect(text, path).not.toMatch(/\b(resources|content|actions|filters|table)\.[a-zA-Z]+/);
      await shot(page, `content-${name}`);
    }
    await page.context().close();
  });

  it('an editor writes an article, an auditor approves it, the author sees the decision', async () => {
    const title = `E2E 关于开展校园读书月活动的通知 ${Date.now() % 100000}`;

    // huangli (教师 + 编辑) writes it in the rich-text editor.
    const author = await signedInOn('/articles/article', 'article', 'huangli');
    await author.getByTestId('action-create').click();
    const create = author.getByTestId('article-create-dialog');
    await create.waitFor();
    await create.locator('input[name="title"]').fill(title);
    await create.getByTestId('cascader-categoryId').click();
    await create.getByTestId('cascader-categoryId-search').fill('学校新闻');
    await create.getByTestId('cascader-hit').first().click();
    await expect.poll(() => create.getByTestId('cascader-categoryId').innerText()).toContain('新闻动态 / 学校新闻');
    await create.locator('input[name="author"]').fill('黄丽');
    const body = create.locator('[data-testid="rich-text-content"] .ProseMirror');
    await body.waitFor();
    await body.click();
    await author.keyboard.type('为营造书香校园氛围，学校决定于四月开展读书月活动。');
    await author.keyboard.press('Enter');
    await create.getByTestId('editor-bold').click();
    await author.keyboard.type('请各班主任做好组织工作。');
    await expect.poll(() => body.locator('strong').count()).toBe(1);
    await still(author, 'content-article-editor');
    await create.getByTestId('form-submit').click();
    await create.waitFor({ state: 'hidden' });
    await search(author, 'article', title);
    const mine = row(author, 'article', title);
    await mine.waitFor();
    expect(await mine.getByTestId('audit-status').innerText()).toBe('待审核');
    // 我的及下级 (GetAllMyselfAndChildren) holds it too; back on 全部 the list starts afresh.
    await author.getByTestId('variant-tab-mine').click();
    await settledTable(author, 'article');
    await search(author, 'article', title);
    await row(author, 'article', title).waitFor();
    await author.getByTestId('variant-tab-all').click();
    await settledTable(author, 'article');
    await search(author, 'article', title);
    await mine.waitFor();

    // zhangwei (教师 + 审核员) finds it in the review queue, previews and approves it.
    const auditor = await signedInOn('/articles/auditArticle', 'article', 'zhangwei');
    await search(auditor, 'article', title);
    const queued = row(auditor, 'article', title);
    await queued.waitFor();
    await rowAction(auditor, queued, 'preview');
    const preview = auditor.getByTestId('preview-dialog');
    await preview.waitFor();
    // The dialog shows the row at once and the body when `Article/Get` answers.
    await expect.poll(() => preview.innerText()).toContain('请各班主任做好组织工作。');
    expect(await preview.locator('strong').innerText()).toBe('请各班主任做好组织工作。');
    await still(auditor, 'content-article-preview');
    await auditor.keyboard.press('Escape');
    await preview.waitFor({ state: 'hidden' });
    await rowAction(auditor, queued, 'approve');
    await confirm(auditor);
    // Approved: it leaves the queue.
    await expect.poll(() => queued.count()).toBe(0);
    await auditor.context().close();

    // The author sees the new state, and the decision among the notices.
    await author.getByTestId('action-refresh').click();
    await settledTable(author, 'article');
    await expect.poll(() => row(author, 'article', title).getByTestId('audit-status').innerText()).toBe('已通过');
    await author.getByTestId('notices-button').click();
    const notices = author.getByTestId('notices-list');
    await notices.waitFor({ timeout: 10_000 });
    await expect.poll(() => notices.innerText()).toContain(title);
    await still(author, 'content-article-approved-notice');
    await author.context().close();
  });

  it('an auditor rejects with a reason the list then shows', async () => {
    const auditor = await signedInOn('/articles/auditArticle', 'article', 'zhangwei');
    const first = rows(auditor, 'article').first();
    const title = (await first.locator('td').first().innerText()).replace(/^置顶\s*/, '').trim();
    await rowAction(auditor, first, 'reject');
    const dialog = auditor.getByTestId('dialog-reject');
    await dialog.waitFor();
    // A reason is required.
    await dialog.getByTestId('form-submit').click();
    await dialog.getByTestId('error-auditReason').waitFor();
    await dialog.locator('textarea[name="auditReason"]').fill('标题与正文不符，请补充活动时间和地点。');
    await still(auditor, 'content-article-reject');
    await dialog.getByTestId('form-submit').click();
    await dialog.waitFor({ state: 'hidden' });
    await expect.poll(() => row(auditor, 'article', title).count()).toBe(0);
    await auditor.context().close();

    const admin = await signedInOn('/articles/article', 'article');
    await search(admin, 'article', title);
    const r = row(admin, 'article', title).first();
    await expect.poll(() => r.getByTestId('audit-status').innerText()).toBe('未通过');
    expect(await r.getByTestId('audit-reason').innerText()).toContain('标题与正文不符');
    await admin.context().close();
  });

  it('pins a resource and sees it listed first', async () => {
    const page = await signedInOn('/resources/resource', 'resource');
    const last = rows(page, 'resource')
      .filter({ hasNot: page.getByTestId('pinned') })
      .last();
    const title = (await last.locator('td').first().innerText()).trim();
    await rowAction(page, last, 'pin');
    await expect.poll(() => rows(page, 'resource').first().innerText()).toContain(title);
    const first = rows(page, 'resource').first();
    await first.getByTestId('pinned').waitFor();
    await still(page, 'content-resource-pinned');
    // Unpinning takes it back out of the top.
    await rowAction(page, first, 'unpin');
    await expect.poll(() => rows(page, 'resource').first().innerText()).not.toContain(title);
    await page.context().close();
  });

  it('deletes a navigation menu entry and recovers it from the recycle bin', async () => {
    const page = await signedInOn('/setting/navigationMenu', 'navigationMenu');
    await search(page, 'navigationMenu', '用户协议');
    const entry = row(page, 'navigationMenu', '用户协议');
    await entry.waitFor();
    await rowAction(page, entry, 'delete');
    await confirm(page);
    await expect.poll(() => entry.count()).toBe(0);

    await page.getByTestId('variant-tab-recycleBin').click();
    await settledTable(page, 'navigationMenu');
    const binned = row(page, 'navigationMenu', '用户协议');
    await binned.waitFor();
    await still(page, 'content-navigation-menu-recycle-bin');
    await rowAction(page, binned, 'recover');
    await confirm(page);
    await expect.poll(() => binned.count()).toBe(0);

    await page.getByTestId('variant-tab-all').click();
    await search(page, 'navigationMenu', '用户协议');
    await row(page, 'navigationMenu', '用户协议').waitFor();
    await page.context().close();
  });

  it('refreshes the dictionary cache from the header', async () => {
    const page = await signedInOn('/setting/keyword', 'systemDictionary');
    await page.getByTestId('clear-cache').click();
    const toast = page.getByTestId('toast').filter({ hasText: '缓存已刷新' });
    await toast.waitFor();
    await still(page, 'content-cache-refreshed');
    await page.context().close();
  });

  it('adds dictionary words in bulk and reports the ones that existed', async () => {
    const page = await signedInOn('/setting/keyword', 'systemDictionary');
    await page.getByTestId('action-bulkAdd').click();
    const dialog = page.getByTestId('dictionary-bulk-dialog');
    await dialog.waitFor();
    await dialog.getByTestId('bulk-type').selectOption('sensitiveWord');
    await dialog.getByTestId('bulk-words').fill('刷分外挂\n代写作业、刷分外挂，考试答案');
    await dialog.getByTestId('bulk-submit').click();
    await dialog.getByTestId('bulk-result').waitFor();
    expect(await dialog.getByTestId('bulk-result').innerText()).toContain('3');
    // Again: all three now exist and are reported as skipped.
    await dialog.getByTestId('bulk-close').click();
    await page.getByTestId('action-bulkAdd').click();
    await dialog.getByTestId('bulk-type').selectOption('sensitiveWord');
    await dialog.getByTestId('bulk-words').fill('代写作业 考试答案 网课代刷');
    await dialog.getByTestId('bulk-submit').click();
    const skipped = dialog.getByTestId('bulk-skipped');
    await skipped.waitFor();
    expect(await skipped.innerText()).toContain('代写作业');
    expect(await skipped.innerText()).toContain('考试答案');
    await still(page, 'content-dictionary-bulk');
    await dialog.getByTestId('bulk-close').click();
    await search(page, 'systemDictionary', '网课代刷');
    await row(page, 'systemDictionary', '网课代刷').waitFor();
    await page.context().close();
  });

  it('walks the category tree with breadcrumbs and creates a child where it stands', async () => {
    const page = await signedInOn('/setting/multiCategory?type=2', 'multiLevelCategory');
    await row(page, 'multiLevelCategory', '初中').getByTestId('category-open').click();
    await settledTable(page, 'multiLevelCategory');
    await row(page, 'multiLevelCategory', '数学').getByTestId('category-open').click();
    await settledTable(page, 'multiLevelCategory');
    const crumbs = page.getByTestId('category-breadcrumbs');
    await expect.poll(() => crumbs.innerText()).toMatch(/初中[\s\S]*数学/);
    await row(page, 'multiLevelCategory', '七年级上册').waitFor();

    await page.getByTestId('action-create').click();
    const create = page.getByTestId('multiLevelCategory-create-dialog');
    await create.waitFor();
    // The new category starts under the level shown.
    await expect.poll(() => create.getByTestId('cascader-parentId').innerText()).toContain('初中 / 数学');
    await create.locator('input[name="name"]').fill('数学竞赛');
    await create.getByTestId('cascader-parentId').click();
    await still(page, 'content-category-cascader');
    await page.keyboard.press('Escape');
    await create.getByTestId('form-submit').click();
    await create.waitFor({ state: 'hidden' });
    await row(page, 'multiLevelCategory', '数学竞赛').waitFor();
    await still(page, 'content-multi-category-level');

    await page.getByTestId('category-up').click();
    await settledTable(page, 'multiLevelCategory');
    await row(page, 'multiLevelCategory', '物理').waitFor();
    await page.context().close();
  });

  it('the role form edits the categories a role manages', async () => {
    const page = await signedIn('admin', { path: '/setting/manager' });
    await page.getByTestId('tab-roles').click();
    await settledTable(page, 'role');
    await rowAction(page, row(page, 'role', 'Editor'), 'edit');
    const dialog = page.getByTestId('role-update-dialog');
    await dialog.waitFor();
    const tree = dialog.getByTestId('category-permission-tree');
    await tree.scrollIntoViewIfNeeded();
    await tree.waitFor();
    // 编辑 manages every article category: the roots show checked.
    const news = tree.locator('[data-category]').filter({ hasText: '新闻动态' });
    await expect.poll(() => news.getAttribute('data-state')).toBe('checked');
    await news.click();
    await expect.poll(() => news.getAttribute('data-state')).toBe('unchecked');
    // A click on another category toggles that one only (checkboxes inside one Field shared an input id, so a label toggled the first).
    const other = tree.locator('[data-category]').filter({ hasNotText: '新闻动态' }).first();
    const before = await other.getAttribute('data-state');
    await other.click();
    await expect.poll(() => other.getAttribute('data-state')).not.toBe(before);
    expect(await news.getAttribute('data-state')).toBe('unchecked');
    await other.click();
    await expect.poll(() => other.getAttribute('data-state')).toBe(before);
    await still(page, 'content-role-categories');
    await dialog.getByTestId('form-submit').click();
    await dialog.waitFor({ state: 'hidden' });
    await rowAction(page, row(page, 'role', 'Editor'), 'edit');
    await dialog.waitFor();
    await expect.poll(() => dialog.locator('[data-category]').filter({ hasText: '新闻动态' }).getAttribute('data-state')).toBe('unchecked');
    await page.context().close();
  });

  it('a university lesson goes on a chapter of its category and lists only under 大学课程', async () => {
    const title = `E2E 有理数的乘方（大学先修）${Date.now() % 100000}`;
    const page = await signedInOn('/articles/learningUsCourse', 'learningCourse');
    await page.getByTestId('action-create').click();
    const create = page.getByTestId('learningCourse-create-dialog');
    await create.waitFor();
    await create.locator('input[name="title"]').fill(title);
    await create.getByTestId('cascader-categoryId').click();
    await create.getByTestId('cascader-categoryId-search').fill('初中 数学 七年级上册');
    await create.getByTestId('cascader-hit').first().click();
    const chapter = create.locator('select[name="chapterTypeId"]');
    await expect.poll(() => chapter.locator('option').count()).toBeGreaterThan(1);
    await chapter.selectOption({ label: '第一章 有理数' });
    const body = create.locator('[data-testid="rich-text-content"] .ProseMirror');
    await body.waitFor();
    await body.click();
    await page.keyboard.type('本节学习乘方的意义与运算。');
    await still(page, 'content-course-editor');
    await create.getByTestId('form-submit').click();
    await create.waitFor({ state: 'hidden' });
    await search(page, 'learningCourse', title);
    const lesson = row(page, 'learningCourse', title);
    await lesson.waitFor();
    expect(await lesson.innerText()).toContain('第一章 有理数');

    await openScreen(page, '/articles/learningCourse', 'learningCourse');
    await search(page, 'learningCourse', title);
    expect(await row(page, 'learningCourse', title).count()).toBe(0);
    await page.context().close();
  });

  it('a daily question is written for a day and approved in place', async () => {
    const title = `E2E 一元二次方程的判别式 ${Date.now() % 100000}`;
    const page = await signedInOn('/articles/oneQuestionPerday', 'oneQuestionPerday');
    await page.getByTestId('action-create').click();
    const create = page.getByTestId('oneQuestionPerday-create-dialog');
    await create.waitFor();
    await create.locator('input[name="title"]').fill(title);
    await create.locator('input[name="publishDate"]').fill('2030-09-01');
    const stem = create.locator('[data-testid="rich-text-content"] .ProseMirror');
    await stem.waitFor();
    await stem.click();
    await page.keyboard.type('方程 x² − 4x + 4 = 0 的根的情况是？');
    await create.locator('textarea[name="answer"]').fill('有两个相等的实数根');
    await create.getByTestId('form-submit').click();
    await create.waitFor({ state: 'hidden' });
    await search(page, 'oneQuestionPerday', title);
    const q = row(page, 'oneQuestionPerday', title);
    await q.waitFor();
    expect(await q.innerText()).toContain('2030-09-01');
    expect(await q.getByTestId('audit-status').innerText()).toBe('待审核');
    await rowAction(page, q, 'approve');
    await confirm(page);
    await expect.poll(() => q.getByTestId('audit-status').innerText()).toBe('已通过');
    await page.context().close();
  });

  it('reads in English', async () => {
    const page = await signedInOn('/articles/article', 'article', 'admin', { locale: 'en-US' });
    const screen = await screenOf(page, 'article');
    expect(await page.getByTestId('page-title').innerText()).toBe('Articles');
    expect(await screen.innerText()).toContain('Mine and my team');
    await still(page, 'content-article-en');
    await openScreen(page, '/setting/navigationMenu', 'navigationMenu');
    expect(await page.getByTestId('variant-tab-recycleBin').innerText()).toBe('Recycle bin');
    await page.context().close();
  });
});
