import type { CascaderOption, ChapterTypeDto } from '@edu/sdk';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../testing/test-app.ts';
import { api, createTenant, expectTenantIsolation } from '../testing/tenants.ts';

const t = useTestApp();
let grade7a: number;
let grade7b: number;
beforeAll(async () => {
  const junior = await t.app.prisma.multiLevelCategory.findFirstOrThrow({ where: { tenantId: 1, classTypeId: 2, parentId: null, name: '初中' } });
  const math = await t.app.prisma.multiLevelCategory.findFirstOrThrow({ where: { parentId: junior.id, name: '数学' } });
  grade7a = (await t.app.prisma.multiLevelCategory.findFirstOrThrow({ where: { parentId: math.id, name: '七年级上册' } })).id;
  grade7b = (await t.app.prisma.multiLevelCategory.findFirstOrThrow({ where: { parentId: math.id, name: '七年级下册' } })).id;
});

const create = async (body: object, token = t.admin) => t.call('POST', api('ChapterType/Create'), { token, body });
const ok = async (body: object, token = t.admin): Promise<ChapterTypeDto> => {
  const res = await create(body, token);
  if (res.status !== 200) throw new Error(JSON.stringify(res.body));
  return res.body.result;
};
const member = (res: { body: any }) => res.body.error.validationErrors[0].members;

describe('ChapterType', () => {
  it('GetList: the chapters of a category, each followed by its sections, by sort', async () => {
    const list = (await t.call('GET', api('ChapterType/GetList'), { token: t.admin, query: { CategoryId: grade7a } })).body
      .result as ChapterTypeDto[];
    expect(list.slice(0, 7).map((c) => c.name)).toEqual([
      '第一章 有理数',
      '1.1 正数和负数',
      '1.2 有理数',
      '1.3 有理数的加减法',
      '1.4 有理数的乘除法',
      '1.5 有理数的乘方',
      '第二章 整式的加减',
    ]);
    expect(list[0]).toMatchObject({ parentId: null, categoryId: grade7a, categoryName: '七年级上册' });
    expect(list[1]!.parentId).toBe(list[0]!.id);
  });

  it('GetCascaderList: active chapters with their sections as children', async () => {
    const tree = (await t.call('GET', api('ChapterType/GetCascaderList'), { token: t.admin, query: { CategoryId: grade7a } })).body
      .result as CascaderOption[];
    expect(tree.map((c) => c.label)).toEqual(['第一章 有理数', '第二章 整式的加减', '第三章 一元一次方程', '第四章 几何图形初步']);
    expect(tree[1]).toMatchObject({
      kind: 'chapter',
      children: [
        { label: '2.1 整式', kind: 'chapter' },
        { label: '2.2 整式的加减', kind: 'chapter' },
      ],
    });
    expect(tree[1]!.children![0]).not.toHaveProperty('children');
  });

  it('creates knowledge points on a question category; one used by a question cannot be deleted', async () => {
    const physics = await t.app.prisma.multiLevelCategory.findFirstOrThrow({ where: { tenantId: 1, classTypeId: 3, name: '物理' } });
    const point = await ok({ categoryId: physics.id, name: '浮力' });
    const used = await t.app.prisma.chapterType.findFirstOrThrow({ where: { categoryId: physics.id, parentId: { not: null }, isDeleted: false } });
    const refused = await t.call('DELETE', api('ChapterType/Delete'), { token: t.admin, query: { Id: used.id } });
    expect(refused.status).toBe(500);
    expect(refused.body.error.message).toMatch(/已被 0 门课程、\d+ 道试题使用/);
    expect((await t.call('DELETE', api('ChapterType/Delete'), { token: t.admin, query: { Id: point.id } })).status).toBe(200);
  });

  it('creates chapters and sections; the category must be a course or question category', async () => {
    const chapter = await ok({ categoryId: grade7b, name: '第九章 不等式与不等式组', sort: 9 });
    const section = await ok({ categoryId: grade7b, parentId: chapter.id, name: '9.1 不等式', sort: 1 });
    expect(section).toMatchObject({ parentId: chapter.id, categoryName: '七年级下册' });
    const news = await t.app.prisma.multiLevelCategory.findFirstOrThrow({ where: { tenantId: 1, classTypeId: 1, name: '新闻动态' } });
    const wrong = await create({ categoryId: news.id, name: 'x' });
    expect(wrong.status).toBe(400);
    expect(member(wrong)).toEqual(['categoryId']);
    expect(wrong.body.error.validationErrors[0].message).toBe('章节只能建在课程分类或试题分类下，“新闻动态”不是。');
  });

  it('a parent must be a chapter (not a section) of the same category', async () => {
    const chapter = await ok({ categoryId: grade7b, name: '第十章 数据的收集' });
    const section = await ok({ categoryId: grade7b, parentId: chapter.id, name: '10.1 统计调查' });
    const deeper = await create({ categoryId: grade7b, parentId: section.id, name: '太深' });
    expect(member(deeper)).toEqual(['parentId']);
    const otherCategory = await create({ categoryId: grade7a, parentId: chapter.id, name: '跨分类' });
    expect(member(otherCategory)).toEqual(['parentId']);
    const self = await t.call('PUT', api('ChapterType/Update'), { token: t.admin, body: { ...chapter, parentId: chapter.id } });
    expect(member(self)).toEqual(['parentId']);
    const demote = await t.call('PUT', api('ChapterType/Update'), {
      token: t.admin,
      body: { ...chapter, parentId: (await ok({ categoryId: grade7b, name: '另一章' })).id },
    });
    expect(member(demote)).toEqual(['parentId']);
  });

  it('moving a chapter to another category takes its sections along', async () => {
    const chapter = await ok({ categoryId: grade7a, name: '搬家章' });
    const section = await ok({ categoryId: grade7a, parentId: chapter.id, name: '搬家节' });
    const moved = await t.call('PUT', api('ChapterType/Update'), { token: t.admin, body: { ...chapter, categoryId: grade7b } });
    expect(moved.body.result.categoryId).toBe(grade7b);
    expect((await t.call('GET', api('ChapterType/Get'), { token: t.admin, query: { Id: section.id } })).body.result.categoryId).toBe(grade7b);
  });

  it('refuses to delete a chapter with sections or used by a course; deletes a free section', async () => {
    const chapter = await ok({ categoryId: grade7a, name: '删除测试章' });
    const section = await ok({ categoryId: grade7a, parentId: chapter.id, name: '删除测试节' });
    const withSections = await t.call('DELETE', api('ChapterType/Delete'), { token: t.admin, query: { Id: chapter.id } });
    expect(withSections.status).toBe(500);
    expect(withSections.body.error.message).toBe('章节“删除测试章”下还有 1 个小节，请先删除。');

    await t.app.prisma.learningCourse.create({
      data: { tenantId: 1, title: '删除测试课程', categoryId: grade7a, chapterTypeId: section.id, content: '<p>课</p>' },
    });
    const used = await t.call('DELETE', api('ChapterType/Delete'), { token: t.admin, query: { Id: section.id } });
    expect(used.status).toBe(500);
    expect(used.body.error.message).toBe('章节“删除测试节”已被 1 门课程、0 道试题使用，不能删除。');
    const moveUsed = await t.call('PUT', api('ChapterType/Update'), { token: t.admin, body: { ...chapter, categoryId: grade7b } });
    expect(member(moveUsed)).toEqual(['categoryId']);

    const free = await ok({ categoryId: grade7a, parentId: chapter.id, name: '空闲节' });
    expect((await t.call('DELETE', api('ChapterType/Delete'), { token: t.admin, query: { Id: free.id } })).status).toBe(200);
    expect((await t.call('GET', api('ChapterType/Get'), { token: t.admin, query: { Id: free.id } })).status).toBe(404);
  });

  it('lists with CategoryId, Keyword and sorting; a teacher reads every chapter call but manages none', async () => {
    const page = await t.call('GET', api('ChapterType/GetAll'), {
      token: t.admin,
      query: { CategoryId: grade7a, Keyword: '有理数', Sorting: 'sort asc, id asc' },
    });
    expect(page.body.result.items.map((c: ChapterTypeDto) => c.name)).toContain('第一章 有理数');
    expect(page.body.result.items.every((c: ChapterTypeDto) => c.categoryId === grade7a)).toBe(true);
    // zhaolei is a Teacher (教师试题, papers, homework; no 章节管理): the question list's 知识点 filter reads GetAll.
    const teacher = await t.login('zhaolei');
    const first = page.body.result.items[0] as ChapterTypeDto;
    expect((await t.call('GET', api('ChapterType/GetList'), { token: teacher, query: { CategoryId: grade7a } })).status).toBe(200);
    const all = await t.call('GET', api('ChapterType/GetAll'), { token: teacher, query: { MaxResultCount: 1000 } });
    expect(all.status, JSON.stringify(all.body)).toBe(200);
    expect(all.body.result.items.map((c: ChapterTypeDto) => c.id)).toContain(first.id);
    expect((await t.call('GET', api('ChapterType/Get'), { token: teacher, query: { Id: first.id } })).body.result).toMatchObject({
      name: first.name,
    });
    expect((await t.call('POST', api('ChapterType/Create'), { token: teacher, body: { categoryId: grade7a, name: '越权' } })).status).toBe(403);
    expect(
      (await t.call('PUT', api('ChapterType/Update'), { token: teacher, body: { id: first.id, categoryId: grade7a, name: '越权' } })).status,
    ).toBe(403);
    expect((await t.call('DELETE', api('ChapterType/Delete'), { token: teacher, query: { Id: first.id } })).status).toBe(403);
  });

  it('refuses every chapter read to a user with none of the course, bank, paper or homework permissions', async () => {
    const role = await t.call('POST', api('Role/Create'), {
      token: t.admin,
      body: { name: 'ArticlesOnly', displayName: 'ArticlesOnly', grantedPermissions: ['Pages', 'Pages.Articles', 'Pages.Articles.Article'] },
    });
    expect(role.status, JSON.stringify(role.body)).toBe(200);
    const user = await t.call('POST', api('User/Create'), {
      token: t.admin,
      body: {
        userName: 'articles-only',
        name: '文',
        surname: '章',
        emailAddress: 'articles-only@example.edu.cn',
        password: 'Passw0rd!',
        roleNames: ['ArticlesOnly'],
      },
    });
    expect(user.status, JSON.stringify(user.body)).toBe(200);
    const token = await t.login('articles-only', 'Passw0rd!');
    expect((await t.call('GET', api('ChapterType/GetAll'), { token })).status).toBe(403);
    expect((await t.call('GET', api('ChapterType/GetList'), { token, query: { CategoryId: grade7a } })).status).toBe(403);
  });

  it('lets the question bank read knowledge points (GetList, GetCascaderList) without managing chapters', async () => {
    const role = await t.call('POST', api('Role/Create'), {
      token: t.admin,
      body: { name: 'CensusOnly', displayName: 'CensusOnly', grantedPermissions: ['Pages', 'Pages.Questions', 'Pages.Questions.Statistical'] },
    });
    expect(role.status, JSON.stringify(role.body)).toBe(200);
    const user = await t.call('POST', api('User/Create'), {
      token: t.admin,
      body: {
        userName: 'census-only',
        name: '统',
        surname: '计',
        emailAddress: 'census-only@example.edu.cn',
        password: 'Passw0rd!',
        roleNames: ['CensusOnly'],
      },
    });
    expect(user.status, JSON.stringify(user.body)).toBe(200);
    const token = await t.login('census-only', 'Passw0rd!');
    expect((await t.call('GET', api('ChapterType/GetCascaderList'), { token, query: { CategoryId: grade7a } })).status).toBe(200);
    expect((await t.call('GET', api('ChapterType/GetList'), { token, query: { CategoryId: grade7a } })).status).toBe(200);
    expect((await t.call('POST', api('ChapterType/Create'), { token, body: { categoryId: grade7a, name: '越权' } })).status).toBe(403);
  });

  it("keeps tenant B's chapters out of reach of tenant A", async () => {
    const b = await createTenant(t, 'chapter2');
    const cat = (await t.call('POST', api('MultiLevelCategory/Create'), { token: b.token, body: { classTypeId: 2, name: '乙校课程' } })).body.result;
    const row = await ok({ categoryId: cat.id, name: '乙校第一章' }, b.token);
    await expectTenantIsolation(t, { service: 'ChapterType', tokenA: t.admin, tokenB: b.token, row, update: { name: '篡改' } });
    // A cannot hang a chapter on B's category either.
    expect(member(await create({ categoryId: cat.id, name: '越界' }))).toEqual(['categoryId']);
    expect((await t.call('GET', api('ChapterType/GetList'), { token: t.admin, query: { CategoryId: cat.id } })).body.result).toEqual([]);
  });
});
