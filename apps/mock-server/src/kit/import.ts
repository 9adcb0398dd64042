import type ExcelJS from 'exceljs';
import { loadExcel } from './lazy.ts';
import {
  IMPORT_LIST_CAP,
  type FileDto,
  type ImportMode,
  type ImportResult,
  type ImportRowDto,
  type ImportRowError,
  type ValidationErrorInfo,
} from '@edu/sdk';
import { z } from 'zod';
import type { Culture } from '../localization/texts.ts';
import { validate } from './bind-input.ts';
import type { RequestContext } from './context.ts';
import { AbpValidationError, UserFriendlyError } from './errors.ts';
import { defineJob, startJob, type JobContext, type ReportProgress } from './jobs.ts';

/**
 * The import mechanism (question import, issue 8; member import, issue 10).
 *
 * 1. **Reading**: `readTable(file, columns, t)` reads an uploaded xlsx (first
 *    worksheet) or csv (UTF-8 with or without BOM, or GBK) into rows keyed
 *    by the declared columns. Headers match the column's Chinese or English
 *    header or an alias (case, spaces and full-width forms folded); each cell
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

// ---------------------------------------------------------------------------
// Texts

const texts = {
  'zh-Hans': {
    notSpreadsheet: '无法读取该文件：请上传 Excel（.xlsx）或 CSV 文件。',
    oldExcel: '不支持旧版 Excel（.xls）文件，请在 Excel 或 WPS 中另存为 .xlsx 后重新导入。',
    noHeader: '文件中没有表头行。',
    missingColumns: (names: string) => `缺少必填列：${names}。请使用导入模板。`,
    unknownColumns: (names: string, known: string) => `无法识别的列：${names}。可用的列：${known}。`,
    repeatedColumn: (name: string) => `列“${name}”重复。`,
    noRows: '文件中没有数据行。',
    tooManyRows: (max: number) => `一次最多导入 ${max} 行，请拆分文件后分批导入。`,
    progressCheck: (i: number, n: number) => `正在检查：第 ${i} / ${n} 行`,
    progressWrite: (i: number, n: number) => `正在写入：第 ${i} / ${n} 行`,
    atRow: (row: number) => `第 ${row} 行`,
    atQuestion: (q: number, line: number) => `第 ${q} 题（第 ${line} 行）`,
    duplicateOfRow: (row: number) => `与第 ${row} 行重复，已跳过。`,
    duplicateOfId: (id: number) => `与已有记录重复（ID ${id}），已跳过。`,
    reasonHeader: '错误原因',
    placeHeader: '位置',
    labelHeader: '内容',
    reportName: (name: string) => `导入错误报告-${name}.xlsx`,
  },
  en: {
    notSpreadsheet: 'The file cannot be read: upload an Excel (.xlsx) or CSV file.',
    oldExcel: 'Old Excel files (.xls) are not supported: save the file as .xlsx in Excel or WPS and import it again.',
    noHeader: 'The file has no header row.',
    missingColumns: (names: string) => `Required columns are missing: ${names}. Please use the import template.`,
    unknownColumns: (names: string, known: string) => `Unknown columns: ${names}. Known columns: ${known}.`,
    repeatedColumn: (name: string) => `The column "${name}" appears twice.`,
    noRows: 'The file has no data rows.',
    tooManyRows: (max: number) => `At most ${max} rows can be imported at once; split the file.`,
    progressCheck: (i: number, n: number) => `Checking: row ${i} / ${n}`,
    progressWrite: (i: number, n: number) => `Writing: row ${i} / ${n}`,
    atRow: (row: number) => `Row ${row}`,
    atQuestion: (q: number, line: number) => `Question ${q} (line ${line})`,
    duplicateOfRow: (row: number) => `Same as row ${row}; skipped.`,
    duplicateOfId: (id: number) => `Same as an existing record (ID ${id}); skipped.`,
    reasonHeader: 'Reason',
    placeHeader: 'Place',
    labelHeader: 'Content',
    reportName: (name: string) => `import-errors-${name}.xlsx`,
  },
} satisfies Record<Culture, unknown>;

export const importTexts = (culture: Culture) => texts[culture];

/** Most rows read from one file unless the caller says otherwise. */
export const DEFAULT_MAX_ROWS = 10_000;
const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

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
 * `cellText` writes for a date cell), `YYYY/M/D`, `YYYY.M.D`,
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

/** A cell's value as the text the user sees (formulas by their result, rich text joined, dates as YYYY-MM-DD). */
export function cellText(value: ExcelJS.CellValue): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number') return String(value);
  if (typeof value === 'boolean') return value ? 'TRUE' : 'FALSE';
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  if ('richText' in value) return value.richText.map((r) => r.text).join('');
  if ('hyperlink' in value) return typeof value.text === 'string' ? value.text : cellText(value.text);
  if ('error' in value) return value.error;
  if ('result' in value) return value.result === undefined ? '' : cellText(value.result);
  return '';
}

/** The text of a CSV file: UTF-8 (BOM or not), else GBK (what Excel writes on a Chinese Windows). */
export function decodeCsv(bytes: Uint8Array): string {
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) return new TextDecoder('utf-8').decode(bytes.subarray(3));
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return new TextDecoder('gbk').decode(bytes);
  }
}

/** RFC 4180 CSV (quotes, doubled quotes, CRLF or LF); comma, or tab when the first line has tabs and no commas. */
export function parseCsv(text: string): string[][] {
  const firstLine = text.slice(0, text.search(/\r?\n|$/));
  const sep = firstLine.includes('\t') && !firstLine.includes(',') ? '\t' : ',';
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quoted) {
      if (c === '"') {
        if (text[i + 1] === '"') {
          cell += '"';
          i++;
        } else quoted = false;
      } else cell += c;
    } else if (c === '"' && cell === '') quoted = true;
    else if (c === sep) {
      row.push(cell);
      cell = '';
    } else if (c === '\n' || c === '\r') {
      if (c === '\r' && text[i + 1] === '\n') i++;
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
    } else cell += c;
  }
  if (cell !== '' || row.length) {
    row.push(cell);
    rows.push(row);
  }
  return rows;
}

/** The cells of a spreadsheet file, row by row (1-based row numbers), the first worksheet of an xlsx. */
async function readGrid(file: UploadedFile, culture: Culture): Promise<Array<{ row: number; cells: string[] }>> {
  const T = texts[culture];
  const name = file.name.toLowerCase();
  if (isOle(file.bytes) || name.endsWith('.xls')) fileError(T.oldExcel);
  if (isZip(file.bytes)) {
    const workbook = new (await loadExcel()).Workbook();
    try {
      // exceljs declares its own `Buffer` as an ArrayBuffer; JSZip reads either.
      await workbook.xlsx.load(new Uint8Array(file.bytes).buffer);
    } catch {
      fileError(T.notSpreadsheet);
    }
    const sheet = workbook.worksheets[0];
    if (!sheet) fileError(T.noHeader);
    const out: Array<{ row: number; cells: string[] }> = [];
    sheet.eachRow({ includeEmpty: false }, (r, rowNumber) => {
      const cells: string[] = [];
      r.eachCell({ includeEmpty: true }, (cell, col) => {
        // A merged range: its master's value counts once across a row (a header over two columns), and for every row it spans downwards (one value for several rows).
        const master = cell.isMerged ? cell.master : cell;
        cells[col - 1] = master !== cell && master.row === cell.row ? '' : cellText(master.value);
      });
      out.push({ row: rowNumber, cells: Array.from(cells, (c) => c ?? '') });
    });
    return out;
  }
  if (!name.endsWith('.csv')) fileError(T.notSpreadsheet);
  const text = decodeCsv(file.bytes);
  // A binary file renamed .csv: NUL bytes never occur in text.
  if (text.includes('\u0000')) fileError(T.notSpreadsheet);
  return parseCsv(text).map((cells, i) => ({ row: i + 1, cells }));
}

/**
 * Reads a spreadsheet into rows of the declared columns. The header row is
 * the first non-blank row. File-level problems are a 400 on `file`.
 */
export async function readTable<const C extends readonly ImportColumn[]>(
  file: UploadedFile,
  columns: C,
  culture: Culture,
  options: { maxRows?: number } = {},
): Promise<Table<RowValues<C>>> {
  const T = texts[culture];
  const maxRows = options.maxRows ?? DEFAULT_MAX_ROWS;
  const grid = await readGrid(file, culture);
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
  if (!head) fileError(T.noHeader);
  const headers = head.cells.map((c) => c.trim());
  const at = new Map<number, ImportColumn>();
  const unknown: string[] = [];
  const seen = new Set<string>();
  headers.forEach((h, i) => {
    if (!h) return;
    const col = byHeader.get(headerKey(h));
    if (!col) unknown.push(h);
    else if (seen.has(col.key)) fileError(T.repeatedColumn(h));
    else {
      seen.add(col.key);
      at.set(i, col);
    }
  });
  const missing = columns.filter((c) => c.required && !seen.has(c.key)).map((c) => c.header[culture]);
  const problems: ValidationErrorInfo[] = [];
  if (missing.length) problems.push({ message: T.missingColumns(missing.join('、')), members: ['file'] });
  if (unknown.length)
    problems.push({ message: T.unknownColumns(unknown.join('、'), columns.map((c) => c.header[culture]).join('、')), members: ['file'] });
  if (problems.length) throw new AbpValidationError(problems);

  const data = nonBlank.slice(headAt + 1);
  if (!data.length) fileError(T.noRows);
  if (data.length > maxRows) fileError(T.tooManyRows(maxRows));

  const indexOf = new Map([...at.entries()].map(([i, c]) => [c.key, i]));
  const rows = data.map(({ row, cells }): TableRow<RowValues<C>> => {
    const values: Record<string, unknown> = {};
    const errors: ImportRowError[] = [];
    for (const col of columns) {
      const index = indexOf.get(col.key);
      const text = index === undefined ? '' : (cells[index] ?? '').trim();
      const parsed = col.parse(text, culture);
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

/** An error with its whole sentence (`第 3 行“答案”：…` / `第 12 题（第 48 行）：…`). */
export function rowError(culture: Culture, e: { row: number; column: string | null; reason: string; question?: number | null }): ImportRowError {
  const T = texts[culture];
  const question = e.question ?? null;
  const place = question !== null ? T.atQuestion(question, e.row) : T.atRow(e.row);
  const column = e.column ? (culture === 'zh-Hans' ? `“${e.column}”` : ` "${e.column}"`) : '';
  const sep = culture === 'zh-Hans' ? '：' : ': ';
  return { row: e.row, column: e.column, question, reason: e.reason, message: `${place}${column}${sep}${e.reason}` };
}

// ---------------------------------------------------------------------------
// Running

/** One thing to import (a sheet row, a document's question) with what reading already found wrong with it. */
export interface ImportItem<T> {
  /** Sheet row, or the line a document item starts on. */
  row: number;
  /** A document item's number (null for sheet rows). */
  question: number | null;
  /** A short text for the result grid (a question's stem). */
  label: string;
  /** The input to check; null when reading already failed (see `errors`). */
  input: T | null;
  errors: ImportRowError[];
  /** The row's cells as the file has them (sheets), for the report; documents use place and label. */
  cells?: string[];
}

export interface Importer<T, P> {
  /** Job name (`TestQuestion.Import`) and the title of its notification (`导入题目`). */
  readonly name: string;
  readonly title: string;
  /**
   * The item's checks exactly as the create endpoint makes them, writing
   * nothing; an `AbpValidationError` becomes the item's errors (through
   * `locate`), a `UserFriendlyError` one error on the row. `key` identifies
   * duplicates (null: never a duplicate).
   */
  check(input: T, ctx: RequestContext): Promise<{ value: P; key: string | null }>;
  /** Ids of live records having these keys (one query per chunk). */
  existing(keys: string[], ctx: RequestContext): Promise<Map<string, number>>;
  /**
   * Writes checked items inside the import's one transaction (a batch of at
   * most `WRITE_BATCH`, never holding two with the same key); answers the new
   * ids in order. A batch write is what makes thousands of rows take seconds.
   */
  write(batch: ReadonlyArray<{ input: T; value: P }>, tx: RequestContext): Promise<number[]>;
  /** Where a validation member (`options[1].isCorrect`) is in the file: the column header, and for documents the question and line. */
  locate(member: string | null, item: ImportItem<T>, culture: Culture): { column: string | null; question?: number | null; row?: number };
  /** Further files of the result (`ImportResult.files`), made once the run has ended (e.g. the initial passwords of created users). */
  files?(jobCtx: Pick<JobContext, 'saveTempFile'>, committed: boolean): Promise<Record<string, FileDto> | undefined>;
  /**
   * Places what the run produced somewhere else as well (imported questions
   * into a paper), given every row's outcome and checked value. On a commit
   * that writes it runs inside the import's one transaction after the writes
   * (`commit` true; created ids set), so both land or neither, and it runs
   * even when every row was a duplicate; otherwise (dry run, stopped commit)
   * it only answers what would happen (`commit` false, write nothing).
   * `changed`: it wrote (a commit of duplicates only is then `committed`);
   * `result` is merged into the import's result (its own members, e.g. `paper`).
   */
  place?(
    outcomes: ReadonlyArray<{ row: ImportRowDto; value: P | null }>,
    ctx: RequestContext,
    commit: boolean,
  ): Promise<{ changed: boolean; result: Record<string, unknown> }>;
}

export const ImportJobInput = z.object({
  fileName: z.string(),
  mode: z.enum(['dryRun', 'commit']),
  allOrNothing: z.boolean(),
  items: z.number().int().min(0),
  /** What the importer records about the run (category, bank, ...). */
  target: z.record(z.string(), z.unknown()).default({}),
});

type RowState = ImportRowDto & { errors: ImportRowError[]; cells?: string[] };

/**
 * Starts the import job and answers its `BackgroundJobDto`. The items are
 * read by the handler (file-level problems are its 400); the job checks,
 * deduplicates and writes them with the caller's context, in the caller's
 * culture. The file's items live in memory until the job ends (a restarted
 * server marks the job failed, as every job).
 */
export function startImport<T, P>(
  ctx: RequestContext,
  importer: Importer<T, P>,
  items: ReadonlyArray<ImportItem<T>>,
  options: { fileName: string; mode: ImportMode; allOrNothing: boolean; headers?: string[]; target?: Record<string, unknown> },
) {
  // One definition per run: the job needs this request's context (permissions, culture) and items.
  const job = defineJob({
    name: importer.name,
    title: importer.title,
    input: ImportJobInput,
    run: (jobCtx, input, report) => runImport(ctx, jobCtx, importer, items, { ...input, headers: options.headers }, report),
  });
  return startJob(ctx, job, {
    fileName: options.fileName,
    mode: options.mode,
    allOrNothing: options.allOrNothing,
    items: items.length,
    target: options.target,
  });
}

const PROGRESS_EVERY = 50;
/** Items per write statement batch. */
export const WRITE_BATCH = 200;

/** The import's work: check, deduplicate, write in one transaction, report. Exported for tests that run it without a job. */
export async function runImport<T, P>(
  ctx: RequestContext,
  jobCtx: Pick<JobContext, 'signal' | 'saveTempFile'>,
  importer: Importer<T, P>,
  items: ReadonlyArray<ImportItem<T>>,
  options: { fileName: string; mode: ImportMode; allOrNothing: boolean; headers?: string[] },
  report: ReportProgress,
): Promise<ImportResult> {
  const culture = ctx.culture;
  const T = texts[culture];
  const commit = options.mode === 'commit';
  const n = items.length;
  // Checking is most of the work: all of a dry run, 90 % of a commit.
  const checkShare = commit ? 90 : 100;

  const states: RowState[] = [];
  const checked: Array<{ state: RowState; input: T; value: P; key: string | null }> = [];
  for (let i = 0; i < n; i++) {
    if (jobCtx.signal.aborted) throw new UserFriendlyError(culture === 'zh-Hans' ? '导入已中断。' : 'The import was interrupted.');
    const item = items[i]!;
    const state: RowState = {
      row: item.row,
      question: item.question,
      label: item.label,
      status: 'invalid',
      createdId: null,
      duplicateOfId: null,
      duplicateOfRow: null,
      errors: [...item.errors],
      cells: item.cells,
    };
    states.push(state);
    if (item.input !== null && !item.errors.length) {
      try {
        const { value, key } = await importer.check(item.input, ctx);
        state.status = 'valid';
        checked.push({ state, input: item.input, value, key });
      } catch (err) {
        state.errors.push(...errorsOf(err, item, importer, culture));
      }
    }
    if (i % PROGRESS_EVERY === 0 || i === n - 1) await report(((i + 1) / n) * checkShare, T.progressCheck(i + 1, n));
  }

  // Duplicates: of an earlier item of the file, then of a live record.
  const firstRowOfKey = new Map<string, number>();
  const keys = [...new Set(checked.flatMap((c) => (c.key === null ? [] : [c.key])))];
  const existing = new Map<string, number>();
  for (let i = 0; i < keys.length; i += 500) for (const [k, id] of await importer.existing(keys.slice(i, i + 500), ctx)) existing.set(k, id);
  const toWrite: typeof checked = [];
  for (const c of checked) {
    if (c.key !== null) {
      const earlier = firstRowOfKey.get(c.key);
      const live = existing.get(c.key);
      if (earlier !== undefined) {
        c.state.status = 'duplicate';
        c.state.duplicateOfRow = earlier;
        continue;
      }
      firstRowOfKey.set(c.key, c.state.row);
      if (live !== undefined) {
        c.state.status = 'duplicate';
        c.state.duplicateOfId = live;
        continue;
      }
    }
    toWrite.push(c);
  }

  const invalidRows = states.filter((s) => s.status === 'invalid').length;
  const valueOf = new Map(checked.map((c) => [c.state, c.value]));
  const outcomes = () => states.map((s) => ({ row: s, value: valueOf.get(s) ?? null }));
  let placed: { changed: boolean; result: Record<string, unknown> } | undefined;
  const writes = commit && !(options.allOrNothing && invalidRows > 0) && (toWrite.length > 0 || importer.place !== undefined);
  if (writes) {
    await ctx.transaction(async (tx) => {
      for (let i = 0; i < toWrite.length; i += WRITE_BATCH) {
        if (jobCtx.signal.aborted)
          throw new UserFriendlyError(culture === 'zh-Hans' ? '导入已中断，未写入任何数据。' : 'The import was interrupted; nothing was written.');
        const batch = toWrite.slice(i, i + WRITE_BATCH);
        const ids = await importer.write(batch, tx);
        batch.forEach((w, j) => {
          w.state.createdId = ids[j] ?? null;
          w.state.status = 'created';
        });
        const done = i + batch.length;
        await report(checkShare + (done / toWrite.length) * (100 - checkShare), T.progressWrite(done, toWrite.length));
      }
      placed = await importer.place?.(outcomes(), tx, true);
    });
  } else if (commit) for (const w of toWrite) w.state.status = 'notWritten';
  if (!writes) placed = await importer.place?.(outcomes(), ctx, false);
  const committed = writes && (toWrite.length > 0 || placed?.changed === true);

  const errors = states.flatMap((s) => s.errors);
  const rejected = states.filter((s) => s.status === 'invalid' || s.status === 'duplicate');
  const result: ImportResult = {
    mode: options.mode,
    allOrNothing: options.allOrNothing,
    fileName: options.fileName,
    total: n,
    valid: n - invalidRows,
    created: states.filter((s) => s.status === 'created').length,
    skippedDuplicates: states.filter((s) => s.status === 'duplicate').length,
    invalidRows,
    errorCount: errors.length,
    errors: errors.slice(0, IMPORT_LIST_CAP),
    rows: states.slice(0, IMPORT_LIST_CAP).map(({ errors: _e, cells: _c, ...row }) => row),
    committed,
  };
  if (rejected.length) {
    const bytes = await reportWorkbook(rejected, options.headers, culture);
    const base = options.fileName.replace(/\.[^.]+$/, '');
    result.report = await jobCtx.saveTempFile({ fileName: T.reportName(base), contentType: XLSX_TYPE, bytes });
  }
  const files = await importer.files?.(jobCtx, committed);
  if (files && Object.keys(files).length) result.files = files;
  await report(100);
  return placed ? { ...placed.result, ...result } : result;
}

/** An item's errors from what `check` threw; anything else is a bug and fails the job. */
function errorsOf<T>(err: unknown, item: ImportItem<T>, importer: Importer<T, unknown>, culture: Culture): ImportRowError[] {
  if (err instanceof AbpValidationError) {
    return err.validationErrors.map((e) => {
      const at = importer.locate(e.members?.[0] ?? null, item, culture);
      return rowError(culture, { row: at.row ?? item.row, column: at.column, question: at.question ?? item.question, reason: e.message });
    });
  }
  if (err instanceof UserFriendlyError) return [rowError(culture, { row: item.row, column: null, question: item.question, reason: err.message })];
  throw err;
}

/** The rejected rows: a sheet's own cells (or place and content for documents) plus the reasons. */
async function reportWorkbook(rows: RowState[], headers: string[] | undefined, culture: Culture): Promise<Uint8Array> {
  const T = texts[culture];
  const workbook = new (await loadExcel()).Workbook();
  const sheet = workbook.addWorksheet(culture === 'zh-Hans' ? '未导入的行' : 'Rejected rows');
  const reasonOf = (s: RowState) =>
    s.status === 'duplicate'
      ? s.duplicateOfRow !== null
        ? T.duplicateOfRow(s.duplicateOfRow)
        : T.duplicateOfId(s.duplicateOfId ?? 0)
      : s.errors.map((e) => (e.column ? `${e.column}：${e.reason}` : e.reason)).join('\n');
  if (headers) {
    sheet.addRow([...headers, T.reasonHeader]);
    for (const s of rows) sheet.addRow([...headers.map((_, i) => s.cells?.[i] ?? ''), reasonOf(s)]);
    sheet.getColumn(headers.length + 1).width = 60;
  } else {
    sheet.addRow([T.placeHeader, T.labelHeader, T.reasonHeader]);
    for (const s of rows) sheet.addRow([s.question !== null ? T.atQuestion(s.question, s.row) : T.atRow(s.row), s.label, reasonOf(s)]);
    sheet.getColumn(1).width = 22;
    sheet.getColumn(2).width = 50;
    sheet.getColumn(3).width = 60;
  }
  sheet.getRow(1).font = { bold: true };
  sheet.views = [{ state: 'frozen', ySplit: 1 }];
  return new Uint8Array(await workbook.xlsx.writeBuffer());
}

/** Writes a workbook of one sheet: the columns' headers (in `culture`), then rows of cell texts. For templates. */
export async function templateWorkbook(
  columns: readonly ImportColumn[],
  culture: Culture,
  rows: ReadonlyArray<Readonly<Record<string, string | number>>>,
  options: { sheetName: string; lists?: Readonly<Record<string, readonly string[]>>; notes?: readonly string[] },
): Promise<Uint8Array> {
  const workbook = new (await loadExcel()).Workbook();
  const sheet = workbook.addWorksheet(options.sheetName);
  sheet.columns = columns.map((c) => ({ header: c.header[culture], key: c.key, width: c.width ?? 12 }));
  const head = sheet.getRow(1);
  head.font = { bold: true };
  columns.forEach((c, i) => {
    if (c.required) head.getCell(i + 1).font = { bold: true, color: { argb: 'FFC00000' } };
  });
  for (const r of rows) sheet.addRow(r);
  sheet.views = [{ state: 'frozen', ySplit: 1 }];
  // Drop-down lists (data validation) over the first rows of a column.
  for (const [key, values] of Object.entries(options.lists ?? {})) {
    const index = columns.findIndex((c) => c.key === key);
    if (index < 0) continue;
    const col = sheet.getColumn(index + 1);
    for (let r = 2; r <= 1001; r++) {
      sheet.getCell(r, col.number).dataValidation = {
        type: 'list',
        allowBlank: true,
        formulae: [`"${values.join(',')}"`],
        showErrorMessage: true,
      };
    }
  }
  if (options.notes?.length) {
    const notes = workbook.addWorksheet(culture === 'zh-Hans' ? '填写说明' : 'How to fill in');
    notes.getColumn(1).width = 100;
    for (const line of options.notes) notes.addRow([line]);
  }
  return new Uint8Array(await workbook.xlsx.writeBuffer());
}
