import type Database from 'better-sqlite3';
import type { PrismaClient } from '../generated/prisma/client.ts';
import { sqliteConnection, writeVersions } from './client.ts';
import { ownStatement, SQLITE_MAX_BIND_VALUES } from './sqlite.ts';

/** Rows per INSERT at most (fewer when their columns would pass SQLite's bind limit). */
const ROWS_PER_STATEMENT = 500;

const quote = (name: string) => `"${name.replaceAll('"', '""')}"`;

/** A value as Prisma's SQLite adapter binds it: booleans 1/0, dates ISO 8601 with `+00:00`. */
function bound(table: string, column: string, value: unknown): unknown {
  if (value === null || typeof value === 'string' || typeof value === 'number' || typeof value === 'bigint') return value;
  if (typeof value === 'boolean') return value ? 1 : 0;
  if (value instanceof Date) return value.toISOString().replace('Z', '+00:00');
  throw new TypeError(`insertRows: ${table}.${column}: ${typeof value} is not a column value`);
}

/** The columns a row writes: its keys whose value is not undefined (Prisma leaves those to the column's default). */
const columnsOf = (row: Readonly<Record<string, unknown>>) => Object.keys(row).filter((k) => row[k] !== undefined);

const timeDefaults = new WeakMap<Database.Database, Map<string, readonly string[]>>();
/**
 * A table's columns whose default is the time of the insert (`@default(now())`): Prisma writes those itself, in its
 * own format; the table's `CURRENT_TIMESTAMP` would store another, so a row must give them.
 */
function timeDefaultsOf(db: Database.Database, table: string): readonly string[] {
  let byTable = timeDefaults.get(db);
  if (!byTable) timeDefaults.set(db, (byTable = new Map<string, readonly string[]>()));
  let columns = byTable.get(table);
  if (!columns) {
    const info = ownStatement(db, 'SELECT name, dflt_value AS dflt FROM pragma_table_info(?)').all(table) as Array<{
      name: string;
      dflt: string | null;
    }>;
    byTable.set(table, (columns = info.filter((c) => /^current_timestamp$/i.test(c.dflt ?? '')).map((c) => c.name)));
  }
  return columns;
}

/**
 * Writes `rows` into `table` with compiled multi-row INSERTs on the
 * connection of `client` (made by createPrismaClient) and answers the
 * `returning` columns of each row, in the rows' order; undefined when the
 * client has no connection of its own (an extended client), for the caller to
 * write through Prisma instead.
 *
 * For large batches of plain rows (the seed's questions and options): Prisma's
 * `createMany` builds every value through its query compiler, which took about
 * 3 of the seed's 7.4 s for its 5,700 question and option rows. Values are
 * bound as the adapter binds them, so the stored rows are those `createMany`
 * stores (bulk-insert.test.ts compares them). A column a row leaves undefined
 * gets the table's default, as with Prisma; consecutive rows writing the same
 * columns share a statement, so ids follow the rows' order. The caller gives
 * every column Prisma would fill itself (`@default(now())`, refused when
 * missing; `@updatedAt`).
 * Inside `prisma.$transaction` the INSERTs run in that transaction (the
 * adapter runs it on the same connection). Each statement is reported to the
 * write versions first, as the adapter reports Prisma's.
 */
export function insertRows<R extends string = never>(
  client: PrismaClient,
  table: string,
  rows: ReadonlyArray<Readonly<Record<string, unknown>>>,
  returning: readonly R[] = [],
): Array<Record<R, unknown>> | undefined {
  const db = sqliteConnection(client);
  if (!db) return undefined;
  const out: Array<Record<R, unknown>> = [];
  const timed = timeDefaultsOf(db, table);
  for (let start = 0; start < rows.length;) {
    const columns = columnsOf(rows[start]!);
    const untimed = timed.filter((c) => !columns.includes(c));
    if (untimed.length) throw new TypeError(`insertRows: ${table}: give ${untimed.join(', ')} (Prisma writes its now() default itself)`);
    const key = columns.join('\0');
    const limit = Math.max(1, Math.min(ROWS_PER_STATEMENT, Math.floor(SQLITE_MAX_BIND_VALUES / Math.max(1, columns.length))));
    let end = start + 1;
    while (end < rows.length && end - start < limit && columnsOf(rows[end]!).join('\0') === key) end++;
    out.push(...insertRun(db, client, table, columns, rows.slice(start, end), returning));
    start = end;
  }
  return out;
}

function insertRun<R extends string>(
  db: Database.Database,
  client: PrismaClient,
  table: string,
  columns: readonly string[],
  rows: ReadonlyArray<Readonly<Record<string, unknown>>>,
  returning: readonly R[],
): Array<Record<R, unknown>> {
  if (!columns.length) throw new TypeError(`insertRows: ${table}: a row writes no column`);
  const tuple = `(${columns.map(() => '?').join(', ')})`;
  const sql = `INSERT INTO ${quote(table)} (${columns.map(quote).join(', ')}) VALUES ${rows.map(() => tuple).join(', ')}${
    returning.length ? ` RETURNING ${returning.map(quote).join(', ')}` : ''
  }`;
  const args = rows.flatMap((row) => columns.map((c) => bound(table, c, row[c])));
  writeVersions(client).observe(sql);
  const statement = ownStatement(db, sql);
  if (!returning.length) {
    statement.run(args);
    return [];
  }
  return statement.all(args) as Array<Record<R, unknown>>;
}
