import { loadExcel } from '../lazy.ts';
import type { ImportRowDto, ImportRowError } from '@edu/sdk';
import { type Culture, textsIn } from '../../localization/texts.ts';
import type { ImportColumn } from './reading.ts';

/** The import's workbooks: the report of rejected rows and the templates. */

/** A row the import did not write, with its reasons and (sheets) its cells. */
export type RejectedRow = ImportRowDto & { errors: ImportRowError[]; cells?: string[] };

/** The rejected rows: a sheet's own cells (or place and content for documents) plus the reasons. */
export async function reportWorkbook(rows: RejectedRow[], headers: string[] | undefined, culture: Culture): Promise<Uint8Array> {
  const T = textsIn(culture);
  const workbook = new (await loadExcel()).Workbook();
  const sheet = workbook.addWorksheet(T('ImportRejectedSheet'));
  const reasonOf = (s: RejectedRow) =>
    s.status === 'duplicate'
      ? s.duplicateOfRow !== null
        ? T('ImportDuplicateOfRow', s.duplicateOfRow)
        : T('ImportDuplicateOfId', s.duplicateOfId ?? 0)
      : s.errors.map((e) => (e.column ? `${e.column}：${e.reason}` : e.reason)).join('\n');
  if (headers) {
    sheet.addRow([...headers, T('ImportReasonHeader')]);
    for (const s of rows) sheet.addRow([...headers.map((_, i) => s.cells?.[i] ?? ''), reasonOf(s)]);
    sheet.getColumn(headers.length + 1).width = 60;
  } else {
    sheet.addRow([T('ImportPlaceHeader'), T('ImportLabelHeader'), T('ImportReasonHeader')]);
    for (const s of rows)
      sheet.addRow([s.question !== null ? T('ImportAtQuestion', s.question, s.row) : T('ImportAtRow', s.row), s.label, reasonOf(s)]);
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
  const T = textsIn(culture);
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
    const notes = workbook.addWorksheet(T('ImportNotesSheet'));
    notes.getColumn(1).width = 100;
    for (const line of options.notes) notes.addRow([line]);
  }
  return new Uint8Array(await workbook.xlsx.writeBuffer());
}
