import { beforeAll, describe, expect, it } from 'vitest';
import { api } from '../testing/tenants.ts';
import { useTestApp } from '../testing/test-app.ts';

/**
 * Paged lists of the kit (crud.ts pagedList): every page, deep or near the end,
 * is the slice of the whole ordered list; list rows are the SDK's list DTOs.
 */
const t = useTestApp();
let categoryId: number;
const ROWS = 2500;

beforeAll(async () => {
  const cascader = await t.call('GET', api('MultiLevelCategory/GetCascaderList'), { token: t.admin, query: { ClassTypeId: 1 } });
  let node = cascader.body.result[0];
  while (node.children?.length) node = node.children[0];
  categoryId = node.value;
  const start = Date.UTC(2026, 0, 1);
  // Repeated titles and pins with NULL and equal pin times: the order's ties and NULLs both matter.
  await t.app.prisma.article.createMany({
    data: Array.from({ length: ROWS }, (_, i) => ({
      tenantId: 1,
      title: `分页文章${i % 37}`,
      categoryId,
      content: `<p>${'正文'.repeat(50)}</p>`,
      isTop: i % 9 === 0,
      topTime: i % 9 === 0 ? new Date(start + (i % 5) * 60_000) : null,
      isDeleted: i % 50 === 0,
    })),
  });
}, 60_000);

async function ids(query: Record<string, unknown>): Promise<{ totalCount: number; ids: number[] }> {
  const res = await t.call('GET', api('Article/GetAll'), { token: t.admin, query });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return { totalCount: res.body.result.totalCount, ids: res.body.result.items.map((i: { id: number }) => i.id) };
}

describe('paged lists', () => {
  for (const sorting of [undefined, 'title desc', 'topTime asc', 'topTime desc, title asc', 'viewCount']) {
    it(`every page is the slice of the whole list (${sorting ?? 'default order'}), from the start, the middle and the end`, async () => {
      const all = await ids({ MaxResultCount: 10_000, ...(sorting && { Sorting: sorting }) });
      expect(all.ids).toHaveLength(all.totalCount);
      const n = all.totalCount;
      for (const skip of [0, 7, 1000, 1234, Math.floor(n / 2), n - 1500, n - 1001, n - 25, n - 10, n - 3, n, n + 5]) {
        const page = await ids({ SkipCount: skip, MaxResultCount: 10, ...(sorting && { Sorting: sorting }) });
        expect(page.totalCount).toBe(n);
        expect(page.ids, `skip ${skip}`).toEqual(all.ids.slice(skip, skip + 10));
      }
    });
  }

  it('list rows leave out the rich-text body, Get returns it', async () => {
    const list = await t.call('GET', api('Article/GetAll'), { token: t.admin, query: { MaxResultCount: 3 } });
    const row = list.body.result.items[0];
    expect(row).not.toHaveProperty('content');
    expect(row).toHaveProperty('title');
    expect(row).toHaveProperty('categoryName');
    const one = await t.call('GET', api('Article/Get'), { token: t.admin, query: { Id: row.id } });
    expect(one.body.result.content.length).toBeGreaterThan(0);
    for (const [service, left] of [
      ['LearningCourse', ['content', 'lessons']],
      ['OneQuestionPerday', ['content', 'analysis']],
    ] as const) {
      const rows = await t.call('GET', api(`${service}/GetAll`), { token: t.admin, query: { MaxResultCount: 5 } });
      expect(rows.body.result.items.length, service).toBeGreaterThan(0);
      for (const r of rows.body.result.items) for (const k of left) expect(r, `${service}.${k}`).not.toHaveProperty(k);
      const mine = await t.call('GET', api(`${service}/GetAllMyselfAndChildren`), { token: t.admin, query: { MaxResultCount: 5 } });
      for (const r of mine.body.result.items) for (const k of left) expect(r, `${service}.${k}`).not.toHaveProperty(k);
    }
  });
});
