import { importResultOf, normaliseQuestionText, QUESTION_IMPORT_MAX_ROWS, type BackgroundJobDto, type TestQuestionDto } from '@edu/sdk';
import sanitizeHtml from 'sanitize-html';
import { describe, expect, it } from 'vitest';
import { readArchive } from '../kit/import/archive.ts';
import { docxLines } from '../import/docx-lines.ts';
import { withDocumentMedia } from '../import/pictures.ts';
import { parseQti, QTI_ARCHIVE_LIMITS } from '../import/qti.ts';
import { unimportablePackage } from '../import/qti-export.ts';
import { parseQuestionDocument } from '../import/question-document.ts';
import { parseXml, findAll } from '../import/xml.ts';
import { CP_XSD, QTI_ITEM_XSD, schemaErrors } from '../testing/qti-xsd.ts';
import { useTestApp } from '../testing/test-app.ts';

/**
 * Export (questions/export.ts): the whole seeded bank as Word in the import
 * format read back question by question (export → import's read → equal), a
 * picture carried through, and the QTI 2.1 package of a selection and of a
 * paper: items, test and manifest valid against the IMS XSDs
 * (src/import/fixtures/qti-xsd) that the QTI reader reads back.
 */

const t = useTestApp();
const api = (p: string) => `/api/services/app/${p}`;
const base = { categoryId: 1, chapterTypeId: null, isUniversity: false };

async function download(path: string, body: Record<string, unknown>): Promise<Uint8Array> {
  const res = await t.app.inject({
    method: 'POST',
    url: api(path),
    payload: body,
    headers: { authorization: `Bearer ${t.admin}`, 'abp.tenantid': '1' },
  });
  expect(res.statusCode, res.body.slice(0, 500)).toBe(200);
  return new Uint8Array(res.rawPayload);
}

async function allQuestions(query: Record<string, unknown> = {}): Promise<TestQuestionDto[]> {
  const res = await t.call('GET', api('TestQuestion/GetAllQuestion'), { token: t.admin, query: { MaxResultCount: 5000, ...query } });
  expect(res.status).toBe(200);
  return res.body.result.result.items;
}

/** The text of rich text as the duplicate check compares it (read by an HTML parser first: a stem may hold a bare `<`). */
const text = (html: string | null | undefined) => normaliseQuestionText(sanitizeHtml(html ?? '', { allowedTags: [], allowedAttributes: {} }));
const pictures = (html: string | null | undefined) => (html ?? '').match(/<img\b/g)?.length ?? 0;
const spaces = (s: string | null | undefined) => (s ?? '').replace(/\s+/g, ' ').trim();

/** What must survive the round trip, per question or sub-question. */
function shape(q: {
  questionType: number;
  stem: string;
  analysis?: string | null | undefined;
  score?: number | undefined;
  trueFalseAnswer?: boolean | null | undefined;
  blanks?: ReadonlyArray<{ answers: readonly string[] }> | null | undefined;
  referenceAnswer?: string | null | undefined;
  options?: ReadonlyArray<{ content: string; isCorrect?: boolean | undefined }> | undefined;
}) {
  return {
    questionType: q.questionType,
    stem: text(q.stem),
    stemPictures: pictures(q.stem),
    analysis: text(q.analysis),
    // A material's score is its sub-questions' sum, which the bank computes on create (compared per sub-question).
    score: q.questionType === 6 ? null : (q.score ?? 2),
    trueFalseAnswer: q.questionType === 3 ? q.trueFalseAnswer : null,
    blanks: q.questionType === 4 ? (q.blanks ?? []).map((b) => b.answers.map((a) => a.trim()).filter(Boolean)) : null,
    referenceAnswer: q.questionType === 5 ? spaces(q.referenceAnswer) : null,
    options: (q.options ?? []).map((o) => [text(o.content), !!o.isCorrect]),
  };
}

describe('Word export in the import format', () => {
  it('exports the whole seeded bank and reads every question back equal (type, stem, options, answers, analysis, score, difficulty)', async () => {
    const bank = await allQuestions();
    expect(bank.length).toBeGreaterThan(50);
    const bytes = await download('TestQuestion/ExportQuestions', { format: 'docx' });
    const { lines, pictures: media } = await docxLines(bytes, await readArchive(bytes));
    const parsed = parseQuestionDocument(lines, base, 'zh-Hans');
    withDocumentMedia(parsed.items, media);
    expect(parsed.fileProblem).toBeNull();
    expect(parsed.items.map((i) => i.errors.map((e) => e.message)).flat()).toEqual([]);
    expect(parsed.items).toHaveLength(bank.length);
    // The export lists the bank in GetAllQuestion's order.
    bank.forEach((q, i) => {
      const read = parsed.items[i]!.input!.draft;
      const label = `question ${q.id} (#${i + 1})`;
      expect({ ...shape(read), difficulty: read.difficulty }, label).toEqual({ ...shape(q), difficulty: q.difficulty });
      expect((read.subQuestions ?? []).map(shape), label).toEqual(q.subQuestions.map(shape));
    });
  });

  it('carries a stored picture through: the Word file embeds it and the import stores it again', async () => {
    const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAQAAAAECAIAAAAmkwkpAAAAEklEQVR4nGP4z8DAwMDAwMAAAA0AAf8DKeEDAAAAAElFTkSuQmCC', 'base64');
    const form = new FormData();
    form.append('file', new File([png], 'figure.png', { type: 'image/png' }));
    const req = new Request('http://local/', { method: 'POST', body: form });
    const up = await t.app.inject({
      method: 'POST',
      url: '/File/UploadImage',
      payload: Buffer.from(await req.arrayBuffer()),
      headers: { 'content-type': req.headers.get('content-type')!, authorization: `Bearer ${t.admin}`, 'abp.tenantid': '1' },
    });
    expect(up.statusCode, up.body).toBe(200);
    const url: string = up.json().result.url ?? up.json().result;
    const token = /token=([\w-]+)/.exec(url)![1]!;
    const category = (await t.call('POST', api('MultiLevelCategory/Create'), { token: t.admin, body: { classTypeId: 3, name: '导出·图片' } })).body
      .result.id;
    const created = await t.call('POST', api('TestQuestion/CreateQuestion'), {
      token: t.admin,
      body: {
        categoryId: category,
        questionType: 1,
        stem: `<p>看图选择：</p><p><img src="/File/GetFile?token=${token}" alt="图" /></p>`,
        options: [
          { content: '红', isCorrect: true },
          { content: '蓝', isCorrect: false },
        ],
      },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const bytes = await download('TestQuestion/ExportQuestions', { format: 'docx', CategoryId: category });
    const { lines, pictures: media } = await docxLines(bytes, await readArchive(bytes));
    expect(media).toHaveLength(1);
    const parsed = parseQuestionDocument(lines, base, 'zh-Hans');
    withDocumentMedia(parsed.items, media);
    const q = parsed.items[0]!.input!;
    expect(q.pictures).toHaveLength(1);
    expect(Buffer.from(q.pictures![0]!.bytes).equals(png)).toBe(true);
    expect(shape(q.draft)).toEqual(shape(created.body.result));
  });

  it('refuses an unknown format with a 400 on format', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: api('TestQuestion/ExportQuestions'),
      payload: { format: 'pdf' },
      headers: { authorization: `Bearer ${t.admin}`, 'abp.tenantid': '1' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.validationErrors[0].members).toEqual(['format']);
  });
});

describe('QTI 2.1 export', () => {
  /**
   * Checks the package against the IMS schemas (items and test: QTI 2.1's
   * XSD; the manifest: Content Packaging 1.1's with its metadata schema),
   * that every file it lists is in it and every interaction answers to a
   * declared response (references no XSD checks), and reads its items back.
   */
  async function checkPackage(bytes: Uint8Array) {
    const entries = await readArchive(bytes, QTI_ARCHIVE_LIMITS);
    const xmlOf = (name: string) => new TextDecoder().decode(entries.get(name));
    const qti = [...entries.keys()].filter((n) => /^(items|tests)\/.*\.xml$/.test(n)).map((name) => ({ name, xml: xmlOf(name) }));
    expect(qti.length).toBeGreaterThan(0);
    expect(await schemaErrors(qti, QTI_ITEM_XSD)).toEqual(Object.fromEntries(qti.map((f) => [f.name, []])));
    expect(await schemaErrors([{ name: 'imsmanifest.xml', xml: xmlOf('imsmanifest.xml') }], CP_XSD)).toEqual({ 'imsmanifest.xml': [] });
    const manifest = parseXml(xmlOf('imsmanifest.xml'));
    const resources = findAll(manifest, 'resource');
    for (const r of resources) {
      for (const f of findAll(r, 'file')) expect(entries.has(f.attrs.href!), f.attrs.href).toBe(true);
    }
    for (const [name, data] of entries) {
      if (!name.startsWith('items/')) continue;
      const item = parseXml(new TextDecoder().decode(data));
      // Every interaction answers to a declared response.
      const declared = new Set(findAll(item, 'responseDeclaration').map((d) => d.attrs.identifier));
      for (const i of [...findAll(item, 'choiceInteraction'), ...findAll(item, 'textEntryInteraction'), ...findAll(item, 'extendedTextInteraction')])
        expect(declared.has(i.attrs.responseIdentifier)).toBe(true);
    }
    const read = parseQti('export.zip', entries, base, 'zh-Hans');
    if ('fileProblem' in read) throw new Error(read.fileProblem);
    return { entries, items: read.items, resources };
  }

  it('exports a selection as a content package the QTI reader reads back, question by question', async () => {
    const selection = (await allQuestions({ QuestionType: 1 })).concat(await allQuestions({ QuestionType: 4 }));
    const single = await download('TestQuestion/ExportQuestions', { format: 'qti', QuestionType: 1 });
    const { items } = await checkPackage(single);
    const singles = selection.filter((q) => q.questionType === 1);
    expect(items).toHaveLength(singles.length);
    items.forEach((item, i) => {
      expect(item.errors).toEqual([]);
      expect(shape(item.input!.draft)).toEqual(shape(singles[i]!));
    });
    const blanks = await checkPackage(await download('TestQuestion/ExportQuestions', { format: 'qti', QuestionType: 4 }));
    blanks.items.forEach((item) => expect(item.input?.draft.questionType).toBe(4));
  });

  it('exports the whole seeded bank valid against the IMS XSDs, each analysis (modalFeedback) and difficulty (LOM) read back', async () => {
    const bank = await allQuestions();
    const { items } = await checkPackage(await download('TestQuestion/ExportQuestions', { format: 'qti' }));
    // A material question gives an item per sub-question: its passage, then the sub-question.
    const expected = bank.flatMap((q) =>
      q.questionType === 6 ? q.subQuestions.map((s) => ({ ...s, difficulty: q.difficulty, material: true })) : [{ ...q, material: false }],
    );
    expect(items).toHaveLength(expected.length);
    expect(expected.filter((q) => q.analysis).length).toBeGreaterThan(10);
    expect(new Set(expected.map((q) => q.difficulty))).toEqual(new Set([1, 2, 3]));
    items.forEach((item, i) => {
      const q = expected[i]!;
      const read = item.input!.draft;
      const label = `item ${i + 1}`;
      expect(item.errors, label).toEqual([]);
      expect({ analysis: text(read.analysis), difficulty: read.difficulty }, label).toEqual({ analysis: text(q.analysis), difficulty: q.difficulty });
      // A blank's answers are a mapping's keys: each once. 不定项 comes back as itself (its choiceInteraction's class).
      const blanks = q.blanks?.map((b) => ({ answers: [...new Set(b.answers.map((a) => a.trim()))] }));
      if (!q.material) expect(shape(read), label).toEqual(shape({ ...q, blanks }));
    });
  });

  it('marks 不定项 so it reads back as itself, while other QTI tools read a multiple-answer choice', async () => {
    const category = (await t.call('POST', api('MultiLevelCategory/Create'), { token: t.admin, body: { classTypeId: 3, name: '导出·不定项' } })).body
      .result.id;
    const keys = [
      [true, false, false],
      [true, false, true],
    ];
    const created: TestQuestionDto[] = [];
    for (const [n, correct] of keys.entries()) {
      const res = await t.call('POST', api('TestQuestion/CreateQuestion'), {
        token: t.admin,
        body: {
          categoryId: category,
          questionType: 7,
          stem: `<p>不定项选择第 ${n + 1} 题：下列说法正确的是</p>`,
          options: correct.map((isCorrect, i) => ({ content: `说法 ${i + 1}`, isCorrect })),
        },
      });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      created.push(res.body.result);
    }
    const { entries, items } = await checkPackage(await download('TestQuestion/ExportQuestions', { format: 'qti', CategoryId: category }));
    const byStem = (a: { stem: string }, b: { stem: string }) => a.stem.localeCompare(b.stem);
    expect(items.map((i) => shape(i.input!.draft)).sort(byStem)).toEqual(created.map(shape).sort(byStem));
    // For any other reader: a choice of any number of answers, the correct ones declared; the mark is only a class.
    for (const [name, data] of entries) {
      if (!name.startsWith('items/')) continue;
      const item = parseXml(new TextDecoder().decode(data));
      expect(findAll(item, 'responseDeclaration')[0]!.attrs.cardinality).toBe('multiple');
      expect(findAll(item, 'choiceInteraction')[0]!.attrs).toMatchObject({ maxChoices: '0', class: 'indefinite-choice' });
    }
  });

  it('exports a paper as a package with its assessmentTest, a section per paper section', async () => {
    const papers = await t.call('GET', api('TestPaper/GetAll'), { token: t.admin, query: { MaxResultCount: 50 } });
    const paper = (papers.body.result.items as Array<{ id: number; title: string }>)[0]!;
    const bytes = await download('TestQuestion/ExportTestPaperQti', { id: paper.id });
    const { entries, resources } = await checkPackage(bytes);
    const test = parseXml(new TextDecoder().decode(entries.get('tests/test.xml')));
    expect(test.local).toBe('assessmentTest');
    const refs = findAll(test, 'assessmentItemRef');
    expect(refs.length).toBeGreaterThan(0);
    for (const ref of refs) expect(entries.has(ref.attrs.href!.replace(/^\.\.\//, ''))).toBe(true);
    expect(resources.some((r) => r.attrs.type === 'imsqti_test_xmlv2p1')).toBe(true);
  });

  it('imports its own package of the whole seeded bank back through the import endpoint (dry run), every item valid', async () => {
    const bytes = await download('TestQuestion/ExportQuestions', { format: 'qti' });
    const entries = await readArchive(bytes, QTI_ARCHIVE_LIMITS);
    // More files than an Office file may hold (the archive's 1,000): the reason QTI packages have limits of their own.
    expect(entries.size).toBeGreaterThan(1000);
    const items = [...entries.keys()].filter((n) => n.startsWith('items/')).length;
    const form = new FormData();
    form.append('file', new File([new Uint8Array(bytes)], 'bank.zip', { type: 'application/zip' }));
    const category = (await t.call('POST', api('MultiLevelCategory/Create'), { token: t.admin, body: { classTypeId: 3, name: '导出·QTI 回读' } }))
      .body.result.id;
    form.append('categoryId', String(category));
    form.append('mode', 'dryRun');
    const req = new Request('http://local/', { method: 'POST', body: form });
    const res = await t.app.inject({
      method: 'POST',
      url: api('TestQuestion/ImportQuestions'),
      payload: Buffer.from(await req.arrayBuffer()),
      headers: { 'content-type': req.headers.get('content-type')!, authorization: `Bearer ${t.admin}`, 'abp.tenantid': '1' },
    });
    expect(res.statusCode, res.body.slice(0, 500)).toBe(200);
    const started: BackgroundJobDto = res.json().result;
    await t.app.jobs.idle();
    const polled = await t.call('GET', api('BackgroundJob/GetJob'), { token: t.admin, query: { Id: started.id } });
    const job: BackgroundJobDto = polled.body.result;
    expect(job.error).toBeNull();
    const result = importResultOf(job);
    // Into a new category: every item read and valid, nothing written.
    expect(result!.errors).toEqual([]);
    expect(result).toMatchObject({ mode: 'dryRun', total: items, valid: items, created: 0, committed: false });
  });

  it('refuses to write a package its own import would refuse: too many items, too many files, too large', () => {
    const tiny = new Uint8Array(1);
    const named = (prefix: string, n: number) => Array.from({ length: n }, (_, i): [string, Uint8Array] => [`${prefix}${i}.xml`, tiny]);
    expect(unimportablePackage(new Map(named('items/q', 10)))).toBeNull();
    expect(unimportablePackage(new Map(named('items/q', QUESTION_IMPORT_MAX_ROWS + 1)))).toEqual({
      kind: 'items',
      count: QUESTION_IMPORT_MAX_ROWS + 1,
      limit: QUESTION_IMPORT_MAX_ROWS,
    });
    const files = new Map([...named('items/q', 10), ...named('images/p', QTI_ARCHIVE_LIMITS.maxEntries)]);
    expect(unimportablePackage(files)).toMatchObject({ kind: 'files', limit: QTI_ARCHIVE_LIMITS.maxEntries });
    expect(unimportablePackage(new Map(named('items/q', 1)), 64 * 1024 * 1024)).toMatchObject({ kind: 'bytes' });
  });
});
