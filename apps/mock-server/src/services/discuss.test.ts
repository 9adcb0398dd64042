import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../testing/test-app.ts';
import { createTenant } from '../testing/tenants.ts';

/**
 * Member comments (services/discuss.ts): target titles, replies, review through
 * `auditedDiscuss?id=` with the author notified, sensitive words masked or
 * refused as the dictionary entry says, the moderated queue and filters.
 */
const t = useTestApp();
let member: { id: number; token: string };
let auditor: string;
let articleId: number;
let courseId: number;
const api = (path: string) => `/api/services/app/${path}`;

async function ok(res: Promise<{ status: number; body: any }>) {
  const r = await res;
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body.result;
}

beforeAll(async () => {
  // A member who may write comments and messages from the console (the spec's route permission).
  await ok(
    t.call('POST', api('Role/Create'), {
      token: t.admin,
      body: {
        name: 'Commenter',
        displayName: '评论员',
        grantedPermissions: ['Pages', 'Pages.Others', 'Pages.Others.Discuss', 'Pages.Others.LeaveMessage'],
      },
    }),
  );
  const user = await ok(
    t.call('POST', api('User/Create'), {
      token: t.admin,
      body: {
        userName: 'fb-member',
        name: '小明',
        surname: '王',
        emailAddress: 'fb-member@example.edu.cn',
        password: 'Passw0rd!',
        roleNames: ['Commenter'],
        identity: 1,
      },
    }),
  );
  member = { id: user.id, token: await t.login('fb-member', 'Passw0rd!') };
  auditor = await t.login('zhangwei', '123qwe');
  articleId = (await ok(t.call('GET', api('Article/GetAll'), { token: t.admin, query: { MaxResultCount: 1 } }))).items[0].id;
  courseId = (await ok(t.call('GET', api('LearningCourse/GetAll'), { token: t.admin, query: { MaxResultCount: 1 } }))).items[0].id;
  for (const [name, value] of [
    ['忽悠', 'mask'],
    ['废物', 'mask'],
  ])
    await ok(t.call('POST', api('SystemDictionary/Create'), { token: t.admin, body: { dictionaryType: 'sensitiveWord', name, value } }));
  await ok(t.call('POST', api('SystemDictionary/SettingUpdateCache'), { token: t.admin, body: {} }));
});

const comment = (body: object, token = member.token) => ok(t.call('POST', api('Discuss/Create'), { token, body }));

describe('comments', () => {
  it('carries what it comments on, its author and the pending state; a reply names the comment replied to', async () => {
    const c = await comment({ targetType: 1, targetId: articleId, content: '  这篇文章讲得很清楚，受益匪浅。 ' });
    const article = await ok(t.call('GET', api('Article/Get'), { token: t.admin, query: { Id: articleId } }));
    expect(c).toMatchObject({
      targetType: 1,
      targetId: articleId,
      targetTitle: article.title,
      targetDeleted: false,
      content: '这篇文章讲得很清楚，受益匪浅。',
      title: '这篇文章讲得很清楚，受益匪浅。',
      auditStatus: 0,
      creatorUserId: member.id,
      creatorName: '王小明',
      sensitiveHits: 0,
      sensitiveWords: [],
      parentId: null,
    });
    const reply = await comment({ targetType: 1, targetId: articleId, parentId: c.id, content: '同意楼上' }, t.admin);
    expect(reply).toMatchObject({ parentId: c.id, replyToName: '王小明' });
  });

  it('refuses an unknown or deleted target and a parent on another target (400 on the field)', async () => {
    const unknown = await t.call('POST', api('Discuss/Create'), { token: member.token, body: { targetType: 2, targetId: 999999, content: '好课' } });
    expect(unknown.status).toBe(400);
    expect(unknown.body.error.validationErrors[0].members).toEqual(['targetId']);
    const onCourse = await comment({ targetType: 2, targetId: courseId, content: '课程不错' });
    const cross = await t.call('POST', api('Discuss/Create'), {
      token: member.token,
      body: { targetType: 1, targetId: articleId, parentId: onCourse.id, content: '回复' },
    });
    expect(cross.status).toBe(400);
    expect(cross.body.error.validationErrors[0].members).toEqual(['parentId']);
    const badType = await t.call('POST', api('Discuss/Create'), { token: member.token, body: { targetType: 9, targetId: articleId, content: 'x' } });
    expect(badType.status).toBe(400);
  });

  it('a comment on a target deleted later still reads back, marked', async () => {
    const a = await ok(
      t.call('POST', api('Article/Create'), {
        token: t.admin,
        body: {
          title: '即将删除的文章',
          categoryId: (await ok(t.call('GET', api('Article/Get'), { token: t.admin, query: { Id: articleId } }))).categoryId,
          content: '<p>正文</p>',
        },
      }),
    );
    const c = await comment({ targetType: 1, targetId: a.id, content: '先评论一下' });
    await ok(t.call('DELETE', api('Article/Delete'), { token: t.admin, query: { Id: a.id } }));
    const read = await ok(t.call('GET', api('Discuss/Get'), { token: t.admin, query: { Id: c.id } }));
    expect(read).toMatchObject({ targetTitle: '即将删除的文章', targetDeleted: true });
  });

  it('masks mask words, counts every hit and flags the comment; refuse words are a 400 naming the word', async () => {
    const c = await comment({ targetType: 1, targetId: articleId, content: '这老师在忽悠，讲的都是废物，忽 悠！' });
    expect(c.content).toBe('这老师在**，讲的都是**，* *！');
    expect(c.sensitiveHits).toBe(3);
    expect(c.sensitiveWords).toEqual(['忽悠', '废物']);
    const refused = await t.call('POST', api('Discuss/Create'), {
      token: member.token,
      body: { targetType: 1, targetId: articleId, content: '哪里可以赌博' },
    });
    expect(refused.status).toBe(400);
    expect(refused.body.error.validationErrors[0]).toMatchObject({ members: ['content'] });
    expect(refused.body.error.validationErrors[0].message).toContain('赌博');
    const flagged = await ok(t.call('GET', api('Discuss/GetAll'), { token: t.admin, query: { Flagged: true, MaxResultCount: 100 } }));
    expect(flagged.items.map((i: { id: number }) => i.id)).toContain(c.id);
    expect(flagged.items.every((i: { sensitiveHits: number }) => i.sensitiveHits > 0)).toBe(true);
  });

  it('review: id in the query, decision in the body; the author is notified; rejection needs a reason; own comments are not reviewed', async () => {
    const c = await comment({ targetType: 2, targetId: courseId, content: '老师讲得太快了' });
    const queue = await ok(t.call('GET', api('Discuss/GetAllModerated'), { token: auditor, query: { MaxResultCount: 100 } }));
    expect(queue.items.map((i: { id: number }) => i.id)).toContain(c.id);
    const noReason = await t.call('POST', api('Discuss/auditedDiscuss'), { token: auditor, query: { id: String(c.id) }, body: { auditStatus: 2 } });
    expect(noReason.status).toBe(400);
    expect(noReason.body.error.validationErrors[0].members).toEqual(['auditReason']);
    const rejected = await ok(
      t.call('POST', api('Discuss/auditedDiscuss'), {
        token: auditor,
        query: { id: String(c.id) },
        body: { auditStatus: 2, auditReason: '与课程内容无关' },
      }),
    );
    expect(rejected).toMatchObject({ id: c.id, auditStatus: 2, auditReason: '与课程内容无关', auditorName: '张伟' });
    const notices = await ok(t.call('GET', api('Notification/GetUserNotifications'), { token: member.token, query: { MaxResultCount: 100 } }));
    const notice = notices.items.find((n: any) => n.notification.entityTypeName === 'Discuss' && n.notification.entityId === String(c.id));
    expect(notice.notification.data.message).toContain('与课程内容无关');
    // The id may also come in the body (a generic AuditInput); disagreeing ids are a 400.
    const approved = await ok(t.call('POST', api('Discuss/AuditedDiscuss'), { token: auditor, body: { id: c.id, auditStatus: 1 } }));
    expect(approved.auditStatus).toBe(1);
    const clash = await t.call('POST', api('Discuss/auditedDiscuss'), {
      token: auditor,
      query: { id: String(c.id) },
      body: { id: c.id + 1, auditStatus: 2, auditReason: 'x' },
    });
    expect(clash.status).toBe(400);
    expect(clash.body.error.validationErrors[0].members).toEqual(['id']);
    // The member holds the permission but cannot decide on their own comment.
    const own = await comment({ targetType: 2, targetId: courseId, content: '自己的评论' });
    const self = await t.call('POST', api('Discuss/auditedDiscuss'), {
      token: member.token,
      query: { id: String(own.id) },
      body: { auditStatus: 1 },
    });
    expect(self.status).toBe(400);
  });

  it('an edit changes the text only and sends the comment back to review', async () => {
    const c = await comment({ targetType: 1, targetId: articleId, content: '初稿' });
    await ok(t.call('POST', api('Discuss/auditedDiscuss'), { token: auditor, query: { id: String(c.id) }, body: { auditStatus: 1 } }));
    const edited = await ok(t.call('PUT', api('Discuss/Update'), { token: member.token, body: { id: c.id, content: '修改后是废物' } }));
    expect(edited).toMatchObject({ content: '修改后是**', auditStatus: 0, targetType: 1, targetId: articleId, sensitiveHits: 1 });
  });

  it('filters by state, target type, keyword and UTC+8 day; the permission and the tenant are checked', async () => {
    const c = await comment({ targetType: 2, targetId: courseId, content: '独一无二的关键词甲乙丙' });
    const today = new Date(Date.now() + 8 * 3600_000).toISOString().slice(0, 10);
    const found = await ok(
      t.call('GET', api('Discuss/GetAll'), {
        token: t.admin,
        query: { Keyword: '甲乙丙', AuditStatus: 0, TargetType: 2, DateFrom: today, DateTo: today },
      }),
    );
    expect(found.items.map((i: { id: number }) => i.id)).toEqual([c.id]);
    const otherDay = await ok(t.call('GET', api('Discuss/GetAll'), { token: t.admin, query: { Keyword: '甲乙丙', DateTo: '2020-01-01' } }));
    expect(otherDay.totalCount).toBe(0);
    const badRange = await t.call('GET', api('Discuss/GetAll'), { token: t.admin, query: { DateFrom: '2026-02-02', DateTo: '2026-01-01' } });
    expect(badRange.status).toBe(400);
    const teacher = await t.login('zhaolei', '123qwe');
    expect((await t.call('GET', api('Discuss/GetAll'), { token: teacher })).status).toBe(403);
    const other = await createTenant(t, 'fb-other');
    expect((await t.call('GET', api('Discuss/Get'), { token: other.token, tenantId: other.id, query: { Id: c.id } })).status).toBe(404);
    const otherList = await ok(t.call('GET', api('Discuss/GetAll'), { token: other.token, tenantId: other.id }));
    expect(otherList.totalCount).toBe(0);
    // A comment on another tenant's article is refused as an unknown target.
    const cross = await t.call('POST', api('Discuss/Create'), {
      token: other.token,
      tenantId: other.id,
      body: { targetType: 1, targetId: articleId, content: '跨租户' },
    });
    expect(cross.status).toBe(400);
  });
});

describe('seed', () => {
  it('holds comments on every target type in every state, replies and masked words; leave messages answered and not', async () => {
    const all = await ok(t.call('GET', api('Discuss/GetAll'), { token: t.admin, query: { MaxResultCount: 200, Sorting: 'id asc' } }));
    const seeded = all.items.filter((i: { creatorUserId: number }) => i.creatorUserId !== member.id);
    expect(new Set(seeded.map((i: { auditStatus: number }) => i.auditStatus))).toEqual(new Set([0, 1, 2]));
    expect(new Set(seeded.map((i: { targetType: number }) => i.targetType))).toEqual(new Set([1, 2, 3, 4, 5]));
    expect(seeded.every((i: { targetTitle: string | null }) => i.targetTitle)).toBe(true);
    expect(seeded.some((i: { parentId: number | null; replyToName: string | null }) => i.parentId && i.replyToName)).toBe(true);
    expect(seeded.some((i: { sensitiveHits: number; content: string }) => i.sensitiveHits > 0 && i.content.includes('**'))).toBe(true);
    expect(
      seeded
        .filter((i: { auditStatus: number; auditReason: string | null }) => i.auditStatus === 2)
        .every((i: { auditReason: string | null }) => i.auditReason),
    ).toBe(true);
    const messages = await ok(t.call('GET', api('LeaveMessage/GetAll'), { token: t.admin, query: { MaxResultCount: 100 } }));
    expect(messages.items.some((m: { replyContent: string | null }) => m.replyContent)).toBe(true);
    expect(messages.items.some((m: { replyContent: string | null }) => !m.replyContent)).toBe(true);
    const rejected = messages.items.find((m: { auditStatus: number }) => m.auditStatus === 2);
    const history = await ok(
      t.call('GET', api('Review/GetReviewHistory'), { token: t.admin, query: { EntityName: 'LeaveMessage', Id: rejected.id } }),
    );
    expect(history[0]).toMatchObject({ decision: 2, reason: rejected.auditReason });
  });
});
