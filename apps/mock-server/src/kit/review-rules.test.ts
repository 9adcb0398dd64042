import { reviewFlow, type DecideManyResult, type ReviewInboxItemDto } from '@edu/sdk';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../testing/test-app.ts';

/**
 * Who decides (docs/architecture/review.md, "Deciding"), over HTTP: a later step of a round
 * is decided by someone other than the earlier steps' deciders, an author does
 * not decide their own item, each unless the tenant's settings
 * (`App.Review.AllowSameReviewerForSteps`, `App.Review.AllowAuthorReview`)
 * allow it; the inbox marks what the caller may not decide; a bulk decision
 * says per item whether it was approved, moved on (to which step), rejected
 * or refused, and why. Articles get a two-step flow here.
 */
const FIRST = 'Pages.Articles.AuditArticle';
const SECOND = 'Pages.Articles.AuditLearning';
const twoStep = reviewFlow('TwoStepArticleFlow', [
  { name: 'first', permission: FIRST, displayName: { 'zh-Hans': '初审', en: 'First review' } },
  { name: 'second', permission: SECOND, displayName: { 'zh-Hans': '复审', en: 'Second review' } },
]);

const t = useTestApp({ reviewFlows: { Article: twoStep } });
let categoryId: number;
const api = (path: string) => `/api/services/app/${path}`;
type User = { id: number; token: string };
let author: User;
let both: User;
let other: User;

async function makeUser(userName: string, permissions: string[]): Promise<User> {
  const role = await t.call('POST', api('Role/Create'), {
    token: t.admin,
    body: {
      name: userName,
      displayName: userName,
      grantedPermissions: ['Pages', 'Pages.Articles', ...permissions],
      grantedCategoryIds: [categoryId],
    },
  });
  expect(role.status, JSON.stringify(role.body)).toBe(200);
  const res = await t.call('POST', api('User/Create'), {
    token: t.admin,
    body: {
      userName,
      name: '审',
      surname: '核',
      emailAddress: `${userName}@example.edu.cn`,
      password: 'Passw0rd!',
      roleNames: [userName],
      identity: 2,
    },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return { id: res.body.result.id as number, token: await t.login(userName, 'Passw0rd!', 1) };
}

const audit = (who: Pick<User, 'token'>, id: number, auditStatus: 1 | 2, auditReason?: string) =>
  t.call('POST', api('Article/AuditedArticle'), { token: who.token, body: { id, auditStatus, auditReason } });
const settings = async (value: { allowSameReviewerForSteps: boolean; allowAuthorReview: boolean }) => {
  const r = await t.call('PUT', api('Review/UpdateSettings'), { token: t.admin, body: value });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  expect(r.body.result).toEqual(value);
};
const OFF = { allowSameReviewerForSteps: false, allowAuthorReview: false };

async function submit(title: string): Promise<number> {
  const r = await t.call('POST', api('Article/Create'), { token: author.token, body: { title, categoryId, content: '<p>正文</p>' } });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body.result.id;
}
const ok = async (res: Promise<{ status: number; body: { result: unknown } }>) => {
  const r = await res;
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body.result;
};
async function inboxItem(who: User, id: number): Promise<ReviewInboxItemDto | undefined> {
  const r = await t.call('GET', api('ReviewInbox/GetAll'), { token: who.token, query: { Type: 'article', MaxResultCount: 100 } });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return (r.body.result.items as ReviewInboxItemDto[]).find((i) => i.id === id);
}

beforeAll(async () => {
  const cascader = await t.call('GET', api('MultiLevelCategory/GetCascaderList'), { token: t.admin, query: { ClassTypeId: 1 } });
  let node = cascader.body.result[0];
  while (node.children?.length) node = node.children[0];
  categoryId = node.value;
  // The author may edit articles and holds both steps' permissions: only the rules keep them from deciding their own.
  author = await makeUser('rules-author', ['Pages.Articles.Article', FIRST, SECOND]);
  both = await makeUser('rules-both', [FIRST, SECOND]);
  // The decision endpoint admits the registry flow's permission (FIRST) too.
  other = await makeUser('rules-other', [FIRST, SECOND]);
});

describe('the rules of who decides', () => {
  it('are off by default, shown to the client, and changed by administrators only', async () => {
    expect(await ok(t.call('GET', api('Review/GetSettings'), { token: t.admin }))).toEqual(OFF);
    const config = await t.call('GET', '/AbpUserConfiguration/GetAll', { token: t.admin });
    expect(config.body.result.setting.values).toMatchObject({
      'App.Review.AllowSameReviewerForSteps': 'false',
      'App.Review.AllowAuthorReview': 'false',
    });
    const denied = await t.call('PUT', api('Review/UpdateSettings'), { token: both.token, body: { ...OFF, allowAuthorReview: true } });
    expect(denied.status).toBe(403);
    const bad = await t.call('PUT', api('Review/UpdateSettings'), { token: t.admin, body: { allowAuthorReview: 'yes' } });
    expect(bad.status).toBe(400);
  });

  it('refuses a later step to the decider of an earlier one, marks it in the inbox, and lets another reviewer decide', async () => {
    const id = await submit('同一人两级审核');
    expect((await audit(both, id, 1)).status).toBe(200);
    const again = await audit(both, id, 1);
    expect(again.status).toBe(400);
    expect(again.body.error.validationErrors).toEqual([{ message: '您已处理该内容的初审，复审须由其他审核人处理。', members: ['id'] }]);
    // Still listed for them, not decidable, with the reason; decidable for the other reviewer.
    expect(await inboxItem(both, id)).toMatchObject({
      reviewStep: 1,
      stepName: 'second',
      canDecide: false,
      cannotDecideReason: 'decidedEarlierStep',
    });
    expect(await inboxItem(other, id)).toMatchObject({ canDecide: true, cannotDecideReason: null });
    const preview = await ok(t.call('GET', api('ReviewInbox/Get'), { token: both.token, query: { Type: 'article', Id: id } }));
    expect(preview).toMatchObject({ canDecide: false, cannotDecideReason: 'decidedEarlierStep' });
    // Rejecting is deciding too.
    expect((await audit(both, id, 2, '不通过')).status).toBe(400);
    expect((await audit(other, id, 1)).status).toBe(200);
    expect(await t.app.prisma.article.findUnique({ where: { id } })).toMatchObject({ auditStatus: 1, auditorUserId: other.id });
    const history = await t.app.prisma.reviewDecision.findMany({ where: { entityName: 'Article', entityId: id }, orderBy: { id: 'asc' } });
    expect(history.map((d) => [d.step, d.userId])).toEqual([
      [0, both.id],
      [1, other.id],
    ]);
  });

  it('counts the current round only: after an edit, a reviewer of the earlier round may decide the later step', async () => {
    const id = await submit('修订后的新一轮');
    expect((await audit(both, id, 1)).status).toBe(200);
    const edited = await t.call('PUT', api('Article/Update'), {
      token: author.token,
      body: { id, title: '修订后的新一轮（改）', categoryId, content: '<p>新</p>' },
    });
    expect(edited.body.result).toMatchObject({ auditStatus: 0, reviewStep: 0 });
    // This round's first step by the admin; `both` passed the first step of the last round only.
    expect((await audit({ token: t.admin }, id, 1)).status).toBe(200);
    expect((await audit(both, id, 1)).body.result).toMatchObject({ auditStatus: 1 });
  });

  it('lets one reviewer decide every step when the tenant allows it', async () => {
    await settings({ allowSameReviewerForSteps: true, allowAuthorReview: false });
    try {
      const id = await submit('允许同一人两级审核');
      expect((await audit(both, id, 1)).body.result).toMatchObject({ auditStatus: 0, reviewStep: 1 });
      expect(await inboxItem(both, id)).toMatchObject({ canDecide: true });
      expect((await audit(both, id, 1)).body.result).toMatchObject({ auditStatus: 1 });
    } finally {
      await settings(OFF);
    }
  });

  it('keeps authors from deciding their own items unless the tenant allows it', async () => {
    const id = await submit('作者自审');
    const own = await audit(author, id, 1);
    expect(own.status).toBe(400);
    expect(own.body.error.validationErrors).toEqual([{ message: '不能审核自己提交的内容，请由其他审核人处理。', members: ['id'] }]);
    expect(await inboxItem(author, id)).toBeUndefined();
    await settings({ allowSameReviewerForSteps: false, allowAuthorReview: true });
    try {
      expect(await inboxItem(author, id)).toMatchObject({ canDecide: true });
      expect((await audit(author, id, 1)).body.result).toMatchObject({ reviewStep: 1 });
      // The earlier-step rule still holds for the author.
      expect((await audit(author, id, 1)).status).toBe(400);
    } finally {
      await settings(OFF);
    }
  });
});

describe('a bulk decision', () => {
  it('reports per item: approved, moved on to the named step, rejected, refused with the reason', async () => {
    const fresh = await submit('批量：待初审');
    const atSecond = await submit('批量：管理员初审过');
    const byBoth = await submit('批量：本人初审过');
    const toReject = await submit('批量：驳回');
    expect((await audit({ token: t.admin }, atSecond, 1)).status).toBe(200);
    expect((await audit(both, byBoth, 1)).status).toBe(200);

    const res = (await ok(
      t.call('POST', api('ReviewInbox/DecideMany'), {
        token: both.token,
        body: {
          items: [
            { type: 'article', id: fresh, decision: 1 },
            { type: 'article', id: atSecond, decision: 1 },
            { type: 'article', id: byBoth, decision: 1 },
            { type: 'article', id: toReject, decision: 2, reason: '标题不规范' },
          ],
        },
      }),
    )) as DecideManyResult;
    expect(res).toMatchObject({ succeeded: 3, failed: 1, approved: 1, advanced: 1, rejected: 1 });
    expect(res.items).toEqual([
      { type: 'article', id: fresh, status: 'ok', message: null, refusal: null, auditStatus: 0, result: 'advanced', nextStepName: 'second' },
      { type: 'article', id: atSecond, status: 'ok', message: null, refusal: null, auditStatus: 1, result: 'approved', nextStepName: null },
      {
        type: 'article',
        id: byBoth,
        status: 'forbidden',
        message: '您已处理该内容的初审，复审须由其他审核人处理。',
        refusal: 'decidedEarlierStep',
        auditStatus: null,
        result: null,
        nextStepName: null,
      },
      { type: 'article', id: toReject, status: 'ok', message: null, refusal: null, auditStatus: 2, result: 'rejected', nextStepName: null },
    ]);
    // The refused item still awaits 复审, undecided.
    expect(await t.app.prisma.article.findUnique({ where: { id: byBoth } })).toMatchObject({ auditStatus: 0, reviewStep: 1 });
  });
});
