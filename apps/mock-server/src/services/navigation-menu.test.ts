import type { NavigationMenuDto } from '@edu/sdk';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../testing/test-app.ts';
import { api, createTenant, expectTenantIsolation } from '../testing/tenants.ts';

const t = useTestApp();

const create = async (body: object, token = t.admin): Promise<NavigationMenuDto> => {
  const res = await t.call('POST', api('NavigationMenu/Create'), { token, body });
  if (res.status !== 200) throw new Error(JSON.stringify(res.body));
  return res.body.result;
};
const get = (id: number) => t.call('GET', api('NavigationMenu/Get'), { token: t.admin, query: { Id: id } });
const bin = async () =>
  (await t.call('GET', api('NavigationMenu/GetAll'), { token: t.admin, query: { IsDeleted: true, MaxResultCount: 100 } })).body.result as {
    totalCount: number;
    items: NavigationMenuDto[];
  };
const recover = (id: number, token = t.admin) => t.call('POST', api('NavigationMenu/Recover'), { token, body: { id } });
const member = (res: { body: any }) => res.body.error.validationErrors[0].members;

describe('NavigationMenu', () => {
  it('lists the seeded top bar and footer, and the seeded recycle bin', async () => {
    const top = await t.call('GET', api('NavigationMenu/GetAll'), { token: t.admin, query: { Position: 1, Sorting: 'sort', MaxResultCount: 50 } });
    const roots = top.body.result.items.filter((m: NavigationMenuDto) => m.parentId === null).map((m: NavigationMenuDto) => m.name);
    expect(roots).toEqual(['首页', '课程中心', '题库', '资源中心', '新闻动态', '关于我们']);
    const child = top.body.result.items.find((m: NavigationMenuDto) => m.name === '初中课程');
    expect(child).toMatchObject({ parentName: '课程中心', position: 1, url: '/courses?stage=junior', isDeleted: false, deletionTime: null });
    const footer = await t.call('GET', api('NavigationMenu/GetAll'), { token: t.admin, query: { Position: 2 } });
    expect(footer.body.result.totalCount).toBe(6);
    const deleted = await bin();
    expect(deleted.items.map((m) => m.name)).toEqual(['旧版首页']);
    expect(deleted.items[0]).toMatchObject({ isDeleted: true });
    expect(deleted.items[0]!.deletionTime).not.toBeNull();
  });

  it('creates, updates and deletes softly; Recover brings the entry back', async () => {
    const row = await create({ name: '招生信息', url: '/admission', icon: 'user', target: '_blank', sort: 8 });
    expect(row).toMatchObject({ name: '招生信息', target: '_blank', position: 1, parentId: null, parentName: null, isDeleted: false });
    const upd = await t.call('PUT', api('NavigationMenu/Update'), { token: t.admin, body: { ...row, name: '招生专栏' } });
    expect(upd.body.result.name).toBe('招生专栏');

    expect((await t.call('DELETE', api('NavigationMenu/Delete'), { token: t.admin, query: { Id: row.id } })).status).toBe(200);
    expect((await get(row.id)).status).toBe(404);
    expect((await bin()).items.some((m) => m.id === row.id)).toBe(true);
    const dropdown = (await t.call('GET', api('NavigationMenu/GetMenuDropDownList'), { token: t.admin })).body.result;
    expect(dropdown.some((m: { id: number }) => m.id === row.id)).toBe(false);

    const back = await recover(row.id);
    expect(back.status).toBe(200);
    expect(back.body.result).toMatchObject({ id: row.id, name: '招生专栏', isDeleted: false, deletionTime: null });
    expect((await get(row.id)).status).toBe(200);
    expect((await bin()).items.some((m) => m.id === row.id)).toBe(false);
    // Recovering a live or unknown entry: 404.
    expect((await recover(row.id)).status).toBe(404);
    expect((await recover(987654)).status).toBe(404);
  });

  it('deleting a parent deletes its subtree; Recover restores what was deleted with it', async () => {
    const parent = await create({ name: '校园生活', url: '/campus' });
    const a = await create({ name: '社团活动', url: '/campus/clubs', parentId: parent.id });
    const b = await create({ name: '食堂菜谱', url: '/campus/menu', parentId: parent.id });
    const leaf = await create({ name: '本周菜谱', url: '/campus/menu/week', parentId: b.id });
    // a was deleted on its own earlier: it stays in the bin when the parent comes back.
    await t.call('DELETE', api('NavigationMenu/Delete'), { token: t.admin, query: { Id: a.id } });
    await new Promise((r) => setTimeout(r, 5));
    await t.call('DELETE', api('NavigationMenu/Delete'), { token: t.admin, query: { Id: parent.id } });
    for (const id of [parent.id, a.id, b.id, leaf.id]) expect((await get(id)).status).toBe(404);

    const child = await recover(b.id);
    expect(child.status).toBe(500);
    expect(child.body.error.message).toBe('上级菜单“校园生活”已删除，请先恢复上级菜单。');

    expect((await recover(parent.id)).status).toBe(200);
    for (const id of [parent.id, b.id, leaf.id]) expect((await get(id)).status).toBe(200);
    expect((await get(a.id)).status).toBe(404);
    expect((await recover(a.id)).status).toBe(200);
  });

  it('a parent must be a live entry, not the entry itself or a descendant, in the same position', async () => {
    const top = await create({ name: '层级顶', url: '/h' });
    const mid = await create({ name: '层级中', url: '/h/m', parentId: top.id });
    const low = await create({ name: '层级底', url: '/h/m/l', parentId: mid.id });
    for (const parentId of [top.id, low.id]) {
      const res = await t.call('PUT', api('NavigationMenu/Update'), { token: t.admin, body: { ...top, parentId } });
      expect(res.status).toBe(400);
      expect(member(res)).toEqual(['parentId']);
    }
    const footerUnderTop = await t.call('POST', api('NavigationMenu/Create'), {
      token: t.admin,
      body: { name: 'x', url: '/x', position: 2, parentId: top.id },
    });
    expect(member(footerUnderTop)).toEqual(['position']);
    const deletedParent = (await bin()).items[0]!;
    const underDeleted = await t.call('POST', api('NavigationMenu/Create'), {
      token: t.admin,
      body: { name: 'y', url: '/y', parentId: deletedParent.id },
    });
    expect(member(underDeleted)).toEqual(['parentId']);
    const badUrl = await t.call('POST', api('NavigationMenu/Create'), { token: t.admin, body: { name: 'z', url: 'javascript:alert(1)' } });
    expect(member(badUrl)).toEqual(['url']);

    // Moving the top entry to the footer carries its subtree.
    await t.call('PUT', api('NavigationMenu/Update'), { token: t.admin, body: { ...top, position: 2 } });
    expect((await get(low.id)).body.result.position).toBe(2);
  });

  it('GetMenuDropDownList: live entries by position, sort and id', async () => {
    const list = (await t.call('GET', api('NavigationMenu/GetMenuDropDownList'), { token: t.admin })).body.result as Array<{
      position: number;
      name: string;
    }>;
    expect(list.find((m) => m.name === '首页')).toMatchObject({ position: 1, parentId: null });
    expect(list.findIndex((m) => m.name === '首页')).toBeLessThan(list.findIndex((m) => m.name === '课程中心'));
    const positions = list.map((m) => m.position);
    expect(positions).toEqual([...positions].sort());
    expect(list.some((m) => m.name === '旧版首页')).toBe(false);
  });

  it("keeps tenant B's entries out of reach of tenant A, bin and Recover included", async () => {
    const b = await createTenant(t, 'menu2');
    const row = await create({ name: '乙校首页', url: '/' }, b.token);
    await expectTenantIsolation(t, { service: 'NavigationMenu', tokenA: t.admin, tokenB: b.token, row, update: { name: '篡改' } });
    const gone = await create({ name: '乙校旧页', url: '/old' }, b.token);
    await t.call('DELETE', api('NavigationMenu/Delete'), { token: b.token, query: { Id: gone.id } });
    expect((await bin()).items.some((m) => m.id === gone.id)).toBe(false);
    expect((await recover(gone.id)).status).toBe(404);
    expect((await recover(gone.id, b.token)).status).toBe(200);
    const parentFromB = await t.call('POST', api('NavigationMenu/Create'), { token: t.admin, body: { name: '越界', url: '/x', parentId: row.id } });
    expect(member(parentFromB)).toEqual(['parentId']);
  });

  it('needs Pages.Administration', async () => {
    const teacher = await t.login('zhaolei');
    expect((await t.call('GET', api('NavigationMenu/GetAll'), { token: teacher })).status).toBe(403);
  });
});
