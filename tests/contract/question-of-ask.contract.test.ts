import { AbpError } from '@edu/sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startBackend, unique, type Backend, type SignedIn } from './support/backend.ts';

/**
 * Online Q&A through the SDK client: a question reviewed apart from its
 * replies, a thread with replies in several states (the console's list and
 * the public view), a reply deleted without touching the thread, the best
 * answer, and a deleted question. Every response is parsed with the SDK
 * schema by the client.
 */
let backend: Backend;
let admin: SignedIn;
beforeAll(async () => {
  backend = await startBackend();
  admin = await backend.signIn();
});
afterAll(async () => backend?.close());

describe('QuestionOfAsk', () => {
  it('reviews a question and its replies separately and keeps the thread whole when a reply goes', async () => {
    const c = admin.client.questionOfAsk;
    const q = await c.create({ title: unique('合同问答'), content: '勾股定理的逆定理怎么用？' });
    expect(q).toMatchObject({ auditStatus: 0, approvedReplyCount: 0, pendingReplyCount: 0, acceptedReplyId: null });

    // Not approved yet: no replies (a user-friendly error).
    await expect(c.replayAsk({ questionOfAskId: q.id, content: '先算三边的平方。' })).rejects.toBeInstanceOf(AbpError);
    expect((await c.auditedQuestionOfAsk({ id: q.id, auditStatus: 1 })).auditStatus).toBe(1);

    const a = await c.replayAsk({ questionOfAskId: q.id, content: '若 a² + b² = c²，则该三角形是直角三角形。' });
    const b = await c.replayAsk({ questionOfAskId: q.id, content: '例如三边 3、4、5。' });
    expect(a).toMatchObject({ questionOfAskId: q.id, questionTitle: q.title, auditStatus: 1, creatorIdentity: 3 });

    // Taking one reply down leaves the question as it was.
    const down = await c.auditReplayAsk({ id: b.id, auditStatus: 2, auditReason: '示例不完整' });
    expect(down).toMatchObject({ auditStatus: 2, auditReason: '示例不完整' });
    expect(await c.get({ Id: q.id })).toMatchObject({ auditStatus: 1, approvedReplyCount: 1, rejectedReplyCount: 1 });
    expect((await c.getAllAskReply({ QuestionOfAskId: q.id })).items.map((r) => r.id)).toEqual([a.id, b.id]);
    expect((await c.getAllAskReply({ QuestionOfAskId: q.id, PublicView: true })).items.map((r) => r.id)).toEqual([a.id]);

    const best = await c.acceptReplayAsk({ id: q.id, replyId: a.id });
    expect(best.acceptedReplyId).toBe(a.id);

    await c.deleteReplayAsk({ Id: b.id });
    const thread = await c.getAllAskReply({ QuestionOfAskId: q.id });
    expect(thread.items.map((r) => [r.id, r.isAccepted])).toEqual([[a.id, true]]);
    expect(await c.get({ Id: q.id })).toMatchObject({ approvedReplyCount: 1, rejectedReplyCount: 0, acceptedReplyId: a.id });

    const listed = await c.getAll({ Keyword: q.title });
    expect(listed.items.map((i) => i.id)).toEqual([q.id]);

    await c.delete({ Id: q.id });
    await expect(c.get({ Id: q.id })).rejects.toMatchObject({ status: 404 });
  });

  it('lists the reviewers’ queues of questions and replies', async () => {
    const c = admin.client.questionOfAsk;
    const q = await c.create({ title: unique('待审问答'), content: '光合作用的产物有哪些？' });
    expect((await c.getAllModerated({ MaxResultCount: 100 })).items.some((i) => i.id === q.id)).toBe(true);
    const replies = await c.getAllModeratedReplies({ MaxResultCount: 100 });
    expect(replies.items.every((r) => r.auditStatus === 0)).toBe(true);
  });
});
