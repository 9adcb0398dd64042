import type ExcelJS from 'exceljs';

/**
 * Heavy libraries that only imports and exports use, loaded on their first
 * use instead of at start: exceljs alone is ~30 MB of resident memory and
 * ~2 s of start-up, and most processes never read or write a spreadsheet
 * (docs/architecture/speed.md, "The server as users start it").
 */
let excel: Promise<typeof ExcelJS> | undefined;

/** exceljs (its CommonJS export), imported once on first call. */
export function loadExcel(): Promise<typeof ExcelJS> {
  excel ??= import('exceljs').then((m) => m.default);
  excel.catch(() => (excel = undefined));
  return excel;
}
