import type { ImportRowError, ValidationErrorInfo } from '@edu/sdk';
import { type z } from 'zod';
import { localize, textsIn, type Culture } from '../../localization/text-tables.ts';
import { validate } from '../bind-input.ts';
import { AbpValidationError } from '../errors.ts';
import { readPool, type ReadOwner } from './read-pool.ts';
import { EXCEL_ERROR, rowError } from './cells.ts';

/**
 * The import mechanism (question import, member import; docs/architecture/imports.md,
 * "The kit"):
 * reading (this module), running (running.ts), workbooks (workbooks.ts).
 *
 * 1. **Reading**: `readTable(file, columns, owner)` reads an uploaded xlsx (first
 *    worksheet) or csv (UTF-8 with or without BOM, or GBK) into rows keyed
 *    by the declared columns. The file is parsed in a worker thread
 *    (read-pool.ts: heap cap, time limit, imports per tenant; archive.ts:
 *    bomb limits checked while inflating), at most 200 columns a row.
 *    Headers match the column's Chinese or English header or an alias
 *    (case, spaces and full-width forms folded); each cell
 *    goes through its column's parser, and a cell that fails is an error
 *    `{ row, column, reason }` (row: the sheet's own number, header row 1;
 *    column: the header as the file has it). Blank rows are skipped. A file
 *    that cannot be read as a whole (not a spreadsheet, no header row,
 *    missing or unknown columns, too many rows) is a 400 on `file`.
 * 2. **Running**: `startImport(ctx, importer, items, options)` starts a job
 *    (kit/jobs.ts) that checks every item with the importer's own rules
 *    (`check`, e.g. Create's checks without the write), marks duplicates (of a
 *    live record, `existing`, or of an earlier item, same `key`), and on
 *    `commit` writes the valid, new items in ONE transaction (`write`),
 *    or nothing when `allOrNothing` and any item failed. Progress is reported
 *    as "第 120 / 5000 行"; the result is the SDK's `ImportResult` with an
 *    xlsx report of the rejected rows (their cells plus a reason column).
 */

/** At most `max` items of a list read from a file, then "and N more" (a file can name a million columns; the answer must not). */
function capList(items: readonly string[], culture: Culture, separator: string, max = 50): string {
  const shown = items.slice(0, max).join(separator);
  return items.length > max ? `${shown}${localize(culture, 'FileReadingAndMore', items.length - max)}` : shown;
}

/** Most rows read from one file unless the caller says otherwise. */
export const DEFAULT_MAX_ROWS = 10_000;

/** A 400 on the upload's `file` member: the file as a whole cannot be imported. */
export function fileError(message: string, member = 'file'): never {
  throw new AbpValidationError([{ message, members: [member] }]);
}

// ---------------------------------------------------------------------------
// Columns

/** A cell's parsed value, or the reason it was refused (localized). */
export type CellResult<T> = { ok: true; value: T } | { ok: false; reason: string };
/** Parses a cell's text (trimmed; empty cells are `''`). */
export type CellParser<T> = (text: string, culture: Culture) => CellResult<T>;

export interface ImportColumn<K extends string = string, T = unknown> {
  readonly key: K;
  /** The header in each culture; the template writes the Chinese one. */
  readonly header: Readonly<Record<Culture, string>>;
  /** Other headers that mean this column (`Option A`, `选项 A`, ...). */
  readonly aliases?: readonly string[];
  /** The header must be present (a file without it is a 400). */
  readonly required?: boolean;
  readonly parse: CellParser<T>;
  /** Column width in the template and report (characters). */
  readonly width?: number;
}

/** The cell's text as it is (trimmed). */
export const textCell: CellParser<string> = (text) => ({ ok: true, value: text });

/** A declared column. */
export function column<K extends string, T>(
  key: K,
  header: Readonly<Record<Culture, string>>,
  parse: CellParser<T>,
  options: { aliases?: readonly string[]; required?: boolean; width?: number } = {},
): ImportColumn<K, T> {
  return { key, header, parse, ...options };
}

/**
 * A cell parser from a zod schema, applied to the text (empty text is
 * `undefined`, so `.optional()`/`.default()` work); the reason is zod's
 * message in the request's culture.
 */
export function zodCell<S extends z.ZodType>(schema: S): CellParser<z.output<S>> {
  return (text, culture) => {
    const parsed = validate(schema, text === '' ? undefined : text, culture);
    if (parsed.success) return { ok: true, value: parsed.data };
    return { ok: false, reason: parsed.error.issues[0]?.message ?? 'invalid' };
  };
}

/** Values of a row, keyed by the columns' keys. */
export type RowValues<C extends readonly ImportColumn[]> = {
  [Col in C[number] as Col['key']]: Col extends ImportColumn<string, infer T> ? T : never;
};

/** How many non-blank rows from the top may hold the header row (title rows above it are skipped). */
const HEADER_SEARCH_ROWS = 10;

/** Excel's day 0 (1899-12-30, which absorbs Lotus's 1900 leap-year bug for dates after February 1900). */
const EXCEL_EPOCH_MS = Date.UTC(1899, 11, 30);

/**
 * A calendar date however a spreadsheet holds it: `YYYY-MM-DD` (what
 * `cellText` writes for a date cell), `YYYY/M/D`, `YYYY.M('ImportD')`,
 * `YYYY年M月D日`, or an Excel serial number (a date cell another program
 * stored as a plain number, or as text). Empty is `null`; the value is
 * `YYYY-MM-DD`.
 */
export function dateCell(invalidText: Readonly<Record<Culture, string>>): CellParser<string | null> {
  return (text, culture) => {
    const s = text.normalize('NFKC').trim();
    if (!s) return { ok: true, value: null };
    if (/^\d+(\.\d+)?$/.test(s)) {
      const serial = Number(s);
      // 1 = 1900-01-01 … 2958465 = 9999-12-31; the fraction is a time of day.
      if (serial >= 1 && serial <= 2958465)
        return { ok: true, value: new Date(EXCEL_EPOCH_MS + Math.floor(serial) * 86_400_000).toISOString().slice(0, 10) };
      return { ok: false, reason: invalidText[culture] };
    }
    const m = /^(\d{4})\s*[-/.年]\s*(\d{1,2})\s*[-/.月]\s*(\d{1,2})\s*日?(?:[ T]\d{1,2}:\d{2}(?::\d{2})?)?$/.exec(s);
    if (m) {
      const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
      const date = new Date(Date.UTC(y, mo - 1, d));
      if (date.getUTCFullYear() === y && date.getUTCMonth() === mo - 1 && date.getUTCDate() === d && y >= 1900)
        return { ok: true, value: date.toISOString().slice(0, 10) };
    }
    return { ok: false, reason: invalidText[culture] };
  };
}

/** Headers compared as a user means them: NFKC (full-width folded), no spaces, lower case. */
const headerKey = (s: string) => s.normalize('NFKC').replace(/\s+/g, '').toLowerCase();

// ---------------------------------------------------------------------------
// Reading

export interface UploadedFile {
  name: string;
  bytes: Uint8Array;
}

export interface TableRow<V> {
  /** The sheet's own row number (header row = 1 for a header in the first row). */
  row: number;
  /** Parsed values; a key whose cell failed is absent (see `errors`). */
  values: Partial<V>;
  /** The cell texts as the file has them, in the file's column order (for the report). */
  cells: string[];
  errors: ImportRowError[];
}

export interface Table<V> {
  /** The header texts as the file has them (report columns). */
  headers: string[];
  /** Keys of the declared columns the file has. */
  found: ReadonlySet<string>;
  rows: Array<TableRow<V>>;
}

const isZip = (b: Uint8Array) => b.length > 3 && b[0] === 0x50 && b[1] === 0x4b && b[2] === 0x03 && b[3] === 0x04;
const isOle = (b: Uint8Array) => b.length > 7 && b[0] === 0xd0 && b[1] === 0xcf && b[2] === 0x11 && b[3] === 0xe0;

/** The cells of a spreadsheet file, row by row (1-based row numbers), the first worksheet of an xlsx; read in a worker (read-pool.ts). */
async function readGrid(file: UploadedFile, owner: ReadOwner): Promise<Array<{ row: number; cells: string[] }>> {
  const T = textsIn(owner.culture);
  const name = file.name.toLowerCase();
  if (isOle(file.bytes) || name.endsWith('.xls')) fileError(T('ImportOldExcel'));
  if (!isZip(file.bytes) && !name.endsWith('.csv')) fileError(T('ImportNotSpreadsheet'));
  const read = await readPool().read({ kind: isZip(file.bytes) ? 'xlsx' : 'csv', name: file.name, bytes: file.bytes }, owner);
  if ('unreadable' in read) fileError(T('ImportNotSpreadsheet'));
  return read.grid;
}

/**
 * Reads a spreadsheet into rows of the declared columns. The header row is
 * the first non-blank row. File-level problems are a 400 on `file`.
 */
export async function readTable<const C extends readonly ImportColumn[]>(
  file: UploadedFile,
  columns: C,
  owner: ReadOwner,
  options: { maxRows?: number } = {},
): Promise<Table<RowValues<C>>> {
  const culture = owner.culture;
  const T = textsIn(culture);
  const maxRows = options.maxRows ?? DEFAULT_MAX_ROWS;
  const grid = await readGrid(file, owner);
  // A leading apostrophe is Excel's "keep as text" mark; programs that export CSV sometimes write it out.
  const nonBlank = grid
    .map((r) => ({ row: r.row, cells: r.cells.map((c) => (c.startsWith("'") ? c.slice(1) : c)) }))
    .filter((r) => r.cells.some((c) => c.trim() !== ''));

  const byHeader = new Map<string, ImportColumn>();
  for (const c of columns) for (const h of [c.header['zh-Hans'], c.header.en, ...(c.aliases ?? [])]) byHeader.set(headerKey(h), c);
  // The header row: of the first rows, the one naming most declared columns (a title row or a merged group header above it is skipped); none: the first row.
  const known = (cells: string[]) => cells.filter((c) => c.trim() && byHeader.has(headerKey(c.trim()))).length;
  let headAt = 0;
  for (let i = 1; i < Math.min(nonBlank.length, HEADER_SEARCH_ROWS); i++) if (known(nonBlank[i]!.cells) > known(nonBlank[headAt]!.cells)) headAt = i;
  const head = nonBlank[headAt];
  if (!head) fileError(T('ImportNoHeader'));
  const headers = head.cells.map((c) => c.trim());
  const at = new Map<number, ImportColumn>();
  const unknown: string[] = [];
  const seen = new Set<string>();
  headers.forEach((h, i) => {
    if (!h) return;
    const col = byHeader.get(headerKey(h));
    if (!col) unknown.push(h);
    else if (seen.has(col.key)) fileError(T('ImportRepeatedColumn', h));
    else {
      seen.add(col.key);
      at.set(i, col);
    }
  });
  const missing = columns.filter((c) => c.required && !seen.has(c.key)).map((c) => c.header[culture]);
  const problems: ValidationErrorInfo[] = [];
  if (missing.length) problems.push({ message: T('ImportMissingColumns', missing.join('、')), members: ['file'] });
  if (unknown.length)
    problems.push({
      message: T('ImportUnknownColumns', capList(unknown, culture, '、'), columns.map((c) => c.header[culture]).join('、')),
      members: ['file'],
    });
  if (problems.length) throw new AbpValidationError(problems);

  const data = nonBlank.slice(headAt + 1);
  if (!data.length) fileError(T('ImportNoRows'));
  if (data.length > maxRows) fileError(T('ImportTooManyRows', maxRows));

  const indexOf = new Map([...at.entries()].map(([i, c]) => [c.key, i]));
  const rows = data.map(({ row, cells }): TableRow<RowValues<C>> => {
    const values: Record<string, unknown> = {};
    const errors: ImportRowError[] = [];
    for (const col of columns) {
      const index = indexOf.get(col.key);
      const text = index === undefined ? '' : (cells[index] ?? '').trim();
      // An error value (`#NUM!`: see dateText) is a row error whatever the column takes.
      const parsed: CellResult<unknown> = EXCEL_ERROR.test(text) ? { ok: false, reason: T('ImportErrorCell', text) } : col.parse(text, culture);
      if (parsed.ok) values[col.key] = parsed.value;
      else {
        const header = index === undefined ? col.header[culture] : (headers[index] ?? col.header[culture]);
        errors.push(rowError(culture, { row, column: header, reason: parsed.reason }));
      }
    }
    return { row, values: values as Partial<RowValues<C>>, cells: headers.map((_, i) => cells[i] ?? ''), errors };
  });
  return { headers, found: seen, rows };
}
