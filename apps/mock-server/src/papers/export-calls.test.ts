import { beforeAll, describe, expect, it } from 'vitest';
import { parseContentDisposition } from '@edu/sdk';
import { docxPart, docxText, hasPoppler, pdfFonts, pdfImageCount, pdfPagesPng, pdfText } from './export/inspect.ts';
import { samplePng } from './export/sample-paper.ts';
import { createTenant } from '../testing/tenants.ts';
import { useTestApp } from '../testing/test-app.ts';

/**
 * PreviewTestPaper and ExportTestPaper over HTTP: a paper with every
 * question type, exported to DOCX and PDF (read back), the answer key and
 * the sheet, the inline preview, bad input, permissions and tenants.
 */
const t = useTestApp();
let paperId: number;
let totalFraction: number;
const api = (path: string) => `/api/services/app/${path}`;
const TITLE = '2024–2025学年第一学期期末考试 八年级综合 B 卷';
const poppler = await hasPoppler();

async function ok(verb: 'GET' | 'POST', path: string, body?: unknown, token = t.admin) {
  const r = await t.call(verb, api(path), { token, ...(verb === 'GET' ? { query: body as Record<string, unknown> } : { body }) });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body.result;
}

/** A file endpoint's raw answer (the bytes are not JSON). */
async function download(path: 'ExportTestPaper' | 'PreviewTestPaper', body: unknown, token = t.admin) {
  const res = await t.app.inject({
    method: 'POST',
    url: api(`TestQuestion/${path}`),
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    payload: JSON.stringify(body),
  });
  const disposition = parseContentDisposition(String(res.headers['content-disposition'] ?? ''));
  const json = () => JSON.parse(res.body) as { error: { validationErrors?: Array<{ members: string[] }> } };
  return { status: res.statusCode, type: String(res.headers['content-type']), bytes: res.rawPayload, disposition, json };
}

async function approvedQuestion(body: Record<string, unknown>): Promise<number> {
  const q = await ok('POST', 'TestQuestion/CreateQuestion', body);
  // The bank's two steps (初审, 复审); the admin holds both.
  await ok('POST', 'TestQuestion/AuditedTestQuestion', { id: q.id, auditStatus: 1 });
  await ok('POST', 'TestQuestion/AuditedTestQuestion', { id: q.id, auditStatus: 1 });
  return q.id;
}

beforeAll(async () => {
  // Setup approves questions through both steps as the admin; the four-eyes rule across steps is tested in kit/review-rules.test.ts.
  const rules = await t.call('PUT', api('Review/UpdateSettings'), {
    token: t.admin,
    body: { allowSameReviewerForSteps: true, allowAuthorReview: false },
  });
  expect(rules.status, JSON.stringify(rules.body)).toBe(200);
  // Questions sit under a stage (学段) and its subject (科目): the paper prints the subject, not its own category (an exam kind).
  const stage = (await ok('POST', 'MultiLevelCategory/Create', { classTypeId: 3, name: '导出测试学段' })).id;
  const subject = (await ok('POST', 'MultiLevelCategory/Create', { classTypeId: 3, name: '导出测试学科', parentId: stage })).id;
  const category = (await ok('POST', 'MultiLevelCategory/Create', { classTypeId: 3, name: '导出测试单元', parentId: subject })).id;
  const paperCategory = (await ok('POST', 'MultiLevelCategory/Create', { classTypeId: 4, name: '导出测试试卷' })).id;
  const q = (body: Record<string, unknown>) => approvedQuestion({ categoryId: category, score: 2, ...body });
  const single = await Promise.all(
    ['导出题：下列各数中，是质数的是', '导出题：H<sub>2</sub>O 中氢元素的化合价为'].map((stem, i) =>
      q({
        questionType: 1,
        stem: `<p>${stem}</p>`,
        options: [{ content: `${21 + i}` }, { content: '27' }, { content: '29', isCorrect: true }, { content: '33' }],
      }),
    ),
  );
  const multiple = await q({
    questionType: 2,
    stem: '<p>导出题：下列属于可再生能源的有</p>',
    options: [{ content: '太阳能', isCorrect: true }, { content: '风能', isCorrect: true }, { content: '煤炭' }, { content: '石油' }],
    analysis: '<p>煤炭、石油是化石能源。</p>',
  });
  const trueFalse = await q({ questionType: 3, stem: '<p>导出题：声音可以在真空中传播。</p>', trueFalseAnswer: false });
  const fill = await q({ questionType: 4, stem: '<p>导出题：床前明月光，____。</p>', blanks: [{ answers: ['疑是地上霜'] }] });
  const short = await q({ questionType: 5, stem: '<p>导出题：简述光合作用的意义。</p>', referenceAnswer: '为生物提供有机物和氧气。', score: 8 });
  const material = await q({
    questionType: 6,
    stem: '<p>导出题：阅读材料，回答问题。小明买了 4 本笔记本，每本 5 元。</p>',
    score: 4,
    subQuestions: [
      { questionType: 4, stem: '一共要付 ____ 元。', score: 2, blanks: [{ answers: ['20'] }] },
      { questionType: 1, stem: '付 50 元应找回多少元？', score: 2, options: [{ content: '20' }, { content: '30', isCorrect: true }] },
    ],
  });
  const indefinite = await q({
    questionType: 7,
    stem: '<p>导出题：下列物质中，属于纯净物的是</p>',
    score: 4,
    options: [{ content: '蒸馏水', isCorrect: true }, { content: '洁净的空气' }, { content: '液氧', isCorrect: true }, { content: '矿泉水' }],
  });
  const created = await ok('POST', 'TestPaper/Create', {
    title: TITLE,
    categoryId: paperCategory,
    examMinutes: 100,
    description: '答题前将班级、学号、姓名填写清楚。\n考试结束后只交答题卡。',
    sections: [
      { title: '一、单选题', score: 3, questions: single.map((questionId) => ({ questionId })) },
      { title: '多选题', questions: [{ questionId: multiple, score: 4 }] },
      { title: '判断题', questions: [{ questionId: trueFalse }] },
      { title: '填空题', questions: [{ questionId: fill }] },
      { title: '简答题', questions: [{ questionId: short }] },
      { title: '材料题', questions: [{ questionId: material }] },
      { title: '不定项选择题', questions: [{ questionId: indefinite }] },
    ],
  });
  paperId = created.id;
  totalFraction = created.totalFraction;
  expect(totalFraction).toBe(3 + 3 + 4 + 2 + 2 + 8 + 4 + 4);
});

describe('ExportTestPaper', () => {
  it('downloads the paper as DOCX with headers, 计分栏 summing to the full score, options and footer', async () => {
    const r = await download('ExportTestPaper', { id: paperId, format: 'docx', document: 'paper' });
    expect(r.status).toBe(200);
    expect(r.type).toContain('application/vnd.openxmlformats-officedocument.wordprocessingml.document');
    expect(r.disposition).toEqual({ fileName: `${TITLE}.docx`, inline: false });
    const xml = docxPart(r.bytes, 'word/document.xml') ?? '';
    const text = docxText(xml);
    expect(text).toContain(TITLE);
    // The seeded tenant's display name is only its code name: no school line until the school is set (see below).
    expect(text).not.toContain('Default');
    expect(text).toContain('科目：导出测试学科\u3000\u3000考试时间：100 分钟\u3000\u3000满分：30 分');
    for (const header of [
      '一、单选题（每小题 3 分，共 6 分）',
      '二、多选题（每小题 4 分，共 4 分）',
      '三、判断题（每小题 2 分，共 2 分）',
      '四、填空题（每小题 2 分，共 2 分）',
      '五、简答题（每小题 8 分，共 8 分）',
      '六、材料题（每小题 4 分，共 4 分）',
      '七、不定项选择题（每小题 4 分，共 4 分）',
    ]) {
      expect(text).toContain(header);
    }
    expect(text).toContain('每小题有一个或多个选项符合题意，全部选对得满分，选对但不全得一半分，有选错或不选得 0 分。');
    expect(text).toContain('8．导出题：下列物质中，属于纯净物的是（\u3000\u3000）');
    expect(text).toContain('1．导出题：下列各数中，是质数的是（\u3000\u3000）');
    expect(text).toContain('A．21\tB．27\tC．29\tD．33');
    expect(text).toContain('（1）（2 分）一共要付 \u3000\u3000\u3000\u3000\u3000 元。');
    expect(text).toContain('2．考试结束后只交答题卡。');
    const table = /<w:tbl>[\s\S]*?<\/w:tbl>/.exec(xml)?.[0] ?? '';
    const scoreRow = [...(/<w:tr>[\s\S]*?<\/w:tr>[\s\S]*?(<w:tr>[\s\S]*?<\/w:tr>)/.exec(table)?.[1] ?? '').matchAll(/<w:tc>[\s\S]*?<\/w:tc>/g)].map(
      (c) => docxText(c[0]).trim(),
    );
    expect(scoreRow).toEqual(['分值', '6', '4', '2', '2', '8', '4', '4', '30']);
    expect(docxText(docxPart(r.bytes, 'word/header1.xml') ?? '')).toContain('姓名：');
    expect(docxPart(r.bytes, 'word/footer1.xml')).toContain('NUMPAGES');
  });

  it('downloads the answer key with every answer and analysis', async () => {
    const r = await download('ExportTestPaper', { id: paperId, format: 'docx', document: 'answers' });
    expect(r.status).toBe(200);
    expect(r.disposition.fileName).toBe(`${TITLE}（答案与解析）.docx`);
    const text = docxText(docxPart(r.bytes, 'word/document.xml') ?? '');
    for (const line of [
      '1．【答案】C',
      '3．【答案】AB',
      '【解析】煤炭、石油是化石能源。',
      '4．【答案】错误（×）',
      '5．【答案】疑是地上霜',
      '6．【参考答案】为生物提供有机物和氧气。',
      '（1）【答案】20',
      '（2）【答案】B',
      '8．【答案】AC',
    ]) {
      expect(text).toContain(line);
    }
  });

  it.skipIf(!poppler)('downloads the PDF: Chinese text extractable, font embedded as a subset, pages numbered', async () => {
    const r = await download('ExportTestPaper', { id: paperId, format: 'pdf' });
    expect(r.status).toBe(200);
    expect(r.type).toContain('application/pdf');
    expect(r.disposition).toEqual({ fileName: `${TITLE}.pdf`, inline: false });
    const text = await pdfText(r.bytes);
    expect(text).toContain(TITLE);
    expect(text).toContain('一、单选题（每小题 3 分，共 6 分）');
    expect(text).toContain('六、材料题（每小题 4 分，共 4 分）');
    // Two pages since the 不定项 section and its rule were added.
    expect(text).toMatch(/第\s*1\s*页\s*共\s*2\s*页/);
    expect((await pdfFonts(r.bytes)).every((f) => f.embedded && f.subset)).toBe(true);
    expect(r.bytes.length).toBeLessThan(200_000);
    expect((await pdfPagesPng(r.bytes)).length).toBe(2);
  });

  it.skipIf(!poppler)('downloads the answer sheet', async () => {
    const r = await download('ExportTestPaper', { id: paperId, format: 'pdf', document: 'answerSheet' });
    expect(r.status).toBe(200);
    expect(r.disposition.fileName).toBe(`${TITLE}（答题卡）.pdf`);
    const text = await pdfText(r.bytes);
    expect(text).toContain('答题卡');
    expect(text).toMatch(/1．［A］［B］［C］［D］/);
    expect(text).toMatch(/8．［A］［B］［C］［D］/);
  });

  it('heads the paper with the school set in the tenant settings, else the tenant display name, never its code name', async () => {
    const schoolLine = async () =>
      docxText(docxPart((await download('ExportTestPaper', { id: paperId, format: 'docx' })).bytes, 'word/document.xml') ?? '');
    const before = await ok('GET', 'TenantSettings/GetAllSettings', {});
    expect(before).toEqual({ general: { schoolName: '', effectiveSchoolName: null } });
    const set = await t.call('PUT', api('TenantSettings/UpdateAllSettings'), { token: t.admin, body: { general: { schoolName: ' 示范实验中学 ' } } });
    expect(set.body.result).toEqual({ general: { schoolName: '示范实验中学', effectiveSchoolName: '示范实验中学' } });
    expect(await schoolLine()).toMatch(/^示范实验中学/);
    // Cleared: the tenant's display name, once it is more than the code name.
    await t.call('PUT', api('TenantSettings/UpdateAllSettings'), { token: t.admin, body: { general: { schoolName: '' } } });
    await t.app.prisma.tenant.update({ where: { id: 1 }, data: { name: '第一实验中学' } });
    expect(await schoolLine()).toMatch(/^第一实验中学/);
    await t.app.prisma.tenant.update({ where: { id: 1 }, data: { name: 'Default' } });
    const tooLong = await t.call('PUT', api('TenantSettings/UpdateAllSettings'), {
      token: t.admin,
      body: { general: { schoolName: '校'.repeat(65) } },
    });
    expect(tooLong.status).toBe(400);
    expect(tooLong.body.error.validationErrors.flatMap((e: { members: string[] }) => e.members)).toEqual(['general.schoolName']);
  });

  it('refuses bad input with 400 naming the field, an unknown paper with 404', async () => {
    const badFormat = await download('ExportTestPaper', { id: paperId, format: 'xls' });
    expect(badFormat.status).toBe(400);
    expect(badFormat.json().error.validationErrors?.flatMap((e) => e.members)).toEqual(['format']);
    const badDocument = await download('ExportTestPaper', { id: paperId, format: 'pdf', document: 'key' });
    expect(badDocument.status).toBe(400);
    expect(badDocument.json().error.validationErrors?.flatMap((e) => e.members)).toEqual(['document']);
    const noId = await download('PreviewTestPaper', {});
    expect(noId.status).toBe(400);
    expect(noId.json().error.validationErrors?.flatMap((e) => e.members)).toEqual(['id']);
    expect((await download('ExportTestPaper', { id: 99_999_999, format: 'pdf' })).status).toBe(404);
  });
});

describe('pictures', () => {
  it('embeds an image uploaded to this site, whatever host its URL names', async () => {
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(samplePng(300, 120))], { type: 'image/png' }), '示意图.png');
    const body = new Response(form);
    const uploaded = await t.app.inject({
      method: 'POST',
      url: '/File/UploadImage',
      payload: Buffer.from(await body.arrayBuffer()),
      headers: { authorization: `Bearer ${t.admin}`, 'content-type': body.headers.get('content-type') ?? '' },
    });
    expect(uploaded.statusCode, uploaded.body).toBe(200);
    const url = uploaded.json<{ result: { url: string } }>().result.url;
    const category = (await ok('POST', 'MultiLevelCategory/Create', { classTypeId: 3, name: '导出图片学科' })).id;
    const paperCategory = (await ok('POST', 'MultiLevelCategory/Create', { classTypeId: 4, name: '导出图片试卷' })).id;
    const id = await approvedQuestion({
      questionType: 5,
      categoryId: category,
      stem: `<p>导出题：根据示意图<img src="${url}" alt="示意图">说明原理，并比较<img src="https://elsewhere.example/x.png" alt="外图">。</p>`,
      referenceAnswer: '略',
    });
    const paper = await ok('POST', 'TestPaper/Create', {
      title: '图片试卷',
      categoryId: paperCategory,
      sections: [{ title: '简答题', questions: [{ questionId: id }] }],
    });
    const docx = await download('ExportTestPaper', { id: paper.id, format: 'docx' });
    const xml = docxPart(docx.bytes, 'word/document.xml') ?? '';
    expect(xml.match(/<w:drawing>/g)?.length).toBe(1);
    expect(docxText(xml)).toContain('【图：外图】');
    if (poppler) expect(await pdfImageCount((await download('ExportTestPaper', { id: paper.id, format: 'pdf' })).bytes)).toBe(1);
  });
});

describe('PreviewTestPaper', () => {
  it.skipIf(!poppler)('answers the print PDF inline (preview equals print)', async () => {
    const r = await download('PreviewTestPaper', { id: paperId });
    expect(r.status).toBe(200);
    expect(r.type).toContain('application/pdf');
    expect(r.disposition).toEqual({ fileName: `${TITLE}.pdf`, inline: true });
    const exported = await download('ExportTestPaper', { id: paperId, format: 'pdf' });
    expect(await pdfText(r.bytes)).toBe(await pdfText(exported.bytes));
    expect(await pdfText((await download('PreviewTestPaper', { id: paperId, document: 'answers' })).bytes)).toContain('1．【答案】C');
  });
});

describe('permissions and tenants', () => {
  it('needs the paper cell or a reviewer; other tenants do not see the paper', async () => {
    const role = await ok('POST', 'Role/Create', {
      name: 'randomonly',
      displayName: 'randomonly',
      grantedPermissions: ['Pages', 'Pages.TestPapers', 'Pages.TestPapers.Random'],
    });
    expect(role.id).toBeGreaterThan(0);
    await ok('POST', 'User/Create', {
      userName: 'randomonly',
      name: '王',
      surname: '老师',
      emailAddress: 'randomonly@example.edu.cn',
      password: 'Passw0rd!',
      roleNames: ['randomonly'],
      identity: 2,
    });
    const random = await t.login('randomonly', 'Passw0rd!', 1);
    // A manual paper is the Hand cell's: the random-assembly teacher may not read it.
    expect((await download('ExportTestPaper', { id: paperId, format: 'docx' }, random)).status).toBe(403);
    expect((await download('PreviewTestPaper', { id: paperId }, random)).status).toBe(403);
    const other = await createTenant(t, 'exporttenant');
    expect((await download('ExportTestPaper', { id: paperId, format: 'docx' }, other.token)).status).toBe(404);
    const anonymous = await t.app.inject({ method: 'POST', url: api('TestQuestion/PreviewTestPaper'), payload: { id: paperId } });
    expect(anonymous.statusCode).toBe(401);
  });
});
