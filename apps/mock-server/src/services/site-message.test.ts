import type { SiteMessageDto, SiteMessageListDto } from '@edu/sdk';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../testing/test-app.ts';
import { api, createTenant, expectTenantIsolation } from '../testing/tenants.ts';

const t = useTestApp();
const ids: Record<string, number> = {};

const get = (token: string, path: string, query: Record<string, unknown> = {}) => t.call('GET', api(`SiteMessage/${path}`), { token, query });
const post = (token: string, path: string, body: unknown) => t.call('POST', api(`SiteMessage/${path}`), { token, body });
const unread = async (token: string) => (await get(token, 'GetNotReadMessageCount')).body.result;

beforeAll(async () => {
  const users = await t.app.prisma.user.findMany({
    where: { tenantId: 1, userName: { in: ['admin', 'huyuhang', 'guozihan', 'hexinyi', 'zhaolei', 'huangli'] } },
    select: { id: true, userName: true },
  });
  for (const u of users) ids[u.userName] = u.id;
});

describe('SiteMessage', () => {
  it('is seeded: every recipient kind, read and unread, threads; the admin has unread messages', async () => {
    const seeded = (await get(t.admin, 'GetAll', { Keyword: '', MaxResultCount: 100, Sorting: 'creationTime asc' })).body.result
      .items as SiteMessageListDto[];
    expect(new Set(seeded.map((m) => m.recipientKind))).toEqual(new Set([1, 2, 3]));
    expect(seeded.some((m) => m.replyCount > 0)).toBe(true);
    expect(seeded.some((m) => m.readCount > 0 && m.readCount < m.recipientCount)).toBe(true);
    const count = await unread(t.admin);
    expect(count.siteMessageCount).toBeGreaterThanOrEqual(2);
    const thread: SiteMessageDto = (await get(t.admin, 'Get', { Id: seeded.find((m) => m.title === '平台升级维护通知')!.id })).body.result;
    expect(thread.replies.map((r) => r.fromPlatform)).toEqual([false, true, true]);
    expect(thread.replies[1]).toMatchObject({ parentReplyId: thread.replies[0]!.id, memberName: '郭子涵' });
  });

  it('sends to one member: the member sees it unread, opening it marks it read, the list shows 已读 1 / 1', async () => {
    const member = await t.login('huyuhang');
    const before = await unread(member);
    const sent = await post(t.admin, 'Create', {
      title: '期中考试安排',
      content: '下周三上午九点期中考试，请提前十分钟入场。',
      recipientKind: 1,
      recipientUserId: ids.huyuhang,
    });
    expect(sent.status).toBe(200);
    const m: SiteMessageDto = sent.body.result;
    expect(m).toMatchObject({
      recipientKind: 1,
      recipientName: '胡宇航',
      recipientCount: 1,
      readCount: 0,
      replyCount: 0,
      isRecipient: false,
      replies: [],
    });

    expect(await unread(member)).toMatchObject({ siteMessageCount: before.siteMessageCount + 1 });
    const inbox = await get(member, 'GetAll', { IsRead: false });
    expect(inbox.body.result.items.map((i: SiteMessageListDto) => i.id)).toContain(m.id);
    const opened = await get(member, 'Get', { Id: m.id });
    expect(opened.body.result).toMatchObject({ isRecipient: true, isRead: true, readCount: 1 });
    expect(await unread(member)).toMatchObject({ siteMessageCount: before.siteMessageCount });

    const row = (await get(t.admin, 'GetAll', { Keyword: '期中考试安排' })).body.result.items[0];
    expect(row).toMatchObject({ id: m.id, readCount: 1, recipientCount: 1 });
    expect(row).not.toHaveProperty('content');
  });

  it('sends to a role: one recipient row per user of the role (not the sender), read counts per message', async () => {
    const roles = await t.app.prisma.role.findMany({ where: { tenantId: 1, name: 'Teacher' }, select: { id: true } });
    const teachers = await t.app.prisma.userRole.count({ where: { roleId: roles[0]!.id, user: { isDeleted: false } } });
    const m = (
      await post(t.admin, 'Create', {
        title: '教研会议通知',
        content: '周五下午三点在三楼会议室召开教研会议。',
        recipientKind: 2,
        recipientRoleId: roles[0]!.id,
      })
    ).body.result;
    expect(m).toMatchObject({ recipientKind: 2, recipientName: '教师', recipientCount: teachers, readCount: 0 });
    await get(await t.login('zhaolei'), 'Get', { Id: m.id });
    await get(await t.login('huangli'), 'Get', { Id: m.id });
    expect((await get(t.admin, 'Get', { Id: m.id })).body.result.readCount).toBe(2);
    // A member outside the role does not see it at all.
    expect((await get(await t.login('hexinyi'), 'Get', { Id: m.id })).status).toBe(404);
  });

  it('sends to everyone with one insert: members see it, receipts are written when read, staff are not recipients', async () => {
    const members = await t.app.prisma.user.count({ where: { tenantId: 1, identity: 1, isDeleted: false } });
    const recipientsBefore = await t.app.prisma.siteMessageRecipient.count();
    const m = (await post(t.admin, 'Create', { title: '寒假放假通知', content: '寒假自1月20日开始，2月18日开学。', recipientKind: 3 })).body.result;
    expect(await t.app.prisma.siteMessageRecipient.count()).toBe(recipientsBefore);
    expect(m).toMatchObject({ recipientKind: 3, recipientName: null, recipientCount: members, readCount: 0 });
    const a = await t.login('guozihan');
    expect((await get(a, 'GetAll', { IsRead: false })).body.result.items.some((i: SiteMessageListDto) => i.id === m.id)).toBe(true);
    await get(a, 'Get', { Id: m.id });
    await get(a, 'Get', { Id: m.id });
    expect((await get(a, 'GetAll', { IsRead: true })).body.result.items.some((i: SiteMessageListDto) => i.id === m.id)).toBe(true);
    expect((await get(t.admin, 'Get', { Id: m.id })).body.result).toMatchObject({ readCount: 1, isRecipient: false });
    // A teacher is not a member: "everyone" does not reach staff.
    expect((await get(await t.login('zhaolei'), 'Get', { Id: m.id })).status).toBe(404);
  });

  it('threads replies: a member replies (the sender is notified), staff answer that member; each sees what is theirs', async () => {
    const m = (await post(t.admin, 'Create', { title: '学习情况反馈', content: '请各位同学反馈本学期的学习情况。', recipientKind: 3 })).body.result;
    const a = await t.login('guozihan');
    const b = await t.login('hexinyi');
    const adminNotices = (await unread(t.admin)).notificationCount;
    const ra = await post(a, 'ReplayMessage', { messageId: m.id, content: '数学作业有点多，希望适当减少。' });
    expect(ra.status).toBe(200);
    expect(ra.body.result).toMatchObject({ fromPlatform: false, memberUserId: ids.guozihan, memberName: '郭子涵', creatorName: '郭子涵' });
    await post(b, 'ReplayMessage', { messageId: m.id, content: '英语听力材料希望多一些。' });
    expect((await unread(t.admin)).notificationCount).toBe(adminNotices + 2);

    const answer = await post(t.admin, 'ReplayMessage', {
      messageId: m.id,
      content: '已转告数学老师，下周起调整。',
      parentReplyId: ra.body.result.id,
    });
    expect(answer.body.result).toMatchObject({ fromPlatform: true, parentReplyId: ra.body.result.id, memberUserId: ids.guozihan });
    await post(t.admin, 'ReplayMessage', { messageId: m.id, content: '感谢大家的反馈！' });

    const staffView: SiteMessageDto = (await get(t.admin, 'Get', { Id: m.id })).body.result;
    expect(staffView.replyCount).toBe(4);
    expect(staffView.replies.map((r) => r.content)).toEqual([
      '数学作业有点多，希望适当减少。',
      '英语听力材料希望多一些。',
      '已转告数学老师，下周起调整。',
      '感谢大家的反馈！',
    ]);
    const aView: SiteMessageDto = (await get(a, 'Get', { Id: m.id })).body.result;
    expect(aView.replies.map((r) => r.content)).toEqual(['数学作业有点多，希望适当减少。', '已转告数学老师，下周起调整。', '感谢大家的反馈！']);
    const bView: SiteMessageDto = (await get(b, 'Get', { Id: m.id })).body.result;
    expect(bView.replies.map((r) => r.content)).toEqual(['英语听力材料希望多一些。', '感谢大家的反馈！']);
    // The answered member was notified; the other was not.
    const aNotices = await t.call('GET', api('Notification/GetUserNotifications'), { token: a });
    expect(aNotices.body.result.items[0].notification.data.message).toContain('已转告数学老师');

    // parentReplyId must be a member reply of this message.
    const badParent = await post(t.admin, 'ReplayMessage', { messageId: m.id, content: '再次感谢', parentReplyId: answer.body.result.id });
    expect(badParent.status).toBe(400);
    expect(badParent.body.error.validationErrors[0].members).toEqual(['parentReplyId']);
    // Someone the message is not addressed to cannot reply.
    expect((await post(await t.login('zhaolei'), 'ReplayMessage', { messageId: m.id, content: '路过' })).status).toBe(404);
  });

  it('GetNotReadMessageCount adds unread site messages and unread notifications', async () => {
    const member = await t.login('hexinyi');
    const before = await unread(member);
    await post(t.admin, 'Create', { title: '作业提醒', content: '本周作业周五前提交。', recipientKind: 1, recipientUserId: ids.hexinyi });
    const after = await unread(member);
    expect(after.siteMessageCount).toBe(before.siteMessageCount + 1);
    const notices = await t.call('GET', api('Notification/GetUserNotifications'), { token: member });
    expect(after.notificationCount).toBe(notices.body.result.unreadCount);
    expect(after.totalCount).toBe(after.siteMessageCount + after.notificationCount);
  });

  it('validates recipients and refuses sensitive words; 400, never 500', async () => {
    const noUser = await post(t.admin, 'Create', { title: '通知', content: '内容', recipientKind: 1 });
    expect(noUser.status).toBe(400);
    expect(noUser.body.error.validationErrors[0].members).toEqual(['recipientUserId']);
    const unknown = await post(t.admin, 'Create', { title: '通知', content: '内容', recipientKind: 1, recipientUserId: 999999 });
    expect(unknown.body.error.validationErrors[0].members).toEqual(['recipientUserId']);
    const self = await post(t.admin, 'Create', { title: '通知', content: '内容', recipientKind: 1, recipientUserId: ids.admin });
    expect(self.body.error.validationErrors[0].members).toEqual(['recipientUserId']);
    const noRole = await post(t.admin, 'Create', { title: '通知', content: '内容', recipientKind: 2, recipientRoleId: 999999 });
    expect(noRole.body.error.validationErrors[0].members).toEqual(['recipientRoleId']);
    const word = await t.app.prisma.systemDictionary.findFirst({
      where: { tenantId: 1, dictionaryType: 'sensitiveWord', isActive: true, isDeleted: false },
    });
    expect(word).not.toBeNull();
    const sensitive = await post(t.admin, 'Create', { title: '通知', content: `这里有${word!.name}`, recipientKind: 3 });
    expect(sensitive.status).toBe(400);
    expect(sensitive.body.error.validationErrors[0].members).toEqual(['content']);
    const badDates = await get(t.admin, 'GetAll', { CreationFrom: '2026-05-02', CreationTo: '2026-05-01' });
    expect(badDates.status).toBe(400);
  });

  it('updates title and content only, keeps read state; deletes softly (gone from inboxes)', async () => {
    const member = await t.login('gaozixuan');
    const m = (await post(t.admin, 'Create', { title: '旧标题', content: '旧内容', recipientKind: 3 })).body.result;
    await get(member, 'Get', { Id: m.id });
    const upd = await t.call('PUT', api('SiteMessage/Update'), {
      token: t.admin,
      body: { id: m.id, title: '新标题', content: '新内容', recipientKind: 1 },
    });
    expect(upd.body.result).toMatchObject({ title: '新标题', content: '新内容', recipientKind: 3, readCount: 1 });
    expect((await t.call('DELETE', api('SiteMessage/Delete'), { token: t.admin, query: { Id: m.id } })).status).toBe(200);
    expect((await get(member, 'Get', { Id: m.id })).status).toBe(404);
    expect((await get(t.admin, 'Get', { Id: m.id })).status).toBe(404);
  });

  it('filters by recipient kind and UTC+8 day; sorts', async () => {
    const kinds = (await get(t.admin, 'GetAll', { RecipientKind: 2, MaxResultCount: 100 })).body.result.items as SiteMessageListDto[];
    expect(kinds.length).toBeGreaterThan(0);
    expect(kinds.every((k) => k.recipientKind === 2)).toBe(true);
    const today = new Date(Date.now() + 8 * 3_600_000).toISOString().slice(0, 10);
    const todays = (await get(t.admin, 'GetAll', { CreationFrom: today, CreationTo: today, MaxResultCount: 100 })).body.result
      .items as SiteMessageListDto[];
    expect(todays.some((m) => m.title === '期中考试安排')).toBe(true);
    const old = (await get(t.admin, 'GetAll', { CreationTo: '2000-01-01' })).body.result;
    expect(old.totalCount).toBe(0);
    expect((await get(t.admin, 'GetAll', { Sorting: 'replyCount desc' })).status).toBe(200);
  });

  it('searches recipients for the compose form (users and roles, at most 20)', async () => {
    const users = (await get(t.admin, 'GetRecipientOptions', { Kind: 1, Keyword: '胡' })).body.result.items;
    expect(users.some((u: { name: string }) => u.name === '胡宇航')).toBe(true);
    // A full name typed as one word: surname, then the start of the given name.
    const full = (await get(t.admin, 'GetRecipientOptions', { Kind: 1, Keyword: '胡宇' })).body.result.items;
    expect(full.map((u: { name: string }) => u.name)).toEqual(['胡宇航']);
    const roles = (await get(t.admin, 'GetRecipientOptions', { Kind: 2, Keyword: '教师' })).body.result.items;
    expect(roles[0]).toMatchObject({ name: '教师' });
    expect((await get(t.admin, 'GetRecipientOptions', { Kind: 1, MaxResultCount: 50 })).status).toBe(400);
  });

  it('needs Pages.Others.SiteMessage to send, edit, delete and search; anyone signed in has an inbox and a count', async () => {
    const member = await t.login('huyuhang');
    expect((await post(member, 'Create', { title: '冒充', content: '冒充平台', recipientKind: 3 })).status).toBe(403);
    expect((await get(member, 'GetRecipientOptions', { Kind: 1 })).status).toBe(403);
    expect((await t.call('DELETE', api('SiteMessage/Delete'), { token: member, query: { Id: 1 } })).status).toBe(403);
    // Without the permission GetAll is the caller's inbox, whatever the query says.
    const mine = (await get(member, 'GetAll', { Inbox: false, MaxResultCount: 100 })).body.result.items as SiteMessageListDto[];
    expect(mine.every((m) => m.isRecipient)).toBe(true);
    expect((await t.call('GET', api('SiteMessage/GetNotReadMessageCount'))).status).toBe(401);
  });

  it("keeps tenant B's messages out of reach of tenant A", async () => {
    const b = await createTenant(t, 'sitemsg2');
    const row = (await post(b.token, 'Create', { title: '乙校通知', content: '乙校的通知', recipientKind: 3 })).body.result;
    await expectTenantIsolation(t, { service: 'SiteMessage', tokenA: t.admin, tokenB: b.token, row, update: { title: '篡改' } });
    expect((await post(t.admin, 'ReplayMessage', { messageId: row.id, content: '跨租户' })).status).toBe(404);
  });
});
