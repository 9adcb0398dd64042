import { HttpTransportType, HubConnectionBuilder, LogLevel } from '@microsoft/signalr';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../testing/test-app.ts';

/**
 * Leave messages (services/leave-message.ts): created by the caller, reviewed
 * through `AuditedLeaveMessage?id`, answered once (re-answer replaces) with
 * the author notified in real time, sensitive words in subject and text.
 */
const t = useTestApp();
let member: { id: number; token: string };
let auditor: string;
const api = (path: string) => `/api/services/app/${path}`;

async function ok(res: Promise<{ status: number; body: any }>) {
  const r = await res;
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body.result;
}

beforeAll(async () => {
  await ok(
    t.call('POST', api('Role/Create'), {
      token: t.admin,
      body: { name: 'Messenger', displayName: '留言会员', grantedPermissions: ['Pages', 'Pages.Others', 'Pages.Others.LeaveMessage'] },
    }),
  );
  const user = await ok(
    t.call('POST', api('User/Create'), {
      token: t.admin,
      body: {
        userName: 'lm-member',
        name: '丽',
        surname: '李',
        emailAddress: 'lm-member@example.edu.cn',
        password: 'Passw0rd!',
        roleNames: ['Messenger'],
        identity: 1,
      },
    }),
  );
  member = { id: user.id, token: await t.login('lm-member', 'Passw0rd!') };
  auditor = await t.login('zhangwei', '123qwe');
  await ok(t.call('POST', api('SystemDictionary/Create'), { token: t.admin, body: { dictionaryType: 'sensitiveWord', name: '骗钱', value: '*' } }));
  await ok(t.call('POST', api('SystemDictionary/SettingUpdateCache'), { token: t.admin, body: {} }));
});

const message = (body: object) => ok(t.call('POST', api('LeaveMessage/Create'), { token: member.token, body }));

describe('leave messages', () => {
  it('is created pending by the caller, with subject, type and contact; sensitive words in subject and text are masked', async () => {
    const m = await message({ title: '课程退款骗钱？', content: '买的课程打不开，是不是骗钱', messageType: 3, contact: '13800001234' });
    expect(m).toMatchObject({
      title: '课程退款**？',
      content: '买的课程打不开，是不是**',
      messageType: 3,
      contact: '13800001234',
      auditStatus: 0,
      creatorUserId: member.id,
      creatorName: '李丽',
      replyContent: null,
      sensitiveHits: 2,
      sensitiveWords: ['骗钱'],
    });
    const refused = await t.call('POST', api('LeaveMessage/Create'), { token: member.token, body: { title: '代考服务', content: '有需要联系' } });
    expect(refused.status).toBe(400);
    expect(refused.body.error.validationErrors[0].members).toEqual(['title']);
  });

  it('review with the id in the query; the reviewers queue; the author notified', async () => {
    const m = await message({ title: '建议增加夜间模式', content: '晚上看题太亮了', messageType: 2 });
    const queue = await ok(t.call('GET', api('LeaveMessage/GetAllModerated'), { token: auditor, query: { MaxResultCount: 100 } }));
    expect(queue.items.map((i: { id: number }) => i.id)).toContain(m.id);
    const approved = await ok(
      t.call('POST', api('LeaveMessage/AuditedLeaveMessage'), { token: auditor, query: { id: String(m.id) }, body: { auditStatus: 1 } }),
    );
    expect(approved).toMatchObject({ auditStatus: 1, auditorName: '张伟' });
    const after = await ok(t.call('GET', api('LeaveMessage/GetAllModerated'), { token: auditor, query: { MaxResultCount: 100 } }));
    expect(after.items.map((i: { id: number }) => i.id)).not.toContain(m.id);
  });

  it('an answer records who and when, notifies the author over the hub, and a second answer replaces it', async () => {
    const m = await message({ title: '如何修改绑定手机', content: '换了新号码，怎么改？', messageType: 1 });
    const login = await t.call('POST', '/api/TokenAuth/UsersLogin', {
      tenantId: 1,
      body: { userNameOrEmailAddress: 'lm-member', password: 'Passw0rd!' },
    });
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const live = new HubConnectionBuilder()
      .withUrl(`${address}/signalr?enc_auth_token=${encodeURIComponent(login.body.result.encryptedAccessToken)}`, {
        transport: HttpTransportType.WebSockets,
      })
      .configureLogging(LogLevel.None)
      .build();
    const received: any[] = [];
    live.on('getNotification', (n) => received.push(n));
    await live.start();
    await live.invoke('register');
    try {
      const answered = await ok(
        t.call('POST', api('LeaveMessage/ReplyLeaveMessage'), { token: t.admin, body: { id: m.id, replyContent: '请在个人中心-账号安全中修改。' } }),
      );
      expect(answered).toMatchObject({ replyContent: '请在个人中心-账号安全中修改。', replyUserName: 'admin', auditStatus: 0 });
      expect(answered.replyTime).toBeTruthy();
      await expect.poll(() => received.length).toBeGreaterThan(0);
      expect(received[0].notification.notificationName).toBe('App.LeaveMessageAnswered');
      expect(received[0].notification.data.message).toContain('如何修改绑定手机');
      const again = await ok(
        t.call('POST', api('LeaveMessage/ReplyLeaveMessage'), { token: auditor, body: { id: m.id, replyContent: '已更新说明。' } }),
      );
      expect(again).toMatchObject({ replyContent: '已更新说明。', replyUserName: '张伟' });
    } finally {
      await live.stop();
    }
  });

  it('filters by answered, type, state and keyword; an edit sends it back to review and keeps the answer', async () => {
    const m = await message({ title: '独特主题丁戊己', content: '内容', messageType: 4 });
    await ok(t.call('POST', api('LeaveMessage/ReplyLeaveMessage'), { token: t.admin, body: { id: m.id, replyContent: '收到' } }));
    const answered = await ok(
      t.call('GET', api('LeaveMessage/GetAll'), { token: t.admin, query: { Keyword: '丁戊己', Answered: true, MessageType: 4 } }),
    );
    expect(answered.items.map((i: { id: number }) => i.id)).toEqual([m.id]);
    const unanswered = await ok(t.call('GET', api('LeaveMessage/GetAll'), { token: t.admin, query: { Keyword: '丁戊己', Answered: false } }));
    expect(unanswered.totalCount).toBe(0);
    await ok(t.call('POST', api('LeaveMessage/AuditedLeaveMessage'), { token: auditor, query: { id: String(m.id) }, body: { auditStatus: 1 } }));
    const edited = await ok(
      t.call('PUT', api('LeaveMessage/Update'), {
        token: member.token,
        body: { id: m.id, title: '独特主题丁戊己（补充）', content: '补充内容', messageType: 4 },
      }),
    );
    expect(edited).toMatchObject({ auditStatus: 0, replyContent: '收到' });
    expect((await t.call('POST', api('LeaveMessage/ReplyLeaveMessage'), { token: t.admin, body: { id: 999999, replyContent: 'x' } })).status).toBe(
      404,
    );
    const teacher = await t.login('zhaolei', '123qwe');
    expect((await t.call('POST', api('LeaveMessage/ReplyLeaveMessage'), { token: teacher, body: { id: m.id, replyContent: 'x' } })).status).toBe(403);
  });
});
