import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, ownStatement, sqliteConnection, writeVersions, type PrismaClient } from '@edu/db';
import { seededDatabase, type TempDatabase } from '@edu/db/testing';
import { withDataFilters } from '../db/data-filters.ts';
import { insertRow, insertStored } from './sql-insert.ts';
import { compiledTable } from './sql-list.ts';

/**
 * A compiled INSERT writes the row Prisma's create writes through the data
 * filters, stored byte for byte the same (dates as the adapter binds them,
 * booleans, NULLs, the table's defaults), reports the write to the write
 * versions, and declines (writing nothing) whatever it cannot write the same.
 */
let db: TempDatabase;
let prisma: PrismaClient;
let categoryId: number;
const session = { tenantId: 1, userId: 2 };

beforeAll(async () => {
  db = await seededDatabase();
  prisma = await openDatabase(db.url);
  categoryId = (await prisma.multiLevelCategory.findFirstOrThrow({ where: { tenantId: 1, classTypeId: 1 } })).id;
}, 120_000);
afterAll(async () => {
  await prisma.$disconnect();
  db.remove();
});

/** The stored row as SQLite stores it (dates as the text written), its creation time apart (the two writes differ in time). */
function stored(id: number) {
  const row = ownStatement(sqliteConnection(prisma)!, `SELECT * FROM "Article" WHERE id = ?`).get(id) as Record<string, unknown>;
  const { id: _id, creationTime, ...rest } = row;
  return { rest, creationTime: String(creationTime) };
}

const article = (i: number) => ({
  title: `标题${i}`,
  categoryId,
  summary: i % 2 ? null : '摘要',
  content: '<p>正文 "引号" \\ 反斜杠</p>',
  author: '作者',
  keywords: 'a,b',
  isTop: i % 2 === 0,
  topTime: i % 2 === 0 ? new Date(Date.UTC(2026, 0, 2, 3, 4, 5, 6)) : null,
  auditStatus: 0,
  reviewStep: 1,
});

describe('insertRow', () => {
  it('stores what the filtered client create stores', async () => {
    const filtered = withDataFilters(prisma, session);
    for (const i of [1, 2]) {
      const viaPrisma = (await filtered.article.create({ data: { ...article(i), tenantId: 1 } })).id;
      const compiled = insertRow(prisma, 'Article', session, { ...article(i), tenantId: 1 });
      expect(compiled).toBeTypeOf('number');
      const a = stored(viaPrisma);
      const b = stored(compiled!);
      expect(b.rest).toEqual(a.rest);
      expect(b.rest.creatorUserId).toBe(2);
      // Same stored form of the time of the create (ISO 8601 with +00:00).
      expect(b.creationTime).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}\+00:00$/);
      expect(a.creationTime).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}\+00:00$/);
    }
  });

  it('answers the new row as a compiled read of it gives it (defaults, dates, booleans, nulls)', () => {
    for (const i of [7, 8]) {
      const created = insertStored(prisma, 'Article', session, { ...article(i), tenantId: 1 })!;
      expect(created.row).not.toBeNull();
      const [read] = compiledTable(prisma, 'Article', session)!.findMany({ where: { id: created.id }, take: 1, cache: false })!;
      expect(created.row).toEqual(read);
      expect(created.row).toMatchObject({ id: created.id, viewCount: 0, isDeleted: false, isTop: i % 2 === 0, creatorUserId: 2 });
    }
  });

  it('leaves the row to a read where a trigger could change it', async () => {
    // A second connection: the table's description is kept per connection, and this one's is read after the trigger exists.
    const other = await openDatabase(db.url);
    const conn = sqliteConnection(other)!;
    conn.exec(`CREATE TRIGGER "Article_test_before" BEFORE INSERT ON "Article" BEGIN SELECT 1; END`);
    try {
      const created = insertStored(other, 'Article', session, { ...article(9), tenantId: 1 })!;
      expect(created.id).toBeTypeOf('number');
      expect(created.row).toBeNull();
    } finally {
      conn.exec(`DROP TRIGGER "Article_test_before"`);
      await other.$disconnect();
    }
  });

  it("fills the session's tenant and keeps a given creator or creation time", async () => {
    const at = new Date(Date.UTC(2025, 5, 6));
    const id = insertRow(prisma, 'Article', session, { ...article(3), creatorUserId: null, creationTime: at })!;
    const row = await prisma.article.findUniqueOrThrow({ where: { id } });
    expect(row.tenantId).toBe(1);
    expect(row.creatorUserId).toBeNull();
    expect(row.creationTime).toEqual(at);
  });

  it('makes the cached values of the table stale', () => {
    const versions = writeVersions(prisma);
    const before = versions.version('Article');
    insertRow(prisma, 'Article', session, { ...article(4), tenantId: 1 });
    expect(versions.version('Article')).not.toBe(before);
  });

  it('declines, writing nothing, what only Prisma writes the same', async () => {
    const count = () => prisma.article.count();
    const n = await count();
    // A column the table lacks, a relation, a value of another type, NULL in a NOT NULL column.
    expect(insertRow(prisma, 'Article', session, { ...article(5), nope: 1 })).toBeUndefined();
    expect(insertRow(prisma, 'Article', session, { ...article(5), category: { connect: { id: categoryId } } })).toBeUndefined();
    expect(insertRow(prisma, 'Article', session, { ...article(5), viewCount: '3' })).toBeUndefined();
    expect(insertRow(prisma, 'Article', session, { ...article(5), title: null })).toBeUndefined();
    // A MustHaveTenant row on the host side (Prisma's path raises ABP's error); a model with entity history.
    expect(insertRow(prisma, 'Article', { tenantId: null, userId: 1 }, article(5))).toBeUndefined();
    expect(insertRow(prisma, 'Role', session, { name: 'x', displayName: 'x', normalizedName: 'X' })).toBeUndefined();
    expect(await count()).toBe(n);
  });

  it('declines while a transaction is open on the connection, whose rollback would take the row with it', async () => {
    let resume!: () => void;
    const paused = new Promise<void>((r) => (resume = r));
    let began!: () => void;
    const open = new Promise<void>((r) => (began = r));
    const rolledBack = prisma
      .$transaction(async (tx) => {
        await tx.article.count();
        began();
        await paused;
        throw new Error('rolled back');
      })
      .catch(() => 'rolled back');
    await open;
    const n = await prisma.article.count();
    expect(insertRow(prisma, 'Article', session, article(6))).toBeUndefined();
    resume();
    expect(await rolledBack).toBe('rolled back');
    expect(await prisma.article.count()).toBe(n);
  });
});
