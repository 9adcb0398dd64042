import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, sqliteConnection, type Prisma, type PrismaClient } from '@edu/db';
import { seededDatabase, type TempDatabase } from '@edu/db/testing';
import { withDataFilters } from '../db/data-filters.ts';
import type { OrderBy } from './paging.ts';
import { compiledTable, configurePageCache, DEFAULT_PAGE_CACHE_ROWS, toDate } from './sql-list.ts';

/**
 * The compiled list reads answer exactly what Prisma answers through the data
 * filters: the same rows, in the same order, with the same values (booleans,
 * dates, NULLs), for every condition form the kit builds; anything else is
 * declined (undefined), never answered differently.
 */
let db: TempDatabase;
let prisma: PrismaClient;
let categoryId: number;

beforeAll(async () => {
  db = await seededDatabase();
  prisma = await openDatabase(db.url);
  categoryId = (await prisma.multiLevelCategory.findFirstOrThrow({ where: { tenantId: 1, classTypeId: 1 } })).id;
  const base = Date.UTC(2026, 0, 1);
  // Another tenant's rows, soft-deleted rows, NULLs and ties in the ordered columns, wildcards in text.
  await prisma.article.createMany({
    data: Array.from({ length: 60 }, (_, i) => ({
      tenantId: i % 7 === 0 ? 2 : 1,
      title: i % 11 === 0 ? `100%_折扣${i}` : `比较文章${i % 5}`,
      categoryId,
      content: '<p>正文</p>',
      author: i % 3 === 0 ? null : `作者${i % 4}`,
      isTop: i % 4 === 0,
      topTime: i % 4 === 0 ? new Date(base + (i % 3) * 60_000) : null,
      isDeleted: i % 13 === 0,
      creatorUserId: i % 6 === 0 ? null : 2 + (i % 3),
      viewCount: i % 10,
    })),
  });
}, 120_000);
afterAll(async () => {
  await prisma.$disconnect();
  db.remove();
});

const wheres = (): Array<Prisma.ArticleWhereInput | undefined> => [
  undefined,
  {},
  { categoryId },
  { title: { contains: '文章3' } },
  { title: { contains: '%' } },
  { title: { startsWith: '比较' } },
  { title: { endsWith: '2' } },
  { author: null },
  { author: { not: null } },
  { creatorUserId: { not: 3 } },
  { creatorUserId: { not: null, notIn: [2] } },
  { NOT: { creatorUserId: 2 } },
  { NOT: [{ creatorUserId: 2 }, { isTop: true }] },
  { id: { in: [] } },
  { id: { notIn: [] } },
  { OR: [] },
  { AND: [] },
  { OR: [{ isTop: true }, { viewCount: { gte: 8 } }] },
  { AND: [{ viewCount: { gt: 2, lte: 6 } }, { OR: [{ author: '作者1' }, { author: { equals: null } }] }] },
  { isTop: false, viewCount: { lt: 3 } },
];
const ORDERS: Array<OrderBy | undefined> = [
  undefined,
  [{ id: 'desc' }],
  [{ isTop: 'desc' }, { topTime: 'desc' }, { id: 'desc' }],
  [{ author: 'asc' }, { id: 'asc' }],
];

describe('compiled list reads', () => {
  for (const tenantId of [1, null]) {
    it(`match Prisma's findMany and count through the data filters (${tenantId === null ? 'host' : `tenant ${tenantId}`})`, async () => {
      const session = { tenantId, userId: 2 };
      const filtered = withDataFilters(prisma, session);
      const compiled = compiledTable(prisma, 'Article', session);
      expect(compiled).toBeDefined();
      for (const where of wheres())
        for (const orderBy of ORDERS)
          for (const [skip, take] of [
            [undefined, undefined],
            [0, 7],
            [5, 4],
          ]) {
            const args = { where, orderBy, skip, take, omit: { content: true } };
            const viaPrisma = await filtered.article.findMany(args);
            const viaSql = compiled!.findMany(args);
            expect(viaSql, JSON.stringify(args)).toEqual(viaPrisma);
          }
      for (const where of wheres()) expect(compiled!.count({ where }), JSON.stringify(where)).toBe(await filtered.article.count({ where }));
      expect(compiled!.findMany({ where: { isTop: true }, select: { id: true }, orderBy: [{ id: 'asc' }] })).toEqual(
        await filtered.article.findMany({ where: { isTop: true }, select: { id: true }, orderBy: [{ id: 'asc' }] }),
      );
    });
  }

  it('declines what it cannot compile (dates, relation filters, modes, unknown columns)', () => {
    const compiled = compiledTable(prisma, 'Article', { tenantId: 1, userId: 2 })!;
    for (const where of [
      { creationTime: { gte: new Date() } },
      { title: { contains: 'a', mode: 'insensitive' } },
      { nonexistent: 1 },
      { title: { not: { contains: 'x' } } },
      { viewCount: '1' },
    ])
      expect(compiled.findMany({ where }), JSON.stringify(where)).toBeUndefined();
    expect(compiledTable(prisma, 'NoSuchModel', { tenantId: 1, userId: 2 })).toBeUndefined();
  });

  it("sees an open transaction's writes, as Prisma's reads on the same connection do", async () => {
    const session = { tenantId: 1, userId: 2 };
    const compiled = compiledTable(prisma, 'Article', session)!;
    const before = compiled.count({});
    await expect(
      prisma.$transaction(async (tx) => {
        await tx.article.create({ data: { tenantId: 1, title: '事务中', categoryId, content: '' } });
        expect(compiled.count({})).toBe(before! + 1);
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    expect(compiled.count({})).toBe(before);
  });

  it('keeps a page until its table is written: every write, committed or rolled back, shows on the next read', async () => {
    const session = { tenantId: 1, userId: 2 };
    const compiled = compiledTable(prisma, 'Article', session)!;
    const filtered = withDataFilters(prisma, session);
    const args = { where: { categoryId }, orderBy: [{ id: 'desc' }] satisfies OrderBy, skip: 0, take: 5, omit: { content: true } };
    const read = () => compiled.findMany(args)!;
    // A caller changing its rows (read from the table, then from memory) changes nothing for the next reader.
    read()[0]!.title = '改过的副本';
    read()[0]!.title = '改过的副本';
    const again = read();
    expect(again).toEqual(await filtered.article.findMany(args));
    const id = again[0]!.id as number;

    await prisma.article.update({ where: { id }, data: { title: '改过的标题' } });
    expect(read()[0]).toMatchObject({ id, title: '改过的标题' });

    // Read (and kept) inside a transaction that then rolls back: the rolled-back row is not what the next read sees.
    await expect(
      prisma.$transaction(async (tx) => {
        await tx.article.update({ where: { id }, data: { title: '回滚的标题' } });
        expect(read()[0]).toMatchObject({ id, title: '回滚的标题' });
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    expect(read()[0]).toMatchObject({ id, title: '改过的标题' });

    // A write to another table leaves the page as it is; a soft delete (an update) takes the row out.
    await prisma.friendLink.deleteMany({ where: { id: -1 } });
    expect(read()).toEqual(await filtered.article.findMany(args));
    await prisma.article.update({ where: { id }, data: { isDeleted: true } });
    expect(read().map((r) => r.id)).not.toContain(id);
    expect(read()).toEqual(await filtered.article.findMany(args));
  });

  it('answers a page read again from memory, unless PAGE_CACHE_ROWS is 0', () => {
    const session = { tenantId: 1, userId: 2 };
    const args = { where: { categoryId }, orderBy: [{ id: 'asc' }] satisfies OrderBy, take: 1, omit: { content: true } };
    // A write behind the write versions' back (never done outside this test) shows whether a read went to the table.
    const sneak = (title: string) => sqliteConnection(prisma)!.exec(`UPDATE "Article" SET "title" = '${title}' WHERE "id" = ${Number(row.id)}`);
    const row = compiledTable(prisma, 'Article', session)!.findMany(args)![0]!;
    try {
      sneak('不经版本的写');
      expect(compiledTable(prisma, 'Article', session)!.findMany(args)![0]!.title).toBe(row.title);
      configurePageCache(prisma, 0);
      expect(compiledTable(prisma, 'Article', session)!.findMany(args)![0]!.title).toBe('不经版本的写');
    } finally {
      sneak(row.title as string);
      configurePageCache(prisma, DEFAULT_PAGE_CACHE_ROWS);
    }
  });
});

describe('toDate', () => {
  it('reads a stored date as the engine reads its text, the adapter-written form digit by digit', () => {
    const texts = [
      '2026-11-28T06:11:40.123+00:00',
      '2024-02-29T23:59:59.999+00:00',
      '1970-01-01T00:00:00.000+00:00',
      '0099-12-31T12:00:00.000+00:00',
      '2026-02-30T00:00:00.000+00:00',
      '2026-13-01T00:00:00.000+00:00',
      '2026-01-01T24:00:00.000+00:00',
      '2026-11-28T06:11:40.123+08:00',
      '2026-11-28T06:11:40.123Z',
      '2026-11-28 06:11:40',
      '2026-11-28',
    ];
    for (const text of texts) {
      const zoned = /(Z|[+-]\d\d:?\d\d)$/.test(text) ? text : text.length === 10 ? `${text}T00:00:00Z` : `${text.replace(' ', 'T')}Z`;
      expect(toDate(text)?.getTime(), text).toEqual(new Date(zoned).getTime());
    }
    expect(toDate(1_700_000_000_000)).toEqual(new Date(1_700_000_000_000));
    expect(toDate(null)).toBeNull();
  });
});
