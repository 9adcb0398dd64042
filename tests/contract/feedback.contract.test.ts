import { AbpError } from '@edu/sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startBackend, unique, type Backend, type SignedIn } from './support/backend.ts';

/**
 * Member comments and leave messages through the SDK client, beyond the CRUD
 * runner (fixtures.ts): review with the id in the query (`auditedDiscuss?id=`,
 * `AuditedLeaveMessage?id`), the moderated lists, filters, the answer, and the
 * sensitive-word flag. Every response is parsed with the SDK schema.
 */
let backend: Backend;
let admin: SignedIn;
let articleId: number;
beforeAll(async () => {
  backend = await startBackend();
  admin = await backend.signIn();
  const article = (await admin.client.article.getAll({ MaxResultCount: 1 })).items[0];
  if (!article) throw new Error('The tenant has no article to comment on');
  articleId = article.id;
});
afterAll(async () => backend?.close());

describe('Discuss contract', () => {
  it('creates on a target, replies, lists by filter, reviews with the id in the query', async () => {
    const d = admin.client.discuss;
    const text = unique('合同评论');
    const created = await d.create({ targetType: 1, targetId: articleId, content: text });
    expect(created).toMatchObject({ targetType: 1, targetId: articleId, targetDeleted: false, auditStatus: 0, sensitiveHits: 0, sensitiveWords: [] });
    expect(created.targetTitle).toBeTruthy();
    const reply = await d.create({ targetType: 1, targetId: articleId, parentId: created.id, content: `${text}的回复` });
    expect(reply.parentId).toBe(created.id);

    const page = await d.getAll({ Keyword: text, TargetType: 1, AuditStatus: 0, MaxResultCount: 10 });
    expect(page.items.map((i) => i.id).sort()).toEqual([created.id, reply.id].sort());
    const queue = await d.getAllModerated({ Keyword: text });
    expect(queue.items.map((i) => i.id)).toContain(created.id);

    const rejected = await d.auditedDiscuss({ id: created.id, auditStatus: 2, auditReason: '合同测试驳回' });
    expect(rejected).toMatchObject({ auditStatus: 2, auditReason: '合同测试驳回' });
    expect((await d.auditedDiscuss({ id: created.id, auditStatus: 1 })).auditStatus).toBe(1);
    const noReason = await d.auditedDiscuss({ id: reply.id, auditStatus: 2 }).catch((e: unknown) => e);
    expect(noReason).toBeInstanceOf(AbpError);
    expect(noReason).toMatchObject({ kind: 'validation' });
  });

  it('refuses an unknown target with a validation error on targetId', async () => {
    const e = await admin.client.discuss.create({ targetType: 5, targetId: 99_999_999, content: '不存在的对象' }).catch((x: unknown) => x);
    expect(e).toMatchObject({ kind: 'validation', status: 400 });
  });
});

describe('LeaveMessage contract', () => {
  it('creates, answers, filters by answered, reviews with the id in the query', async () => {
    const m = admin.client.leaveMessage;
    const title = unique('合同留言');
    const created = await m.create({ title, content: '请问如何申请发票？', messageType: 1 });
    expect(created).toMatchObject({ title, messageType: 1, replyContent: null, auditStatus: 0 });
    expect((await m.getAll({ Keyword: title, Answered: false })).items.map((i) => i.id)).toEqual([created.id]);
    const answered = await m.replyLeaveMessage({ id: created.id, replyContent: '在订单页申请即可。' });
    expect(answered.replyContent).toBe('在订单页申请即可。');
    expect(answered.replyTime).toBeTruthy();
    expect((await m.getAll({ Keyword: title, Answered: true })).items.map((i) => i.id)).toEqual([created.id]);
    expect((await m.auditedLeaveMessage({ id: created.id, auditStatus: 1 })).auditStatus).toBe(1);
    expect((await m.getAllModerated({ Keyword: title })).items).toEqual([]);
  });
});
