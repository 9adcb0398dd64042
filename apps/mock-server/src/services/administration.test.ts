import { describe, expect, it } from 'vitest';
import { useTestApp } from '../testing/test-app.ts';

const t = useTestApp();

const api = (path: string) => `/api/services/app/${path}`;
const newUser = (n: string, extra: object = {}) => ({
  userName: n,
  name: '伟',
  surname: '张',
  emailAddress: `${n}@example.edu.cn`,
  password: 'Passw0rd!',
  ...extra,
});

describe('User', () => {
  it('keeps the (cached) total exact across creates and deletes', async () => {
    const total = async () => (await t.call('GET', api('User/GetAll'), { token: t.admin })).body.result.totalCount as number;
    const before = await total();
    expect(await total()).toBe(before);
    const u = (await t.call('POST', api('User/Create'), { token: t.admin, body: newUser('count1') })).body.result;
    expect(await total()).toBe(before + 1);
    await t.call('DELETE', api('User/Delete'), { token: t.admin, query: { Id: u.id } });
    expect(await total()).toBe(before);
    expect(t.app.countCache.hits).toBeGreaterThan(0);
  });

  it('serves deep pages (found by ids first) in the same order as shallow ones', async () => {
    const { seedBulkUsers } = await import('@edu/db/seed');
    await seedBulkUsers(t.app.prisma, { tenantId: 1, count: 1100, levels: 3 });
    const all = await t.app.prisma.user.findMany({
      where: { tenantId: 1, isDeleted: false },
      select: { userName: true },
      orderBy: [{ userName: 'asc' }, { id: 'desc' }],
    });
    for (const sorting of ['userName asc', undefined]) {
      const res = await t.call('GET', api('User/GetAll'), {
        token: t.admin,
        query: { SkipCount: 1050, MaxResultCount: 10, ...(sorting && { Sorting: sorting }) },
      });
      const names = res.body.result.items.map((u: { userName: string }) => u.userName);
      if (sorting) expect(names).toEqual(all.slice(1050, 1060).map((u) => u.userName));
      else {
        const byId = await t.app.prisma.user.findMany({
          where: { tenantId: 1, isDeleted: false },
          orderBy: { id: 'desc' },
          skip: 1050,
          take: 10,
          select: { userName: true },
        });
        expect(names).toEqual(byId.map((u) => u.userName));
      }
      expect(res.body.result.items[0].roleNames).toBeDefined();
    }
  });

  it('creates, reads, updates and soft-deletes a user', async () => {
    const created = await t.call('POST', api('User/Create'), { token: t.admin, body: newUser('crud1', { roleNames: ['teacher'], identity: 2 }) });
    expect(created.status).toBe(200);
    const u = created.body.result;
    expect(u).toMatchObject({ userName: 'crud1', fullName: '张伟', roleNames: ['TEACHER'], identity: 2, isActive: true, tenantId: 1 });
    const got = await t.call('GET', api('User/Get'), { token: t.admin, query: { Id: u.id } });
    expect(got.body.result).toEqual(u);
    const updated = await t.call('PUT', api('User/Update'), {
      token: t.admin,
      body: { ...u, name: '芳', roleNames: ['EDITOR', 'Auditor'], password: undefined },
    });
    expect(updated.status).toBe(200);
    expect(updated.body.result.fullName).toBe('张芳');
    expect(updated.body.result.roleNames.sort()).toEqual(['AUDITOR', 'EDITOR']);
    expect((await t.call('DELETE', api('User/Delete'), { token: t.admin, query: { Id: u.id } })).status).toBe(200);
    expect((await t.call('GET', api('User/Get'), { token: t.admin, query: { Id: u.id } })).status).toBe(404);
    const row = await t.app.prisma.user.findUniqueOrThrow({ where: { id: u.id } });
    expect(row.isDeleted).toBe(true);
    expect(row.deletionTime).not.toBeNull();
    expect(row.deleterUserId).not.toBeNull();
  });

  it('lists users with their live roles and live parent, right after a role or the parent is renamed or deleted', async () => {
    const role = (
      await t.call('POST', api('Role/Create'), { token: t.admin, body: { name: 'Proctor', displayName: '监考', grantedPermissions: [] } })
    ).body.result;
    const parent = (await t.call('POST', api('User/Create'), { token: t.admin, body: newUser('lp-parent', { name: '强', surname: '李' }) })).body
      .result;
    const child = (
      await t.call('POST', api('User/Create'), {
        token: t.admin,
        body: newUser('lp-child', { roleNames: ['Proctor', 'teacher'], parentId: parent.id }),
      })
    ).body.result;
    const listed = async () =>
      (await t.call('GET', api('User/GetAll'), { token: t.admin, query: { Keyword: 'lp-child' } })).body.result.items[0] as {
        roleNames: string[];
        parentName: string | null;
      };
    expect(await listed()).toMatchObject({ roleNames: ['PROCTOR', 'TEACHER'], parentName: '李强' });
    await t.call('PUT', api('Role/Update'), { token: t.admin, body: { ...role, name: 'Invigilator', grantedPermissions: [] } });
    await t.call('PUT', api('User/Update'), { token: t.admin, body: { ...parent, name: '刚', password: undefined } });
    expect(await listed()).toMatchObject({ roleNames: ['INVIGILATOR', 'TEACHER'], parentName: '李刚' });
    await t.call('DELETE', api('Role/Delete'), { token: t.admin, query: { Id: role.id } });
    await t.call('DELETE', api('User/Delete'), { token: t.admin, query: { Id: parent.id } });
    expect(await listed()).toMatchObject({ roleNames: ['TEACHER'], parentName: null });
    expect((await t.call('GET', api('User/Get'), { token: t.admin, query: { Id: child.id } })).body.result.roleNames).toEqual(['TEACHER']);
  });

  it('rejects duplicates and unknown roles with 400 naming the member', async () => {
    await t.call('POST', api('User/Create'), { token: t.admin, body: newUser('dup1') });
    const dup = await t.call('POST', api('User/Create'), { token: t.admin, body: newUser('DUP1', { emailAddress: 'other@example.edu.cn' }) });
    expect(dup.status).toBe(400);
    expect(dup.body.error.validationErrors[0].members).toEqual(['userName']);
    const role = await t.call('POST', api('User/Create'), { token: t.admin, body: newUser('norole', { roleNames: ['Ghost'] }) });
    expect(role.status).toBe(400);
    expect(role.body.error.validationErrors[0].members).toEqual(['roleNames']);
  });

  it('refuses to delete yourself or the admin user', async () => {
    const me = await t.call('GET', api('Session/GetCurrentLoginInformations'), { token: t.admin });
    const self = await t.call('DELETE', api('User/Delete'), { token: t.admin, query: { Id: me.body.result.user.id } });
    expect(self.status).toBe(500);
    expect(self.body.error.message).toBe('不能删除自己的账户。');
  });

  it('deleting an unknown id succeeds silently, as ABP does', async () => {
    expect((await t.call('DELETE', api('User/Delete'), { token: t.admin, query: { Id: 987654 } })).status).toBe(200);
  });

  it('BatchDelete is all or nothing', async () => {
    const a = (await t.call('POST', api('User/Create'), { token: t.admin, body: newUser('batch1') })).body.result;
    const b = (await t.call('POST', api('User/Create'), { token: t.admin, body: newUser('batch2') })).body.result;
    const adminRow = await t.app.prisma.user.findFirstOrThrow({ where: { userName: 'admin', tenantId: 1 } });
    const refused = await t.call('POST', api('User/BatchDelete'), { token: t.admin, body: { ids: [a.id, adminRow.id] } });
    expect(refused.status).toBe(500);
    expect((await t.call('GET', api('User/Get'), { token: t.admin, query: { Id: a.id } })).status).toBe(200);
    const ok = await t.call('POST', api('User/BatchDelete'), { token: t.admin, body: { ids: [a.id, b.id] } });
    expect(ok.status).toBe(200);
    expect((await t.call('GET', api('User/Get'), { token: t.admin, query: { Id: b.id } })).status).toBe(404);
  });

  it('filters by hierarchy (ParentId, any depth) and refuses cycles', async () => {
    const top = (await t.call('POST', api('User/Create'), { token: t.admin, body: newUser('h-top') })).body.result;
    const mid = (await t.call('POST', api('User/Create'), { token: t.admin, body: newUser('h-mid', { parentId: top.id }) })).body.result;
    const leaf = (await t.call('POST', api('User/Create'), { token: t.admin, body: newUser('h-leaf', { parentId: mid.id }) })).body.result;
    const below = await t.call('GET', api('User/GetAll'), { token: t.admin, query: { ParentId: top.id, MaxResultCount: 50 } });
    expect(below.body.result.items.map((u: { id: number }) => u.id).sort()).toEqual([mid.id, leaf.id].sort());
    expect(leaf.parentName).toBe('张伟');
    const cycle = await t.call('PUT', api('User/Update'), { token: t.admin, body: { ...top, parentId: leaf.id } });
    expect(cycle.status).toBe(400);
    expect(cycle.body.error.validationErrors[0].members).toEqual(['parentId']);
  });

  it('pages, sorts and searches; unknown sort fields are a 400, not a crash', async () => {
    const page = await t.call('GET', api('User/GetAll'), { token: t.admin, query: { MaxResultCount: 5, Sorting: 'userName asc' } });
    const names = page.body.result.items.map((u: { userName: string }) => u.userName);
    expect(names).toEqual([...names].sort());
    expect(page.body.result.totalCount).toBeGreaterThan(5);
    const search = await t.call('GET', api('User/GetAll'), { token: t.admin, query: { Keyword: 'admin' } });
    expect(search.body.result.items.some((u: { userName: string }) => u.userName === 'admin')).toBe(true);
    const bad = await t.call('GET', api('User/GetAll'), { token: t.admin, query: { Sorting: 'passwordHash desc' } });
    expect(bad.status).toBe(400);
    expect(bad.body.error.validationErrors[0].members).toEqual(['sorting']);
  });

  it('resets a password with the admin password, and changes identity', async () => {
    const u = (await t.call('POST', api('User/Create'), { token: t.admin, body: newUser('reset1') })).body.result;
    const wrong = await t.call('POST', api('User/ResetPassword'), {
      token: t.admin,
      body: { adminPassword: 'nope', userId: u.id, newPassword: 'NewPass1' },
    });
    expect(wrong.status).toBe(500);
    const ok = await t.call('POST', api('User/ResetPassword'), {
      token: t.admin,
      body: { adminPassword: '123qwe', userId: u.id, newPassword: 'NewPass1' },
    });
    expect(ok.body.result).toBe(true);
    await t.login('reset1', 'NewPass1', 1);
    const changed = await t.call('POST', api('User/changeUserIdentity'), { token: t.admin, body: { id: u.id, identity: 2 } });
    expect(changed.body.result.identity).toBe(2);
  });

  it('ChangeLanguage stores the setting that GetAll then uses', async () => {
    const token = await t.login();
    expect((await t.call('POST', api('User/ChangeLanguage'), { token, body: { languageName: 'en' } })).status).toBe(200);
    const cfg = await t.call('GET', '/AbpUserConfiguration/GetAll', { token });
    expect(cfg.body.result.localization.currentCulture.name).toBe('en');
    expect(cfg.body.result.localization.values.Education.AppName).toBe('Online Education & Testing Platform');
    await t.call('POST', api('User/ChangeLanguage'), { token, body: { languageName: 'zh-CN' } });
    const back = await t.call('GET', '/AbpUserConfiguration/GetAll', { token });
    expect(back.body.result.localization.currentCulture.name).toBe('zh-Hans');
    const bad = await t.call('POST', api('User/ChangeLanguage'), { token, body: { languageName: 'xx' } });
    expect(bad.status).toBe(400);
  });
});

describe('Role', () => {
  it('creates a role with permissions and shows them checked in the tree', async () => {
    const created = await t.call('POST', api('Role/Create'), {
      token: t.admin,
      body: { name: 'Reviewer', displayName: '复核员', grantedPermissions: ['Pages', 'Pages.Articles', 'Pages.Articles.AuditArticle'] },
    });
    expect(created.status).toBe(200);
    const role = created.body.result;
    expect(role.grantedPermissions.sort()).toEqual(['Pages', 'Pages.Articles', 'Pages.Articles.AuditArticle']);
    const tree = await t.call('GET', api('Role/getAllTreePermissions'), { token: t.admin, query: { Id: role.id } });
    const pages = tree.body.result.items[0];
    expect(pages).toMatchObject({ name: 'Pages', checked: true });
    const articles = pages.children.find((c: { name: string }) => c.name === 'Pages.Articles');
    expect(articles.children.find((c: { name: string }) => c.name === 'Pages.Articles.AuditArticle').checked).toBe(true);
    expect(articles.children.find((c: { name: string }) => c.name === 'Pages.Articles.Article').checked).toBe(false);
    // Tenant side: the host-only permission is absent.
    expect(JSON.stringify(tree.body.result.items)).not.toContain('Pages.Administration.Tenants');
  });

  it('grants take effect for the role members', async () => {
    await t.call('POST', api('User/Create'), { token: t.admin, body: newUser('rev1', { roleNames: ['Reviewer'] }) });
    const token = await t.login('rev1', 'Passw0rd!', 1);
    const cfg = await t.call('GET', '/AbpUserConfiguration/GetAll', { token });
    expect(Object.keys(cfg.body.result.auth.grantedPermissions).sort()).toEqual(['Pages', 'Pages.Articles', 'Pages.Articles.AuditArticle']);
    expect((await t.call('GET', api('User/GetAll'), { token })).status).toBe(403);
  });

  it('rejects unknown or host-only permissions in a tenant, and deleting a static role', async () => {
    const bad = await t.call('POST', api('Role/Create'), {
      token: t.admin,
      body: { name: 'Bad', displayName: 'x', grantedPermissions: ['Pages.Administration.Tenants'] },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.error.validationErrors[0].members).toEqual(['grantedPermissions']);
    const roles = await t.call('GET', api('Role/GetAll'), { token: t.admin, query: { Keyword: 'Admin' } });
    const adminRole = roles.body.result.items.find((r: { name: string }) => r.name === 'Admin');
    const del = await t.call('DELETE', api('Role/Delete'), { token: t.admin, query: { Id: adminRole.id } });
    expect(del.status).toBe(500);
  });

  it('lists all permissions of the side with parents', async () => {
    const res = await t.call('GET', api('Role/getAllPermissions'), { token: t.admin });
    const names = res.body.result.items.map((p: { name: string }) => p.name);
    expect(names).toContain('Pages.Others.Answerquestion');
    expect(names).not.toContain('Pages.Administration.Tenants');
    expect(res.body.result.items.find((p: { name: string }) => p.name === 'Pages.Members.Users').parentName).toBe('Pages.Members');
  });
});

describe('Tenant', () => {
  it('creates a tenant whose admin can sign in with the default password', async () => {
    const host = await t.login('admin', '123qwe', null);
    const created = await t.call('POST', api('Tenant/Create'), {
      token: host,
      body: { tenancyName: 'school2', name: '第二中学', adminEmailAddress: 'admin@school2.edu.cn' },
    });
    expect(created.status).toBe(200);
    const id = created.body.result.id;
    const token = await t.login('admin', '123qwe', id);
    const users = await t.call('GET', api('User/GetAll'), { token });
    expect(users.body.result.totalCount).toBe(1);
    const dup = await t.call('POST', api('Tenant/Create'), { token: host, body: { tenancyName: 'SCHOOL2', name: 'x', adminEmailAddress: 'a@b.cn' } });
    expect(dup.status).toBe(400);
    expect(dup.body.error.validationErrors[0].members).toEqual(['tenancyName']);
  });
});

describe('Session figures', () => {
  it('computes the home page figures from the database', async () => {
    const res = await t.call('GET', api('Session/GetManageHomePage'), { token: t.admin, query: { Days: 7 } });
    expect(res.status).toBe(200);
    const r = res.body.result;
    const users = await t.app.prisma.user.count({ where: { tenantId: 1, isDeleted: false } });
    expect(r.userCount).toBe(users);
    expect(r.memberCount + r.teacherCount + r.administratorCount).toBe(users);
    expect(r.registrationTrend).toHaveLength(7);
    const articles = r.content.find((c: { entity: string }) => c.entity === 'article');
    expect(articles.total).toBe(await t.app.prisma.article.count({ where: { tenantId: 1, isDeleted: false } }));
    expect(articles.pending).toBe(await t.app.prisma.article.count({ where: { tenantId: 1, isDeleted: false, auditStatus: 0 } }));
    expect(r.loginTrend.at(-1).count).toBeGreaterThan(0);
    const stats = await t.call('GET', api('Session/GetWebSiteStatistics'), { token: t.admin });
    expect(stats.body.result.userCount).toBe(users);
    expect(stats.body.result.todayLogins).toBeGreaterThan(0);
  });
});
