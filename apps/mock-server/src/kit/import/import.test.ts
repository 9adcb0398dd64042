import ExcelJS from 'exceljs';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../testing/test-app.ts';
import { createContext, type RequestContext } from '../context.ts';
import { AbpValidationError, invalid } from '../errors.ts';
import { parseCsv } from './cells.ts';
import { column, readTable, textCell, zodCell } from './reading.ts';
import { readerOf as reader } from './read-pool.ts';
import { decodeText } from './read-worker.ts';
import { CHECK_SLICE_MS, runImport, type ImportItem, type Importer } from './running.ts';
import { readTempFile, saveTempFile } from '../files.ts';

/**
 * The import kit on its own: reading sheets by declared columns (headers in
 * either language, cell parsers, blank rows, limits, encodings) and the run
 * (checks, duplicates, one transaction, all-or-nothing, report), with a tiny
 * importer of friend links into the real database.
 */

const t = useTestApp({ signIn: false });
let ctx: RequestContext;
let userId: number;

const COLUMNS = [
  column('name', { 'zh-Hans': '名称', en: 'Name' }, textCell, { required: true }),
  column('url', { 'zh-Hans': '网址', en: 'URL' }, zodCell(z.url()), { required: true, aliases: ['链接'] }),
  column('sort', { 'zh-Hans': '排序', en: 'Sort' }, zodCell(z.coerce.number().int().min(0).default(0))),
] as const;

const csvFile = (text: string, name = 'links.csv') => ({ name, bytes: new TextEncoder().encode(text) });

function contextAs(culture: 'zh-Hans' | 'en'): RequestContext {
  // A request as the auth plugin leaves it: the session and culture are all the context reads.
  const request = { abpSession: { tenantId: 1, userId }, culture } as FastifyRequest;
  return createContext(t.app, request);
}

beforeAll(async () => {
  const admin = await t.app.prisma.user.findFirstOrThrow({ where: { tenantId: 1, userName: 'admin' } });
  userId = admin.id;
  ctx = contextAs('zh-Hans');
});

describe('reading a sheet', () => {
  it('matches headers in Chinese, English or by alias, parses cells, skips blank rows and keeps the sheet’s row numbers', async () => {
    const table = await readTable(
      csvFile('\uFEFFName, 链接 ,排序\r\n百度,https://www.baidu.com,1\r\n,,\r\n"人民网, 中国",https://www.people.com.cn,\r\n坏,not a url,-1\r\n'),
      COLUMNS,
      reader('zh-Hans'),
    );
    expect(table.headers).toEqual(['Name', '链接', '排序']);
    expect(table.rows.map((r) => r.row)).toEqual([2, 4, 5]);
    expect(table.rows[0]!.values).toEqual({ name: '百度', url: 'https://www.baidu.com', sort: 1 });
    expect(table.rows[1]!.values).toEqual({ name: '人民网, 中国', url: 'https://www.people.com.cn', sort: 0 });
    expect(table.rows[2]!.errors.map((e) => [e.row, e.column])).toEqual([
      [5, '链接'],
      [5, '排序'],
    ]);
    expect(table.rows[2]!.errors[0]!.message).toMatch(/^第 5 行“链接”：/);
  });

  it('explains cell errors in the request’s culture', async () => {
    const table = await readTable(csvFile('名称,网址,排序\nx,https://a.cn,abc\n'), COLUMNS, reader('en'));
    expect(table.rows[0]!.errors[0]).toMatchObject({ row: 2, column: '排序' });
    expect(table.rows[0]!.errors[0]!.message).toMatch(/^Row 2 "排序": /);
    expect(table.rows[0]!.errors[0]!.reason).toMatch(/[a-z]/i);
  });

  it('reads xlsx: the first sheet, formulas by their result, rich text joined', async () => {
    const wb = new ExcelJS.Workbook();
    const sheet = wb.addWorksheet('链接');
    sheet.addRow(['名称', '网址', '排序']);
    sheet.addRow([{ richText: [{ text: '新华' }, { text: '网', font: { bold: true } }] }, 'https://www.news.cn', { formula: '1+2', result: 3 }]);
    const table = await readTable({ name: 'a.xlsx', bytes: new Uint8Array(await wb.xlsx.writeBuffer()) }, COLUMNS, reader('zh-Hans'));
    expect(table.rows[0]!.values).toEqual({ name: '新华网', url: 'https://www.news.cn', sort: 3 });
  });

  it('reads GBK, UTF-8 with BOM and tab-separated text, and nothing else as text', () => {
    // “名称” in GBK.
    expect(decodeText(new Uint8Array([0xc3, 0xfb, 0xb3, 0xc6]))).toBe('名称');
    expect(decodeText(new Uint8Array([0xef, 0xbb, 0xbf, 0x61]))).toBe('a');
    // Neither UTF-8 nor GBK (ICU's GBK decoder would drop the 0xFF silently): not text.
    expect(decodeText(new Uint8Array([0xc3, 0xfb, 0xff, 0x61]))).toBeNull();
    expect(parseCsv('a\tb\n1\t"x\ty"')).toEqual([
      ['a', 'b'],
      ['1', 'x\ty'],
    ]);
  });

  it('refuses a file it cannot import as a whole, on `file`', async () => {
    const problems = async (p: Promise<unknown>) => {
      const err = await p.then(
        () => null,
        (e: unknown) => e,
      );
      expect(err).toBeInstanceOf(AbpValidationError);
      return (err as AbpValidationError).validationErrors.map((e) => [e.members, e.message]);
    };
    expect(await problems(readTable(csvFile('名称,备注\nx,y\n'), COLUMNS, reader('zh-Hans')))).toEqual([
      [['file'], '缺少必填列：网址。请使用导入模板。'],
      [['file'], '无法识别的列：备注。可用的列：名称、网址、排序。'],
    ]);
    expect(await problems(readTable(csvFile('名称,Name,网址\n'), COLUMNS, reader('zh-Hans')))).toEqual([[['file'], '列“Name”重复。']]);
    expect(await problems(readTable(csvFile('\n\n'), COLUMNS, reader('en')))).toEqual([[['file'], 'The file has no header row.']]);
    expect(
      await problems(readTable(csvFile('名称,网址\n1,https://a.cn\n2,https://b.cn\n3,https://c.cn\n'), COLUMNS, reader('zh-Hans'), { maxRows: 2 })),
    ).toEqual([[['file'], '一次最多导入 2 行，请拆分文件后分批导入。']]);
    expect(await problems(readTable({ name: 'x.xlsx', bytes: new Uint8Array([0x50, 0x4b, 0x03, 0x04, 1, 2]) }, COLUMNS, reader('zh-Hans')))).toEqual([
      [['file'], '无法读取该文件：请上传 Excel（.xlsx）或 CSV 文件。'],
    ]);
  });
});

type Link = { name: string; url: string; sort: number };

/** Friend links: a duplicate is a link with the same URL; `fail` makes the write of that name throw (a failure mid-commit). */
function linkImporter(fail?: string): Importer<Link, Link> {
  return {
    name: 'Test.ImportLinks',
    title: 'JobTitleQuestionImport',
    async check(input) {
      if (input.name.includes('敏感')) invalid('name', '名称包含敏感词。');
      return { value: input, key: input.url.toLowerCase() };
    },
    async existing(keys, c) {
      const rows = await c.db.friendLink.findMany({ where: { url: { in: keys } }, select: { id: true, url: true } });
      return new Map(rows.map((r) => [r.url, r.id]));
    },
    async write(batch, tx) {
      const ids: number[] = [];
      for (const { value } of batch) {
        if (value.name === fail) throw new Error('disk full');
        ids.push((await tx.db.friendLink.create({ data: { name: value.name, url: value.url, sort: value.sort, tenantId: 1 } })).id);
      }
      return ids;
    },
    locate: (member) => ({ column: member === 'name' ? '名称' : null }),
  };
}

const items = (links: Array<Partial<Link> & { name: string }>): Array<ImportItem<Link>> =>
  links.map((l, i) => ({ row: i + 2, question: null, label: l.name, input: { url: `https://${l.name}.example.cn`, sort: 0, ...l }, errors: [] }));

const progress: Array<[number, string | undefined]> = [];
const job = {
  signal: new AbortController().signal,
  saveTempFile: (f: { fileName: string; contentType: string; bytes: Uint8Array }) => saveTempFile(t.app.prisma, { tenantId: 1, userId }, f),
};
const report = async (p: number, m?: string) => {
  progress.push([p, m]);
};
const links = () => t.app.prisma.friendLink.count({ where: { tenantId: 1, url: { endsWith: '.example.cn' } } });

describe('running an import', () => {
  it('dry run: checks everything, writes nothing, reports progress by row', async () => {
    progress.length = 0;
    const before = await links();
    const result = await runImport(
      ctx,
      job,
      linkImporter(),
      items([{ name: 'a' }, { name: '敏感词' }, { name: 'b' }]),
      { fileName: 'l.csv', mode: 'dryRun', allOrNothing: true },
      report,
    );
    expect(result).toMatchObject({ total: 3, valid: 2, invalidRows: 1, created: 0, committed: false });
    expect(result.errors).toEqual([
      { row: 3, column: '名称', question: null, reason: '名称包含敏感词。', message: '第 3 行“名称”：名称包含敏感词。' },
    ]);
    expect(progress.map(([, m]) => m)).toContain('正在检查：第 3 / 3 行');
    expect(await links()).toBe(before);
    // The report is an xlsx of the rejected rows with their reasons.
    const file = await readTempFile(t.app.prisma, { tenantId: 1, userId }, result.report!.fileToken, 'zh-Hans');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(await file.blob.arrayBuffer());
    expect(wb.worksheets[0]!.getRow(2).values).toEqual([undefined, '第 3 行', '敏感词', '名称：名称包含敏感词。']);
  });

  it('all or nothing: one bad row and nothing is written; otherwise the good rows are', async () => {
    const before = await links();
    const strict = await runImport(
      ctx,
      job,
      linkImporter(),
      items([{ name: 'c' }, { name: '敏感' }]),
      { fileName: 'l.csv', mode: 'commit', allOrNothing: true },
      report,
    );
    expect(strict).toMatchObject({ created: 0, committed: false });
    expect(strict.rows.map((r) => r.status)).toEqual(['notWritten', 'invalid']);
    expect(await links()).toBe(before);
    const lenient = await runImport(
      ctx,
      job,
      linkImporter(),
      items([{ name: 'c' }, { name: '敏感' }]),
      { fileName: 'l.csv', mode: 'commit', allOrNothing: false },
      report,
    );
    expect(lenient).toMatchObject({ created: 1, committed: true });
    expect(await links()).toBe(before + 1);
  });

  it('skips duplicates of live rows and of earlier rows', async () => {
    const result = await runImport(
      ctx,
      job,
      linkImporter(),
      items([{ name: 'c' }, { name: 'd' }, { name: 'd2', url: 'https://D.example.cn' }]),
      { fileName: 'l.csv', mode: 'commit', allOrNothing: true },
      report,
    );
    expect(result.rows.map((r) => [r.status, r.duplicateOfRow])).toEqual([
      ['duplicate', null],
      ['created', null],
      ['duplicate', 3],
    ]);
    expect(result.rows[0]!.duplicateOfId).toBeGreaterThan(0);
    expect(result).toMatchObject({ created: 1, skippedDuplicates: 2 });
  });

  it('commits in one transaction: a failure in the middle leaves nothing behind', async () => {
    const before = await links();
    const many = items(Array.from({ length: 450 }, (_, i) => ({ name: `bulk${i}` })));
    await expect(
      runImport(ctx, job, linkImporter('bulk420'), many, { fileName: 'l.csv', mode: 'commit', allOrNothing: true }, report),
    ).rejects.toThrow('disk full');
    expect(await links()).toBe(before);
    const ok = await runImport(ctx, job, linkImporter(), many, { fileName: 'l.csv', mode: 'commit', allOrNothing: true }, report);
    expect(ok.created).toBe(450);
    expect(ok.rows).toHaveLength(450);
    expect(await links()).toBe(before + 450);
  });

  it('gives the request loop back while it checks: what was queued beside it runs before the check ends', async () => {
    const importer = linkImporter();
    let checkedRows = 0;
    const slow: Importer<Link, Link> = {
      ...importer,
      async check(input, c) {
        // A check that costs about a millisecond of the loop per row, never waiting on anything.
        const until = performance.now() + 1;
        while (performance.now() < until);
        checkedRows++;
        return importer.check(input, c);
      },
    };
    const rows = 10 * CHECK_SLICE_MS;
    let checkedWhenRun: number | undefined;
    setImmediate(() => (checkedWhenRun = checkedRows));
    const result = await runImport(
      ctx,
      job,
      slow,
      items(Array.from({ length: rows }, (_, i) => ({ name: `slice${i}` }))),
      { fileName: 'l.csv', mode: 'dryRun', allOrNothing: true },
      report,
    );
    expect(result).toMatchObject({ total: rows, valid: rows, invalidRows: 0 });
    // Run after the first slice (about CHECK_SLICE_MS rows), long before the last row.
    expect(checkedWhenRun).toBeGreaterThan(0);
    expect(checkedWhenRun).toBeLessThan(rows / 2);
  });
});
