import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../testing/test-app.ts';

/**
 * The totals under every money export (Payment, Consumption and Income
 * GetAllToExcel) are numbers a spreadsheet sums: numeric cells with a number
 * format, read back with exceljs and through LibreOffice (xlsx → csv).
 */

const run = promisify(execFile);
const dir = mkdtempSync(join(tmpdir(), 'money-export-'));
const profile = `file://${join(dir, 'profile')}`;

/** The xlsx as LibreOffice Calc reads it, as CSV text; null when no Calc is installed. */
async function viaLibreOffice(name: string, bytes: Uint8Array): Promise<string | null> {
  const file = join(dir, `${name}.xlsx`);
  writeFileSync(file, bytes);
  try {
    await run(
      'soffice',
      ['--headless', `-env:UserInstallation=${profile}`, '--convert-to', 'csv:Text - txt - csv (StarCalc):44,34,76', '--outdir', dir, file],
      {
        timeout: 120_000,
      },
    );
    return readFileSync(join(dir, `${name}.csv`), 'utf8');
  } catch {
    return null;
  }
}
const calc = (await viaLibreOffice('probe', new Uint8Array(await new ExcelJS.Workbook().xlsx.writeBuffer()))) !== null;
if (!calc) console.warn('LibreOffice Calc (soffice with libreoffice-calc) is not installed: the LibreOffice read-back of money exports is skipped.');

const t = useTestApp();
afterAll(async () => {
  rmSync(dir, { recursive: true, force: true });
});

async function exported(service: string): Promise<{ bytes: Uint8Array; totals: { count: number; in: number; out: number; net: number } }> {
  const list = await t.call('GET', `/api/services/app/${service}/GetAll`, { token: t.admin, query: { MaxResultCount: 1 } });
  expect(list.status, JSON.stringify(list.body)).toBe(200);
  const file = await t.call('GET', `/api/services/app/${service}/GetAllToExcel`, { token: t.admin });
  expect(file.status, JSON.stringify(file.body)).toBe(200);
  const { fileType, fileToken } = file.body.result as { fileType: string; fileToken: string };
  const dl = await t.app.inject({
    method: 'GET',
    url: `/File/DownloadTempFile?fileType=${encodeURIComponent(fileType)}&fileToken=${fileToken}&fileName=x.xlsx`,
    headers: { authorization: `Bearer ${t.admin}`, 'abp.tenantid': '1' },
  });
  expect(dl.statusCode).toBe(200);
  return { bytes: new Uint8Array(dl.rawPayload), totals: list.body.result.totals };
}

describe.each(['Payment', 'Consumption', 'Income'])('%s/GetAllToExcel', (service) => {
  let file: Awaited<ReturnType<typeof exported>>;
  beforeAll(async () => {
    file = await exported(service);
    expect(file.totals.count).toBeGreaterThan(0);
  });

  it('ends with the totals as numeric cells with a number format', async () => {
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(file.bytes.slice().buffer);
    const sheet = book.worksheets[0]!;
    const rows: Array<[unknown, unknown, string | undefined]> = [];
    sheet.eachRow((r) => rows.push([r.getCell(1).value, r.getCell(2).value, r.getCell(2).numFmt]));
    const at = rows.findIndex(([label]) => label === '合计');
    expect(at).toBe(file.totals.count + 1);
    expect(rows.slice(at + 1)).toEqual([
      ['笔数', file.totals.count, '0'],
      ['收入（元）', file.totals.in / 100, '#,##0.00'],
      ['支出（元）', file.totals.out / 100, '#,##0.00'],
      ['净额（元）', file.totals.net / 100, '#,##0.00'],
    ]);
  });

  it.skipIf(!calc)('reads as numbers in LibreOffice Calc, which add up (in − out = net)', async () => {
    const csv = await viaLibreOffice(service, file.bytes);
    const lines = (csv ?? '').trim().split(/\r?\n/);
    // A number formatted #,##0.00 comes out as "1,234.50" (quoted for its comma); a text cell would keep its words.
    const cells = (line: string) =>
      [...line.matchAll(/"([^"]*)"|([^,]*)/g)].filter((m) => m.index === 0 || line[m.index - 1] === ',').map((m) => m[1] ?? m[2] ?? '');
    const figure = (label: string) => {
      const row = lines.map(cells).find((c) => c[0] === label) ?? [];
      return Number((row[1] ?? '').replaceAll(',', ''));
    };
    const [count, income, out, net] = ['笔数', '收入（元）', '支出（元）', '净额（元）'].map(figure);
    expect([count, income, out, net]).toEqual([file.totals.count, file.totals.in / 100, file.totals.out / 100, file.totals.net / 100]);
    expect(Math.round((income! - out!) * 100)).toBe(Math.round(net! * 100));
  });
});
