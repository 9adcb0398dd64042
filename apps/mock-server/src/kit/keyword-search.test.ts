import { beforeAll, describe, expect, it } from 'vitest';
import { api, createTenant } from '../testing/tenants.ts';
import { useTestApp } from '../testing/test-app.ts';
import { declareKeywordIndex, keywordColumnsOf, keywordIndexes, keywordIndexOf, MAX_KEYWORD_IDS } from './keyword-search.ts';

/**
 * Keyword search through the trigram index (prisma/src/keyword-index.ts) and
 * its LIKE fallbacks, end to end through Article/GetAll: exact matches and
 * counts, short keywords, writes seen at once, rollbacks, hostile keywords,
 * tenants and soft delete.
 */
const t = useTestApp();
let categoryId: number;

beforeAll(async () => {
  const cascader = await t.call('GET', api('MultiLevelCategory/GetCascaderList'), { token: t.admin, query: { ClassTypeId: 1 } });
  let node = cascader.body.result[0];
  while (node.children?.length) node = node.children[0];
  categoryId = node.value;
});

async function create(title: string, extra: object = {}, token = t.admin): Promise<number> {
  const res = await t.call('POST', api('Article/Create'), { token, body: { title, categoryId, content: '<p>正文</p>', ...extra } });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.result.id;
}

async function search(keyword: string, token = t.admin): Promise<{ totalCount: number; ids: number[] }> {
  const res = await t.call('GET', api('Article/GetAll'), { token, query: { Keyword: keyword, MaxResultCount: 1000 } });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return { totalCount: res.body.result.totalCount, ids: res.body.result.items.map((i: { id: number }) => i.id) };
}

/** What the index holds against the table: FTS5's own check, and no row without its article or the other way round. */
async function expectIndexConsistent() {
  await t.app.prisma.$executeRawUnsafe(`INSERT INTO "Article_fts" ("Article_fts") VALUES ('integrity-check')`);
  const [row] = await t.app.prisma.$queryRawUnsafe<Array<{ orphans: bigint; missing: bigint }>>(
    `SELECT (SELECT count(*) FROM "Article_fts" WHERE rowid NOT IN (SELECT id FROM "Article")) AS orphans,
            (SELECT count(*) FROM "Article" WHERE id NOT IN (SELECT rowid FROM "Article_fts")) AS missing`,
  );
  expect(row).toEqual({ orphans: 0n, missing: 0n });
}

describe('keyword search', () => {
  it('finds a Chinese word of three or more characters in any searched column, with an exact count', async () => {
    const a = await create('浅谈量子纠缠在物理教学中的启示');
    const b = await create('课堂随笔', { summary: '关于量子纠缠的一次讨论' });
    const c = await create('无关标题', { keywords: '量子纠缠,物理' });
    await create('量子力学入门');
    const found = await search('量子纠缠');
    expect(found.ids.sort()).toEqual([a, b, c].sort());
    expect(found.totalCount).toBe(3);
    expect((await search('纠缠在物理')).ids).toEqual([a]);
  });

  it('answers one- and two-character keywords (shorter than a trigram) correctly', async () => {
    const whale = await create('蓝鲸的迁徙');
    const whale2 = await create('一头鲸', { author: '鲸鱼观察员' });
    expect((await search('鲸')).ids.sort()).toEqual([whale, whale2].sort());
    expect((await search('鲸')).totalCount).toBe(2);
    expect((await search('蓝鲸')).ids).toEqual([whale]);
    expect((await search('鲸鱼')).ids).toEqual([whale2]);
  });

  it('is case-insensitive for Latin letters, as LIKE was', async () => {
    const id = await create('Python 编程入门');
    expect((await search('python')).ids).toContain(id);
    expect((await search('PY')).ids).toContain(id);
  });

  it('sees an update and a delete at once', async () => {
    const id = await create('原始标题玳瑁');
    expect((await search('玳瑁')).ids).toEqual([id]);
    const updated = await t.call('PUT', api('Article/Update'), {
      token: t.admin,
      body: { id, title: '新标题砗磲', categoryId, content: '<p>x</p>' },
    });
    expect(updated.status).toBe(200);
    expect((await search('玳瑁')).totalCount).toBe(0);
    expect((await search('标题砗磲')).ids).toEqual([id]);
    expect((await t.call('DELETE', api('Article/Delete'), { token: t.admin, query: { Id: id } })).status).toBe(200);
    expect(await search('标题砗磲')).toEqual({ totalCount: 0, ids: [] });
    expect((await search('砗')).totalCount).toBe(0);
    await expectIndexConsistent();
  });

  it('a rolled-back write leaves the index as it was', async () => {
    const before = await search('回滚测试');
    await expect(
      t.app.prisma.$transaction(async (tx) => {
        await tx.article.create({ data: { tenantId: 1, title: '回滚测试文章', categoryId, content: 'x' } });
        await tx.article.updateMany({ where: { title: '浅谈量子纠缠在物理教学中的启示' }, data: { title: '被回滚的改名' } });
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    expect(await search('回滚测试')).toEqual(before);
    expect((await search('被回滚的改名')).totalCount).toBe(0);
    expect((await search('量子纠缠')).totalCount).toBe(3);
    await expectIndexConsistent();
  });

  it('takes quotes, wildcards and FTS syntax literally, never a 500', async () => {
    const odd = await create('满分100%_"引号"*AND NEAR(考试 复习) OR 星\\号');
    for (const k of ['"', '*', '%', '_', '100%_', '"引号"', 'AND', 'NEAR(考试', 'OR 星', '\\', '"*', 'AND NEAR', '%_"']) {
      const found = await search(k);
      expect(found.ids, k).toContain(odd);
      // Nothing else in the table has these characters: a wildcard or operator would match more.
      expect(found.totalCount, k).toBe(1);
    }
    // Tables without an index (users) match through Prisma's contains: wildcards literal there too.
    const users = await t.call('GET', api('User/GetAll'), { token: t.admin, query: { Keyword: '%' } });
    expect(users.body.result.totalCount).toBe(0);
    for (const k of ['NOT', '^', '{', '(', ')', ':', '-', 'title:满分', '""""', 'a AND b']) {
      const res = await t.call('GET', api('Article/GetAll'), { token: t.admin, query: { Keyword: k } });
      expect(res.status, k).toBe(200);
    }
  });

  it('a keyword holding a NUL is refused, naming it (LIKE and FTS5 would stop reading at the NUL and match more)', async () => {
    for (const [path, k] of [
      ['Article/GetAll', '\u0000'],
      ['Article/GetAll', '量子\u0000纠缠'],
      ['User/GetAll', '胡\u0000'],
      ['User/GetMemberOptions', '\u0000'],
    ]) {
      const res = await t.call('GET', api(path!), { token: t.admin, query: { Keyword: k } });
      expect(res.status, `${path} ${JSON.stringify(k)}`).toBe(400);
      expect(res.body.error.validationErrors[0].members).toEqual(['keyword']);
    }
  });

  it('finds a user by the full name typed as one word (surname and name are two columns), with an exact count', async () => {
    const users = async (keyword: string) => {
      const res = await t.call('GET', api('User/GetAll'), { token: t.admin, query: { Keyword: keyword, MaxResultCount: 1000 } });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      const { totalCount, items } = res.body.result as { totalCount: number; items: Array<{ userName: string }> };
      expect(totalCount).toBe(items.length);
      return items.map((u) => u.userName);
    };
    expect(await users('胡宇航')).toEqual(['huyuhang']);
    expect(await users('胡宇')).toEqual(['huyuhang']);
    expect(await users('宇航')).toEqual(['huyuhang']);
    expect(await users('huyuhang')).toEqual(['huyuhang']);
    expect(await users('胡宇航航')).toEqual([]);
    expect(await users('胡%')).toEqual([]);
    expect(await users('胡_航')).toEqual([]);
    for (const k of ['胡\\', '"胡', '胡 宇航']) expect(await users(k), k).toEqual([]);
    // A one-character keyword is a column match only (any surname or name holding it).
    expect(await users('胡')).toContain('huyuhang');
  });

  it('keeps the tenant filter and hides soft-deleted rows', async () => {
    const other = await createTenant(t, 'kwsearch');
    // The new tenant has no categories yet: its article is written directly.
    const theirs = (await t.app.prisma.article.create({ data: { tenantId: other.id, title: '另一学校的鹦鹉螺', categoryId, content: 'x' } })).id;
    const ours = await create('本校的鹦鹉螺');
    expect((await search('鹦鹉螺')).ids).toEqual([ours]);
    expect((await search('鹦鹉螺', other.token)).ids).toEqual([theirs]);
    await t.call('DELETE', api('Article/Delete'), { token: t.admin, query: { Id: ours } });
    expect((await search('鹦鹉螺')).totalCount).toBe(0);
    expect((await search('鹦')).totalCount).toBe(0);
  });

  it('with more matches than it passes as ids, falls back to LIKE with the same answer', async () => {
    const rows = Array.from({ length: MAX_KEYWORD_IDS + 5 }, (_, i) => ({ tenantId: 1, title: `批量海葵文章${i}`, categoryId, content: 'x' }));
    await t.app.prisma.article.createMany({ data: rows });
    await t.app.prisma.article.create({ data: { tenantId: 1, title: '百分号100%海葵', categoryId, content: 'x' } });
    for (const k of ['海葵', '批量海葵', '海']) expect((await search(k)).totalCount, k).toBeGreaterThanOrEqual(MAX_KEYWORD_IDS + 5);
    expect((await search('批量海葵文章')).totalCount).toBe(MAX_KEYWORD_IDS + 5);
    const page = await t.call('GET', api('Article/GetAll'), { token: t.admin, query: { Keyword: '批量海葵文章', MaxResultCount: 3 } });
    expect(page.body.result.items.map((i: { title: string }) => i.title)).toEqual([
      `批量海葵文章${MAX_KEYWORD_IDS + 4}`,
      `批量海葵文章${MAX_KEYWORD_IDS + 3}`,
      `批量海葵文章${MAX_KEYWORD_IDS + 2}`,
    ]);
    expect((await search('%海葵')).totalCount).toBe(1);
  }, 120_000);
});

describe('keyword columns declared once', () => {
  it('refuses a list over an indexed table searching other columns than its index, instead of falling back to LIKE silently', () => {
    expect(keywordIndexOf('Article', ['summary', 'title', 'author', 'keywords'])).toEqual(['title', 'summary', 'keywords', 'author']);
    expect(() => keywordIndexOf('Article', ['title', 'summary'])).toThrow(/Article: the list searches title, summary but its keyword index holds/);
    expect(keywordIndexOf('User', ['userName'])).toBeUndefined();
  });

  it('collects the indexes the lists declare, and refuses one declared after a list of its table searched other columns', () => {
    expect(keywordIndexes()).toEqual({
      Article: ['title', 'summary', 'keywords', 'author'],
      Resource: ['title', 'description', 'fileType'],
      LearningCourse: ['title', 'summary'],
      OneQuestionPerday: ['title', 'answer'],
      TestQuestion: ['title'],
    });
    keywordColumnsOf('PlantedTable', ['name', 'code']);
    expect(() => declareKeywordIndex('PlantedTable', ['name'])).toThrow(
      /PlantedTable: the list searches name, code but its keyword index holds name/,
    );
  });
});
