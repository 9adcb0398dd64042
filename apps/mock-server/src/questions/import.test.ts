import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { importResultOf, type BackgroundJobDto, type ImportResult } from '@edu/sdk';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTenant } from '../testing/tenants.ts';
import { useTestApp } from '../testing/test-app.ts';

/**
 * Question import through HTTP (app.inject) on a real SQLite file: the
 * template, Excel/CSV rows with their errors by row and column, Word/TXT with
 * errors by question and line, duplicates and re-upload, all-or-nothing, a
 * file of thousands of questions run as a job, permissions and bad files.
 */

const t = useTestApp();
let math: number;
let chinese: number;
const api = (p: string) => `/api/services/app/${p}`;
const fixture = (name: string) => new Uint8Array(readFileSync(path.join(import.meta.dirname, '../import/fixtures', name)));
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** Encodes a FormData exactly as fetch would, for `inject`. */
async function multipart(form: FormData): Promise<{ payload: Buffer; contentType: string }> {
  const req = new Request('http://local/', { method: 'POST', body: form });
  return { payload: Buffer.from(await req.arrayBuffer()), contentType: req.headers.get('content-type')! };
}

type Options = {
  categoryId?: number;
  mode?: 'dryRun' | 'commit';
  allOrNothing?: boolean;
  isUniversity?: boolean;
  chapterTypeId?: number;
  token?: string;
};

async function upload(file: File, o: Options = {}) {
  const form = new FormData();
  form.append('file', file, file.name);
  form.append('categoryId', String(o.categoryId ?? math));
  form.append('mode', o.mode ?? 'dryRun');
  if (o.allOrNothing !== undefined) form.append('allOrNothing', String(o.allOrNothing));
  if (o.isUniversity !== undefined) form.append('isUniversity', String(o.isUniversity));
  if (o.chapterTypeId !== undefined) form.append('chapterTypeId', String(o.chapterTypeId));
  const { payload, contentType } = await multipart(form);
  const res = await t.app.inject({
    method: 'POST',
    url: api('TestQuestion/ImportQuestions'),
    payload,
    headers: { 'content-type': contentType, authorization: `Bearer ${o.token ?? t.admin}`, 'abp.tenantid': '1' },
  });
  return { status: res.statusCode, body: res.json() };
}

/** Uploads, waits for the job and answers its result. */
async function importFile(file: File, o: Options = {}): Promise<ImportResult & { job: BackgroundJobDto }> {
  const res = await upload(file, o);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  const started: BackgroundJobDto = res.body.result;
  expect(started.name).toBe('TestQuestion.Import');
  await t.app.jobs.idle();
  const polled = await t.call('GET', api('BackgroundJob/GetJob'), { token: o.token ?? t.admin, query: { Id: started.id } });
  const job: BackgroundJobDto = polled.body.result;
  expect(job.error).toBeNull();
  const result = importResultOf(job);
  expect(result, JSON.stringify(job)).not.toBeNull();
  return { ...result!, job };
}

const csv = (name: string, rows: string[][]) =>
  new File([rows.map((r) => r.map((c) => (/[",\n]/.test(c) ? `"${c.replaceAll('"', '""')}"` : c)).join(',')).join('\r\n')], name, {
    type: 'text/csv',
  });
const txt = (name: string, text: string) => new File([text], name, { type: 'text/plain' });
const HEAD = ['题型', '题干', '选项A', '选项B', '选项C', '选项D', '答案', '解析', '难度', '分数'];

const count = (categoryId = math) => t.app.prisma.testQuestion.count({ where: { categoryId, isDeleted: false } });

async function category(name: string, token = t.admin, classTypeId = 3): Promise<number> {
  const r = await t.call('POST', api('MultiLevelCategory/Create'), { token, body: { classTypeId, name } });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body.result.id;
}

async function userWith(userName: string, permissions: string[]) {
  const role = await t.call('POST', api('Role/Create'), {
    token: t.admin,
    body: { name: userName, displayName: userName, grantedPermissions: ['Pages', 'Pages.Questions', ...permissions], grantedCategoryIds: [math] },
  });
  expect(role.status, JSON.stringify(role.body)).toBe(200);
  const res = await t.call('POST', api('User/Create'), {
    token: t.admin,
    body: {
      userName,
      name: '王',
      surname: '老师',
      emailAddress: `${userName}@example.edu.cn`,
      password: 'Passw0rd!',
      roleNames: [userName],
      identity: 2,
    },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return { id: res.body.result.id as number, token: await t.login(userName, 'Passw0rd!', 1) };
}

beforeAll(async () => {
  math = await category('导入测试·数学');
  chinese = await category('导入测试·语文');
});

describe('the Excel template', () => {
  it('downloads a real xlsx with headers, drop-down lists and two examples per type, which pass a dry run', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: api('TestQuestion/GetQuestionImportTemplate'),
      headers: { authorization: `Bearer ${t.admin}` },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe(XLSX);
    expect(res.headers['content-disposition']).toContain(encodeURIComponent('题目导入模板.xlsx'));
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(new Uint8Array(res.rawPayload).buffer);
    const sheet = wb.worksheets[0]!;
    const headers = (sheet.getRow(1).values as unknown[]).slice(1);
    expect(headers).toEqual(['题型', '题干', ...'ABCDEFGHIJ'.split('').map((l) => `选项${l}`), '答案', '解析', '难度', '分数', '章节']);
    expect(sheet.getCell('A2').dataValidation).toMatchObject({ type: 'list', formulae: ['"单选,多选,不定项,判断,填空,简答"'] });
    expect(sheet.getCell('O2').dataValidation).toMatchObject({ type: 'list', formulae: ['"简单,一般,困难"'] });
    const types = [];
    for (let r = 2; sheet.getCell(r, 2).value; r++) types.push(sheet.getCell(r, 1).value);
    expect(types).toEqual(['单选', '单选', '多选', '多选', '不定项', '不定项', '判断', '判断', '填空', '填空', '简答', '简答']);

    const before = await count();
    const result = await importFile(new File([new Uint8Array(res.rawPayload)], '题目导入模板.xlsx', { type: XLSX }));
    expect(result).toMatchObject({ mode: 'dryRun', total: 12, valid: 12, created: 0, invalidRows: 0, errorCount: 0, committed: false });
    expect(result.rows.map((r) => r.status)).toEqual(Array(12).fill('valid'));
    expect(result.report).toBeUndefined();
    // A dry run writes nothing.
    expect(await count()).toBe(before);
  });
});

describe('Excel and CSV rows', () => {
  it("reads 不定项 rows as indefinite choice and counts a fill-in row's blanks with the bank's counter (stem against answers)", async () => {
    const rows = [
      HEAD,
      ['不定项', '不定项：下列是偶数的是', '3', '4', '5', '6', 'BD', '', '', '4'],
      ['不定项选择题', '不定项：下列是质数的是', '4', '6', '7', '9', 'C', '', '', '4'],
      ['不定项', '坏行：不定项没有答案', '甲', '乙', '', '', '', '', '', ''],
      ['填空', '坏行：题干两个空 ____ 和（  ）', '', '', '', '', '北京', '', '', ''],
      ['填空', '好行：[[李白]]号____', '', '', '', '', '', '', '', ''],
    ];
    const dry = await importFile(csv('不定项与填空.csv', rows));
    expect(dry.rows.map((r) => [r.row, r.status])).toEqual([
      [2, 'valid'],
      [3, 'valid'],
      [4, 'invalid'],
      [5, 'invalid'],
      [6, 'invalid'],
    ]);
    const at = (row: number) => dry.errors.filter((e) => e.row === row).map((e) => [e.column, e.reason]);
    expect(at(4)).toEqual([['答案', expect.stringMatching(/缺少|答案|正确选项/)]]);
    expect(at(5)).toEqual([['答案', '题干中有 2 个空（____、（  ）或 [[答案]]），但填写了 1 个空的答案。']]);
    // [[李白]] gives one blank and its answer; the second blank (____) has none.
    expect(at(6)).toEqual([['答案', '题干中有 2 个空（____、（  ）或 [[答案]]），但填写了 1 个空的答案。']]);
  });

  it('commits every row of a good file, as the uploader, pending review, with fingerprints; a re-upload creates nothing', async () => {
    const wb = new ExcelJS.Workbook();
    const sheet = wb.addWorksheet('题目');
    sheet.addRow(HEAD);
    sheet.addRow(['单选', '好文件：2 + 3 = ?', '4', '5', '6', '7', 'B', '加法', '简单', 2]);
    sheet.addRow(['多选', '好文件：下列是质数的有', '2', '3', '4', '9', 'AB', '', '一般', 3]);
    sheet.addRow(['判断', '好文件：1 是质数。', '', '', '', '', '错误', '', '困难', 1]);
    sheet.addRow(['填空', '好文件：1 小时 = ____ 分钟，1 分钟 = ____ 秒。', '', '', '', '', '60|六十;60', '', '', '']);
    sheet.addRow([]);
    sheet.addRow(['简答', '好文件：什么是偶数？', '', '', '', '', '能被 2 整除的整数。', '', '', 4.5]);
    const file = new File([await wb.xlsx.writeBuffer()], '好文件.xlsx', { type: XLSX });

    const before = await count();
    const result = await importFile(file, { mode: 'commit' });
    expect(result).toMatchObject({ total: 5, valid: 5, created: 5, skippedDuplicates: 0, invalidRows: 0, committed: true });
    // Row numbers are the sheet's own: the blank row 6 is skipped, the short answer is row 7.
    expect(result.rows.map((r) => [r.row, r.status])).toEqual([
      [2, 'created'],
      [3, 'created'],
      [4, 'created'],
      [5, 'created'],
      [7, 'created'],
    ]);
    expect(await count()).toBe(before + 5);
    const me = await t.call('GET', api('Session/GetCurrentLoginInformations'), { token: t.admin });
    const rows = await t.app.prisma.testQuestion.findMany({ where: { id: { in: result.rows.map((r) => r.createdId!) } }, orderBy: { id: 'asc' } });
    expect(
      rows.every((r) => r.creatorUserId === me.body.result.user.id && r.auditStatus === 0 && r.reviewStep === 0 && r.fingerprint.length === 16),
    ).toBe(true);
    expect(rows.map((r) => [r.questionType, r.difficulty, r.score])).toEqual([
      [1, 1, 2],
      [2, 2, 3],
      [3, 3, 1],
      [4, 2, 2],
      [5, 2, 4.5],
    ]);
    const fill = await t.call('GET', api('TestQuestion/Get'), { token: t.admin, query: { Id: rows[3]!.id } });
    expect(fill.body.result.blanks).toEqual([{ answers: ['60', '六十'] }, { answers: ['60'] }]);
    const single = await t.call('GET', api('TestQuestion/Get'), { token: t.admin, query: { Id: rows[0]!.id } });
    expect(single.body.result.options.map((o: { label: string; isCorrect: boolean }) => `${o.label}${o.isCorrect ? '*' : ''}`)).toEqual([
      'A',
      'B*',
      'C',
      'D',
    ]);

    const again = await importFile(file, { mode: 'commit' });
    expect(again).toMatchObject({ total: 5, created: 0, skippedDuplicates: 5, committed: false });
    expect(again.rows.map((r) => r.duplicateOfId)).toEqual(rows.map((r) => r.id));
    expect(await count()).toBe(before + 5);
  });

  it('reports bad rows by row, column and localized reason; all-or-nothing writes nothing, otherwise the valid rows are written', async () => {
    const rows = [
      HEAD,
      ['单选', '', '甲', '乙', '', '', 'A', '', '', ''],
      ['单选', '坏行：两个答案的单选', '甲', '乙', '丙', '', 'AB', '', '', ''],
      ['论述', '坏行：未知题型', '', '', '', '', '随便', '', '', ''],
      ['判断', '坏行：分数超出范围', '', '', '', '', '正确', '', '', '150'],
      ['填空', '坏行：空的空____、____和____', '', '', '', '', '北京;;长江', '', '', ''],
      ['单选', '好行：3 + 3 = ?', '5', '6', '', '', 'B', '', '', ''],
      ['单选', '坏行：答案没有对应选项', '甲', '乙', '', '', 'E', '', '', ''],
      ['判断', '坏行：判断的答案', '', '', '', '', '也许', '', '', ''],
      ['单选', '坏行：选项中间空了一个', '甲', '', '丙', '', 'A', '', '', ''],
    ];
    const before = await count();
    const strict = await importFile(csv('坏文件.csv', rows), { mode: 'commit' });
    expect(strict).toMatchObject({ total: 9, valid: 1, invalidRows: 8, created: 0, committed: false });
    const at = (row: number) => strict.errors.filter((e) => e.row === row).map((e) => [e.column, e.reason]);
    expect(at(2)).toEqual([['题干', expect.stringMatching(/Stem/)]]);
    expect(at(3)).toEqual([['答案', '单选题只能有一个正确选项。']]);
    expect(at(4)).toEqual([['题型', expect.stringContaining('无法识别的题型“论述”')]]);
    expect(at(5)).toEqual([['分数', expect.stringMatching(/Score/)]]);
    expect(at(6)).toEqual([['答案', '请为该空填写至少一个答案。']]);
    expect(at(8)).toEqual([['答案', '答案中的“E”没有对应的选项。']]);
    expect(at(9)).toEqual([['答案', expect.stringContaining('判断题的答案应为')]]);
    expect(at(10)).toEqual([['选项B', '选项B为空，但后面还有选项；请按顺序填写选项。']]);
    expect(strict.errors.find((e) => e.row === 3)!.message).toBe('第 3 行“答案”：单选题只能有一个正确选项。');
    expect(strict.rows.find((r) => r.row === 7)!.status).toBe('notWritten');
    expect(await count()).toBe(before);

    // The report lists the rejected rows with their cells and a reason column.
    const report = await t.call('GET', '/File/DownloadTempFile', { token: t.admin, query: { fileToken: strict.report!.fileToken } });
    expect(report.status).toBe(200);
    const file = await t.app.inject({
      method: 'GET',
      url: '/File/DownloadTempFile',
      query: { fileToken: strict.report!.fileToken },
      headers: { authorization: `Bearer ${t.admin}` },
    });
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(new Uint8Array(file.rawPayload).buffer);
    const sheet = wb.worksheets[0]!;
    expect((sheet.getRow(1).values as unknown[]).slice(1)).toEqual([...HEAD, '错误原因']);
    expect(sheet.rowCount).toBe(9);
    expect(sheet.getRow(3).getCell(2).value).toBe('坏行：两个答案的单选');
    expect(sheet.getRow(3).getCell(11).text).toContain('单选题只能有一个正确选项');

    const lenient = await importFile(csv('bad.csv', rows), { mode: 'commit', allOrNothing: false });
    expect(lenient).toMatchObject({ total: 9, invalidRows: 8, created: 1, committed: true });
    expect(lenient.rows.find((r) => r.row === 7)!.status).toBe('created');
    expect(await count()).toBe(before + 1);
  });

  it('flags duplicates within a file and against the bank (width, spacing and option order folded)', async () => {
    const bank = await t.call('POST', api('TestQuestion/CreateQuestion'), {
      token: t.admin,
      body: {
        questionType: 1,
        stem: '<p>重复检测：北京是哪国首都？</p>',
        categoryId: math,
        options: [{ content: '中国', isCorrect: true }, { content: '日本' }],
      },
    });
    expect(bank.status).toBe(200);
    const result = await importFile(
      csv('重复.csv', [
        HEAD,
        ['单选', '重复检测：北京是哪国首都？', '日本', '中国', '', '', 'B', '', '', ''],
        ['单选', '重复检测：５ + ５ = ?', '10', '11', '', '', 'A', '', '', ''],
        ['单选', '重复检测： 5+5=？', '11', '10', '', '', 'B', '', '', ''],
      ]),
      { mode: 'commit' },
    );
    expect(result).toMatchObject({ total: 3, valid: 3, created: 1, skippedDuplicates: 2 });
    expect(result.rows.map((r) => [r.status, r.duplicateOfId, r.duplicateOfRow])).toEqual([
      ['duplicate', bank.body.result.id, null],
      ['created', null, null],
      ['duplicate', null, 3],
    ]);
    expect(result.report).toBeDefined();
  });

  it('puts rows into the chapter their 章节 names (or the chosen one), and refuses a chapter the category lacks', async () => {
    // Knowledge points of a question category (ChapterType/Create makes chapters of course categories; the seed writes these directly too).
    const chapter = async (name: string, categoryId = math) =>
      (await t.app.prisma.chapterType.create({ data: { tenantId: 1, categoryId, name } })).id;
    const [fractions, decimals] = [await chapter('分数的意义'), await chapter('小数的加减')];
    const head = [...HEAD, '章节'];
    const result = await importFile(
      csv('章节.csv', [
        head,
        ['判断', '章节：二分之一就是 0.5。', '', '', '', '', '正确', '', '', '', '分数的意义'],
        ['判断', '章节：0.1 + 0.2 = 0.3。', '', '', '', '', '正确', '', '', '', ''],
        ['判断', '章节：没有这个章节。', '', '', '', '', '正确', '', '', '', '三角函数'],
      ]),
      { mode: 'commit', allOrNothing: false, chapterTypeId: decimals },
    );
    expect(result.errors.map((e) => [e.row, e.column, e.reason])).toEqual([[4, '章节', '所选分类下没有名为“三角函数”的章节。']]);
    const rows = await t.app.prisma.testQuestion.findMany({
      where: { id: { in: result.rows.flatMap((r) => (r.createdId ? [r.createdId] : [])) } },
      orderBy: { id: 'asc' },
    });
    expect(rows.map((r) => r.chapterTypeId)).toEqual([fractions, decimals]);
    // A chapter of another category is refused before any job starts.
    const refused = await upload(csv('x.csv', [HEAD, ['判断', 'x', '', '', '', '', '正确', '', '', '']]), {
      chapterTypeId: await chapter('古诗', chinese),
    });
    expect(refused.status).toBe(400);
    expect(refused.body.error.validationErrors[0].members).toEqual(['chapterTypeId']);
  });

  it('reads files other programs wrote: openpyxl xlsx (numbers, a boolean cell, a blank row) and a GBK CSV', async () => {
    const py = await importFile(new File([fixture('openpyxl-questions.xlsx')], 'openpyxl.xlsx', { type: XLSX }), {
      categoryId: chinese,
      mode: 'commit',
    });
    expect(py).toMatchObject({ total: 5, created: 5, invalidRows: 0 });
    expect(py.rows.map((r) => r.row)).toEqual([2, 3, 4, 5, 7]);
    const tf = await t.app.prisma.testQuestion.findUnique({ where: { id: py.rows[2]!.createdId! } });
    expect(tf).toMatchObject({ questionType: 3, trueFalseAnswer: true });
    const multiple = await t.app.prisma.testQuestion.findUnique({ where: { id: py.rows[1]!.createdId! } });
    expect(multiple).toMatchObject({ questionType: 2, score: 3.5 });

    const gbk = await importFile(new File([fixture('questions-gbk.csv')], 'gbk.csv', { type: 'text/csv' }), { categoryId: chinese });
    expect(gbk).toMatchObject({ total: 2, valid: 2, invalidRows: 0 });
    expect(gbk.rows[0]!.label).toBe('GBK 编码：中国的首都是？');
  });
});

const DOCUMENT = `试卷标题：导入测试
一、选择题
1、文本：3 × 5 = ?
A. 8  B. 15  C. 35  D. 2
【答案】B
【解析】3 个 5 相加。
【难度】简单
【分数】3
2．文本：下列是偶数的有
A、2
B、3
C、4
【答案】A C
3、文本：中国的首都是[[北京|北京市]]，最长的河流是[[长江]]。
4. 文本：0 是偶数。
【答案】对
5、文本：简述你对“分数”的理解。
【答案】把单位“1”平均分成若干份，
表示这样的一份或几份的数。
【材料题开始】
文本材料：一个长方形长 5 米，宽 3 米。
【难度】困难
【解析】面积 = 长 × 宽，
周长 = (长 + 宽) × 2。
6、它的面积是多少平方米？
A. 8
B. 15
【答案】B
7、它的周长是[[16]]米。
【材料题结束】
`;

describe('Word and TXT in the Chinese numbered format', () => {
  it('imports a TXT file of every type, a material question included, inferring the types', async () => {
    const result = await importFile(txt('题目.txt', `\uFEFF${DOCUMENT}`), { mode: 'commit', categoryId: chinese });
    expect(result).toMatchObject({ total: 6, created: 6, invalidRows: 0 });
    expect(result.rows.map((r) => [r.question, r.row])).toEqual([
      [1, 3],
      [2, 9],
      [3, 14],
      [4, 15],
      [5, 17],
      [6, 20],
    ]);
    const rows = await t.app.prisma.testQuestion.findMany({ where: { id: { in: result.rows.map((r) => r.createdId!) } }, orderBy: { id: 'asc' } });
    expect(rows.map((r) => r.questionType)).toEqual([1, 2, 4, 3, 5, 6]);
    expect(rows[0]).toMatchObject({ difficulty: 1, score: 3 });
    expect(rows[2]!.stem).toBe('<p>文本：中国的首都是____，最长的河流是____。</p>');
    expect(JSON.parse(rows[2]!.blanksJson!)).toEqual([{ answers: ['北京', '北京市'] }, { answers: ['长江'] }]);
    expect(rows[4]!.referenceAnswer).toBe('把单位“1”平均分成若干份，\n表示这样的一份或几份的数。');
    const material = await t.call('GET', api('TestQuestion/Get'), { token: t.admin, query: { Id: rows[5]!.id } });
    expect(material.body.result.subQuestions.map((s: { questionType: number }) => s.questionType)).toEqual([1, 4]);
    expect(material.body.result).toMatchObject({ score: 4, difficulty: 3, stem: '<p>文本材料：一个长方形长 5 米，宽 3 米。</p>' });
    expect(material.body.result.analysis).toBe('<p>面积 = 长 × 宽，</p><p>周长 = (长 + 宽) × 2。</p>');
  });

  it('names the question and line of each problem', async () => {
    const text = [
      '1、缺答案的单选',
      'A. 甲',
      'B. 乙',
      '',
      '2、多了一个答案的单选',
      'A. 甲',
      'B. 乙',
      '【题型】单选',
      '【答案】AB',
      '3、好题：1 + 1 = ?',
      'A. 1',
      'B. 2',
      '【答案】B',
    ].join('\n');
    const result = await importFile(txt('坏.txt', text), { mode: 'commit' });
    expect(result).toMatchObject({ total: 3, invalidRows: 2, created: 0, committed: false });
    expect(result.errors.map((e) => e.message)).toEqual([
      '第 1 题（第 1 行）：缺少【答案】。',
      '第 2 题（第 5 行）“【答案】”：单选题只能有一个正确选项。',
    ]);
  });

  it('imports a .docx written by python-docx, options on one line and a material question', async () => {
    const result = await importFile(new File([fixture('python-docx-questions.docx')], '练习.docx'), { mode: 'commit', categoryId: chinese });
    expect(result).toMatchObject({ total: 6, created: 6, invalidRows: 0 });
    const rows = await t.app.prisma.testQuestion.findMany({ where: { id: { in: result.rows.map((r) => r.createdId!) } }, orderBy: { id: 'asc' } });
    expect(rows.map((r) => r.questionType)).toEqual([1, 2, 4, 3, 5, 6]);
    const first = await t.call('GET', api('TestQuestion/Get'), { token: t.admin, query: { Id: rows[0]!.id } });
    expect(first.body.result.options.map((o: { content: string }) => o.content)).toEqual(['7', '12', '34', '1']);
  });

  it('reads stems in Word’s automatic numbering (the numbers are only the teacher’s), refuses options in it saying so', async () => {
    const read = await importFile(new File([fixture('python-docx-auto-numbering.docx')], '自动编号.docx'));
    expect(read).toMatchObject({ total: 2, valid: 2, invalidRows: 0 });
    const res = await upload(new File([fixture('word/auto-numbered-options.docx')], '自动编号选项.docx'));
    expect(res.status).toBe(400);
    expect(res.body.error.validationErrors).toEqual([
      { message: expect.stringContaining('文件使用了 Word 的自动编号（第 2, 3, 4 行）'), members: ['file'] },
    ]);
  });

  it('imports a teacher’s .docx (instructions page, unnumbered questions separated by blank paragraphs) and a dry run writes nothing', async () => {
    const before = await count(chinese);
    const file = () => new File([fixture('word/teacher-format.docx')], '老师.docx');
    const dry = await importFile(file(), { categoryId: chinese });
    expect(dry).toMatchObject({ total: 7, valid: 7, invalidRows: 0, created: 0, committed: false });
    // The preview: each question's source lines beside how it was read.
    expect(dry.rows[0]!.preview).toEqual({
      questionType: 1,
      indefinite: false,
      answer: 'C',
      blanks: 0,
      score: 3,
      lines: ['一周有几天？', 'A.5', 'B.6', 'C.7', 'D.8', '答案C', '难度 简单', '[分数]3分'].map((text, i) => ({ line: 5 + i, text })),
    });
    expect(dry.rows.map((r) => [r.row, r.preview?.questionType, r.preview?.answer])).toEqual([
      [5, 1, 'C'],
      [14, 2, 'AC'],
      [21, 3, '错误'],
      [23, 4, '100'],
      [27, 7, 'A'],
      [33, 5, '100'],
      [37, 6, ''],
    ]);
    expect(dry.rows[6]!.preview?.subs?.map((s) => [s.questionType, s.answer])).toEqual([
      [1, 'B'],
      [4, '0'],
    ]);
    expect(await count(chinese)).toBe(before);
    const done = await importFile(file(), { mode: 'commit', categoryId: chinese });
    expect(done).toMatchObject({ total: 7, created: 7 });
    expect(await count(chinese)).toBe(before + 7);
  });

  it('reports a choice question without a stem by its line as a row error, and an essay without answer through the bank', async () => {
    const result = await importFile(new File([fixture('word/ep-choice-no-stem.docx')], '无题干.docx'));
    expect(result.errors.map((e) => e.message)).toEqual(['第 1 行：选择题缺少题干：这一行直接是选项 A，请在选项前写出题干。']);
    const material = await importFile(new File([fixture('word/ep-material.docx')], '材料.docx'));
    expect(material.errors.map((e) => [e.row, e.column])).toEqual([[7, '【答案】']]);
  });
});

describe('large files', () => {
  it('runs a file of 3,000 questions as a job with progress and commits them in one go', async () => {
    const N = Number(process.env.IMPORT_TEST_QUESTIONS ?? 3000);
    const lines: string[] = [];
    for (let i = 1; i <= N; i++) lines.push(`${i}、批量题 ${i}：${i} + ${i} = ?`, `A. ${2 * i}`, `B. ${2 * i + 1}`, '【答案】A');
    const big = await category('导入测试·批量');
    const started = Date.now();
    const result = await importFile(txt('批量.txt', lines.join('\n')), { mode: 'commit', categoryId: big });
    const ms = Date.now() - started;
    expect(result).toMatchObject({ total: N, valid: N, created: N, committed: true });
    expect(result.rows).toHaveLength(Math.min(N, 1000));
    expect(result.job.message).toBe(`正在写入：第 ${N} / ${N} 行`);
    expect(await count(big)).toBe(N);
    console.info(`${N} questions imported in ${ms} ms (${Math.round(N / (ms / 1000))} per second)`);
  }, 180_000);
});

describe('permissions and bad input', () => {
  it('needs the bank’s permission for the variant, and a category the caller may manage', async () => {
    const file = () => csv('p.csv', [HEAD, ['判断', '权限测试：1 > 0', '', '', '', '', '正确', '', '', '']]);
    const nobody = await userWith('import-none', ['Pages.Questions.Statistical']);
    expect((await upload(file(), { token: nobody.token })).status).toBe(403);
    const editor = await userWith('import-editor', ['Pages.Questions.TestQuestion']);
    expect((await upload(file(), { token: editor.token })).status).toBe(200);
    const university = await upload(file(), { token: editor.token, isUniversity: true });
    expect(university.status).toBe(403);
    expect(university.body.error.message).toContain('大学试题');
    // The editor's role manages only `math`.
    const foreign = await upload(file(), { token: editor.token, categoryId: chinese });
    expect(foreign.status).toBe(400);
    expect(foreign.body.error.validationErrors[0].members).toEqual(['categoryId']);
    await t.app.jobs.idle();
  });

  it('refuses another tenant’s category and a category of another class type', async () => {
    const other = await createTenant(t, 'importother');
    const theirs = await category('别校题库', other.token);
    const file = () => csv('c.csv', [HEAD, ['判断', '分类测试：1 > 0', '', '', '', '', '正确', '', '', '']]);
    const res = await upload(file(), { categoryId: theirs });
    expect(res.status).toBe(400);
    expect(res.body.error.validationErrors[0].members).toEqual(['categoryId']);
    const articles = await category('文章分类', t.admin, 1);
    expect((await upload(file(), { categoryId: articles })).status).toBe(400);
  });

  it('answers a clear 400 on `file` for what is not a question file', async () => {
    const png = new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3])], '图片.xlsx', { type: XLSX });
    const notSheet = await upload(png);
    expect(notSheet.status).toBe(400);
    expect(notSheet.body.error.validationErrors[0]).toEqual({ message: expect.stringContaining('请上传 Excel'), members: ['file'] });
    const ole = new File([new Uint8Array([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, 0, 0])], '旧.xls');
    expect((await upload(ole)).body.error.validationErrors[0].message).toContain('另存为 .xlsx');
    const wrongHeaders = await upload(
      csv('h.csv', [
        ['类型', '内容'],
        ['单选', 'x'],
      ]),
    );
    expect(wrongHeaders.status).toBe(400);
    expect(wrongHeaders.body.error.validationErrors.map((e: { message: string }) => e.message)).toEqual([
      expect.stringContaining('缺少必填列：题型、题干、答案'),
      expect.stringContaining('无法识别的列：类型、内容'),
    ]);
    const headerOnly = await upload(csv('e.csv', [HEAD]));
    expect(headerOnly.body.error.validationErrors[0].message).toBe('文件中没有数据行。');
    const exe = await upload(new File([new Uint8Array([0x4d, 0x5a, 0, 0])], 'virus.exe'));
    expect(exe.status).toBe(400);
    expect(exe.body.error.validationErrors[0].members).toEqual(['file']);
  });
});

describe('migration formats (Moodle GIFT and Aiken, IMS QTI 2.1)', () => {
  const shared = path.resolve(import.meta.dirname, '../../../../../shared/fixtures/import/migration');
  const present = existsSync(shared);
  const migrationFile = (name: string, as = path.basename(name)) => new File([new Uint8Array(readFileSync(path.join(shared, name)))], as);

  it.skipIf(!present)('runs a GIFT file through the same dry run and per-question report, then commits the valid questions', async () => {
    const giftCategory = await category('迁移·GIFT');
    const dry = await importFile(migrationFile('gift/questions.gift.txt', 'moodle.gift'), { categoryId: giftCategory, allOrNothing: false });
    expect(dry).toMatchObject({ total: 9, created: 0, committed: false });
    // Matching and numerical are Moodle types the bank has not; the essay has no reference answer (the bank's rule).
    expect(dry.errors.map((e) => [e.question, e.row])).toEqual([
      [1, 2],
      [2, 5],
      [5, 31],
    ]);
    expect(dry.rows[2]!.preview).toMatchObject({ questionType: 1, answer: 'A', lines: [{ line: 14 }, { line: 15 }, { line: 16 }, {}, {}, {}] });
    expect(await count(giftCategory)).toBe(0);
    const done = await importFile(migrationFile('gift/questions.gift.txt', 'moodle.gift'), {
      categoryId: giftCategory,
      mode: 'commit',
      allOrNothing: false,
    });
    // The two `::2-08 TSL::` questions are one question twice: the second is a duplicate.
    expect(done).toMatchObject({ created: 5, skippedDuplicates: 1 });
    expect(await count(giftCategory)).toBe(5);
  });

  it.skipIf(!present)('reads an Aiken .txt by its ANSWER: lines, reporting broken questions by line', async () => {
    const result = await importFile(migrationFile('aiken/aiken_errors.txt'), { categoryId: await category('迁移·Aiken') });
    expect(result).toMatchObject({ total: 6, valid: 3, invalidRows: 3 });
    expect(result.errors.map((e) => e.row)).toEqual([1, 5, 14]);
  });

  it.skipIf(!present)('imports a TAO QTI package with its picture: a dry run stores nothing, the commit stores what the stem shows', async () => {
    const qtiCategory = await category('迁移·QTI');
    const files = () => t.app.prisma.storedFile.count({ where: { kind: 'stored' } });
    const before = await files();
    const dry = await importFile(migrationFile('qti/package.zip'), { categoryId: qtiCategory });
    expect(dry).toMatchObject({ total: 1, valid: 1, created: 0 });
    expect(await files()).toBe(before);
    const done = await importFile(migrationFile('qti/package.zip'), { categoryId: qtiCategory, mode: 'commit' });
    expect(done.created).toBe(1);
    const q = await t.app.prisma.testQuestion.findFirstOrThrow({ where: { id: done.rows[0]!.createdId! } });
    const token = /\/File\/GetFile\?token=([\w-]+)/.exec(q.stem)?.[1];
    expect(token).toBeDefined();
    const picture = await t.app.inject({ method: 'GET', url: `/File/GetFile?token=${token}` });
    expect(picture.statusCode).toBe(200);
    expect(picture.headers['content-type']).toBe('image/png');
    expect(await files()).toBe(before + 1);
  });

  it.skipIf(!present)('imports single QTI items and refuses broken packages with a 400 naming the file and line', async () => {
    const qtiCategory = await category('迁移·QTI 单题');
    const single = await importFile(migrationFile('qti/choice_multiple.xml'), { categoryId: qtiCategory });
    expect(single).toMatchObject({ total: 1, valid: 1 });
    const broken = await upload(migrationFile('qti/MalformedItemInTheMiddleXml.zip'), { categoryId: qtiCategory });
    expect(broken.status).toBe(400);
    expect(broken.body.error.validationErrors[0]).toEqual({ message: expect.stringMatching(/qti2\.xml.*第 \d+ 行/), members: ['file'] });
    const notZip = await upload(new File(['plain text'], 'package.zip'), { categoryId: qtiCategory });
    expect(notZip.status).toBe(400);
    expect(notZip.body.error.validationErrors[0].members).toEqual(['file']);
  });
});

describe('pictures and equations in Word files', () => {
  it('keeps pictures of stems, options and analysis (stored on commit only) and Word equations as LaTeX in a marked span', async () => {
    const media = await category('导入测试·图片公式');
    const stored = () => t.app.prisma.storedFile.count({ where: { kind: 'stored' } });
    const before = await stored();
    const file = () => new File([fixture('word/pictures-and-equations.docx')], '图片与公式.docx');
    const dry = await importFile(file(), { categoryId: media });
    expect(dry).toMatchObject({ total: 3, valid: 3, created: 0 });
    expect(dry.rows[0]!.preview?.lines.map((l) => l.text)).toContain('【图】');
    expect(await stored()).toBe(before);
    const done = await importFile(file(), { categoryId: media, mode: 'commit' });
    expect(done.created).toBe(3);
    const [picture, fraction, root] = await Promise.all(
      done.rows.map((r) => t.call('GET', api('TestQuestion/Get'), { token: t.admin, query: { Id: r.createdId! } }).then((x) => x.body.result)),
    );
    const img = /<img src="\/File\/GetFile\?token=[\w-]+"/;
    expect(picture.stem).toMatch(img);
    expect(picture.options[1].content).toMatch(img);
    expect(picture.analysis).toMatch(img);
    // Three pictures (the red one twice, each place its own copy).
    expect(await stored()).toBe(before + 3);
    const token = /token=([\w-]+)/.exec(picture.stem as string)![1];
    const served = await t.app.inject({ method: 'GET', url: `/File/GetFile?token=${token}` });
    expect(served.headers['content-type']).toBe('image/png');
    expect(fraction).toMatchObject({ questionType: 4, blanks: [{ answers: ['2'] }] });
    expect(fraction.stem).toContain('<span class="math-tex">\\(\\frac{1}{2}+{x}^{2}\\)</span>');
    expect(root).toMatchObject({ questionType: 3, trueFalseAnswer: true });
    expect(root.stem).toContain('<span class="math-tex">\\(\\sqrt{4}\\)</span>');
  });
});
