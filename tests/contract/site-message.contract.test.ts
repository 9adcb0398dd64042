import { AbpError, type SiteMessageListDto } from '@edu/sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startBackend, unique, type Backend, type SignedIn } from './support/backend.ts';

/**
 * Site messages (站内消息) through the SDK: send to one member, the member's
 * inbox and unread count, opening marks it read (已读 1 / 1), a reply thread
 * (member reply, platform answer to that member), validation on the
 * recipient, and the rights of a member. Every response is parsed with the
 * SDK schema by the client. The member is the seed's `huyuhang` on the mock;
 * against another backend set CONTRACT_MEMBER / CONTRACT_MEMBER_PASSWORD.
 */
let backend: Backend;
let admin: SignedIn;
let member: SignedIn;
beforeAll(async () => {
  backend = await startBackend();
  admin = await backend.signIn();
  member = await backend.signIn(process.env.CONTRACT_MEMBER ?? 'huyuhang', process.env.CONTRACT_MEMBER_PASSWORD ?? '123qwe');
});
afterAll(async () => backend?.close());

describe('SiteMessage', () => {
  it('sends to one member: inbox, unread count, read on open, read count, thread', async () => {
    const before = await member.client.siteMessage.getNotReadMessageCount({});
    expect(before.totalCount).toBe(before.siteMessageCount + before.notificationCount);
    const title = unique('合同站内信');
    const sent = await admin.client.siteMessage.create({ title, content: '合同测试：请查收。', recipientKind: 1, recipientUserId: member.userId });
    expect(sent).toMatchObject({ recipientKind: 1, recipientUserId: member.userId, recipientCount: 1, readCount: 0, replies: [] });

    expect((await member.client.siteMessage.getNotReadMessageCount({})).siteMessageCount).toBe(before.siteMessageCount + 1);
    const inbox = await member.client.siteMessage.getAll({ IsRead: false, Keyword: title });
    expect(inbox.items.map((m: SiteMessageListDto) => m.id)).toEqual([sent.id]);
    const opened = await member.client.siteMessage.get({ Id: sent.id });
    expect(opened).toMatchObject({ isRecipient: true, isRead: true, readCount: 1 });
    expect((await member.client.siteMessage.getNotReadMessageCount({})).siteMessageCount).toBe(before.siteMessageCount);

    const reply = await member.client.siteMessage.replayMessage({ messageId: sent.id, content: '收到，谢谢。' });
    expect(reply).toMatchObject({ fromPlatform: false, memberUserId: member.userId });
    const answer = await admin.client.siteMessage.replayMessage({ messageId: sent.id, content: '不客气。', parentReplyId: reply.id });
    expect(answer).toMatchObject({ fromPlatform: true, parentReplyId: reply.id, memberUserId: member.userId });

    const row = (await admin.client.siteMessage.getAll({ Keyword: title })).items[0];
    expect(row).toMatchObject({ id: sent.id, readCount: 1, recipientCount: 1, replyCount: 2 });
    expect((await admin.client.siteMessage.get({ Id: sent.id })).replies.map((r) => r.content)).toEqual(['收到，谢谢。', '不客气。']);
  });

  it('refuses a send without its recipient (400 on the member), and a member may not send', async () => {
    const missing = await admin.client.siteMessage.create({ title: '缺少接收人', content: '内容', recipientKind: 2 }).catch((e: unknown) => e);
    expect(missing).toBeInstanceOf(AbpError);
    expect((missing as AbpError).kind).toBe('validation');
    expect((missing as AbpError).validationErrors.flatMap((v) => v.members)).toContain('recipientRoleId');
    const forbidden = await member.client.siteMessage.create({ title: '冒充平台', content: '内容', recipientKind: 3 }).catch((e: unknown) => e);
    expect((forbidden as AbpError).kind).toBe('forbidden');
  });

  it('searches recipients by name', async () => {
    const found = await admin.client.siteMessage.getRecipientOptions({ Kind: 1, Keyword: '胡宇' });
    expect(found.items.length).toBeGreaterThan(0);
  });
});
