import type { CascaderOption } from '@edu/sdk';
import { describe, expect, it } from 'vitest';
import { seedContentStructure } from '@edu/db/seed';
import { useTestApp } from '../testing/test-app.ts';
import { api, createTenant, expectTenantIsolation } from '../testing/tenants.ts';

const t = useTestApp();

/** The seeded category at a path of names. */
async function catId(classTypeId: number, ...names: string[]): Promise<number> {
  let parentId: number | null = null;
  for (const name of names) {
    const row: { id: number } = await t.app.prisma.multiLevelCategory.findFirstOrThrow({
      where: { tenantId: 1, classTypeId, parentId, name, isDeleted: false },
    });
    parentId = row.id;
  }
  return parentId!;
}

const create = async (body: object, token = t.admin) => {
  const res = await t.call('POST', api('MultiLevelCategory/Create'), { token, body });
  if (res.status !== 200) throw new Error(JSON.stringify(res.body));
  return res.body.result;
};
const get = async (id: number) => (await t.call('GET', api('MultiLevelCategory/Get'), { token: t.admin, query: { Id: id } })).body.result;
const row = (id: number) => t.app.prisma.multiLevelCategory.findUniqueOrThrow({ where: { id } });
const labels = (options: CascaderOption[]): string[] => options.map((o) => o.label);
const find = (options: CascaderOption[] | undefined, label: string) => options?.find((o) => o.label === label);

describe('MultiLevelCategory CRUD and tree rules', () => {
  it('creates nodes at any depth with level, path, fullName and childCount', async () => {
    const a = await create({ classTypeId: 1, name: '甲', sort: 9 });
    const b = await create({ classTypeId: 1, parentId: a.id, name: '乙' });
    const c = await create({ classTypeId: 1, parentId: b.id, name: '丙', code: 'c1' });
    expect(c).toMatchObject({ level: 3, fullName: '甲 / 乙 / 丙', classTypeName: '文章分类', parentId: b.id, code: 'c1', childCount: 0 });
    expect((await get(a.id)).childCount).toBe(1);
    expect((await row(c.id)).path).toBe(`/${a.id}/${b.id}/${c.id}/`);
    const dup = await t.call('POST', api('MultiLevelCategory/Create'), { token: t.admin, body: { classTypeId: 1, parentId: a.id, name: '乙' } });
    expect(dup.status).toBe(400);
    expect(dup.body.error.validationErrors[0].members).toEqual(['name']);
  });

  it('refuses a parent of another class type, or an unknown class type', async () => {
    const res = await t.call('POST', api('MultiLevelCategory/Create'), {
      token: t.admin,
      body: { classTypeId: 2, parentId: await catId(1, '新闻动态'), name: 'x' },
    });
    expect(res.status).toBe(400);
    expect(res.body.error.validationErrors[0].members).toEqual(['classTypeId']);
    const unknown = await t.call('POST', api('MultiLevelCategory/Create'), { token: t.admin, body: { classTypeId: 999, name: 'x' } });
    expect(unknown.body.error.validationErrors[0].members).toEqual(['classTypeId']);
  });

  it('moves a subtree: path and level of every descendant follow, in one update', async () => {
    const a = await create({ classTypeId: 1, name: '移动根' });
    const b = await create({ classTypeId: 1, parentId: a.id, name: '移动枝' });
    const c = await create({ classTypeId: 1, parentId: b.id, name: '移动叶' });
    const d = await create({ classTypeId: 1, parentId: c.id, name: '移动末' });
    const target = await create({ classTypeId: 1, name: '新家' });
    const deep = await create({ classTypeId: 1, parentId: target.id, name: '新家二层' });

    const moved = await t.call('PUT', api('MultiLevelCategory/Update'), { token: t.admin, body: { ...b, parentId: deep.id } });
    expect(moved.status).toBe(200);
    expect(moved.body.result).toMatchObject({ level: 3, fullName: '新家 / 新家二层 / 移动枝' });
    expect(await row(b.id)).toMatchObject({ path: `/${target.id}/${deep.id}/${b.id}/`, level: 3 });
    expect(await row(c.id)).toMatchObject({ path: `/${target.id}/${deep.id}/${b.id}/${c.id}/`, level: 4 });
    expect(await row(d.id)).toMatchObject({ path: `/${target.id}/${deep.id}/${b.id}/${c.id}/${d.id}/`, level: 5 });
    expect((await get(d.id)).fullName).toBe('新家 / 新家二层 / 移动枝 / 移动叶 / 移动末');
    expect((await get(a.id)).childCount).toBe(0);

    // Up to the root: levels shrink.
    await t.call('PUT', api('MultiLevelCategory/Update'), { token: t.admin, body: { ...b, parentId: null } });
    expect(await row(d.id)).toMatchObject({ path: `/${b.id}/${c.id}/${d.id}/`, level: 3 });
  });

  it('refuses to move a node under itself or a descendant (400 on parentId)', async () => {
    const a = await create({ classTypeId: 1, name: '环根' });
    const b = await create({ classTypeId: 1, parentId: a.id, name: '环枝' });
    const c = await create({ classTypeId: 1, parentId: b.id, name: '环叶' });
    for (const parentId of [a.id, b.id, c.id]) {
      const res = await t.call('PUT', api('MultiLevelCategory/Update'), { token: t.admin, body: { ...(await get(a.id)), parentId } });
      expect(res.status).toBe(400);
      expect(res.body.error.validationErrors[0].members).toEqual(['parentId']);
    }
    expect((await row(c.id)).path).toBe(`/${a.id}/${b.id}/${c.id}/`);
  });

  it('locks the class type of a node with children', async () => {
    const a = await create({ classTypeId: 4, name: '锁根' });
    await create({ classTypeId: 4, parentId: a.id, name: '锁叶' });
    const res = await t.call('PUT', api('MultiLevelCategory/Update'), { token: t.admin, body: { ...a, classTypeId: 1 } });
    expect(res.status).toBe(400);
    expect(res.body.error.validationErrors[0].members).toEqual(['classTypeId']);
  });

  it('refuses to delete a node with children, or one in use, naming what uses it', async () => {
    const parent = await catId(2, '初中', '数学');
    const withChildren = await t.call('DELETE', api('MultiLevelCategory/Delete'), { token: t.admin, query: { Id: parent } });
    expect(withChildren.status).toBe(500);
    expect(withChildren.body.error.message).toBe('分类“数学”下还有 6 个子分类，请先删除或移走。');

    const grade = await catId(2, '初中', '数学', '七年级上册');
    const inUse = await t.call('DELETE', api('MultiLevelCategory/Delete'), { token: t.admin, query: { Id: grade } });
    expect(inUse.status).toBe(500);
    expect(inUse.body.error.message).toMatch(/^分类“七年级上册”正在被使用（.*\d+ 个章节）/);
    const en = await t.call('DELETE', api('MultiLevelCategory/Delete'), {
      token: t.admin,
      query: { Id: await catId(8, '首页轮播图'), culture: 'en' },
    });
    expect(en.body.error.message).toMatch(/^The category 首页轮播图 is in use \(.*3 advertisement\(s\)\)/);
    expect((await get(grade)).id).toBe(grade);
  });

  it('deletes a free leaf (soft) together with role grants on it', async () => {
    const leaf = await create({ classTypeId: 5, name: '临时资源分类' });
    const role = (
      await t.call('POST', api('Role/Create'), { token: t.admin, body: { name: 'TmpGrant', displayName: '临时', grantedCategoryIds: [leaf.id] } })
    ).body.result;
    expect(role.grantedCategoryIds).toEqual([leaf.id]);
    expect((await t.call('DELETE', api('MultiLevelCategory/Delete'), { token: t.admin, query: { Id: leaf.id } })).status).toBe(200);
    expect((await t.call('GET', api('MultiLevelCategory/Get'), { token: t.admin, query: { Id: leaf.id } })).status).toBe(404);
    expect((await row(leaf.id)).isDeleted).toBe(true);
    expect(await t.app.prisma.roleCategoryGrant.count({ where: { categoryId: leaf.id } })).toBe(0);
  });

  it('lists with ClassTypeId and ParentId (0 = roots) filters, sorted by sort', async () => {
    const roots = await t.call('GET', api('MultiLevelCategory/GetAll'), {
      token: t.admin,
      query: { ClassTypeId: 8, ParentId: 0, Sorting: 'sort asc' },
    });
    expect(roots.body.result.items.map((i: { name: string }) => i.name)).toEqual(['首页轮播图', '首页横幅', '侧边栏', '文章详情页']);
    expect(roots.body.result.totalCount).toBe(4);
    const children = await t.call('GET', api('MultiLevelCategory/GetAll'), {
      token: t.admin,
      query: { ParentId: await catId(2, '初中'), Sorting: 'sort', MaxResultCount: 20 },
    });
    expect(children.body.result.items.map((i: { name: string }) => i.name)).toEqual(['语文', '数学', '英语', '物理', '化学']);
    const search = await t.call('GET', api('MultiLevelCategory/GetAll'), { token: t.admin, query: { Keyword: '一〇一' } });
    expect(search.body.result.items[0]).toMatchObject({ name: '北京市第一〇一中学', fullName: '北京市 / 海淀区 / 北京市第一〇一中学', level: 3 });
    const bad = await t.call('GET', api('MultiLevelCategory/GetAll'), { token: t.admin, query: { Sorting: 'path' } });
    expect(bad.status).toBe(400);
  });

  it('GetSameLevelBreadCrumbs: the path from the root and the siblings', async () => {
    const id = await catId(2, '初中', '数学', '七年级下册');
    const res = (await t.call('GET', api('MultiLevelCategory/GetSameLevelBreadCrumbs'), { token: t.admin, query: { Id: id } })).body.result;
    expect(res.breadcrumbs.map((c: { name: string }) => c.name)).toEqual(['初中', '数学', '七年级下册']);
    expect(res.breadcrumbs.at(-1).id).toBe(id);
    expect(res.sameLevel.map((c: { name: string }) => c.name)).toEqual(JUNIOR);
  });
});

const JUNIOR = ['七年级上册', '七年级下册', '八年级上册', '八年级下册', '九年级上册', '九年级下册'];

describe('cascaders', () => {
  it('GetCascaderList: active nodes by sort then id; leaves have no children; inactive subtrees hidden', async () => {
    const tree = (await t.call('GET', api('MultiLevelCategory/GetCascaderList'), { token: t.admin, query: { ClassTypeId: 2 } })).body
      .result as CascaderOption[];
    expect(labels(tree)).toEqual(['小学', '初中', '高中', '大学']);
    const math = find(find(tree, '初中')!.children, '数学')!;
    expect(labels(math.children!)).toEqual(JUNIOR);
    expect(math.children![0]).toEqual({ value: await catId(2, '初中', '数学', '七年级上册'), label: '七年级上册' });

    const hidden = await create({ classTypeId: 2, name: '停用学段', sort: 99, isActive: false });
    await create({ classTypeId: 2, parentId: hidden.id, name: '停用学科' });
    const after = (await t.call('GET', api('MultiLevelCategory/GetCascaderList'), { token: t.admin, query: { ClassTypeId: 2 } })).body.result;
    expect(labels(after)).toEqual(['小学', '初中', '高中', '大学']);
  });

  it('school and website cascaders', async () => {
    const schools = (await t.call('GET', api('MultiLevelCategory/GetCascaderSchool'), { token: t.admin })).body.result as CascaderOption[];
    const haidian = find(find(schools, '北京市')!.children, '海淀区')!;
    expect(labels(haidian.children!)).toContain('北京市第一〇一中学');
    expect(haidian.children!.every((c) => !('children' in c))).toBe(true);
    const site = (await t.call('GET', api('MultiLevelCategory/GetCascaderWebsiteList'), { token: t.admin })).body.result as CascaderOption[];
    expect(labels(site)).toEqual(['首页', '新闻中心', '课程中心', '资源中心', '题库中心', '关于我们']);
  });

  it('GetChapterCascaderList: course categories with chapters and sections as leaves, empty branches left out', async () => {
    const tree = (await t.call('GET', api('MultiLevelCategory/GetChapterCascaderList'), { token: t.admin })).body.result as CascaderOption[];
    const grade = find(find(find(tree, '初中')!.children, '数学')!.children, '七年级上册')!;
    expect(grade.kind).toBe('category');
    const chapter = find(grade.children, '第一章 有理数')!;
    expect(chapter.kind).toBe('chapter');
    expect(chapter.children![0]).toMatchObject({ label: '1.1 正数和负数', kind: 'chapter' });
    expect(chapter.children![0]).not.toHaveProperty('children');
    expect(find(tree, '大学')).toBeUndefined();
    expect(find(find(tree, '小学')!.children, '英语')).toBeUndefined();
  });

  it('GetAllChapterTypeSetting: course categories in tree order with their chapter counts', async () => {
    const items = (await t.call('GET', api('MultiLevelCategory/GetAllChapterTypeSetting'), { token: t.admin })).body.result.items;
    const grade = items.find((i: { fullName: string }) => i.fullName === '初中 / 数学 / 七年级上册');
    expect(grade).toMatchObject({ categoryName: '七年级上册', level: 3, chapterCount: 4 });
    expect(items[0].fullName).toBe('小学');
    expect(items[1].fullName).toBe('小学 / 语文');
  });

  it('GetBehindCascaderList: static Admin sees all; a teacher only their granted trees', async () => {
    const all = (await t.call('GET', api('MultiLevelCategory/GetBehindCascaderList'), { token: t.admin, query: { ClassTypeId: 1 } })).body.result;
    expect(labels(all)).toEqual(
      labels((await t.call('GET', api('MultiLevelCategory/GetCascaderList'), { token: t.admin, query: { ClassTypeId: 1 } })).body.result),
    );
    const teacher = await t.login('zhaolei');
    expect((await t.call('GET', api('MultiLevelCategory/GetBehindCascaderList'), { token: teacher, query: { ClassTypeId: 1 } })).body.result).toEqual(
      [],
    );
    const courses = (await t.call('GET', api('MultiLevelCategory/GetBehindCascaderList'), { token: teacher, query: { ClassTypeId: 2 } })).body.result;
    expect(labels(courses)).toEqual(['小学', '初中', '高中', '大学']);
    // zhangwei is Teacher + Auditor: articles through Auditor.
    const leader = await t.login('zhangwei');
    expect(
      labels((await t.call('GET', api('MultiLevelCategory/GetBehindCascaderList'), { token: leader, query: { ClassTypeId: 1 } })).body.result),
    ).toContain('新闻动态');
  });

  it('GetBehindCascaderList: a grant deep in the tree shows its ancestors disabled', async () => {
    const math = await catId(2, '初中', '数学');
    await t.call('POST', api('Role/Create'), {
      token: t.admin,
      body: { name: 'JuniorMath', displayName: '初中数学', grantedPermissions: ['Pages'], grantedCategoryIds: [math] },
    });
    await t.call('POST', api('User/Create'), {
      token: t.admin,
      body: {
        userName: 'mathonly',
        name: '数',
        surname: '钱',
        emailAddress: 'mathonly@example.edu.cn',
        password: 'Passw0rd!',
        roleNames: ['JuniorMath'],
      },
    });
    const token = await t.login('mathonly', 'Passw0rd!');
    const tree = (await t.call('GET', api('MultiLevelCategory/GetBehindCascaderList'), { token, query: { ClassTypeId: 2 } })).body
      .result as CascaderOption[];
    expect(tree).toHaveLength(1);
    expect(tree[0]).toMatchObject({ label: '初中', disabled: true });
    expect(tree[0]!.children).toHaveLength(1);
    expect(tree[0]!.children![0]).toMatchObject({ label: '数学', value: math });
    expect(tree[0]!.children![0]).not.toHaveProperty('disabled');
    expect(labels(tree[0]!.children![0]!.children!)).toEqual(JUNIOR);
  });
});

describe('tenant isolation and seed', () => {
  it("keeps tenant B's categories out of reach of tenant A", async () => {
    const b = await createTenant(t, 'mlc2');
    const rowB = await create({ classTypeId: 1, name: '乙校新闻' }, b.token);
    await expectTenantIsolation(t, { service: 'MultiLevelCategory', tokenA: t.admin, tokenB: b.token, row: rowB, update: { name: '篡改' } });
    const asParent = await t.call('POST', api('MultiLevelCategory/Create'), {
      token: t.admin,
      body: { classTypeId: 1, parentId: rowB.id, name: '越界' },
    });
    expect(asParent.status).toBe(400);
    expect(asParent.body.error.validationErrors[0].members).toEqual(['parentId']);
    expect((await t.call('GET', api('MultiLevelCategory/GetCascaderList'), { token: b.token, query: { ClassTypeId: 2 } })).body.result).toEqual([]);
  });

  it('seeding the content structure again adds nothing', async () => {
    const counts = () =>
      Promise.all([
        t.app.prisma.classificationType.count(),
        t.app.prisma.multiLevelCategory.count(),
        t.app.prisma.chapterType.count(),
        t.app.prisma.systemDictionary.count(),
        t.app.prisma.navigationMenu.count(),
        t.app.prisma.advertising.count(),
        t.app.prisma.friendLink.count(),
        t.app.prisma.roleCategoryGrant.count(),
      ]);
    const before = await counts();
    await seedContentStructure(t.app.prisma, 1);
    expect(await counts()).toEqual(before);
  });
});
