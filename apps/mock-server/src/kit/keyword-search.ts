import { keywordIndexTable, Prisma, writeVersions, type KeywordIndexes, type PrismaClient } from '@edu/db';
import type { RequestContext } from './context.ts';
import { keywordWhere } from './paging.ts';

/**
 * More matches than this and the ids are not passed to the list query (a
 * bind value each); the keyword becomes a LIKE on the table instead, which
 * is cheap for common words: the page stops at its tenth match and the total
 * is counted once per table version (count-cache.ts).
 */
export const MAX_KEYWORD_IDS = 5000;

/** The trigram tokenizer indexes three characters; shorter keywords are matched with LIKE. */
const TRIGRAM = 3;

/** `LIKE` text of a keyword: wildcards and the escape character taken literally. */
export const likePattern = (keyword: string) => `%${keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** An FTS5 phrase: the keyword inside double quotes (doubled within), so `AND`, `NEAR`, `*`, `:` are text. */
export const ftsPhrase = (keyword: string) => `"${keyword.replaceAll('"', '""')}"`;

const sameColumns = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((c) => b.includes(c));

/** Table -> the columns of its keyword index, as the lists declaring one said (`keywordIndex: true`). */
const declaredIndexes = new Map<string, readonly string[]>();
/** Table -> the column lists its lists search, to check against an index declared later. */
const searchedColumns = new Map<string, Array<readonly string[]>>();

const mismatch = (table: string, columns: readonly string[], indexed: readonly string[]) =>
  new Error(`${table}: the list searches ${columns.join(', ')} but its keyword index holds ${indexed.join(', ')}; declare the same columns`);

/**
 * Declares a keyword index (a trigram FTS5 table, prisma/src/keyword-index.ts)
 * over the columns a list searches: the list's `keywordColumns` with
 * `keywordIndex: true` in its handlers' configuration (crudHandlers,
 * contentHandlers), in the entity's service file. The server creates or repairs
 * every declared index when it opens the database (`keywordIndexes()`, app.ts).
 * Any list of the table searching other columns throws, naming both.
 */
export function declareKeywordIndex(table: string, columns: readonly string[]): void {
  const indexed = declaredIndexes.get(table);
  if (indexed && !sameColumns(indexed, columns)) throw mismatch(table, columns, indexed);
  for (const searched of searchedColumns.get(table) ?? []) if (!sameColumns(searched, columns)) throw mismatch(table, searched, columns);
  declaredIndexes.set(table, indexed ?? columns);
}

/** Every declared keyword index, for `openDatabase` (`keywordIndexes` option). */
export function keywordIndexes(): KeywordIndexes {
  return Object.fromEntries(declaredIndexes);
}

/**
 * The columns of `table`'s keyword index (declared with `declareKeywordIndex`),
 * or undefined without one. A list over an indexed table must search exactly
 * the index's columns: anything else throws, naming both, when the list is
 * configured (crudHandlers, contentHandlers), so the server does not start,
 * instead of searching with LIKE without saying so.
 */
export function keywordIndexOf(table: string, columns: readonly string[]): readonly string[] | undefined {
  const indexed = declaredIndexes.get(table);
  if (indexed && !sameColumns(indexed, columns)) throw mismatch(table, columns, indexed);
  return indexed;
}

/** Records a list's keyword columns (checked against its table's index, now and when one is declared later); with `indexed`, declares the index over them. */
export function keywordColumnsOf(table: string, columns: readonly string[], indexed = false): void {
  if (indexed) declareKeywordIndex(table, columns);
  keywordIndexOf(table, columns);
  searchedColumns.set(table, [...(searchedColumns.get(table) ?? []), columns]);
}

export type KeywordCondition = { id: { in: number[] } } | { OR: Array<{ [column: string]: { contains: string } }> };

/** Prisma's `contains` and `startsWith` are a LIKE without an escape character: exact only for keywords without these. */
export const LIKE_SPECIAL = /[\\%_]/;
const MODELS = new Set<string>(Object.values(Prisma.ModelName));

type IdRow = { id: number | bigint };

/** Keywords' matching ids kept per client, exact: stamped with the table's write version (as count-cache.ts). */
const MATCH_CACHE_SIZE = 200;
const matchCaches = new WeakMap<PrismaClient, Map<string, { stamp: string; rows: Promise<IdRow[]> }>>();

/** `find()` once per table version and keyword; concurrent requests share the lookup in progress. */
function cachedMatches(prisma: PrismaClient, table: string, keyword: string, find: () => Promise<IdRow[]>): Promise<IdRow[]> {
  let cache = matchCaches.get(prisma);
  if (!cache) matchCaches.set(prisma, (cache = new Map<string, { stamp: string; rows: Promise<IdRow[]> }>()));
  const key = `${table}|${keyword}`;
  // Read before the lookup: a write racing it leaves the entry stale, never wrong.
  const stamp = writeVersions(prisma).version(table);
  const hit = cache.get(key);
  if (hit && hit.stamp === stamp) return hit.rows;
  const rows = find();
  const entry = { stamp, rows };
  cache.set(key, entry);
  rows.catch(() => cache.get(key) === entry && cache.delete(key));
  if (cache.size > MATCH_CACHE_SIZE) cache.delete(cache.keys().next().value!);
  return rows;
}

/**
 * The condition a list's `Keyword` adds: "any of `columns` contains the
 * keyword", case-insensitively (Latin letters), literally (`%`, `_`, quotes
 * and FTS operators are text). Tables with a keyword index (declared by their
 * lists, `declareKeywordIndex`) over exactly these columns answer from the index: three
 * characters and more with an FTS5 trigram phrase query, one or two with LIKE
 * over the index's own copy of the short columns (a scan, but of a small
 * table, not of rows with rich-text bodies). The ids found become `id IN
 * (...)`, so the data filters (tenant, soft delete), the list's own filters,
 * its order and its exact count apply unchanged. Tables without an index
 * (users, roles, tenants: small) use Prisma's `contains`, or for a keyword
 * with LIKE wildcards, which `contains` would not escape, a LIKE with ESCAPE
 * on the table. More than MAX_KEYWORD_IDS matches fall back to `contains`
 * (exact unless the keyword holds a wildcard character: then a superset).
 */
export async function keywordCondition(
  ctx: RequestContext,
  table: string,
  columns: readonly string[],
  keyword: string | undefined,
): Promise<KeywordCondition | undefined> {
  const k = keyword?.trim();
  if (!k) return undefined;
  const indexed = keywordIndexOf(table, columns);
  const limit = `LIMIT ${MAX_KEYWORD_IDS + 1}`;
  const likeAny = (from: string) =>
    ctx.db.$queryRawUnsafe<IdRow[]>(
      `SELECT ${from === table ? '"id"' : 'rowid'} AS id FROM "${from}" WHERE ${columns.map((c) => `"${c}" LIKE ? ESCAPE '\\'`).join(' OR ')} ${limit}`,
      ...columns.map(() => likePattern(k)),
    );
  let rows: IdRow[];
  // SQLite's FTS5 query parser and LIKE read text up to a NUL (an unterminated phrase, a cut pattern): such a keyword goes to `contains`.
  if (k.includes('\u0000')) return keywordWhere(k, columns);
  if (indexed) {
    const fts = keywordIndexTable(table);
    const find = () =>
      [...k].length >= TRIGRAM
        ? ctx.db.$queryRawUnsafe<IdRow[]>(`SELECT rowid AS id FROM "${fts}" WHERE "${fts}" MATCH ? ${limit}`, ftsPhrase(k))
        : likeAny(fts);
    // Shared per table version outside a transaction; inside one the lookup must see the transaction's own writes.
    rows = ctx.inTransaction ? await find() : await cachedMatches(ctx.prisma, table, k, find);
  } else if (LIKE_SPECIAL.test(k) && MODELS.has(table)) rows = await likeAny(table);
  else return keywordWhere(k, columns);
  if (rows.length > MAX_KEYWORD_IDS) return keywordWhere(k, columns);
  return { id: { in: rows.map((r) => Number(r.id)) } };
}
