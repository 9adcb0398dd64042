import type Database from 'better-sqlite3';
import { ownStatement, SQLITE_MAX_BIND_VALUES, sqliteConnection, writeVersions, type PrismaClient } from '@edu/db';
import { visibleCondition, type DataFilterSession } from '../db/data-filters.ts';
import { iso, type OrderBy } from './paging.ts';

/**
 * List reads compiled to one SQL statement on Prisma's own connection.
 *
 * A paged list makes one page query (and, when the count cache misses, one
 * count). Through Prisma each costs 0.3–0.5 ms of CPU before SQLite does
 * anything (query building, the wasm query compiler, result mapping), which is
 * most of what a list request costs. The conditions lists build are plain
 * (equality, `in`, `notIn`, `not`, comparisons, `contains`, `startsWith`,
 * `AND`/`OR`/`NOT`), so the kit compiles them itself into a statement kept
 * compiled per text, with the data filters' condition for the session
 * (`visibleCondition`, the same definition the Prisma extension applies), and
 * maps the rows as Prisma would (booleans, dates). Anything else (relation
 * filters, dates in conditions, `mode`, unknown columns or column types) is
 * left to Prisma: `compile*` returns undefined and the caller asks Prisma.
 *
 * Same connection as Prisma, so a read inside `ctx.transaction` sees the
 * transaction's writes exactly as Prisma's reads there do. Reads only: writes
 * must stay with Prisma (the write versions observe them there).
 *
 * Pages read again before their table is written come from memory (`PageCache`).
 */

type Row = Record<string, unknown>;
/** How a column's stored values map to a row's (sql-list's own reads, `ColumnKinds`). */
export type Kind = 'int' | 'real' | 'text' | 'bool' | 'date';
/** A table's columns and their kinds. */
export type Columns = ReadonlyMap<string, Kind>;

const KINDS: Readonly<Record<string, Kind>> = { INTEGER: 'int', REAL: 'real', TEXT: 'text', BOOLEAN: 'bool', DATETIME: 'date' };

/** Columns of each table by connection, read once from `PRAGMA table_info`; null when a column's type is not one of KINDS. */
const tableColumns = new WeakMap<Database.Database, Map<string, Columns | null>>();

function columnsOf(db: Database.Database, table: string): Columns | null {
  let tables = tableColumns.get(db);
  if (!tables) tableColumns.set(db, (tables = new Map<string, Columns | null>()));
  if (tables.has(table)) return tables.get(table) ?? null;
  const rows = ownStatement(db, 'SELECT name, type FROM pragma_table_info(?)').all(table) as Array<{ name: string; type: string }>;
  const columns = new Map<string, Kind>();
  let supported = rows.length > 0;
  for (const r of rows) {
    const kind = KINDS[r.type.toUpperCase()];
    if (kind) columns.set(r.name, kind);
    else supported = false;
  }
  tables.set(table, supported ? columns : null);
  return supported ? columns : null;
}

const quote = (name: string) => `"${name.replaceAll('"', '""')}"`;

/** A statement's select list by the column list it names (a list's writer keeps its own, so each request does not quote it again). */
const selectLists = new WeakMap<readonly string[], string>();
const selectList = (selected: readonly string[]) => {
  let text = selectLists.get(selected);
  if (text === undefined) selectLists.set(selected, (text = selected.map(quote).join(', ')));
  return text;
};

class Unsupported extends Error {}
const unsupported = (): never => {
  throw new Unsupported();
};

/** A bind value for a column of `kind`, or unsupported (dates, objects, a type the column does not hold). */
function bindValue(kind: Kind, value: unknown): string | number {
  if (kind === 'bool' && typeof value === 'boolean') return value ? 1 : 0;
  if ((kind === 'int' || kind === 'real') && typeof value === 'number' && Number.isFinite(value)) return value;
  if (kind === 'text' && typeof value === 'string') return value;
  return unsupported();
}

const OPERATORS: Readonly<Record<string, string>> = { lt: '<', lte: '<=', gt: '>', gte: '>=' };

/** One column's condition: a value (equality, null) or a filter object. */
function columnCondition(column: string, kind: Kind, filter: unknown, args: unknown[]): string {
  const c = quote(column);
  if (filter === null) return `${c} IS NULL`;
  if (typeof filter !== 'object') {
    args.push(bindValue(kind, filter));
    return `${c} = ?`;
  }
  if (filter instanceof Date || Array.isArray(filter)) return unsupported();
  const parts: string[] = [];
  for (const [op, value] of Object.entries(filter)) {
    if (value === undefined) continue;
    if (op === 'equals') parts.push(columnCondition(column, kind, value, args));
    else if (op === 'not') {
      // Prisma's `not` keeps SQL's semantics: a NULL column matches neither `=` nor `<>`.
      if (value === null) parts.push(`${c} IS NOT NULL`);
      else if (typeof value === 'object') return unsupported();
      else {
        args.push(bindValue(kind, value));
        parts.push(`${c} <> ?`);
      }
    } else if (op === 'in' || op === 'notIn') {
      if (!Array.isArray(value)) return unsupported();
      const list: unknown[] = value;
      if (list.length === 0) parts.push(op === 'in' ? '0' : '1');
      else {
        for (const v of list) args.push(bindValue(kind, v));
        parts.push(`${c} ${op === 'in' ? 'IN' : 'NOT IN'} (${list.map(() => '?').join(', ')})`);
      }
    } else if (op in OPERATORS) {
      args.push(bindValue(kind, value));
      parts.push(`${c} ${OPERATORS[op]} ?`);
    } else if ((op === 'contains' || op === 'startsWith' || op === 'endsWith') && kind === 'text' && typeof value === 'string') {
      // Prisma's SQLite `contains` is a LIKE without an escape character (wildcards in the value stay wildcards); the same here.
      args.push(op === 'contains' ? `%${value}%` : op === 'startsWith' ? `${value}%` : `%${value}`);
      parts.push(`${c} LIKE ?`);
    } else return unsupported();
  }
  return parts.length ? parts.map((p) => `(${p})`).join(' AND ') : '1';
}

/** A Prisma `where` of a table's own columns as SQL (arguments appended to `args`). */
function whereSql(where: unknown, columns: Columns, args: unknown[]): string {
  if (where === undefined || where === null) return '1';
  if (typeof where !== 'object' || Array.isArray(where)) return unsupported();
  const parts: string[] = [];
  const list = (v: unknown): unknown[] => (Array.isArray(v) ? v : [v]);
  for (const [key, value] of Object.entries(where)) {
    if (value === undefined) continue;
    if (key === 'AND')
      parts.push(
        list(value)
          .map((w) => `(${whereSql(w, columns, args)})`)
          .join(' AND ') || '1',
      );
    else if (key === 'OR') parts.push(Array.isArray(value) ? value.map((w) => `(${whereSql(w, columns, args)})`).join(' OR ') || '0' : unsupported());
    else if (key === 'NOT')
      parts.push(
        list(value)
          .map((w) => `NOT (${whereSql(w, columns, args)})`)
          .join(' AND ') || '1',
      );
    else {
      const kind = columns.get(key);
      if (!kind) return unsupported();
      parts.push(columnCondition(key, kind, value, args));
    }
  }
  return parts.length ? parts.map((p) => `(${p})`).join(' AND ') : '1';
}

/** `orderSql`'s text by the order and the table's columns it was checked against (a list's default order is one object, read by every request). */
const orderTexts = new WeakMap<OrderBy, { columns: Columns; text: string }>();

function orderSql(orderBy: OrderBy | undefined, columns: Columns): string {
  if (!orderBy?.length) return '';
  const known = orderTexts.get(orderBy);
  if (known?.columns === columns) return known.text;
  const text = orderText(orderBy, columns);
  orderTexts.set(orderBy, { columns, text });
  return text;
}

function orderText(orderBy: OrderBy, columns: Columns): string {
  const terms = orderBy.flatMap((o) =>
    Object.entries(o).map(([column, dir]) => {
      if (!columns.has(column) || (dir !== 'asc' && dir !== 'desc')) return unsupported();
      return `${quote(column)} ${dir === 'asc' ? 'ASC' : 'DESC'}`;
    }),
  );
  return ` ORDER BY ${terms.join(', ')}`;
}

/** The decimal digit at `i` of `t` (callers checked the shape). */
const digit = (t: string, i: number) => t.charCodeAt(i) - 48;

/**
 * What Prisma's SQLite adapter writes (`2026-11-28T06:11:40.123+00:00`):
 * a list page holds five such dates a row, and the engine's text parsing of
 * each was a fifth of mapping a page; read here digit by digit.
 */
const WRITTEN_DATE = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}\+00:00$/;

const DAYS_IN_MONTH = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

/**
 * Whether `text` is a date as the adapter writes it, with parts in range: its
 * instant is then exactly the text's digits (`Date.UTC` neither reads the year
 * as 19xx, below 100, nor rolls a part over).
 */
function isWrittenDate(text: string): boolean {
  if (text.length !== 29 || !WRITTEN_DATE.test(text)) return false;
  const year = digit(text, 0) * 1000 + digit(text, 1) * 100 + digit(text, 2) * 10 + digit(text, 3);
  const month = digit(text, 5) * 10 + digit(text, 6);
  const day = digit(text, 8) * 10 + digit(text, 9);
  if (year < 100 || month < 1 || month > 12 || day < 1) return false;
  const leap = year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
  if (day > (month === 2 && leap ? 29 : DAYS_IN_MONTH[month - 1]!)) return false;
  return digit(text, 11) * 10 + digit(text, 12) < 24 && digit(text, 14) < 6 && digit(text, 17) < 6;
}

/** A stored DATETIME as Prisma reads it: ISO 8601 text (a zone-less text is UTC) or epoch milliseconds. */
export function toDate(value: unknown): Date | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'number') return new Date(value);
  if (typeof value !== 'string') return null;
  const text = value;
  if (isWrittenDate(text)) {
    const ms = Date.UTC(
      digit(text, 0) * 1000 + digit(text, 1) * 100 + digit(text, 2) * 10 + digit(text, 3),
      digit(text, 5) * 10 + digit(text, 6) - 1,
      digit(text, 8) * 10 + digit(text, 9),
      digit(text, 11) * 10 + digit(text, 12),
      digit(text, 14) * 10 + digit(text, 15),
      digit(text, 17) * 10 + digit(text, 18),
      digit(text, 20) * 100 + digit(text, 21) * 10 + digit(text, 22),
    );
    return new Date(ms);
  }
  if (/^\d{4}-\d\d-\d\d$/.test(text)) return new Date(`${text}T00:00:00Z`);
  const iso = text.includes('T') ? text : text.replace(' ', 'T');
  return new Date(/(Z|[+-]\d\d:?\d\d)$/i.test(iso) ? iso : `${iso}Z`);
}

/**
 * A stored DATETIME as a DTO carries it (`iso(toDate(value))`, ISO 8601 in UTC
 * with `Z`), without a Date for the adapter's own form: its text up to the
 * milliseconds is already what `toISOString` writes.
 */
export function storedDateIso(value: unknown): string | null {
  if (typeof value === 'string' && isWrittenDate(value)) return `${value.slice(0, 23)}Z`;
  return iso(toDate(value));
}

/** A stored value of a column of `kind` as Prisma maps it (booleans from 0/1, dates as Date). */
export function mapStored(kind: Kind | undefined, x: unknown): unknown {
  return kind === 'bool' ? (x === null ? null : x === 1 || x === true) : kind === 'date' ? toDate(x) : x;
}

/**
 * Rows of a raw statement (arrays, `statement.raw(true)`) as objects keyed by
 * `names`, mapped as Prisma maps them (booleans, dates). Building them here is
 * about a fifth cheaper than better-sqlite3's own row objects, and maps in the
 * same pass.
 */
function toRows(values: ReadonlyArray<readonly unknown[]>, names: readonly string[], kinds: ReadonlyArray<Kind | undefined>): Row[] {
  const rows = new Array<Row>(values.length);
  for (let r = 0; r < values.length; r++) {
    const v = values[r]!;
    const row: Row = {};
    for (let i = 0; i < names.length; i++) row[names[i]!] = mapStored(kinds[i], v[i]);
    rows[r] = row;
  }
  return rows;
}

/** Rows the page cache keeps by default, all entries together (about 1 kB each for a content row); `PAGE_CACHE_ROWS`. */
export const DEFAULT_PAGE_CACHE_ROWS = 5_000;
/** Reads of more rows than this (exports, pickers) are not kept: they would push out many pages for one. */
const PAGE_CACHE_MAX_TAKE = 200;

/**
 * Exact cache of compiled reads, like the count cache (count-cache.ts): an
 * entry is keyed by the statement and its arguments (the session's data
 * filters included) and stamped with its table's write version, so any write
 * to the table, committed or rolled back, makes it stale. Lists are read far
 * more often than written, and reading and decoding ten rows is the largest
 * single cost of a list page. A hit hands out copies, so a caller may change
 * its rows without touching the cached ones. Bounded by rows, least recently
 * used out first.
 */
class PageCache<T> {
  private readonly entries = new Map<string, { stamp: string; rows: readonly T[] }>();
  private rows = 0;

  /** `copy`: what a caller gets of a kept row (a copy it may change; a row no one changes is handed out itself). */
  constructor(
    private readonly capacity: number,
    private readonly copy: (row: T) => T,
  ) {}

  read(keyOf: () => string, stamp: string, load: () => T[]): T[] {
    if (this.capacity === 0) return load();
    const key = keyOf();
    const hit = this.entries.get(key);
    if (hit) {
      this.entries.delete(key);
      if (hit.stamp === stamp) {
        this.entries.set(key, hit);
        return hit.rows.map(this.copy);
      }
      this.rows -= hit.rows.length;
    }
    const rows = load();
    if (rows.length <= PAGE_CACHE_MAX_TAKE && rows.length <= this.capacity) {
      this.entries.set(key, { stamp, rows: rows.map(this.copy) });
      this.rows += rows.length;
      for (const [oldest, entry] of this.entries) {
        if (this.rows <= this.capacity) break;
        this.entries.delete(oldest);
        this.rows -= entry.rows.length;
      }
    }
    return rows;
  }
}

/** A row as SQLite gives it: its selected columns' stored values, in the statement's order; never changed once read. */
export type StoredRow = readonly unknown[];

/**
 * The page caches of a client: rows as objects (handed out as copies) and rows
 * as stored values (`findValues`, handed out as they are), each bounded by the
 * configured rows; a list reads through one of them only.
 */
interface PageCaches {
  objects: PageCache<Row>;
  values: PageCache<StoredRow>;
}

const pageCaches = new WeakMap<PrismaClient, PageCaches>();

const newPageCaches = (rows: number): PageCaches => ({
  objects: new PageCache<Row>(rows, (r) => ({ ...r })),
  values: new PageCache<StoredRow>(rows, (r) => r),
});

/** Sets how many rows `prisma`'s page cache keeps (0: none), emptying it. */
export function configurePageCache(prisma: PrismaClient, rows: number): void {
  pageCaches.set(prisma, newPageCaches(rows));
}

function pageCacheOf(prisma: PrismaClient): PageCaches {
  let cache = pageCaches.get(prisma);
  if (!cache) pageCaches.set(prisma, (cache = newPageCaches(DEFAULT_PAGE_CACHE_ROWS)));
  return cache;
}

const ID_ONLY: readonly string[] = ['id'];
const NONE_OMITTED: Readonly<Record<string, boolean>> = {};

/** A table's columns less those `omit` names, one array per table and omit object (a list's `omit` is its config's), so its select list is kept too (`selectList`). */
const selectedByOmit = new WeakMap<Columns, WeakMap<object, readonly string[]>>();
function selectedColumns(columns: Columns, omit: Readonly<Record<string, boolean>> = NONE_OMITTED): readonly string[] {
  let byOmit = selectedByOmit.get(columns);
  if (!byOmit) selectedByOmit.set(columns, (byOmit = new WeakMap()));
  let selected = byOmit.get(omit);
  if (!selected) byOmit.set(omit, (selected = [...columns.keys()].filter((c) => !omit[c])));
  return selected;
}

/** The arguments of a list read the kit makes (crud.ts `Table`). */
export interface ListRead {
  where?: unknown;
  orderBy?: OrderBy;
  skip?: number;
  take?: number;
  omit?: Readonly<Record<string, boolean>>;
  select?: { id: true };
  /** Keep the rows for the next same read (default true); a lookup of one row by id is cheap and read rarely twice. */
  cache?: boolean;
}

/** A model's list reads compiled for one session; `undefined` from a method means "ask Prisma". */
export interface CompiledTable {
  findMany(args: ListRead): Row[] | undefined;
  /**
   * The rows of a read as their stored values of `columns` (in that order; `id`
   * alone for `select`), not mapped: for writers that take a row's JSON straight
   * from them (kit/dto.ts `compileRowWriter`). Undefined when a column is not the table's.
   */
  findValues(args: ListRead & { columns: readonly string[] }): StoredRow[] | undefined;
  /** The table's columns and their kinds. */
  readonly columns: Columns;
  count(args: { where?: unknown }): number | undefined;
}

/**
 * The compiled reads of `model` as the session sees it through the data
 * filters, or undefined when they cannot be compiled (not connected yet, a
 * model the filters do not know, a column type outside KINDS).
 */
export function compiledTable(prisma: PrismaClient, model: string, session: DataFilterSession): CompiledTable | undefined {
  const db = sqliteConnection(prisma);
  if (!db) return undefined;
  const visible = visibleCondition(model, session);
  if (visible === null) return undefined;
  const columns = columnsOf(db, model);
  if (!columns) return undefined;
  const from = quote(model);
  const versions = writeVersions(prisma);
  const pageCache = pageCacheOf(prisma);
  const compile = <T>(build: (args: unknown[]) => string, run: (sql: string, args: unknown[]) => T): T | undefined => {
    const args: unknown[] = [];
    let sql: string;
    try {
      sql = build(args);
    } catch (err) {
      if (err instanceof Unsupported) return undefined;
      throw err;
    }
    // More bind values than SQLite takes: Prisma splits such lists itself.
    if (args.length > SQLITE_MAX_BIND_VALUES) return undefined;
    return run(sql, args);
  };
  const filtered = (where: unknown) => (visible ? { AND: [visible, where ?? {}] } : where);
  /** The page's statement and arguments, or undefined when it cannot be compiled. */
  const pageStatement = (a: ListRead, selected: readonly string[]) =>
    compile(
      (args) => {
        if (selected.some((c) => !columns.has(c))) return unsupported();
        const where = whereSql(filtered(a.where), columns, args);
        let sql = `SELECT ${selectList(selected)} FROM ${from} WHERE ${where}${orderSql(a.orderBy, columns)}`;
        if ((a.take !== undefined && a.take < 0) || (a.skip ?? 0) < 0) return unsupported();
        if (a.take !== undefined || a.skip) {
          sql += ' LIMIT ? OFFSET ?';
          args.push(a.take ?? -1, a.skip ?? 0);
        }
        return sql;
      },
      (sql, args) => ({ sql, args }),
    );
  const readValues = (sql: string, args: unknown[]) =>
    ownStatement(db, sql)
      .raw(true)
      .all(...args) as unknown[][];
  // Stamped with the version read before the read: a write racing it leaves the entry stale, never wrong.
  const cached = <T>(cache: PageCache<T>, a: ListRead, sql: string, args: unknown[], read: () => T[]): T[] =>
    a.cache === false ? read() : cache.read(() => `${sql}\u0000${JSON.stringify(args)}`, versions.version(model), read);
  return {
    columns,
    findMany(a) {
      const selected = a.select ? ID_ONLY : selectedColumns(columns, a.omit);
      const statement = pageStatement(a, selected);
      if (!statement) return undefined;
      const kinds = selected.map((c) => columns.get(c));
      return cached(pageCache.objects, a, statement.sql, statement.args, () => toRows(readValues(statement.sql, statement.args), selected, kinds));
    },
    findValues(a) {
      const statement = pageStatement(a, a.select ? ID_ONLY : a.columns);
      if (!statement) return undefined;
      return cached(pageCache.values, a, statement.sql, statement.args, () => readValues(statement.sql, statement.args));
    },
    count(a) {
      return compile(
        (args) => `SELECT COUNT(*) AS n FROM ${from} WHERE ${whereSql(filtered(a.where), columns, args)}`,
        (sql, args) => (ownStatement(db, sql).get(...args) as { n: number }).n,
      );
    },
  };
}
