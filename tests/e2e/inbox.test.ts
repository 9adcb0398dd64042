import { ClassType, createClient, type CascaderOption, type Client } from '@edu/sdk';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { a11yProblems } from './support/axe.ts';
import { shot } from './support/browser.ts';
import { signedIn, useConsole } from './support/suite.ts';

/**
 * The review inbox (审核中心) in the browser: a mixed queue of three
 * types is cleared with one bulk approval while one of its items is decided by
 * someone else between loading and deciding; the results show which items
 * succeeded and that one failed, and why. Then one item is previewed and
 * rejected with a reason template. Screenshots: tests/e2e/artifacts/inbox-*.png.
 */
const suite = useConsole();

async function adminClient(): Promise<Client> {
  const anonymous = createClient({ baseUrl: suite.baseUrl, getTenantId: () => 1 });
  const auth = await anonymous.tokenAuth.authenticate({ userNameOrEmailAddress: 'admin', password: '123qwe', rememberClient: false });
  return createClient({ baseUrl: suite.baseUrl, getToken: () => auth.accessToken, getTenantId: () => 1 });
}

async function leafOf(client: Client, classTypeId: number): Promise<number> {
  let node: CascaderOption | undefined = (await client.multiLevelCategory.getCascaderList({ ClassTypeId: classTypeId }))[0];
  while (node?.children?.length) node = node.children[0];
  if (!node) throw new Error(`no category of class type ${classTypeId}`);
  return node.value;
}

const today = () => new Date(Date.now() + 8 * 3_600_000).toISOString().slice(0, 10);
const row = (page: Page, key: string) => page.locator('tr', { has: page.locator(`[data-testid="inbox-row"][data-key="${key}"]`) });

/** Shows only what the admin submitted today (the items this test makes), in the inbox's own filters. */
async function filterToToday(page: Page) {
  await page.getByTestId('inbox-author').fill('admin');
  const day = today();
  await page.getByLabel('提交日期从').fill(day);
  await page.getByLabel('提交日期至').fill(day);
  await page.getByTestId('inbox-search').click();
}

describe('the review inbox', () => {
  it('clears a mixed queue with one bulk decision, showing the item someone else decided meanwhile as failed', async () => {
    const api = await adminClient();
    const tag = `E2E 审核中心 ${Date.now() % 100_000}`;
    const article = await api.article.create({
      title: `${tag} 文章`,
      categoryId: await leafOf(api, ClassType.Article),
      content: '<p>关于期中考试安排的通知。</p>',
    });
    const course = await api.learningCourse.create({
      title: `${tag} 课程`,
      categoryId: await leafOf(api, ClassType.Course),
      content: '<p>一元一次方程。</p>',
    });
    const daily = await api.oneQuestionPerday.create({
      title: `${tag} 每日一题`,
      content: '<p>3 + 4 × 2 = ?</p>',
      answer: '11',
      publishDate: today(),
    });
    const keys = [`article:${article.id}`, `learningCourse:${course.id}`, `oneQuestionPerday:${daily.id}`];

    const page = await signedIn(suite, 'admin', { path: '/review/reviewInbox' });
    await page.getByTestId('review-inbox').waitFor();
    await expect.poll(() => page.getByTestId('inbox-type').count(), { timeout: 15_000 }).toBeGreaterThan(3);
    await filterToToday(page);
    for (const key of keys) await row(page, key).waitFor();
    for (const key of keys) await row(page, key).locator('label:has(input[type="checkbox"])').click();
    await expect.poll(() => page.getByTestId('inbox-bulk').innerText()).toContain('已选 3 项');
    await shot(page, 'inbox-selected');
    expect(await a11yProblems(page, 'inbox')).toEqual([]);

    // Someone else approves the course between the load and the decision.
    await api.learningCourse.auditedLearningCourse({ id: course.id, auditStatus: 1 });

    await page.getByTestId('inbox-approve-selected').click();
    await page.getByTestId('confirm-ok').click();
    const results = page.getByTestId('inbox-results');
    await results.waitFor();
    // One line per outcome: two approved, one not decided (listed below with its reason).
    expect(await results.getByTestId('inbox-results-summary').innerText()).toBe('通过 2 项\n未处理 1 项（原因见下）');
    const failed = results.locator('[data-testid="inbox-result"][data-status="conflict"]');
    expect(await failed.count()).toBe(1);
    expect(await failed.innerText()).toContain(`${tag} 课程`);
    expect(await failed.innerText()).toContain('已被他人处理');
    expect(await results.locator('[data-testid="inbox-result"][data-status="ok"]').count()).toBe(2);
    await shot(page, 'inbox-results');
    expect(await a11yProblems(page, 'inbox-results')).toEqual([]);
    await results.getByTestId('inbox-results-close').click();

    // The queue is clear of all three; the two decided here are approved.
    for (const key of keys) await row(page, key).waitFor({ state: 'detached' });
    expect((await api.article.get({ Id: article.id })).auditStatus).toBe(1);
    expect((await api.oneQuestionPerday.get({ Id: daily.id })).auditStatus).toBe(1);
    expect((await api.learningCourse.get({ Id: course.id })).auditStatus).toBe(1);
  });

  it('shows an item whose earlier step the admin decided as not decidable, with the reason, and a bulk pass that only moves an item on as such', async () => {
    const api = await adminClient();
    const tag = `E2E 审核中心 两级 ${Date.now() % 100_000}`;
    const categoryId = await leafOf(api, ClassType.Question);
    const first = await api.testQuestion.createQuestion({
      questionType: 1,
      stem: `<p>${tag} 已初审</p>`,
      categoryId,
      options: [{ content: '对', isCorrect: true }, { content: '错' }],
    });
    const fresh = await api.testQuestion.createQuestion({
      questionType: 1,
      stem: `<p>${tag} 待初审</p>`,
      categoryId,
      options: [{ content: '对', isCorrect: true }, { content: '错' }],
    });
    // The admin passes 初审 of one: its 复审 must be someone else's (App.Review.AllowSameReviewerForSteps is off).
    await api.testQuestion.auditedTestQuestion({ id: first.id, auditStatus: 1 });

    const page = await signedIn(suite, 'admin', { path: '/review/reviewInbox' });
    await page.getByTestId('review-inbox').waitFor();
    await filterToToday(page);
    const blocked = row(page, `testQuestion:${first.id}`);
    await blocked.waitFor();
    expect(await blocked.getByTestId('inbox-approve').isDisabled()).toBe(true);
    expect(await blocked.getByTestId('inbox-reject').isDisabled()).toBe(true);
    expect(await blocked.getByTestId('inbox-cannot-decide').innerText()).toBe('你已处理本轮的上一审核环节，须由其他审核人处理');
    await shot(page, 'inbox-cannot-decide');

    // Selected together: the fresh one moves on to 复审 (not approved), the other is refused with the reason.
    const open = row(page, `testQuestion:${fresh.id}`);
    await open.waitFor();
    for (const line of [blocked, open]) await line.locator('label:has(input[type="checkbox"])').click();
    await page.getByTestId('inbox-approve-selected').click();
    await page.getByTestId('confirm-ok').click();
    const results = page.getByTestId('inbox-results');
    await results.waitFor();
    expect(await results.getByTestId('inbox-results-summary').innerText()).toBe('进入复审 1 项（尚未最终通过）\n未处理 1 项（原因见下）');
    const refused = results.locator('[data-testid="inbox-result"][data-status="forbidden"]');
    expect(await refused.innerText()).toContain('您已处理该内容的初审，复审须由其他审核人处理。');
    expect(await results.locator('[data-testid="inbox-result"][data-result="advanced"]').innerText()).toContain('已进入复审');
    await shot(page, 'inbox-results-steps');
    expect(await a11yProblems(page, 'inbox-results-steps')).toEqual([]);
    await results.getByTestId('inbox-results-close').click();
  });

  it('previews one item and rejects it with a reason template and words of its own', async () => {
    const api = await adminClient();
    const title = `E2E 审核中心 预览 ${Date.now() % 100_000}`;
    const article = await api.article.create({
      title,
      categoryId: await leafOf(api, ClassType.Article),
      content: '<p>第一段。</p><p>第二段：<b>加粗</b>。</p>',
    });
    const page = await signedIn(suite, 'admin', { path: '/review/reviewInbox' });
    await page.getByTestId('review-inbox').waitFor();
    await filterToToday(page);
    const line = row(page, `article:${article.id}`);
    await line.waitFor();
    await line.getByTestId('inbox-open').click();
    const preview = page.getByTestId('inbox-preview');
    await preview.waitFor();
    await expect.poll(() => preview.getByTestId('inbox-preview-body').innerText()).toBe('第一段。 第二段：加粗。');
    await shot(page, 'inbox-preview');
    expect(await a11yProblems(page, 'inbox-preview')).toEqual([]);
    await preview.getByTestId('inbox-preview-reject').click();
    const dialog = page.getByTestId('inbox-reject-dialog');
    await dialog.waitFor();
    await dialog.getByTestId('inbox-reject-submit').click();
    await dialog.getByText('请选择常用理由或填写驳回理由').waitFor();
    expect(await a11yProblems(page, 'inbox-reject')).toEqual([]);
    await dialog.getByTestId('inbox-reason-template').selectOption('duplicate');
    await dialog.getByTestId('inbox-reason-text').fill('请合并到上周的通知');
    await dialog.getByTestId('inbox-reject-submit').click();
    await dialog.waitFor({ state: 'detached' });
    await line.waitFor({ state: 'detached' });
    const stored = await api.article.get({ Id: article.id });
    expect(stored).toMatchObject({ auditStatus: 2, auditReason: '与已有内容重复 请合并到上周的通知' });
  });

  it('reads in English', async () => {
    const page = await signedIn(suite, 'admin', { locale: 'en-US', path: '/review/reviewInbox' });
    await page.getByTestId('review-inbox').waitFor();
    await expect.poll(() => page.getByTestId('inbox-types').innerText(), { timeout: 15_000 }).toMatch(/^All \(\d+\)/);
    expect(await page.getByTestId('inbox-filters').innerText()).toContain('Submitted from');
    expect(await page.getByTestId('page-title').innerText()).toBe('Review inbox');
    await page.getByTestId('inbox-table').locator('tbody tr').first().waitFor();
    await shot(page, 'inbox-en');
    // The whole queue (sensitive-word badges, every type's chip) passes axe in both languages: a11y.test.ts, walking every route of the menu.
    await page.context().close();
  });
});
