import type Database from 'better-sqlite3';
import { ownStatement, sqliteConnection, writeVersions, type PrismaClient } from '@edu/db';
import { TRACKED } from '../audit/entity-history.ts';
import { resolveModelFilters, modelFilters, type DataFilterSession } from '../db/data-filters.ts';
import { mapStored } from './sql-list.ts';

/**
 * A create of one row compiled to one INSERT on Prisma's own connection, as
 * list reads are (sql-list.ts). Through Prisma a create costs query building
 * and its WebAssembly compiler before SQLite does anything, about a fifth of
 * what a content Create costs. The row is completed exactly as the
 * data-filter extension completes a create (db/data-filters.ts: the session's
 * tenant when none is given, `creationTime`, `creatorUserId` when the row is
 * the session's tenant's), values are bound as Prisma's SQLite adapter binds
 * them (booleans 1/0, dates ISO 8601 with `+00:00`), a column whose default is
 * Prisma's `now()` gets the time of the create as Prisma gives it, and the
 * write is reported to the write versions as the adapter reports it, so every
 * cache of the table is stale after it.
 *
 * Anything else goes to Prisma (`insertRow` answers undefined): a model with
 * entity history (its writes join a unit of work), a model the filters do not
 * know, a column the table lacks, a value that is not a plain column value, a
 * null in a NOT NULL column, a MustHaveTenant row without a tenant (Prisma's
 * path raises ABP's error). Same connection as Prisma: outside a transaction
 * the INSERT runs as Prisma's own create outside one would.
 *
 * The new row itself (`insertStored`) is what was written plus the table's
 * defaults, mapped as a compiled read maps a stored row: no read-back. Only
 * where that is exactly what SQLite stores: every default a literal of the
 * column's type (or `now()`, always written), and no trigger that could
 * change the row (BEFORE or INSTEAD OF INSERT, or one whose body updates);
 * otherwise the row is null and the caller reads it.
 */

type Kind = 'int' | 'real' | 'text' | 'bool' | 'date';
const KINDS: Readonly<Record<string, Kind>> = { INTEGER: 'int', REAL: 'real', TEXT: 'text', BOOLEAN: 'bool', DATETIME: 'date' };

interface Column {
  kind: Kind;
  notNull: boolean;
  /** The column's default is the time of the insert (Prisma's `@default(now())`, `CURRENT_TIMESTAMP` in the table). */
  now: boolean;
  /** The value SQLite stores when the column is not written: its literal default, or NO_LITERAL when that is not a plain literal. */
  dflt: string | number | null | typeof NO_LITERAL;
}
interface Table {
  columns: ReadonlyMap<string, Column>;
  /** Whether the stored row is what was written plus the defaults (see `insertStored`). */
  rowFromValues: boolean;
}

/** A default that is not a literal `insertStored` can read (an expression, a literal of another type). */
const NO_LITERAL = Symbol('no literal');

/** The stored value of a column's default (`pragma_table_info`'s dflt_value) for a column of `kind`. */
function literalDefault(kind: Kind, dflt: string | null): string | number | null | typeof NO_LITERAL {
  if (dflt === null || /^null$/i.test(dflt)) return null;
  const text = /^'((?:[^']|'')*)'$/.exec(dflt);
  if (text) return kind === 'text' ? text[1]!.replaceAll("''", "'") : NO_LITERAL;
  if (kind === 'bool' && /^(true|false)$/i.test(dflt)) return dflt.toLowerCase() === 'true' ? 1 : 0;
  if ((kind === 'int' || kind === 'bool') && /^-?\d{1,15}$/.test(dflt)) return Number(dflt);
  if (kind === 'real' && /^-?\d{1,15}(\.\d{1,15})?$/.test(dflt)) return Number(dflt);
  return NO_LITERAL;
}

/** A trigger that fires on INSERT before the row is stored, or instead of it, or that updates anything. */
const ROW_CHANGING_TRIGGER = /\b(BEFORE|INSTEAD\s+OF)\s+INSERT\b|\bUPDATE\b(?!\s+OF\b)/i;

const filters = resolveModelFilters(modelFilters);

/** Each table's columns by connection, or null when a column's type is not one of KINDS. */
const tables = new WeakMap<Database.Database, Map<string, Table | null>>();

function tableOf(db: Database.Database, table: string): Table | null {
  let known = tables.get(db);
  if (!known) tables.set(db, (known = new Map<string, Table | null>()));
  const hit = known.get(table);
  if (hit !== undefined) return hit;
  const rows = ownStatement(db, 'SELECT name, type, "notnull" AS "notNull", dflt_value AS dflt FROM pragma_table_info(?)').all(table) as Array<{
    name: string;
    type: string;
    notNull: number;
    dflt: string | null;
  }>;
  const columns = new Map<string, Column>();
  for (const r of rows) {
    const kind = KINDS[r.type.toUpperCase()];
    if (!kind) {
      known.set(table, null);
      return null;
    }
    const now = kind === 'date' && r.dflt?.toUpperCase() === 'CURRENT_TIMESTAMP';
    columns.set(r.name, { kind, notNull: r.notNull === 1, now, dflt: now ? NO_LITERAL : literalDefault(kind, r.dflt) });
  }
  const triggers = ownStatement(db, `SELECT sql FROM sqlite_master WHERE type = 'trigger' AND tbl_name = ?`).all(table) as Array<{
    sql: string | null;
  }>;
  const rowFromValues =
    columns.get('id')?.kind === 'int' &&
    [...columns.values()].every((c) => c.now || c.dflt !== NO_LITERAL) &&
    triggers.every((t) => t.sql !== null && !ROW_CHANGING_TRIGGER.test(t.sql));
  const out = columns.size ? { columns, rowFromValues } : null;
  known.set(table, out);
  return out;
}

/** A date as Prisma's SQLite adapter binds it (`timestampFormat: 'iso8601'`). */
const isoDate = (d: Date) => d.toISOString().replace('Z', '+00:00');

/** A value as the adapter binds it for a column of `kind`, or undefined when only Prisma should write it. */
function bound(kind: Kind, value: unknown): string | number | null | undefined {
  if (value === null) return null;
  switch (kind) {
    case 'bool':
      return typeof value === 'boolean' ? (value ? 1 : 0) : undefined;
    case 'int':
      return typeof value === 'number' && Number.isInteger(value) ? value : undefined;
    case 'real':
      return typeof value === 'number' && Number.isFinite(value) ? value : undefined;
    case 'text':
      return typeof value === 'string' ? value : undefined;
    case 'date':
      return value instanceof Date && !Number.isNaN(value.getTime()) ? isoDate(value) : undefined;
  }
}

/**
 * Inserts `data` into `model` as the session's filtered client's `create`
 * would, and answers the new row's id; undefined when the create must go
 * through Prisma (see above), having written nothing.
 */
export function insertRow(prisma: PrismaClient, model: string, session: DataFilterSession, data: object): number | undefined {
  return insertStored(prisma, model, session, data)?.id;
}

/**
 * `insertRow`, answering also the new row as a compiled read of it would
 * (sql-list.ts: every column, dates as Date, booleans as boolean), or a null
 * row when the table's defaults or triggers leave it to a read.
 */
export function insertStored(
  prisma: PrismaClient,
  model: string,
  session: DataFilterSession,
  data: object,
): { id: number; row: Record<string, unknown> | null } | undefined {
  if (TRACKED.has(model)) return undefined;
  const m = filters.get(model);
  const db = sqliteConnection(prisma);
  // A transaction open on the connection (another request's, or the caller's): Prisma's path, which waits for it or joins it.
  if (!m || !db || db.inTransaction) return undefined;
  const table = tableOf(db, model);
  if (!table) return undefined;
  const { columns } = table;
  const now = new Date();
  // The data-filter extension's completion of a create (forCreate).
  const row = new Map<string, unknown>(Object.entries(data));
  const given = (name: string) => row.get(name) !== undefined;
  if (m.tenant && row.get('tenantId') == null) row.set('tenantId', session.tenantId);
  if (m.tenant === 'must' && row.get('tenantId') == null) return undefined;
  if (m.audit.has('creationTime') && !given('creationTime')) row.set('creationTime', now);
  const sameTenant = !m.tenant || row.get('tenantId') === session.tenantId;
  if (m.audit.has('creatorUserId') && !given('creatorUserId') && sameTenant) row.set('creatorUserId', session.userId);
  for (const [name, c] of columns) if (c.now && !given(name)) row.set(name, now);

  const names: string[] = [];
  const args: Array<string | number | null> = [];
  const written = new Map<string, string | number | null>();
  for (const [name, value] of row) {
    if (value === undefined) continue;
    const column = columns.get(name);
    if (!column) return undefined;
    const v = bound(column.kind, value);
    if (v === undefined || (v === null && column.notNull)) return undefined;
    names.push(name);
    args.push(v);
    written.set(name, v);
  }
  const sql = names.length
    ? `INSERT INTO "${model}" (${names.map((n) => `"${n}"`).join(', ')}) VALUES (${names.map(() => '?').join(', ')})`
    : `INSERT INTO "${model}" DEFAULT VALUES`;
  const statement = ownStatement(db, sql);
  // Reported before it runs, as the adapter reports Prisma's statements (write-versions.ts).
  writeVersions(prisma).observe(sql);
  const id = Number(statement.run(...args).lastInsertRowid);
  return { id, row: table.rowFromValues ? storedRow(columns, written, id) : null };
}

/** The stored row: the written values, the id SQLite gave, the defaults; each mapped as a compiled read maps it. */
function storedRow(columns: ReadonlyMap<string, Column>, written: ReadonlyMap<string, string | number | null>, id: number): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [name, c] of columns) {
    const value = written.has(name) ? written.get(name) : name === 'id' ? id : c.dflt;
    // A `now` column is always written, so no default read here is NO_LITERAL (`rowFromValues`).
    out[name] = mapStored(c.kind, value === NO_LITERAL ? null : value);
  }
  return out;
}
