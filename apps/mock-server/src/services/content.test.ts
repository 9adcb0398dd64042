import { HttpTransportType, HubConnectionBuilder, LogLevel } from '@microsoft/signalr';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../testing/test-app.ts';

/**
 * The content mechanism (kit/content.ts) through its four services: scopes on a
 * hierarchy, review with permission checks and notifications, pinning,
 * university variants, sanitizing, sensitive words and category permissions.
 */
const t = useTestApp();
const api = (path: string) => `/api/services/app/${path}`;
let articleCategory: number;
let resourceCategory: number;
let courseCategory: number;

async function firstCategory(classTypeId: number): Promise<number> {
  const r = await t.call('GET', api('MultiLevelCategory/GetCascaderList'), { token: t.admin, query: { ClassTypeId: classTypeId } });
  let node = r.body.result[0];
  while (node.children?.length) node = node.children[0];
  return node.value;
}

async function makeUser(userName: string, roleNames: string[], parentId?: number) {
  const res = await t.call('POST', api('User/Create'), {
    token: t.admin,
    body: {
      userName,
      name: '测',
      surname: '试',
      emailAddress: `${userName}@example.edu.cn`,
      password: 'Passw0rd!',
      roleNames,
      identity: 2,
      parentId,
    },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return { id: res.body.result.id as number, token: await t.login(userName, 'Passw0rd!', 1) };
}

const article = (title: string, extra: object = {}) => ({ title, categoryId: articleCategory, content: '<p>正文</p>', ...extra });

beforeAll(async () => {
  articleCategory = await firstCategory(1);
  resourceCategory = await firstCategory(5);
  courseCategory = await firstCategory(2);
});

describe('scopes', () => {
  it('GetAllMyselfAndChildren shows the caller and everyone below, any depth, and no one else', async () => {
    const a = await makeUser('scope-a', ['Editor']);
    const b = await makeUser('scope-b', ['Editor'], a.id);
    const c = await makeUser('scope-c', ['Editor'], b.id);
    const d = await makeUser('scope-d', ['Editor']);
    for (const [u, name] of [
      [a, 'A'],
      [b, 'B'],
      [c, 'C'],
      [d, 'D'],
    ] as const) {
      const r = await t.call('POST', api('Article/Create'), { token: u.token, body: article(`范围测试-${name}`) });
      expect(r.status, JSON.stringify(r.body)).toBe(200);
    }
    const titles = async (token: string) =>
      (await t.call('GET', api('Article/GetAllMyselfAndChildren'), { token, query: { Keyword: '范围测试', MaxResultCount: 50 } })).body.result.items
        .map((i: { title: string }) => i.title.slice(-1))
        .sort()
        .join('');
    expect(await titles(a.token)).toBe('ABC');
    expect(await titles(b.token)).toBe('BC');
    expect(await titles(c.token)).toBe('C');
    expect(await titles(d.token)).toBe('D');
    const all = await t.call('GET', api('Article/GetAll'), { token: a.token, query: { Keyword: '范围测试', MaxResultCount: 50 } });
    expect(all.body.result.totalCount).toBe(4);
  });
});

describe('review', () => {
  it('runs pending -> approved with a notification to the author, and an edit sends it back', async () => {
    const editor = await makeUser('rev-editor', ['Editor']);
    const reviewer = await makeUser('rev-auditor', ['Auditor']);
    const created = (await t.call('POST', api('Article/Create'), { token: editor.token, body: article('待审核的文章') })).body.result;
    expect(created).toMatchObject({ auditStatus: 0, auditorUserId: null, creatorUserId: editor.id, creatorName: '试测' });

    const queue = await t.call('GET', api('Article/GetAllModerated'), { token: reviewer.token, query: { MaxResultCount: 100 } });
    expect(queue.body.result.items.map((i: { id: number }) => i.id)).toContain(created.id);
    expect(queue.body.result.items.every((i: { auditStatus: number }) => i.auditStatus === 0)).toBe(true);

    // The author listens on the hub while the reviewer decides.
    const login = await t.call('POST', '/api/TokenAuth/UsersLogin', {
      tenantId: 1,
      body: { userNameOrEmailAddress: 'rev-editor', password: 'Passw0rd!' },
    });
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const hub = new HubConnectionBuilder()
      .withUrl(`${address}/signalr?enc_auth_token=${encodeURIComponent(login.body.result.encryptedAccessToken)}`, {
        transport: HttpTransportType.WebSockets,
      })
      .configureLogging(LogLevel.None)
      .build();
    const pushed = new Promise<any>((resolve) => hub.on('getNotification', resolve));
    await hub.start();
    await hub.invoke('register');

    const approved = await t.call('POST', api('Article/AuditedArticle'), { token: reviewer.token, body: { id: created.id, auditStatus: 1 } });
    expect(approved.status).toBe(200);
    expect(approved.body.result).toMatchObject({ auditStatus: 1, auditorUserId: reviewer.id, auditReason: null });
    expect(approved.body.result.auditTime).not.toBeNull();

    const n = await pushed;
    expect(n.notification.data.message).toBe('您的文章《待审核的文章》已审核通过。');
    expect(n.notification.data.properties).toMatchObject({ entity: 'Article', entityId: created.id, auditStatus: 1 });
    await hub.stop();
    const stored = await t.call('GET', api('Notification/GetUserNotifications'), { token: editor.token });
    expect(stored.body.result.unreadCount).toBe(1);
    await t.call('POST', api('Notification/SetAllNotificationsAsRead'), { token: editor.token });
    expect((await t.call('GET', api('Notification/GetUserNotifications'), { token: editor.token })).body.result.unreadCount).toBe(0);

    const edited = await t.call('PUT', api('Article/Update'), { token: editor.token, body: { ...article('待审核的文章（修订）'), id: created.id } });
    expect(edited.body.result).toMatchObject({ auditStatus: 0, auditorUserId: null, auditTime: null });
  });

  it('checks the review permission on the server, needs a reason to reject, and refuses self-review', async () => {
    const editor = await makeUser('rev-editor2', ['Editor']);
    const reviewer = await makeUser('rev-auditor2', ['Auditor', 'Editor']);
    const item = (await t.call('POST', api('Article/Create'), { token: editor.token, body: article('审核权限测试') })).body.result;
    const forbidden = await t.call('POST', api('Article/AuditedArticle'), { token: editor.token, body: { id: item.id, auditStatus: 1 } });
    expect(forbidden.status).toBe(403);
    expect((await t.call('GET', api('Article/GetAllModerated'), { token: editor.token })).status).toBe(403);
    const noReason = await t.call('POST', api('Article/AuditedArticle'), { token: reviewer.token, body: { id: item.id, auditStatus: 2 } });
    expect(noReason.status).toBe(400);
    expect(noReason.body.error.validationErrors[0].members).toEqual(['auditReason']);
    const rejected = await t.call('POST', api('Article/AuditedArticle'), {
      token: reviewer.token,
      body: { id: item.id, auditStatus: 2, auditReason: '标题不规范' },
    });
    expect(rejected.body.result).toMatchObject({ auditStatus: 2, auditReason: '标题不规范' });
    const again = await t.call('POST', api('Article/AuditedArticle'), {
      token: reviewer.token,
      body: { id: item.id, auditStatus: 2, auditReason: 'x' },
    });
    expect(again.status).toBe(500);
    const own = (await t.call('POST', api('Article/Create'), { token: reviewer.token, body: article('自己的文章') })).body.result;
    const self = await t.call('POST', api('Article/AuditedArticle'), { token: reviewer.token, body: { id: own.id, auditStatus: 1 } });
    // The rules of who decides answer 400 on `id`, naming the reason (not an internal 500).
    expect(self.status).toBe(400);
    expect(self.body.error.validationErrors).toEqual([{ message: '不能审核自己提交的内容，请由其他审核人处理。', members: ['id'] }]);
  });

  it('reviews courses and daily questions with their own permissions', async () => {
    const course = await t.call('POST', api('LearningCourse/Create'), {
      token: t.admin,
      body: { title: '测试课程', categoryId: courseCategory, content: '<p>课程内容</p>' },
    });
    expect(course.status, JSON.stringify(course.body)).toBe(200);
    const ok = await t.call('POST', api('LearningCourse/AuditedLearningCourse'), {
      token: t.admin,
      body: { id: course.body.result.id, auditStatus: 1 },
    });
    expect(ok.body.result.auditStatus).toBe(1);
    const q = await t.call('POST', api('OneQuestionPerday/Create'), {
      token: t.admin,
      body: { title: '1+1=?', content: '<p>1+1=?</p>', answer: '2', publishDate: '2026-11-23' },
    });
    expect(q.status, JSON.stringify(q.body)).toBe(200);
    expect(q.body.result.publishDate).toBe('2026-11-22T16:00:00.000Z');
    const editor = await makeUser('q-editor', ['Editor']);
    const denied = await t.call('POST', api('OneQuestionPerday/AuditedOneQuestionPerday'), {
      token: editor.token,
      body: { id: q.body.result.id, auditStatus: 1 },
    });
    expect(denied.status).toBe(403);
  });
});

describe('sides', () => {
  it('tells a host user that content belongs to a tenant instead of failing with an internal error', async () => {
    const host = await t.login('admin', '123qwe', null);
    const res = await t.call('POST', api('FriendLink/Create'), { token: host, body: { name: '主机链接', url: 'https://host.example.edu.cn' } });
    expect(res.status).toBe(500);
    expect(res.body.error.message).toBe('该数据属于租户，请登录到相应租户后再创建。');
  });

  it('names the owning tenant of each content row, for the host side that lists every tenant', async () => {
    await t.call('POST', api('Article/Create'), { token: t.admin, body: article('租户的文章') });
    const host = await t.login('admin', '123qwe', null);
    for (const service of ['Article', 'Resource', 'LearningCourse', 'OneQuestionPerday']) {
      const own = await t.call('GET', api(`${service}/GetAll`), { token: t.admin, query: { MaxResultCount: 5 } });
      expect(own.status, service).toBe(200);
      for (const row of own.body.result.items) expect(row.tenantId, service).toBe(1);
    }
    const all = await t.call('GET', api('Article/GetAll'), { token: host, query: { MaxResultCount: 50 } });
    expect(all.status).toBe(200);
    expect(all.body.result.items.length).toBeGreaterThan(0);
    expect(all.body.result.items.every((row: { tenantId: number | null }) => row.tenantId === 1)).toBe(true);
  });
});

describe('pinning', () => {
  it('lists pinned items first, newest pin first, and unpinning restores the order', async () => {
    const a = (await t.call('POST', api('Article/Create'), { token: t.admin, body: article('置顶A') })).body.result;
    const b = (await t.call('POST', api('Article/Create'), { token: t.admin, body: article('置顶B') })).body.result;
    const first = async () => (await t.call('GET', api('Article/GetAll'), { token: t.admin })).body.result.items[0].id;
    await t.call('POST', api('Article/PlacedTopArticle'), { token: t.admin, body: { id: a.id, isTop: true } });
    expect(await first()).toBe(a.id);
    await new Promise((r) => setTimeout(r, 5));
    await t.call('POST', api('Article/PlacedTopArticle'), { token: t.admin, body: { id: b.id, isTop: true } });
    expect(await first()).toBe(b.id);
    const items = (await t.call('GET', api('Article/GetAll'), { token: t.admin, query: { MaxResultCount: 100 } })).body.result.items;
    const pinnedBlock = items.findIndex((i: { isTop: boolean }) => !i.isTop);
    expect(items.slice(0, pinnedBlock).every((i: { isTop: boolean }) => i.isTop)).toBe(true);
    expect(items.slice(pinnedBlock).every((i: { isTop: boolean }) => !i.isTop)).toBe(true);
    await t.call('POST', api('Article/PlacedTopArticle'), { token: t.admin, body: { id: b.id, isTop: false } });
    await t.call('POST', api('Article/PlacedTopArticle'), { token: t.admin, body: { id: a.id, isTop: false } });
    const after = (await t.call('GET', api('Article/GetAll'), { token: t.admin, query: { MaxResultCount: 100 } })).body.result.items;
    const unpinned = after.filter((i: { isTop: boolean }) => !i.isTop).map((i: { id: number }) => i.id);
    expect(unpinned).toEqual([...unpinned].sort((x: number, y: number) => y - x));
    const resource = (
      await t.call('POST', api('Resource/Create'), {
        token: t.admin,
        body: { title: '置顶资源', categoryId: resourceCategory, fileUrl: '/files/x.pdf' },
      })
    ).body.result;
    await t.call('POST', api('Resource/PlacedTopResource'), { token: t.admin, body: { id: resource.id, isTop: true } });
    expect((await t.call('GET', api('Resource/GetAll'), { token: t.admin })).body.result.items[0].id).toBe(resource.id);
  });
});

describe('university variants', () => {
  it('keeps the two variants apart and checks each one’s permission', async () => {
    const uni = await t.call('POST', api('Resource/Create'), {
      token: t.admin,
      body: { title: '大学资源', categoryId: resourceCategory, fileUrl: 'https://cdn.example.edu.cn/a.pdf', isUniversity: true },
    });
    expect(uni.body.result.isUniversity).toBe(true);
    const standard = await t.call('GET', api('Resource/GetAll'), { token: t.admin, query: { MaxResultCount: 100 } });
    expect(standard.body.result.items.some((i: { id: number }) => i.id === uni.body.result.id)).toBe(false);
    const university = await t.call('GET', api('Resource/GetAll'), { token: t.admin, query: { IsUniversity: true, MaxResultCount: 100 } });
    expect(university.body.result.items.every((i: { isUniversity: boolean }) => i.isUniversity)).toBe(true);

    const teacher = await makeUser('uni-teacher', ['Teacher']);
    expect((await t.call('GET', api('Resource/GetAll'), { token: teacher.token })).status).toBe(200);
    expect((await t.call('GET', api('Resource/GetAll'), { token: teacher.token, query: { IsUniversity: true } })).status).toBe(403);
    expect((await t.call('GET', api('Resource/Get'), { token: teacher.token, query: { Id: uni.body.result.id } })).status).toBe(403);
    const create = await t.call('POST', api('Resource/Create'), {
      token: teacher.token,
      body: { title: 'x', categoryId: resourceCategory, fileUrl: '/f.pdf', isUniversity: true },
    });
    expect(create.status).toBe(403);
  });
});

describe('rich content and words', () => {
  it('sanitizes bodies: no script, event handler or javascript: URL survives a save', async () => {
    const dirty =
      '<p onclick="steal()">你好<script>alert(1)</script><a href="javascript:alert(2)">链接</a>' +
      '<img src="https://img.example.edu.cn/a.png" onerror="alert(3)"><iframe src="https://evil"></iframe>' +
      '<span style="color:#f00;position:fixed">红</span></p>';
    const res = await t.call('POST', api('Article/Create'), { token: t.admin, body: article('净化测试', { content: dirty }) });
    const html: string = res.body.result.content;
    expect(html).not.toMatch(/script|onclick|onerror|javascript:|iframe|position/i);
    expect(html).toContain('<img src="https://img.example.edu.cn/a.png" />');
    expect(html).toContain('color:#f00');
    const updated = await t.call('PUT', api('Article/Update'), {
      token: t.admin,
      body: { ...article('净化测试'), id: res.body.result.id, content: '<p>ok</p><svg onload="x()"></svg>' },
    });
    expect(updated.body.result.content).toBe('<p>ok</p>');
    const empty = await t.call('POST', api('Article/Create'), { token: t.admin, body: article('空正文', { content: '<script>x</script>' }) });
    expect(empty.status).toBe(400);
    expect(empty.body.error.validationErrors[0].members).toEqual(['content']);
    const badUrl = await t.call('POST', api('Article/Create'), { token: t.admin, body: article('坏链接', { coverImageUrl: 'javascript:alert(1)' }) });
    expect(badUrl.status).toBe(400);
  });

  it('refuses sensitive words once the dictionary cache is refreshed', async () => {
    await t.call('POST', api('SystemDictionary/Create'), { token: t.admin, body: { dictionaryType: 'sensitiveWord', name: '违禁测试词' } });
    const before = await t.call('POST', api('Article/Create'), { token: t.admin, body: article('包含违禁测试词的标题') });
    expect(before.status).toBe(200);
    await t.call('POST', api('SystemDictionary/SettingUpdateCache'), { token: t.admin });
    const after = await t.call('POST', api('Article/Create'), { token: t.admin, body: article('包含违禁测试词的标题') });
    expect(after.status).toBe(400);
    expect(after.body.error.validationErrors[0]).toMatchObject({ members: ['title'] });
    const inBody = await t.call('POST', api('Article/Create'), {
      token: t.admin,
      body: article('正常标题', { content: '<p>这里有<b>违禁测试词</b></p>' }),
    });
    expect(inBody.body.error.validationErrors[0].members).toEqual(['content']);
  });
});

describe('create', () => {
  it('answers what Get then reads of the new item (built from the row written, not read back)', async () => {
    const created = [
      await t.call('POST', api('Article/Create'), {
        token: t.admin,
        body: article('创建即答', { summary: null, author: '张老师', keywords: 'a,b', coverImageUrl: 'https://img.example.edu.cn/c.png' }),
      }),
      await t.call('POST', api('Resource/Create'), {
        token: t.admin,
        body: { title: '创建即答资源', categoryId: resourceCategory, fileUrl: '/files/y.pdf', isUniversity: false },
      }),
      await t.call('POST', api('OneQuestionPerday/Create'), {
        token: t.admin,
        body: { title: '2+2=?', content: '<p>2+2=?</p>', answer: '4', publishDate: '2026-11-24' },
      }),
    ];
    for (const [res, service] of created.map((r, i) => [r, ['Article', 'Resource', 'OneQuestionPerday'][i]!] as const)) {
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      const got = await t.call('GET', api(`${service}/Get`), { token: t.admin, query: { Id: res.body.result.id } });
      expect(res.body.result).toEqual(got.body.result);
      expect(res.body.result).toMatchObject({ auditStatus: 0, creatorUserId: expect.any(Number) });
    }
  });
});

describe('categories', () => {
  it('needs a category of the right type that the user may manage', async () => {
    const wrongType = await t.call('POST', api('Article/Create'), { token: t.admin, body: article('错分类', { categoryId: resourceCategory }) });
    expect(wrongType.status).toBe(400);
    expect(wrongType.body.error.validationErrors[0].members).toEqual(['categoryId']);
    const role = await t.call('POST', api('Role/Create'), {
      token: t.admin,
      body: { name: 'NoCategories', displayName: '无分类编辑', grantedPermissions: ['Pages', 'Pages.Articles', 'Pages.Articles.Article'] },
    });
    expect(role.status).toBe(200);
    const u = await makeUser('nocat', ['NoCategories']);
    const denied = await t.call('POST', api('Article/Create'), { token: u.token, body: article('无权分类') });
    expect(denied.status).toBe(400);
    expect(denied.body.error.validationErrors[0].members).toEqual(['categoryId']);
    await t.call('PUT', api('Role/Update'), { token: t.admin, body: { ...role.body.result, grantedCategoryIds: [articleCategory] } });
    const allowed = await t.call('POST', api('Article/Create'), { token: await t.login('nocat', 'Passw0rd!', 1), body: article('有权分类') });
    expect(allowed.status).toBe(200);
  });

  it('filters a list by a category subtree', async () => {
    const roots = (await t.call('GET', api('MultiLevelCategory/GetCascaderList'), { token: t.admin, query: { ClassTypeId: 1 } })).body.result;
    const ids = (n: { value: number; children?: unknown[] }): number[] => [n.value, ...((n.children ?? []) as never[]).flatMap(ids)];
    const subtree = new Set(ids(roots[0]));
    const res = await t.call('GET', api('Article/GetAll'), { token: t.admin, query: { CategoryId: roots[0].value, MaxResultCount: 500 } });
    const all = await t.call('GET', api('Article/GetAll'), { token: t.admin, query: { MaxResultCount: 500 } });
    const expected = all.body.result.items.filter((i: { categoryId: number }) => subtree.has(i.categoryId)).length;
    expect(expected).toBeGreaterThan(0);
    expect(res.body.result.totalCount).toBe(expected);
    expect(res.body.result.items.every((i: { categoryId: number }) => subtree.has(i.categoryId))).toBe(true);
  });
});
