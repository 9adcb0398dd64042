import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PrismaClient } from '../generated/prisma/client.ts';
import { createPrismaClient, openDatabase } from './client.ts';
import { ensureKeywordIndexes, keywordIndexTable, type KeywordIndexes } from './keyword-index.ts';
import { pendingSchemaChanges } from './migrate.ts';
import { tempDatabase, type TempDatabase } from './testing.ts';

/** Indexes as a server declares them (the mock server's lists declare theirs beside their keyword columns). */
const INDEXES: KeywordIndexes = { Article: ['title', 'summary', 'keywords', 'author'], TestQuestion: ['title'] };

let db: TempDatabase;
let prisma: PrismaClient;
beforeAll(async () => {
  db = tempDatabase();
  prisma = await openDatabase(db.url, { keywordIndexes: INDEXES });
});
afterAll(async () => {
  await prisma.$disconnect();
  db.remove();
});

const objects = async () =>
  (await prisma.$queryRawUnsafe<Array<{ name: string }>>(`SELECT name FROM sqlite_master WHERE name LIKE '%\\_fts%' ESCAPE '\\' ORDER BY name`)).map(
    (r) => r.name,
  );
const indexed = async (table: string, text: string) =>
  (
    await prisma.$queryRawUnsafe<Array<{ id: bigint }>>(
      `SELECT rowid AS id FROM "${keywordIndexTable(table)}" WHERE "${keywordIndexTable(table)}" MATCH ?`,
      `"${text}"`,
    )
  ).map((r) => Number(r.id));

describe('keyword indexes', () => {
  it('exist for every declared table, with their three triggers, and a second open changes nothing', async () => {
    const names = await objects();
    for (const table of Object.keys(INDEXES))
      for (const suffix of ['_fts', '_fts_insert', '_fts_update', '_fts_delete']) expect(names).toContain(`${table}${suffix}`);
    expect(await ensureKeywordIndexes(prisma, INDEXES)).toEqual([]);
  });

  it('are repaired when a migration dropped a trigger (a table redefinition does), and refilled from the table', async () => {
    const tenant = await prisma.tenant.create({ data: { tenancyName: 'kw', name: 'kw' } });
    const row = await prisma.article.create({ data: { tenantId: tenant.id, title: '触发器丢失之前', categoryId: 1, content: 'x' } });
    await prisma.$executeRawUnsafe('DROP TRIGGER "Article_fts_update"');
    await prisma.article.update({ where: { id: row.id }, data: { title: '触发器丢失之后' } });
    expect(await indexed('Article', '丢失之后')).toEqual([]);
    // The next start repairs it.
    const again = createPrismaClient(db.url);
    expect(await ensureKeywordIndexes(again, INDEXES)).toEqual(['Article']);
    await again.$disconnect();
    expect(await indexed('Article', '丢失之后')).toEqual([row.id]);
    expect(await indexed('Article', '丢失之前')).toEqual([]);
  });

  it('leave the schema diff clean: the migrations still reach the Prisma schema exactly', async () => {
    expect((await pendingSchemaChanges()).script).toBe('');
  });
});
