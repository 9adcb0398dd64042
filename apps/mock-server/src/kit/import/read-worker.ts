import { type Culture, localize, textsIn } from '../../localization/text-tables.ts';
import type { DocxPicture, SourceLine } from '../../import/document-lines.ts';
import { docxLines } from '../../import/docx-lines.ts';
import { isGbk } from '../gbk.ts';
import { loadExcel } from '../lazy.ts';
import { parseQti, QTI_ARCHIVE_LIMITS, type QtiRead } from '../../import/qti.ts';
import type { Base } from '../../import/migration.ts';
import { ArchiveRefused, checkArchive, readArchive, type ArchiveProblem } from './archive.ts';
import { cellText, parseCsv } from './cells.ts';

/**
 * The reading of one uploaded file, in a worker thread of the read pool
 * (read-pool.ts), never on the request loop: ZIP packages are checked
 * (archive.ts) before exceljs or mammoth opens them, and what comes back is
 * plain data (the grid's cells, the document's text), structure-clone
 * friendly. Texts are worded here in the request's culture.
 */

export type ReadTask =
  /** An .xlsx's first worksheet, or a .csv, as rows of cell texts. */
  | { kind: 'xlsx' | 'csv'; name: string; bytes: Uint8Array; culture: Culture }
  /** A .docx's paragraphs (import/docx-lines.ts), or a .txt's text. */
  | { kind: 'docx' | 'text'; name: string; bytes: Uint8Array; culture: Culture }
  /** A QTI 2.1 item (`.xml`) or content package (`.zip`, its entries within the archive limits), read into import items for `base`. */
  | { kind: 'qti'; name: string; bytes: Uint8Array; culture: Culture; base: Base };

export interface GridRow {
  /** 1-based row number in the sheet. */
  row: number;
  cells: string[];
}

export type ReadOutcome =
  | { ok: true; grid: GridRow[] }
  /** A .txt's text; a .docx's paragraphs (`lines`, with Word's list numbering and pictures marked), `text` their lines. */
  | { ok: true; text: string; lines?: SourceLine[]; pictures?: DocxPicture[] }
  /** A QTI upload's items, or why it was refused as a whole. */
  | { ok: true; qti: QtiRead }
  /** Refused, saying why (a 400 on the file). */
  | { ok: false; message: string }
  /** The library could not read it (damaged, not that format): the caller says what it expected. */
  | { ok: false; unreadable: true };

/** A byte limit as the messages write it (`50 MB`). */
const megabytes = (bytes: number): string => `${Math.round(bytes / (1024 * 1024))} MB`;

/** Most columns a row of a sheet may have (the cells after them are not read). */
export const MAX_COLUMNS = 200;

function archiveMessage(p: Exclude<ArchiveProblem, { kind: 'notZip' }>, file: string, culture: Culture): string {
  const T = textsIn(culture);
  switch (p.kind) {
    case 'entries':
      return T('FileReadingEntries', file, p.limit);
    case 'entrySize':
      return T('FileReadingEntrySize', file, p.entry, megabytes(p.limit));
    case 'totalSize':
      return T('FileReadingTotalSize', file, megabytes(p.limit));
    case 'ratio':
      return T('FileReadingRatio', file, p.entry, p.limit);
    case 'unsupported':
      return T('FileReadingUnsupported', file, p.entry);
    case 'entities':
      return T('FileReadingEntities', file, p.entry);
  }
}

/** The text of a CSV or TXT file: UTF-8 (BOM or not), else well-formed GBK (what Excel writes on a Chinese Windows); null for neither. */
export function decodeText(bytes: Uint8Array): string | null {
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) bytes = bytes.subarray(3);
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    // ICU's GBK decoder drops some invalid bytes (0xFF) silently even when fatal: the structure is checked first.
    return isGbk(bytes) ? new TextDecoder('gbk').decode(bytes) : null;
  }
}

/** Rows of cells, trailing empty cells dropped; a row with a non-empty cell past `MAX_COLUMNS` is refused. */
function capColumns(rows: GridRow[], file: string, culture: Culture): ReadOutcome {
  for (const r of rows) {
    let length = r.cells.length;
    while (length > 0 && r.cells[length - 1] === '') length--;
    if (length > MAX_COLUMNS) return { ok: false, message: localize(culture, 'FileReadingTooManyColumns', file, r.row, MAX_COLUMNS) };
    r.cells.length = length;
  }
  return { ok: true, grid: rows };
}

async function xlsxGrid(bytes: Uint8Array): Promise<GridRow[]> {
  const workbook = new (await loadExcel()).Workbook();
  // exceljs declares its own `Buffer` as an ArrayBuffer; JSZip reads either.
  await workbook.xlsx.load(new Uint8Array(bytes).buffer);
  const sheet = workbook.worksheets[0];
  const out: GridRow[] = [];
  sheet?.eachRow({ includeEmpty: false }, (r, rowNumber) => {
    const cells: string[] = [];
    r.eachCell({ includeEmpty: true }, (cell, col) => {
      // Past the column limit only whether anything is there counts (one cell after the limit says so).
      if (col > MAX_COLUMNS) {
        if (cellText(cell.value) !== '') cells[MAX_COLUMNS] = cellText(cell.value);
        return;
      }
      // A merged range: its master's value counts once across a row (a header over two columns), and for every row it spans downwards (one value for several rows).
      const master = cell.isMerged ? cell.master : cell;
      cells[col - 1] = master !== cell && master.row === cell.row ? '' : cellText(master.value);
    });
    out.push({ row: rowNumber, cells: Array.from(cells, (c) => c ?? '') });
  });
  return out;
}

export default async function read(task: ReadTask): Promise<ReadOutcome> {
  const { name, bytes, culture } = task;
  if (task.kind === 'csv' || task.kind === 'text') {
    const text = decodeText(bytes);
    // A binary file renamed .csv/.txt: not text, or NUL bytes, which never occur in text.
    if (text === null || text.includes('\u0000')) return { ok: false, message: localize(culture, 'FileReadingNotText', name) };
    if (task.kind === 'text') return { ok: true, text };
    return capColumns(
      parseCsv(text).map((cells, i) => ({ row: i + 1, cells })),
      name,
      culture,
    );
  }
  if (task.kind === 'qti' && !/\.zip$/i.test(name)) return { ok: true, qti: parseQti(name, bytes, task.base, culture) };
  let entries: Map<string, Uint8Array> | null = null;
  try {
    if (task.kind === 'xlsx') await checkArchive(bytes);
    else entries = await readArchive(bytes, task.kind === 'qti' ? QTI_ARCHIVE_LIMITS : undefined);
  } catch (err) {
    if (!(err instanceof ArchiveRefused)) throw err;
    const problem = err.problem;
    // Not a ZIP package at all: the caller says which format it expected.
    if (problem.kind === 'notZip') return { ok: false, unreadable: true };
    return { ok: false, message: archiveMessage(problem, name, culture) };
  }
  if (task.kind === 'qti') return { ok: true, qti: parseQti(name, entries ?? new Map(), task.base, culture) };
  try {
    if (task.kind === 'xlsx') return capColumns(await xlsxGrid(bytes), name, culture);
    const { lines, pictures } = await docxLines(bytes, entries ?? undefined);
    return { ok: true, text: lines.map((l) => l.text).join('\n'), lines, pictures };
  } catch {
    return { ok: false, unreadable: true };
  }
}
