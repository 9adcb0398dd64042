/**
 * Keyword indexes: a SQLite FTS5 table with the trigram tokenizer per content
 * table, over the columns its list searches with `Keyword`, kept in step by
 * triggers (so every writer, seed, import and raw SQL included, updates it in
 * the same transaction as the row).
 *
 * Declared by the server, beside the list that searches them (the mock
 * server's `declareKeywordIndex`), and created by `ensureKeywordIndexes` when
 * it opens the database (`openDatabase`'s `keywordIndexes`), not by a
 * migration: Prisma's schema cannot declare virtual tables, and a later
 * migration that redefines a table (SQLite's copy, drop, rename) drops its
 * triggers silently. Checking the definitions at every open repairs that, and
 * changing a declared column list rebuilds the index.
 *
 * The index holds its own copy of the searched columns (short texts, no rich
 * bodies), so a one- or two-character keyword, shorter than a trigram, scans
 * this small copy instead of the content table.
 */
import type { PrismaClient } from '../generated/prisma/client.ts';

/** Table -> the columns its `Keyword` searches (the list's `keywordColumns`). */
export type KeywordIndexes = Readonly<Record<string, readonly string[]>>;

/** The FTS5 table of a content table. */
export const keywordIndexTable = (table: string) => `${table}_fts`;

const q = (name: string) => `"${name.replaceAll('"', '""')}"`;

/** The statements that create one index (table and triggers); their text is also what `ensure` compares. */
export function keywordIndexDdl(table: string, columns: readonly string[]): string[] {
  const fts = q(keywordIndexTable(table));
  const cols = columns.map(q).join(', ');
  const values = (row: 'new' | 'old') => columns.map((c) => `${row}.${q(c)}`).join(', ');
  return [
    `CREATE VIRTUAL TABLE ${fts} USING fts5(${cols}, tokenize = 'trigram')`,
    `CREATE TRIGGER ${q(`${table}_fts_insert`)} AFTER INSERT ON ${q(table)} BEGIN INSERT INTO ${fts} (rowid, ${cols}) VALUES (new."id", ${values('new')}); END`,
    `CREATE TRIGGER ${q(`${table}_fts_delete`)} AFTER DELETE ON ${q(table)} BEGIN DELETE FROM ${fts} WHERE rowid = old."id"; END`,
    `CREATE TRIGGER ${q(`${table}_fts_update`)} AFTER UPDATE OF "id", ${cols} ON ${q(table)} BEGIN DELETE FROM ${fts} WHERE rowid = old."id"; INSERT INTO ${fts} (rowid, ${cols}) VALUES (new."id", ${values('new')}); END`,
  ];
}

interface MasterRow {
  name: string;
  sql: string | null;
}

/**
 * Creates or repairs every given keyword index: when the table or a trigger is
 * missing or differs from its declaration, drops them, creates them and fills
 * the index from the table, in one transaction. A no-op (one read of
 * sqlite_master) when everything is in place.
 */
export async function ensureKeywordIndexes(prisma: PrismaClient, indexes: KeywordIndexes): Promise<string[]> {
  const master = await prisma.$queryRawUnsafe<MasterRow[]>(`SELECT name, sql FROM sqlite_master WHERE type IN ('table', 'trigger')`);
  const sqlOf = new Map(master.map((r) => [r.name, r.sql]));
  const rebuilt: string[] = [];
  for (const [table, columns] of Object.entries(indexes)) {
    if (!sqlOf.has(table)) continue; // not migrated yet (a partial test schema)
    const ddl = keywordIndexDdl(table, columns);
    const names = [keywordIndexTable(table), `${table}_fts_insert`, `${table}_fts_delete`, `${table}_fts_update`];
    if (names.every((n, i) => sqlOf.get(n) === ddl[i])) continue;
    const fts = q(keywordIndexTable(table));
    const cols = columns.map(q).join(', ');
    await prisma.$transaction([
      ...names.slice(1).map((n) => prisma.$executeRawUnsafe(`DROP TRIGGER IF EXISTS ${q(n)}`)),
      prisma.$executeRawUnsafe(`DROP TABLE IF EXISTS ${fts}`),
      ...ddl.map((s) => prisma.$executeRawUnsafe(s)),
      prisma.$executeRawUnsafe(`INSERT INTO ${fts} (rowid, ${cols}) SELECT "id", ${cols} FROM ${q(table)}`),
    ]);
    rebuilt.push(table);
  }
  return rebuilt;
}
