import ExcelJS from 'exceljs';
import { importResultOf, type BackgroundJobDto, type ImportResult } from '@edu/sdk';
import { describe, expect, it } from 'vitest';
import { useTestApp } from './testing/test-app.ts';
import { api } from './testing/tenants.ts';

/**
 * Client input at the edges (the hostile-input issue): text that names
 * `Object.prototype`'s members where the server looks something up by it,
 * spreadsheet date cells no calendar holds, and an idempotency key sent again
 * with another body. Each is a 400 (or an import row error) naming what was
 * wrong, never a 500 and never a silent success.
 */

const t = useTestApp();

const post = (path: string, body: unknown) => t.call('POST', api(path), { token: t.admin, body });
const get = (path: string, query: Record<string, unknown>) => t.call('GET', api(path), { token: t.admin, query });
const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** Names every JavaScript object inherits, and the prototype itself. */
const PROTOTYPE_NAMES = ['__proto__', 'constructor', 'toString', 'hasOwnProperty', 'valueOf'];

describe('Sorting by a name of Object.prototype', () => {
  it.each(['Income/GetAll', 'Payment/GetAll', 'Consumption/GetAll', 'User/GetAllMembers'])('%s answers a 400 on sorting', async (path) => {
    for (const name of PROTOTYPE_NAMES)
      for (const sorting of [name, `${name} desc`, `amount desc, ${name}`].filter((s) => path !== 'User/GetAllMembers' || !s.startsWith('amount'))) {
        const r = await get(path, { Sorting: sorting });
        expect(r.status, `${path} Sorting=${sorting}: ${JSON.stringify(r.body)}`).toBe(400);
        expect(r.body.error.validationErrors).toEqual([expect.objectContaining({ members: ['sorting'] })]);
        expect(r.body.error.validationErrors[0].message).toContain(sorting.split(',').at(-1)!.trim());
      }
  });
});

async function multipart(form: FormData): Promise<{ payload: Buffer; contentType: string }> {
  const req = new Request('http://local/', { method: 'POST', body: form });
  return { payload: Buffer.from(await req.arrayBuffer()), contentType: req.headers.get('content-type')! };
}

/** Uploads a file to an import call (a dry run), waits for its job and answers the import's result. */
async function dryRun(path: string, file: File, fields: Record<string, string>): Promise<ImportResult> {
  const form = new FormData();
  form.append('file', file, file.name);
  form.append('mode', 'dryRun');
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  const { payload, contentType } = await multipart(form);
  const res = await t.app.inject({
    method: 'POST',
    url: api(path),
    payload,
    headers: { 'content-type': contentType, authorization: `Bearer ${t.admin}`, 'abp.tenantid': '1' },
  });
  expect(res.statusCode, res.body).toBe(200);
  const started: BackgroundJobDto = res.json().result;
  await t.app.jobs.idle();
  const job: BackgroundJobDto = (await get('BackgroundJob/GetJob', { Id: started.id })).body.result;
  expect(job.error, JSON.stringify(job)).toBeNull();
  return importResultOf(job)!;
}

/**
 * A workbook whose rows may hold date-formatted cells: `{ date: n }` is the
 * number n shown as a date, `{ dateFormula: n }` a formula whose cached
 * result n is shown as a date (what Excel stores for `=A1*-1` on a date column).
 */
type Cell = string | number | { date: number } | { dateFormula: number };
async function workbook(name: string, rows: Cell[][]): Promise<File> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('Sheet1');
  rows.forEach((cells, r) =>
    cells.forEach((c, i) => {
      const cell = sheet.getCell(r + 1, i + 1);
      if (typeof c !== 'object') cell.value = c;
      else {
        cell.value = 'date' in c ? c.date : { formula: 'Z1*-1', result: c.dateFormula };
        cell.numFmt = 'yyyy-mm-dd';
      }
    }),
  );
  const bytes = new Uint8Array(await book.xlsx.writeBuffer());
  return new File([bytes], name, { type: XLSX_TYPE });
}

const errorsOf = (r: ImportResult, row: number) => r.errors.filter((e) => e.row === row).map((e) => e.column);

describe('spreadsheet date cells no calendar holds', () => {
  it('are row errors in a member import, on the date column and on text columns alike', async () => {
    const file = await workbook('members.xlsx', [
      ['姓名', '手机号', '注册日期', '用户名'],
      ['甲一', '13900000101', { date: 1e20 }, 'edge_a1'],
      ['甲二', '13900000102', { dateFormula: -1e20 }, 'edge_a2'],
      ['甲三', '13900000103', 45000, { date: 1e20 }],
      ['甲四', '13900000104', { date: 45000 }, 'edge_a4'],
    ]);
    const r = await dryRun('User/ImportFromExcel', file, { passwordRule: '1', password: 'Init@2024' });
    expect(r.total).toBe(4);
    expect(errorsOf(r, 2)).toEqual(['注册日期']);
    expect(errorsOf(r, 3)).toEqual(['注册日期']);
    expect(errorsOf(r, 4)).toEqual(['用户名']);
    expect(errorsOf(r, 5)).toEqual([]);
    expect(r.errors.find((e) => e.row === 2)!.message).toMatch(/^第 2 行“注册日期”：.*#NUM!/);
  });

  it('are row errors in a question import (a paper file import reads through the same readTable)', async () => {
    const category = await post('MultiLevelCategory/Create', { classTypeId: 3, name: '边界输入·题库' });
    expect(category.status).toBe(200);
    const file = await workbook('questions.xlsx', [
      ['题型', '题干', '选项A', '选项B', '答案', '分数'],
      ['单选', '好行：1 + 1 = ?', '1', '2', 'B', 2],
      ['单选', { date: 1e20 }, '1', '2', 'B', 2],
      ['单选', '坏分数', '1', '2', 'B', { dateFormula: -1e20 }],
    ]);
    const r = await dryRun('TestQuestion/ImportQuestions', file, { categoryId: String(category.body.result.id) });
    expect(errorsOf(r, 2)).toEqual([]);
    expect(errorsOf(r, 3)).toEqual(['题干']);
    expect(errorsOf(r, 4)).toEqual(['分数']);
  });
});

describe('member import cells naming Object.prototype members', () => {
  it('are unknown identities and states (row errors), not values', async () => {
    const file = await workbook('members-proto.xlsx', [
      ['姓名', '手机号', '身份', '状态'],
      ['乙一', '13900000201', 'constructor', ''],
      ['乙二', '13900000202', '__proto__', 'toString'],
      ['乙三', '13900000203', '教师', 'constructor'],
    ]);
    const r = await dryRun('User/ImportFromExcel', file, { passwordRule: '1', password: 'Init@2024' });
    expect(errorsOf(r, 2)).toEqual(['身份']);
    expect(errorsOf(r, 3)).toEqual(['身份', '状态']);
    expect(errorsOf(r, 4)).toEqual(['状态']);
  });
});

describe('multipart field names naming Object.prototype members', () => {
  it('are ignored like any unknown field', async () => {
    const form = new FormData();
    form.append('__proto__', 'x');
    form.append('__proto__', 'y');
    form.append('constructor', 'z');
    form.append('file', new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'a.png', { type: 'image/png' }), 'a.png');
    const { payload, contentType } = await multipart(form);
    const res = await t.app.inject({
      method: 'POST',
      url: api('User/ImportFromExcel'),
      payload,
      headers: { 'content-type': contentType, authorization: `Bearer ${t.admin}`, 'abp.tenantid': '1' },
    });
    expect(res.statusCode, res.body).toBe(400);
    expect(JSON.stringify(res.json().error.validationErrors)).not.toContain('__proto__');
  });
});

describe('an idempotency key sent again', () => {
  it('with the same body answers the first refund; with another body is a 400 naming the key', async () => {
    const members = (await get('User/GetAllMembers', { MaxResultCount: 1 })).body.result.items;
    const memberId: number = members[0].id;
    const recharge = await post('Payment/Create', { memberId, amount: 10_000, channel: 3, transactionNo: 'EDGE-VOUCHER-0001' });
    expect(recharge.status, JSON.stringify(recharge.body)).toBe(200);
    const bought = await post('Consumption/Create', { memberId, itemType: 1, itemName: '边界课程', amount: 3000 });
    expect(bought.status, JSON.stringify(bought.body)).toBe(200);
    const id: number = bought.body.result.id;
    const request = { id, amount: 1000, reason: '重复提交', requestNo: 'edge-refund-0001' };

    const first = await post('Consumption/Refund', request);
    expect(first.status).toBe(200);
    const again = await post('Consumption/Refund', request);
    expect(again.status).toBe(200);
    expect(again.body.result).toEqual(first.body.result);

    for (const other of [{ amount: 2000 }, { reason: '另一个原因' }]) {
      const r = await post('Consumption/Refund', { ...request, ...other });
      expect(r.status, JSON.stringify(r.body)).toBe(400);
      expect(r.body.error.validationErrors).toEqual([
        { message: '该退款请求号已用于另一笔不同的退款请求，请为新的退款生成新的请求号。', members: ['requestNo'] },
      ]);
    }
    const after = await get('Consumption/Get', { Id: id });
    expect(after.body.result.refundedAmount).toBe(1000);
    expect(after.body.result.refunds).toHaveLength(1);
  });
});
