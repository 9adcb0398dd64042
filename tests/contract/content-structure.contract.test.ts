import { ClassType, type CascaderOption, type CategoryPermissionNode } from '@edu/sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startBackend, unique, type Backend, type SignedIn } from './support/backend.ts';

/**
 * The content structure calls beyond CRUD: cascaders, breadcrumbs, the role
 * category tree, chapters, the dictionary (its spec delete path and its
 * cache) and the navigation menu's recycle bin. Each test makes the rows it
 * reads, so it runs against any backend; every response is parsed with the
 * SDK schema by the client.
 */
let backend: Backend;
let admin: SignedIn;
beforeAll(async () => {
  backend = await startBackend();
  admin = await backend.signIn();
});
afterAll(async () => backend?.close());

const find = (options: CascaderOption[] | undefined, value: number) => options?.find((o) => o.value === value);
const flatten = (nodes: CategoryPermissionNode[]): CategoryPermissionNode[] => nodes.flatMap((n) => [n, ...flatten(n.children)]);

describe('categories', () => {
  it('lists the built-in classification types, 5 being resources', async () => {
    const { items } = await admin.client.classificationType.getClassificationTypeList({});
    expect(items.find((t) => t.id === ClassType.Resource)?.code).toBe('resource');
  });

  it('cascaders, breadcrumbs and the chapter cascader follow the tree', async () => {
    const c = admin.client.multiLevelCategory;
    const root = await c.create({ classTypeId: ClassType.Resource, name: unique('合同资源') });
    const child = await c.create({ classTypeId: ClassType.Resource, parentId: root.id, name: '数学' });
    const tree = await c.getCascaderList({ ClassTypeId: ClassType.Resource });
    const node = find(tree, root.id);
    expect(node?.children).toEqual([{ value: child.id, label: '数学' }]);
    const behind = await c.getBehindCascaderList({ ClassTypeId: ClassType.Resource });
    expect(find(behind, root.id)).toBeDefined();

    const crumbs = await c.getSameLevelBreadCrumbs({ Id: child.id });
    expect(crumbs.breadcrumbs).toEqual([
      { id: root.id, name: root.name },
      { id: child.id, name: '数学' },
    ]);
    expect(crumbs.sameLevel).toEqual([{ id: child.id, name: '数学' }]);
    expect((await c.get({ Id: child.id })).fullName).toBe(`${root.name} / 数学`);
    await expect(c.delete({ Id: root.id })).rejects.toMatchObject({ kind: 'userFriendly', status: 500 });

    const course = await c.create({ classTypeId: ClassType.Course, name: unique('合同课程') });
    const chapter = await admin.client.chapterType.create({ categoryId: course.id, name: '第一章' });
    await admin.client.chapterType.create({ categoryId: course.id, parentId: chapter.id, name: '1.1' });
    const chapters = await c.getChapterCascaderList({});
    expect(find(chapters, course.id)).toMatchObject({
      kind: 'category',
      children: [{ value: chapter.id, kind: 'chapter', children: [{ label: '1.1' }] }],
    });
    expect(await admin.client.chapterType.getCascaderList({ CategoryId: course.id })).toHaveLength(1);
    expect((await admin.client.chapterType.getList({ CategoryId: course.id })).map((x) => x.name)).toEqual(['第一章', '1.1']);
    const setting = await c.getAllChapterTypeSetting({});
    expect(setting.items.find((i) => i.categoryId === course.id)?.chapterCount).toBe(1);
    await c.getCascaderWebsiteList({});
    await c.getCascaderSchool({});
  });

  it('moving a node moves its subtree and a cycle is a validation error', async () => {
    const c = admin.client.multiLevelCategory;
    const a = await c.create({ classTypeId: ClassType.Article, name: unique('合同甲') });
    const b = await c.create({ classTypeId: ClassType.Article, parentId: a.id, name: '乙' });
    const leaf = await c.create({ classTypeId: ClassType.Article, parentId: b.id, name: '丙' });
    const other = await c.create({ classTypeId: ClassType.Article, name: unique('合同丁') });
    await c.update({ ...b, parentId: other.id });
    expect(await c.get({ Id: leaf.id })).toMatchObject({ level: 3, fullName: `${other.name} / 乙 / 丙` });
    await expect(c.update({ ...other, parentId: leaf.id })).rejects.toMatchObject({ kind: 'validation', status: 400 });
  });

  it('the role category tree reflects grantedCategoryIds', async () => {
    const category = await admin.client.multiLevelCategory.create({ classTypeId: ClassType.Article, name: unique('合同授权') });
    const role = await admin.client.role.create({
      name: unique('Cat'),
      displayName: '分类授权',
      grantedPermissions: ['Pages'],
      grantedCategoryIds: [category.id],
    });
    expect(role.grantedCategoryIds).toEqual([category.id]);
    const res = await admin.client.categoryPermision.behindMultiLevel({ roleId: role.id, classTypeId: ClassType.Article });
    expect(res.grantedCategoryIds).toEqual([category.id]);
    expect(
      flatten(res.items)
        .filter((n) => n.checked)
        .map((n) => n.id),
    ).toEqual([category.id]);
  });
});

describe('dictionary', () => {
  it('bulk-adds words, deletes through the create path and refreshes the cache', async () => {
    const d = admin.client.systemDictionary;
    const word = unique('合同敏感词');
    const added = await d.createKeywordAndCharacter({ dictionaryType: 'sensitiveWord', names: [word, word.toUpperCase()] });
    expect(added.createdCount).toBe(1);
    const page = await d.getAll({ DictionaryType: 'sensitiveWord', Keyword: word });
    expect(page.items.map((i) => i.name)).toEqual([word]);
    const cache = await d.settingUpdateCache({});
    expect(cache.countsByType.sensitiveWord).toBeGreaterThanOrEqual(1);
    expect(await d.deleteKeywordAndCharacter({ Id: page.items[0]!.id })).toBeNull();
    await expect(d.get({ Id: page.items[0]!.id })).rejects.toMatchObject({ kind: 'notFound' });
    const types = await d.getDictionaryTypeList({});
    expect(types.map((x) => x.value)).toEqual(['keyword', 'sensitiveWord', 'specialCharacter', 'siteSetting']);
  });

  it('creates, gets and updates an entry', async () => {
    const d = admin.client.systemDictionary;
    const created = await d.create({ dictionaryType: 'siteSetting', name: unique('Setting'), value: '1' });
    expect(await d.get({ Id: created.id })).toEqual(created);
    expect((await d.update({ ...created, value: '2' })).value).toBe('2');
  });
});

describe('navigation menu', () => {
  it('delete is soft: the entry shows in the recycle bin and Recover brings it back', async () => {
    const m = admin.client.navigationMenu;
    const entry = await m.create({ name: unique('回收'), url: '/recover' });
    await m.delete({ Id: entry.id });
    await expect(m.get({ Id: entry.id })).rejects.toMatchObject({ kind: 'notFound' });
    const bin = await m.getAll({ IsDeleted: true, MaxResultCount: 1000 });
    expect(bin.items.find((i) => i.id === entry.id)?.isDeleted).toBe(true);
    expect((await m.getMenuDropDownList({})).some((i) => i.id === entry.id)).toBe(false);
    const back = await m.recover({ id: entry.id });
    expect(back).toMatchObject({ id: entry.id, isDeleted: false });
    expect((await m.getMenuDropDownList({})).some((i) => i.id === entry.id)).toBe(true);
    await expect(m.recover({ id: entry.id })).rejects.toMatchObject({ kind: 'notFound' });
  });
});

describe('advertising', () => {
  it('lists the ad positions (class type 8)', async () => {
    const position = await admin.client.multiLevelCategory.create({ classTypeId: ClassType.AdPosition, name: unique('合同广告位') });
    expect((await admin.client.advertising.getAdvertisingCategoryList({})).some((p) => p.id === position.id)).toBe(true);
  });
});
