import type { CategoryPermissionNode } from '@edu/sdk';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../testing/test-app.ts';
import { api, createTenant } from '../testing/tenants.ts';

const t = useTestApp();

const roleNamed = async (name: string) => t.app.prisma.role.findFirstOrThrow({ where: { tenantId: 1, name } });
const rootsOf = (classTypeId: number) =>
  t.app.prisma.multiLevelCategory.findMany({ where: { tenantId: 1, classTypeId, parentId: null, isDeleted: false }, orderBy: { id: 'asc' } });
const flatten = (nodes: CategoryPermissionNode[]): CategoryPermissionNode[] => nodes.flatMap((n) => [n, ...flatten(n.children)]);
const tree = async (query: object) => (await t.call('POST', api('CategoryPermision/BehindMultiLevel'), { token: t.admin, body: query })).body.result;

describe('CategoryPermision/BehindMultiLevel', () => {
  it("checks the role's granted categories (the seeded Teacher: course, question and resource roots)", async () => {
    const teacher = await roleNamed('Teacher');
    const res = await tree({ roleId: teacher.id });
    const expected = [...(await rootsOf(2)), ...(await rootsOf(3)), ...(await rootsOf(5))].map((r) => r.id).sort((a, b) => a - b);
    expect(res.grantedCategoryIds).toEqual(expected);
    const all = flatten(res.items);
    expect(
      all
        .filter((n) => n.checked)
        .map((n) => n.id)
        .sort((a, b) => a - b),
    ).toEqual(expected);
    // Roots first by class type; every node carries its type.
    expect(res.items[0]).toMatchObject({ name: '新闻动态', classTypeId: 1, checked: false });
    expect(new Set(res.items.map((n: CategoryPermissionNode) => n.classTypeId))).toEqual(new Set([1, 2, 3, 4, 5, 6, 7, 8]));
  });

  it('one class type only, still reporting the whole grant set', async () => {
    const editor = await roleNamed('Editor');
    const res = await tree({ roleId: editor.id, classTypeId: 2 });
    expect(res.items.map((n: CategoryPermissionNode) => n.name)).toEqual(['小学', '初中', '高中', '大学']);
    expect(res.items.every((n: CategoryPermissionNode) => n.checked && n.classTypeId === 2)).toBe(true);
    expect(res.items[1].children.map((n: CategoryPermissionNode) => n.name)).toEqual(['语文', '数学', '英语', '物理', '化学']);
    expect(res.grantedCategoryIds).toEqual(
      [...(await rootsOf(1)), ...(await rootsOf(2)), ...(await rootsOf(5))].map((r) => r.id).sort((a, b) => a - b),
    );
  });

  it('static Admin: everything checked; a new role (0 or absent): nothing', async () => {
    const adminRole = await roleNamed('Admin');
    const res = await tree({ roleId: adminRole.id, classTypeId: 7 });
    expect(flatten(res.items).every((n) => n.checked)).toBe(true);
    expect(res.grantedCategoryIds.length).toBe(await t.app.prisma.multiLevelCategory.count({ where: { tenantId: 1, isDeleted: false } }));
    for (const q of [{ roleId: 0 }, {}]) {
      const fresh = await tree(q);
      expect(fresh.grantedCategoryIds).toEqual([]);
      expect(flatten(fresh.items).some((n) => n.checked)).toBe(false);
    }
  });

  it('404 for an unknown role; 403 without Pages.Administration.Manages', async () => {
    expect((await t.call('POST', api('CategoryPermision/BehindMultiLevel'), { token: t.admin, body: { roleId: 99999 } })).status).toBe(404);
    const teacher = await t.login('zhaolei');
    expect((await t.call('POST', api('CategoryPermision/BehindMultiLevel'), { token: teacher, body: {} })).status).toBe(403);
  });
});

describe('Role grantedCategoryIds', () => {
  it('saves grants on Create and Update; absent on Update leaves them unchanged', async () => {
    const news = await t.app.prisma.multiLevelCategory.findFirstOrThrow({ where: { tenantId: 1, classTypeId: 1, name: '新闻动态' } });
    const junior = await t.app.prisma.multiLevelCategory.findFirstOrThrow({ where: { tenantId: 1, classTypeId: 2, parentId: null, name: '初中' } });
    const juniorMath = await t.app.prisma.multiLevelCategory.findFirstOrThrow({ where: { parentId: junior.id, name: '数学' } });
    const created = await t.call('POST', api('Role/Create'), {
      token: t.admin,
      body: { name: 'NewsDesk', displayName: '新闻编辑', grantedPermissions: ['Pages'], grantedCategoryIds: [news.id, news.id] },
    });
    expect(created.status).toBe(200);
    const role = created.body.result;
    expect(role.grantedCategoryIds).toEqual([news.id]);

    const { grantedCategoryIds: _omit, ...withoutCategories } = role;
    const unchanged = await t.call('PUT', api('Role/Update'), { token: t.admin, body: { ...withoutCategories, displayName: '新闻部' } });
    expect(unchanged.body.result).toMatchObject({ displayName: '新闻部', grantedCategoryIds: [news.id] });

    const changed = await t.call('PUT', api('Role/Update'), { token: t.admin, body: { ...role, grantedCategoryIds: [juniorMath.id] } });
    expect(changed.body.result.grantedCategoryIds).toEqual([juniorMath.id]);
    const checked = flatten((await tree({ roleId: role.id })).items).filter((n) => n.checked);
    expect(checked.map((n) => n.id)).toEqual([juniorMath.id]);

    const cleared = await t.call('PUT', api('Role/Update'), { token: t.admin, body: { ...role, grantedCategoryIds: [] } });
    expect(cleared.body.result.grantedCategoryIds).toEqual([]);
    const listed = await t.call('GET', api('Role/GetAll'), { token: t.admin, query: { MaxResultCount: 100 } });
    const adminRole = listed.body.result.items.find((r: { name: string }) => r.name === 'Admin');
    expect(adminRole.grantedCategoryIds.length).toBeGreaterThan(100);
  });

  it('refuses unknown, deleted or foreign categories (400 on grantedCategoryIds)', async () => {
    const b = await createTenant(t, 'catperm2');
    const foreign = (await t.call('POST', api('MultiLevelCategory/Create'), { token: b.token, body: { classTypeId: 1, name: '乙校栏目' } })).body
      .result;
    const gone = (await t.call('POST', api('MultiLevelCategory/Create'), { token: t.admin, body: { classTypeId: 1, name: '将删除' } })).body.result;
    await t.call('DELETE', api('MultiLevelCategory/Delete'), { token: t.admin, query: { Id: gone.id } });
    for (const id of [987654, foreign.id, gone.id]) {
      const res = await t.call('POST', api('Role/Create'), {
        token: t.admin,
        body: { name: `Bad${id}`, displayName: 'x', grantedCategoryIds: [id] },
      });
      expect(res.status).toBe(400);
      expect(res.body.error.validationErrors[0].members).toEqual(['grantedCategoryIds']);
    }
    // Tenant B's role tree holds only B's categories.
    const bTree = await t.call('POST', api('CategoryPermision/BehindMultiLevel'), { token: b.token, body: {} });
    expect(flatten(bTree.body.result.items).map((n) => n.name)).toEqual(['乙校栏目']);
  });
});
