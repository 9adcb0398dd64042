import { reviewFlow } from '@edu/sdk';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../testing/test-app.ts';

/**
 * The review state machine (kit/review.ts) with a two-step flow declared here
 * for articles: first review by `AuditArticle`, second by `AuditLearning`
 * (any permission distinct from the first would do).
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

async function makeRole(name: string, permissions: string[]) {
  const r = await t.call('POST', api('Role/Create'), {
    token: t.admin,
    body: { name, displayName: name, grantedPermissions: ['Pages', 'Pages.Articles', ...permissions] },
  });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
}

async function makeUser(userName: string, roleNames: string[]) {
  const res = await t.call('POST', api('User/Create'), {
    token: t.admin,
    body: { userName, name: '审', surname: '核', emailAddress: `${userName}@example.edu.cn`, password: 'Passw0rd!', roleNames, identity: 2 },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return { id: res.body.result.id as number, token: await t.login(userName, 'Passw0rd!', 1) };
}

let author: { id: number; token: string };
let first: { id: number; token: string };
let second: { id: number; token: string };

const audit = (token: string, id: number, auditStatus: 1 | 2, auditReason?: string) =>
  t.call('POST', api('Article/AuditedArticle'), { token, body: { id, auditStatus, auditReason } });
const decisions = (entityId: number) => t.app.prisma.reviewDecision.findMany({ where: { entityName: 'Article', entityId }, orderBy: { id: 'asc' } });
const notices = (userId: number, entityId: number) =>
  t.app.prisma.userNotification.findMany({
    where: { userId, entityTypeName: 'Article', entityId: String(entityId) },
    orderBy: { creationTime: 'asc' },
  });

async function submit(title: string): Promise<number> {
  const r = await t.call('POST', api('Article/Create'), { token: author.token, body: { title, categoryId, content: '<p>正文</p>' } });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  expect(r.body.result).toMatchObject({ auditStatus: 0, reviewStep: 0 });
  return r.body.result.id;
}

const queueIds = async (token: string) =>
  (await t.call('GET', api('Article/GetAllModerated'), { token, query: { MaxResultCount: 100 } })).body.result.items.map((i: { id: number }) => i.id);

beforeAll(async () => {
  const cascader = await t.call('GET', api('MultiLevelCategory/GetCascaderList'), { token: t.admin, query: { ClassTypeId: 1 } });
  let node = cascader.body.result[0];
  while (node.children?.length) node = node.children[0];
  categoryId = node.value;
  await makeRole('FirstReviewer', [FIRST]);
  await makeRole('SecondReviewer', [FIRST, SECOND]);
  author = await makeUser('flow-author', ['Editor']);
  first = await makeUser('flow-first', ['FirstReviewer']);
  second = await makeUser('flow-second', ['SecondReviewer']);
});

describe('a two-step review', () => {
  it('goes through both steps, each by its own permission, recording every decision and notifying the author at every step', async () => {
    const id = await submit('两级审核的文章');
    expect(await queueIds(first.token)).toContain(id);

    const step1 = await audit(first.token, id, 1);
    expect(step1.status, JSON.stringify(step1.body)).toBe(200);
    expect(step1.body.result).toMatchObject({ auditStatus: 0, reviewStep: 1, auditorUserId: first.id });
    const passed = await notices(author.id, id);
    expect(passed).toHaveLength(1);
    expect(JSON.parse(passed[0]!.data)).toMatchObject({
      message: '您的文章《两级审核的文章》已通过初审，等待复审。',
      properties: { auditStatus: 0, stepName: 'second' },
    });
    // The queue shows only items awaiting a step the caller may decide.
    expect(await queueIds(first.token)).not.toContain(id);
    expect(await queueIds(second.token)).toContain(id);

    const refused = await audit(first.token, id, 1);
    expect(refused.status).toBe(403);
    expect(refused.body.unAuthorizedRequest).toBe(true);

    const step2 = await audit(second.token, id, 1);
    expect(step2.status, JSON.stringify(step2.body)).toBe(200);
    expect(step2.body.result).toMatchObject({ auditStatus: 1, reviewStep: 1, auditorUserId: second.id });

    const history = await decisions(id);
    expect(history.map((d) => [d.step, d.stepName, d.decision, d.auditStatus, d.userId])).toEqual([
      [0, 'first', 1, 0, first.id],
      [1, 'second', 1, 1, second.id],
    ]);
    expect(history.every((d) => d.tenantId === 1 && Date.now() - d.creationTime.getTime() < 60_000)).toBe(true);
    const sent = await notices(author.id, id);
    expect(sent).toHaveLength(2);
    expect(JSON.parse(sent[1]!.data).message).toBe('您的文章《两级审核的文章》已审核通过。');

    // The history extension: who, when, why at each step, for whoever may read articles.
    const read = await t.call('GET', api('Review/GetReviewHistory'), { token: author.token, query: { EntityName: 'Article', Id: id } });
    expect(read.status, JSON.stringify(read.body)).toBe(200);
    expect(read.body.result.map((d: { stepName: string; decision: number; userName: string }) => [d.stepName, d.decision, d.userName])).toEqual([
      ['first', 1, '核审'],
      ['second', 1, '核审'],
    ]);
    expect(read.body.result[0].creationTime).toMatch(/Z$/);
    // SecondReviewer may review but not read articles; unknown entities and ids are refused.
    expect((await t.call('GET', api('Review/GetReviewHistory'), { token: second.token, query: { EntityName: 'Article', Id: id } })).status).toBe(403);
    expect((await t.call('GET', api('Review/GetReviewHistory'), { token: author.token, query: { EntityName: 'Nope', Id: id } })).status).toBe(400);
    expect((await t.call('GET', api('Review/GetReviewHistory'), { token: author.token, query: { EntityName: 'Article', Id: 999_999 } })).status).toBe(
      404,
    );

    // Any edit sends it back to the first step.
    const edited = await t.call('PUT', api('Article/Update'), {
      token: author.token,
      body: { id, title: '两级审核的文章（修订）', categoryId, content: '<p>新</p>' },
    });
    expect(edited.body.result).toMatchObject({ auditStatus: 0, reviewStep: 0, auditorUserId: null });
    expect(await queueIds(first.token)).toContain(id);
  });

  it('ends at a rejection in the first step, with the reason, and tells the author; reconsidering and taking down follow the steps', async () => {
    const id = await submit('初审驳回的文章');
    const noReason = await audit(first.token, id, 2);
    expect(noReason.status).toBe(400);
    expect(noReason.body.error.validationErrors[0].members).toEqual(['auditReason']);

    const rejected = await audit(first.token, id, 2, '缺少参考文献');
    expect(rejected.status).toBe(200);
    expect(rejected.body.result).toMatchObject({ auditStatus: 2, reviewStep: 0, auditReason: '缺少参考文献' });
    expect(await queueIds(second.token)).not.toContain(id);
    expect((await decisions(id)).map((d) => [d.step, d.decision, d.reason, d.userId])).toEqual([[0, 2, '缺少参考文献', first.id]]);
    const sent = await notices(author.id, id);
    expect(sent).toHaveLength(1);
    expect(JSON.parse(sent[0]!.data).message).toBe('您的文章《初审驳回的文章》未通过审核：缺少参考文献');
    // The flow has ended: rejecting again is refused, and the second step never opens.
    expect((await audit(first.token, id, 2, '再次驳回')).status).toBe(500);
    expect(await decisions(id)).toHaveLength(1);

    // Reconsidering is the rejecting step's call and resumes the flow there: it does not skip the second review.
    const reconsidered = await audit(first.token, id, 1);
    expect(reconsidered.body.result).toMatchObject({ auditStatus: 0, reviewStep: 1 });
    expect((await audit(second.token, id, 1)).body.result).toMatchObject({ auditStatus: 1, reviewStep: 1 });
    // Taking an approved item down is the last step's call.
    expect((await audit(first.token, id, 2, '撤下')).status).toBe(403);
    const takenDown = await audit(second.token, id, 2, '内容过时，撤下');
    expect(takenDown.body.result).toMatchObject({ auditStatus: 2, reviewStep: 1, auditReason: '内容过时，撤下' });
    expect((await decisions(id)).map((d) => [d.step, d.decision, d.auditStatus])).toEqual([
      [0, 2, 2],
      [0, 1, 0],
      [1, 1, 1],
      [1, 2, 2],
    ]);
  });

  it('writes nothing when the transaction fails part way (row, decision and notification together)', async () => {
    const id = await submit('事务中失败的文章');
    expect((await audit(first.token, id, 1)).status).toBe(200);
    // A real failure inside the transaction, after the row update and the decision insert: the notification insert aborts.
    await t.app.prisma.$executeRawUnsafe(
      `CREATE TRIGGER fail_notice BEFORE INSERT ON UserNotification WHEN NEW.entityId = '${id}' BEGIN SELECT RAISE(ABORT, 'notification store down'); END`,
    );
    try {
      const failed = await audit(second.token, id, 1);
      expect(failed.status).toBe(500);
    } finally {
      await t.app.prisma.$executeRawUnsafe('DROP TRIGGER fail_notice');
    }
    const row = await t.app.prisma.article.findUniqueOrThrow({ where: { id } });
    expect([row.auditStatus, row.reviewStep, row.auditorUserId]).toEqual([0, 1, first.id]);
    expect(await decisions(id)).toHaveLength(1);
    // Only the first step's notice: the failed second decision left none.
    expect(await notices(author.id, id)).toHaveLength(1);

    const retried = await audit(second.token, id, 1);
    expect(retried.body.result).toMatchObject({ auditStatus: 1 });
    expect(await decisions(id)).toHaveLength(2);
    expect(await notices(author.id, id)).toHaveLength(2);
  });
});
