import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { column, dateCell, readTable, textCell } from './reading.ts';
import { readerOf as reader } from './read-pool.ts';

/** The kit's reading of sheets other programs make (member import): title rows, merged headers, apostrophes, Excel dates. */

const bad = { 'zh-Hans': '日期不对', en: 'Bad date' };
const columns = [
  column('name', { 'zh-Hans': '姓名', en: 'Name' }, textCell, { required: true }),
  column('phone', { 'zh-Hans': '手机号', en: 'Phone' }, textCell),
  column('email', { 'zh-Hans': '邮箱', en: 'E-mail' }, textCell),
  column('day', { 'zh-Hans': '日期', en: 'Date' }, dateCell(bad)),
] as const;

async function xlsx(build: (sheet: ExcelJS.Worksheet) => void): Promise<{ name: string; bytes: Uint8Array }> {
  const wb = new ExcelJS.Workbook();
  build(wb.addWorksheet('s'));
  return { name: 'x.xlsx', bytes: new Uint8Array(await wb.xlsx.writeBuffer()) };
}

describe('readTable with sheets from other programs', () => {
  it('skips a merged title row and a merged group header above the real header', async () => {
    const file = await xlsx((s) => {
      s.addRow(['会员名单', '', '', '']);
      s.addRow(['姓名', '联系方式', '', '日期']);
      s.addRow(['', '手机号', '邮箱', '']);
      s.addRow(['张三', '13800138000', 'a@b.cn', 45356]);
      s.mergeCells('A1:D1');
      s.mergeCells('B2:C2');
      s.mergeCells('A2:A3');
      s.mergeCells('D2:D3');
    });
    const table = await readTable(file, columns, reader('zh-Hans'));
    expect(table.headers).toEqual(['姓名', '手机号', '邮箱', '日期']);
    expect(table.rows).toHaveLength(1);
    expect(table.rows[0]).toMatchObject({ row: 4, values: { name: '张三', phone: '13800138000', email: 'a@b.cn', day: '2024-03-05' }, errors: [] });
    expect([...table.found].sort()).toEqual(['day', 'email', 'name', 'phone']);
  });

  it('drops a leading apostrophe (text mark) and reads a merged cell spanning rows for every row', async () => {
    const file = { name: 'x.csv', bytes: new TextEncoder().encode("姓名,手机号\n'张三,'13800138000\n李四,13900139000\n,\n") };
    const table = await readTable(file, columns, reader('zh-Hans'));
    expect(table.rows.map((r) => r.values)).toEqual([
      { name: '张三', phone: '13800138000', email: '', day: null },
      { name: '李四', phone: '13900139000', email: '', day: null },
    ]);
    const merged = await xlsx((s) => {
      s.addRow(['姓名', '日期']);
      s.addRow(['甲', '2024-01-02']);
      s.addRow(['乙', '']);
      s.mergeCells('B2:B3');
    });
    expect((await readTable(merged, columns, reader('zh-Hans'))).rows.map((r) => r.values.day)).toEqual(['2024-01-02', '2024-01-02']);
  });

  it('reads dates as serial numbers, text in several forms and date cells, and refuses the rest', () => {
    const parse = dateCell(bad);
    expect(parse('45356', 'zh-Hans')).toEqual({ ok: true, value: '2024-03-05' });
    expect(parse('45356.75', 'zh-Hans')).toEqual({ ok: true, value: '2024-03-05' });
    expect(parse('2024/3/5', 'zh-Hans')).toEqual({ ok: true, value: '2024-03-05' });
    expect(parse('2024年3月5日', 'zh-Hans')).toEqual({ ok: true, value: '2024-03-05' });
    expect(parse('2024.03.05 08:30', 'zh-Hans')).toEqual({ ok: true, value: '2024-03-05' });
    expect(parse('２０２４-０３-０５', 'zh-Hans')).toEqual({ ok: true, value: '2024-03-05' });
    expect(parse('', 'zh-Hans')).toEqual({ ok: true, value: null });
    expect(parse('2024-02-30', 'en')).toEqual({ ok: false, reason: 'Bad date' });
    expect(parse('3000000', 'zh-Hans')).toEqual({ ok: false, reason: '日期不对' });
    expect(parse('明天', 'zh-Hans')).toEqual({ ok: false, reason: '日期不对' });
  });
});
