import type ExcelJS from 'exceljs';
import type { ImportRowError } from '@edu/sdk';
import { textsIn, type Culture } from '../../localization/text-tables.ts';

/**
 * What the read worker (read-worker.ts) and the reading on the request loop
 * (reading.ts) share: a cell's text, CSV rows and a row's error sentence.
 * Nothing here imports zod or a schema of the SDK, so the worker thread never
 * evaluates them (docs/architecture/imports.md, "The kit").
 */

// --- Dates no calendar holds (hostile-input issue) -------------------------
/**
 * A date-formatted cell holding a number past Excel's dates (`1e20`, a
 * formula's `-1e20`) reaches us as an invalid Date (exceljs), or one after
 * 9999-12-31; Excel shows `#####` there. Its text is Excel's error value for a
 * number out of range, `#NUM!`, which `readTable` reports as a row error like
 * any error value (`#N/A`, `#DIV/0!`, ...).
 */
const dateText = (d: Date) => (Number.isNaN(d.getTime()) || d.getUTCFullYear() > 9999 ? '#NUM!' : d.toISOString().slice(0, 10));
/** Excel's error values, as a cell (or a CSV written from one) holds them. */
export const EXCEL_ERROR = /^#(?:NULL!|DIV\/0!|VALUE!|REF!|NAME\?|NUM!|N\/A|SPILL!|CALC!|GETTING_DATA)$/;
// ---------------------------------------------------------------------------

/** A cell's value as the text the user sees (formulas by their result, rich text joined, dates as YYYY-MM-DD). */
export function cellText(value: ExcelJS.CellValue): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number') return String(value);
  if (typeof value === 'boolean') return value ? 'TRUE' : 'FALSE';
  if (value instanceof Date) return dateText(value);
  if ('richText' in value) return value.richText.map((r) => r.text).join('');
  if ('hyperlink' in value) return typeof value.text === 'string' ? value.text : cellText(value.text);
  if ('error' in value) return value.error;
  if ('result' in value) return value.result === undefined ? '' : cellText(value.result);
  return '';
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

/** An error with its whole sentence (`第 3 行“答案”：…` / `第 12 题（第 48 行）：…`). */
export function rowError(culture: Culture, e: { row: number; column: string | null; reason: string; question?: number | null }): ImportRowError {
  const T = textsIn(culture);
  const question = e.question ?? null;
  const place = question !== null ? T('ImportAtQuestion', question, e.row) : T('ImportAtRow', e.row);
  const column = e.column ? T('ImportNamedColumn', e.column) : '';
  const sep = T('ImportReasonSeparator');
  return { row: e.row, column: e.column, question, reason: e.reason, message: `${place}${column}${sep}${e.reason}` };
}
