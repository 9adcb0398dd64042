import type { QuestionOfAskDto, QuestionOfAskReplyDto } from '@edu/sdk';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../testing/test-app.ts';
import { api, createTenant, expectTenantIsolation } from '../testing/tenants.ts';

const t = useTestApp();
/** zhangwei: a teacher in the Auditor role (holds Pages.Others.Answerquestion). */
let auditor: string;
/** huyuhang: a member given the Auditor role here, so a member can ask and reply through the API. */
let member: string;
let memberId: number;

beforeAll(async () => {
  auditor = await t.login('zhangwei');
  const p = t.app.prisma;
  const user = await p.user.findFirstOrThrow({ where: { tenantId: 1, userName: 'huyuhang' } });
  const role = await p.role.findFirstOrThrow({ where: { tenantId: 1, name: 'Auditor' } });
  await p.userRole.create({ data: { tenantId: 1, userId: user.id, roleId: role.id } });
  memberId = user.id;
  member = await t.login('huyuhang');
});

const Q = (m: string) => api(`QuestionOfAsk/${m}`);

async function ask(token: string, body: Record<string, unknown> = {}): Promise<QuestionOfAskDto> {
  const res = await t.call('POST', Q('Create'), {
    token,
    body: { title: '二次函数的顶点怎么求？', content: 'y = x² - 4x + 3 的顶点坐标是多少？', ...body },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.result;
}
const reply = (token: string, questionOfAskId: number, content: string) =>
  t.call('POST', Q('ReplayAsk'), { token, body: { questionOfAskId, content } });
const audit = (token: string, m: 'AuditedQuestionOfAsk' | 'AuditReplayAsk', id: number, auditStatus: 1 | 2, auditReason?: string) =>
  t.call('POST', Q(m), { token, body: { id, auditStatus, auditReason } });
const thread = async (id: number, query: Record<string, unknown> = {}) =>
  (await t.call('GET', Q('GetAllAskReply'), { token: t.admin, query: { QuestionOfAskId: id, ...query } })).body.result as {
    totalCount: number;
    items: QuestionOfAskReplyDto[];
  };
const getQuestion = async (id: number) => (await t.call('GET', Q('Get'), { token: t.admin, query: { Id: id } })).body.result as QuestionOfAskDto;

describe('QuestionOfAsk', () => {
  it('lists the seeded threads with reply counts per state', async () => {
    const res = await t.call('GET', Q('GetAll'), { token: t.admin, query: { MaxResultCount: 100 } });
    expect(res.status).toBe(200);
    const items: QuestionOfAskDto[] = res.body.result.items;
    expect(items.length).toBeGreaterThan(5);
    expect(new Set(items.map((i) => i.auditStatus))).toEqual(new Set([0, 1, 2]));
    expect(items.some((i) => i.pendingReplyCount > 0 && i.approvedReplyCount > 0)).toBe(true);
    expect(items[0]).not.toHaveProperty('content');
  });

  it('reviews the question and each reply on its own, notifies authors, and shows the public only approved replies', async () => {
    const q = await ask(member, { categoryId: null });
    expect(q).toMatchObject({ auditStatus: 0, creatorUserId: memberId, approvedReplyCount: 0, pendingReplyCount: 0 });
    // No replies before the question is public.
    expect((await reply(t.admin, q.id, '先配方。')).status).toBe(500);
    // The member may not decide on their own question (four eyes); the auditor may.
    expect((await audit(member, 'AuditedQuestionOfAsk', q.id, 1)).status).toBe(400);
    expect((await audit(auditor, 'AuditedQuestionOfAsk', q.id, 1)).body.result).toMatchObject({ auditStatus: 1 });

    // A member's reply waits; a teacher's is published at once.
    const r1: QuestionOfAskReplyDto = (await reply(member, q.id, '我觉得顶点是 (2, -1)，对吗？')).body.result;
    expect(r1).toMatchObject({ auditStatus: 0, creatorIdentity: 1, questionTitle: q.title });
    const r2: QuestionOfAskReplyDto = (await reply(auditor, q.id, '配方：y = (x - 2)² - 1，所以顶点是 (2, -1)。')).body.result;
    expect(r2).toMatchObject({ auditStatus: 1, creatorIdentity: 2, auditorUserId: r2.creatorUserId });
    const r3: QuestionOfAskReplyDto = (await reply(member, q.id, '加我微信领取答案')).body.result;

    expect(await getQuestion(q.id)).toMatchObject({ auditStatus: 1, approvedReplyCount: 1, pendingReplyCount: 2, rejectedReplyCount: 0 });
    const filtered = await t.call('GET', Q('GetAll'), { token: t.admin, query: { HasPendingReplies: true, MaxResultCount: 200 } });
    expect(filtered.body.result.items.map((i: QuestionOfAskDto) => i.id)).toContain(q.id);

    // Replies are decided on their own; the question's state is untouched.
    expect((await audit(auditor, 'AuditReplayAsk', r1.id, 1)).body.result).toMatchObject({ auditStatus: 1, auditorUserId: expect.any(Number) });
    const noReason = await audit(auditor, 'AuditReplayAsk', r3.id, 2);
    expect(noReason.status).toBe(400);
    expect(noReason.body.error.validationErrors[0].members).toEqual(['auditReason']);
    expect((await audit(auditor, 'AuditReplayAsk', r3.id, 2, '含广告信息')).body.result).toMatchObject({ auditStatus: 2, auditReason: '含广告信息' });
    expect(await getQuestion(q.id)).toMatchObject({ auditStatus: 1, approvedReplyCount: 2, pendingReplyCount: 0, rejectedReplyCount: 1 });
    const without = await t.call('GET', Q('GetAll'), { token: t.admin, query: { HasPendingReplies: false, MaxResultCount: 200 } });
    expect(without.body.result.items.map((i: QuestionOfAskDto) => i.id)).toContain(q.id);

    // The console sees every reply with its state; the public view only approved ones.
    expect((await thread(q.id)).items.map((r) => [r.id, r.auditStatus])).toEqual([
      [r1.id, 1],
      [r2.id, 1],
      [r3.id, 2],
    ]);
    expect((await thread(q.id, { PublicView: true })).items.map((r) => r.id)).toEqual([r1.id, r2.id]);
    expect((await thread(q.id, { AuditStatus: 2 })).items.map((r) => r.id)).toEqual([r3.id]);

    // The member was told about each decision on their items, with the entity named.
    const notes = await t.app.prisma.userNotification.findMany({ where: { userId: memberId }, orderBy: { id: 'asc' } });
    const about = notes.map((n) => [n.entityTypeName, Number(n.entityId)]);
    expect(about).toEqual(
      expect.arrayContaining([
        ['QuestionOfAsk', q.id],
        ['QuestionOfAskReply', r1.id],
        ['QuestionOfAskReply', r3.id],
      ]),
    );
    expect(notes.find((n) => n.entityTypeName === 'QuestionOfAskReply' && Number(n.entityId) === r3.id)!.data).toContain('含广告信息');

    // The history of a reply is its own.
    const history = await t.call('GET', api('Review/GetReviewHistory'), { token: t.admin, query: { EntityName: 'QuestionOfAskReply', Id: r3.id } });
    expect(history.body.result.map((d: { decision: number; reason: string }) => [d.decision, d.reason])).toEqual([[2, '含广告信息']]);
  });

  it('keeps the thread intact when a reply is deleted, and takes the replies along with a deleted question', async () => {
    const q = await ask(t.admin);
    await audit(t.admin, 'AuditedQuestionOfAsk', q.id, 1);
    const ids: number[] = [];
    for (const text of ['第一条回答', '第二条回答', '第三条回答'])
      ids.push(((await reply(t.admin, q.id, text)).body.result as QuestionOfAskReplyDto).id);
    expect((await t.call('DELETE', Q('DeleteReplayAsk'), { token: t.admin, query: { Id: ids[1] } })).status).toBe(200);
    expect((await thread(q.id)).items.map((r) => r.id)).toEqual([ids[0], ids[2]]);
    expect(await getQuestion(q.id)).toMatchObject({ approvedReplyCount: 2 });
    // Deleting an unknown or deleted reply succeeds silently (ABP's repository).
    expect((await t.call('DELETE', Q('DeleteReplayAsk'), { token: t.admin, query: { Id: ids[1] } })).status).toBe(200);

    expect((await t.call('DELETE', Q('Delete'), { token: t.admin, query: { Id: q.id } })).status).toBe(200);
    expect((await t.call('GET', Q('Get'), { token: t.admin, query: { Id: q.id } })).status).toBe(404);
    const left = await t.app.prisma.questionOfAskReply.findMany({ where: { questionOfAskId: q.id } });
    expect(left.every((r) => r.isDeleted)).toBe(true);
    // The deleted reply kept its own deletion time; the others went with the question.
    expect(new Set(left.filter((r) => r.id !== ids[1]).map((r) => r.deletionTime?.getTime())).size).toBe(1);
  });

  it('accepts an approved reply of the thread as the best answer', async () => {
    const q = await ask(member);
    await audit(t.admin, 'AuditedQuestionOfAsk', q.id, 1);
    const pending: QuestionOfAskReplyDto = (await reply(member, q.id, '待审核的回答')).body.result;
    const good: QuestionOfAskReplyDto = (await reply(t.admin, q.id, '标准答案：x = 2 时取最小值 -1。')).body.result;
    const refused = await t.call('POST', Q('AcceptReplayAsk'), { token: t.admin, body: { id: q.id, replyId: pending.id } });
    expect(refused.status).toBe(400);
    expect(refused.body.error.validationErrors[0].members).toEqual(['replyId']);
    const accepted = await t.call('POST', Q('AcceptReplayAsk'), { token: t.admin, body: { id: q.id, replyId: good.id } });
    expect(accepted.body.result).toMatchObject({ acceptedReplyId: good.id, auditStatus: 1 });
    expect((await thread(q.id)).items.find((r) => r.id === good.id)).toMatchObject({ isAccepted: true });
    // Taken down, it no longer counts as accepted.
    await audit(t.admin, 'AuditReplayAsk', good.id, 2, '答案有误');
    expect(await getQuestion(q.id)).toMatchObject({ acceptedReplyId: null });
  });

  it('validates input, refuses sensitive words, and filters by day and keyword', async () => {
    const empty = await t.call('POST', Q('Create'), { token: t.admin, body: { title: ' ', content: '' } });
    expect(empty.status).toBe(400);
    expect(empty.body.error.validationErrors.map((e: { members: string[] }) => e.members[0]).sort()).toEqual(['content', 'title']);
    await t.call('POST', api('SystemDictionary/Create'), { token: t.admin, body: { dictionaryType: 'sensitiveWord', name: '问答违禁词' } });
    await t.call('POST', api('SystemDictionary/SettingUpdateCache'), { token: t.admin });
    const bad = await t.call('POST', Q('Create'), { token: t.admin, body: { title: '请问问答违禁词', content: '内容' } });
    expect(bad.status).toBe(400);
    expect(bad.body.error.validationErrors[0].members).toEqual(['title']);
    const open = await ask(t.admin, { title: '一道正常的问题' });
    await audit(t.admin, 'AuditedQuestionOfAsk', open.id, 1);
    const badReply = await reply(t.admin, open.id, '回答里有问答违禁词');
    expect(badReply.status).toBe(400);
    expect(badReply.body.error.validationErrors[0].members).toEqual(['content']);
    const q = await ask(t.admin, { title: '关于牛顿第二定律的疑问' });
    const today = new Date(Date.now() + 8 * 3_600_000).toISOString().slice(0, 10);
    const found = await t.call('GET', Q('GetAll'), { token: t.admin, query: { Keyword: '牛顿第二', CreatedFrom: today, CreatedTo: today } });
    expect(found.body.result.items.map((i: QuestionOfAskDto) => i.id)).toEqual([q.id]);
    const backwards = await t.call('GET', Q('GetAll'), { token: t.admin, query: { CreatedFrom: today, CreatedTo: '2020-01-01' } });
    expect(backwards.status).toBe(400);
    expect(backwards.body.error.validationErrors[0].members).toEqual(['createdTo']);
  });

  it('puts pending items in the moderated queues, not the caller’s own', async () => {
    const q = await ask(member, { title: '英语虚拟语气的用法' });
    const queue = await t.call('GET', Q('GetAllModerated'), { token: auditor, query: { MaxResultCount: 200 } });
    expect(queue.body.result.items.map((i: QuestionOfAskDto) => i.id)).toContain(q.id);
    const mine = await t.call('GET', Q('GetAllModerated'), { token: member, query: { MaxResultCount: 200 } });
    expect(mine.body.result.items.map((i: QuestionOfAskDto) => i.id)).not.toContain(q.id);
    const replies = await t.call('GET', Q('GetAllModeratedReplies'), { token: auditor, query: { MaxResultCount: 200 } });
    expect(replies.status).toBe(200);
    expect(replies.body.result.items.every((r: QuestionOfAskReplyDto) => r.auditStatus === 0)).toBe(true);
  });

  it('is for Pages.Others.Answerquestion holders only, and keeps tenants apart', async () => {
    expect((await t.call('GET', Q('GetAll'), { token: await t.login('zhaolei') })).status).toBe(403);
    expect((await t.call('POST', Q('ReplayAsk'), { token: await t.login('zhaolei'), body: { questionOfAskId: 1, content: 'x' } })).status).toBe(403);
    const b = await createTenant(t, 'qa2');
    const row = (await t.call('POST', Q('Create'), { token: b.token, body: { title: '乙校的问题', content: '内容' } })).body.result;
    await expectTenantIsolation(t, { service: 'QuestionOfAsk', tokenA: t.admin, tokenB: b.token, row, update: { title: '篡改' } });
    await audit(b.token, 'AuditedQuestionOfAsk', row.id, 1);
    const r: QuestionOfAskReplyDto = (await reply(b.token, row.id, '乙校的回答')).body.result;
    expect((await t.call('GET', Q('GetAllAskReply'), { token: t.admin, query: { QuestionOfAskId: row.id } })).status).toBe(404);
    expect((await reply(t.admin, row.id, '跨租户回复')).status).toBe(404);
    expect((await audit(t.admin, 'AuditReplayAsk', r.id, 2, 'x')).status).toBe(404);
    await t.call('DELETE', Q('DeleteReplayAsk'), { token: t.admin, query: { Id: r.id } });
    expect((await t.call('GET', Q('GetAllAskReply'), { token: b.token, query: { QuestionOfAskId: row.id } })).body.result.totalCount).toBe(1);
  });
});
