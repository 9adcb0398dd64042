import { readFileSync } from 'node:fs';
import path from 'node:path';
import { paperImportResultOf, type BackgroundJobDto, type PaperImportResult } from '@edu/sdk';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTenant } from '../testing/tenants.ts';
import { useTestApp } from '../testing/test-app.ts';

/**
 * ImprotQuestionOfPaper from a file: the bank's import (same checks, report
 * and duplicates) plus the paper, in one transaction. Files: the openpyxl
 * workbook under import/fixtures (written by another program) and small CSVs.
 */
const t = useTestApp();
let qCat: number;
let paperCat: number;
const api = (p: string) => `/api/services/app/${p}`;
const fixture = (name: string) => new Uint8Array(readFileSync(path.join(import.meta.dirname, '../import/fixtures', name)));
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const openpyxl = () => new File([fixture('openpyxl-questions.xlsx')], 'openpyxl.xlsx', { type: XLSX });
const csv = (name: string, rows: string[][]) => new File([rows.map((r) => r.join(',')).join('\r\n')], name, { type: 'text/csv' });

async function ok(
  verb: 'GET' | 'POST' | 'PUT' | 'DELETE',
  p: string,
  opts: { body?: unknown; query?: Record<string, unknown>; token?: string } = {},
) {
  const r = await t.call(verb, api(p), { ...opts, token: opts.token ?? t.admin });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body.result;
}

/** `File/UploadFile` as the browser sends it; answers the token. */
async function uploadFile(file: File, token = t.admin): Promise<string> {
  const form = new FormData();
  form.append('file', file, file.name);
  const req = new Request('http://local/', { method: 'POST', body: form });
  const res = await t.app.inject({
    method: 'POST',
    url: '/File/UploadFile',
    payload: Buffer.from(await req.arrayBuffer()),
    headers: { 'content-type': req.headers.get('content-type')!, authorization: `Bearer ${token}`, 'abp.tenantid': '1' },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().result.fileToken;
}

type Options = { mode?: 'dryRun' | 'commit'; allOrNothing?: boolean; sectionId?: number; token?: string };

/** Starts the paper's file import and answers the finished job's result. */
async function importInto(paperId: number, file: File, o: Options = {}): Promise<PaperImportResult & { job: BackgroundJobDto }> {
  const fileToken = await uploadFile(file, o.token);
  const started = await ok('POST', 'TestPaper/ImprotQuestionOfPaper', {
    token: o.token,
    body: { id: paperId, fileToken, categoryId: qCat, mode: o.mode ?? 'dryRun', allOrNothing: o.allOrNothing, sectionId: o.sectionId },
  });
  expect(started.job.name).toBe('TestPaper.ImportQuestions');
  expect(started.added).toBe(0);
  await t.app.jobs.idle();
  const job: BackgroundJobDto = (await ok('GET', 'BackgroundJob/GetJob', { token: o.token, query: { Id: started.job.id } })) as BackgroundJobDto;
  expect(job.error, JSON.stringify(job)).toBeNull();
  const result = paperImportResultOf(job);
  expect(result, JSON.stringify(job.result)).not.toBeNull();
  return { ...result!, job };
}

/** An approved, shown single-choice question. */
async function approved(stem: string) {
  const q = await ok('POST', 'TestQuestion/CreateQuestion', {
    body: { questionType: 1, stem, categoryId: qCat, options: [{ content: '对', isCorrect: true }, { content: '错' }] },
  });
  await approve(q.id);
  return q.id as number;
}
async function approve(id: number) {
  await ok('POST', 'TestQuestion/AuditedTestQuestion', { body: { id, auditStatus: 1 } });
  await ok('POST', 'TestQuestion/AuditedTestQuestion', { body: { id, auditStatus: 1 } });
}
const newPaper = (sections: Array<{ title: string; questions: Array<{ questionId: number }> }>) =>
  ok('POST', 'TestPaper/Create', { body: { title: '期中考试 导入测试卷', categoryId: paperCat, examMinutes: 60, sections } });
const bankCount = () => t.app.prisma.testQuestion.count({ where: { categoryId: qCat, isDeleted: false } });
const titles = (p: { sections: Array<{ title: string; questions: Array<{ questionId: number }> }> }) =>
  p.sections.map((s) => [s.title, s.questions.length]);

beforeAll(async () => {
  // Setup approves questions through both steps as the admin; the four-eyes rule across steps is tested in kit/review-rules.test.ts.
  await ok('PUT', 'Review/UpdateSettings', { body: { allowSameReviewerForSteps: true, allowAuthorReview: false } });
  qCat = (await ok('POST', 'MultiLevelCategory/Create', { body: { classTypeId: 3, name: '试卷导入测试学科' } })).id;
  paperCat = (await ok('POST', 'MultiLevelCategory/Create', { body: { classTypeId: 4, name: '试卷导入测试试卷' } })).id;
});

describe('ImprotQuestionOfPaper from a file', () => {
  let paperId: number;
  let created: number[];

  it('dry run: reports every row as the bank import does, with what the paper would get, and writes nothing', async () => {
    const held = await approved('<p>卷中已有的单选题</p>');
    paperId = (await newPaper([{ title: '一、单选题', questions: [{ questionId: held }] }])).id;
    const before = await bankCount();
    const r = await importInto(paperId, openpyxl());
    expect(r).toMatchObject({ mode: 'dryRun', total: 5, valid: 5, created: 0, invalidRows: 0, committed: false });
    expect(r.rows.map((row) => [row.row, row.status])).toEqual([
      [2, 'valid'],
      [3, 'valid'],
      [4, 'valid'],
      [5, 'valid'],
      [7, 'valid'],
    ]);
    expect(r.paper).toEqual({ paperId, added: 5, addedQuestionIds: [], skipped: [] });
    expect(await bankCount()).toBe(before);
    expect((await ok('GET', 'TestPaper/Get', { query: { Id: paperId } })).totalQuestion).toBe(1);
  });

  it('commit: the questions go into the bank (pending review) and into the paper by type, which goes back to review', async () => {
    await ok('POST', 'TestPaper/Review', { body: { id: paperId, auditStatus: 1 } });
    const before = await bankCount();
    const r = await importInto(paperId, openpyxl(), { mode: 'commit' });
    expect(r).toMatchObject({ mode: 'commit', created: 5, committed: true });
    created = r.rows.map((row) => row.createdId!);
    expect(r.paper.addedQuestionIds).toEqual(created);
    expect(await bankCount()).toBe(before + 5);
    const rows = await t.app.prisma.testQuestion.findMany({ where: { id: { in: created } } });
    expect(rows.every((q) => q.auditStatus === 0)).toBe(true);
    const paper = await ok('GET', 'TestPaper/Get', { query: { Id: paperId } });
    expect(titles(paper)).toEqual([
      ['一、单选题', 2],
      ['二、多选题', 1],
      ['三、判断题', 1],
      ['四、填空题', 1],
      ['五、简答题', 1],
    ]);
    // Scores are the bank's (the file's 分数 column: 2, 3.5, default 2, 1, 5) plus the held question's 2.
    expect(paper).toMatchObject({ totalQuestion: 6, totalFraction: 2 + 2 + 3.5 + 2 + 1 + 5, auditStatus: 0, isActive: false });
  });

  it('refuses to approve the paper while an imported question awaits review, then approves it', async () => {
    const r = await t.call('POST', api('TestPaper/Review'), { token: t.admin, body: { id: paperId, auditStatus: 1 } });
    expect(r.status).toBe(500);
    expect(r.body.error.message).toContain(String(created[0]));
    for (const id of created) await approve(id);
    expect((await ok('POST', 'TestPaper/Review', { body: { id: paperId, auditStatus: 1 } })).auditStatus).toBe(1);
  });

  it('matches duplicates: held ones are skipped, approved ones join another paper as the existing question', async () => {
    const again = await importInto(paperId, openpyxl(), { mode: 'commit' });
    expect(again).toMatchObject({ created: 0, skippedDuplicates: 5, committed: false });
    expect(again.paper.skipped.map((s) => s.reason)).toEqual(['duplicate', 'duplicate', 'duplicate', 'duplicate', 'duplicate']);
    expect((await ok('GET', 'TestPaper/Get', { query: { Id: paperId } })).auditStatus).toBe(1);

    // One question taken down: a second paper gets the four that are approved and shown.
    await ok('POST', 'TestQuestion/showStateSwitching', { body: { id: created[4], isShow: false } });
    const other = (await newPaper([{ title: '一、判断题', questions: [] }])).id;
    const before = await bankCount();
    const r = await importInto(other, openpyxl(), { mode: 'commit' });
    expect(r).toMatchObject({ created: 0, skippedDuplicates: 5, committed: true });
    expect(r.rows.map((row) => row.duplicateOfId)).toEqual(created);
    expect(r.paper.addedQuestionIds).toEqual(created.slice(0, 4));
    expect(r.paper.skipped).toEqual([{ row: 7, questionId: created[4], reason: 'unavailable' }]);
    expect(await bankCount()).toBe(before);
    expect(titles(await ok('GET', 'TestPaper/Get', { query: { Id: other } }))).toEqual([
      ['一、判断题', 1],
      ['二、单选题', 1],
      ['三、多选题', 1],
      ['四、填空题', 1],
    ]);
  });

  it('all or nothing: a bad row writes nothing to the bank or the paper; without it the valid rows go into the chosen section', async () => {
    const target = await newPaper([{ title: '一、综合题', questions: [] }]);
    const file = () =>
      csv('mixed.csv', [
        ['题型', '题干', '选项A', '选项B', '答案'],
        ['单选', '导入卷：2 + 2 = ?', '4', '5', 'A'],
        ['单选', '导入卷：答案不在选项里', '1', '2', 'E'],
        ['判断', '导入卷：地球是圆的。', '', '', '对'],
      ]);
    const before = await bankCount();
    const stopped = await importInto(target.id, file(), { mode: 'commit' });
    expect(stopped).toMatchObject({ committed: false, created: 0, invalidRows: 1 });
    expect(stopped.rows.map((r) => r.status)).toEqual(['notWritten', 'invalid', 'notWritten']);
    expect(stopped.errors[0]!.message).toMatch(/^第 3 行/);
    expect(stopped.paper.added).toBe(2);
    expect(await bankCount()).toBe(before);
    expect((await ok('GET', 'TestPaper/Get', { query: { Id: target.id } })).totalQuestion).toBe(0);

    const sectionId = target.sections[0].id;
    const written = await importInto(target.id, file(), { mode: 'commit', allOrNothing: false, sectionId });
    expect(written).toMatchObject({ committed: true, created: 2, invalidRows: 1 });
    expect(written.report).toBeDefined();
    expect(titles(await ok('GET', 'TestPaper/Get', { query: { Id: target.id } }))).toEqual([['一、综合题', 2]]);
  });

  it('rolls the bank back when the paper cannot take the questions (one transaction)', async () => {
    const held = await approved('<p>满卷测试题</p>');
    const full = await newPaper([{ title: '一、单选题', questions: [{ questionId: held }] }]);
    // 299 links (the count is what the limit reads): the file's new questions would pass 300.
    const link = await t.app.prisma.testPaperQuestion.findFirstOrThrow({ where: { paperId: full.id } });
    await t.app.prisma.testPaperQuestion.createMany({
      data: Array.from({ length: 298 }, (_, i) => ({ ...link, id: undefined, sort: i + 1 })),
    });
    const before = await bankCount();
    const fileToken = await uploadFile(
      csv('two.csv', [
        ['题型', '题干', '答案'],
        ['判断', '满卷：水在 0 ℃ 结冰。', '对'],
        ['判断', '满卷：太阳从西边升起。', '错'],
      ]),
    );
    // The dry run already says so (the job fails with the reason); so does the commit, after writing the questions: all rolled back.
    for (const mode of ['dryRun', 'commit']) {
      const started = await ok('POST', 'TestPaper/ImprotQuestionOfPaper', { body: { id: full.id, fileToken, categoryId: qCat, mode } });
      await t.app.jobs.idle();
      const job = await ok('GET', 'BackgroundJob/GetJob', { query: { Id: started.job.id } });
      expect(job.error).toContain('最多 300 道题');
    }
    expect(await bankCount()).toBe(before);
  });

  it('checks its input: one source, a category, a section of this paper, the caller’s own upload', async () => {
    const fileToken = await uploadFile(openpyxl());
    const bad = async (body: Record<string, unknown>, member: string) => {
      const r = await t.call('POST', api('TestPaper/ImprotQuestionOfPaper'), { token: t.admin, body: { id: paperId, ...body } });
      expect(r.status, JSON.stringify(r.body)).toBe(400);
      expect(r.body.error.validationErrors.flatMap((e: { members: string[] }) => e.members)).toEqual([member]);
    };
    await bad({}, 'fromPaperId');
    await bad({ fileToken, fromPaperId: 1 }, 'fileToken');
    await bad({ fileToken }, 'categoryId');
    await bad({ fileToken, categoryId: qCat, sectionId: 99999999 }, 'sectionId');
    await bad({ fileToken: 'no-such-token', categoryId: qCat }, 'fileToken');
  });
});

describe('permissions and tenants', () => {
  it('needs the bank’s create permission besides the paper’s, and another user’s upload is not found', async () => {
    const role = await ok('POST', 'Role/Create', {
      body: {
        name: 'paperonly',
        displayName: 'paperonly',
        grantedPermissions: ['Pages', 'Pages.TestPapers', 'Pages.TestPapers.Hand'],
        grantedCategoryIds: [paperCat],
      },
    });
    expect(role.id).toBeGreaterThan(0);
    await ok('POST', 'User/Create', {
      body: {
        userName: 'paperonly',
        name: '老',
        surname: '师',
        emailAddress: 'paperonly@example.edu.cn',
        password: 'Passw0rd!',
        roleNames: ['paperonly'],
        identity: 2,
      },
    });
    const teacher = await t.login('paperonly', 'Passw0rd!', 1);
    const mine = await ok('POST', 'TestPaper/Create', {
      token: teacher,
      body: { title: '教师的卷', categoryId: paperCat, sections: [] },
    });
    const own = await uploadFile(openpyxl(), teacher);
    const refused = await t.call('POST', api('TestPaper/ImprotQuestionOfPaper'), {
      token: teacher,
      body: { id: mine.id, fileToken: own, categoryId: qCat },
    });
    expect(refused.status).toBe(403);
    expect(refused.body.error.message).toContain('试题');
    // The admin may import into the teacher's paper, but not with the teacher's upload.
    const foreign = await t.call('POST', api('TestPaper/ImprotQuestionOfPaper'), {
      token: t.admin,
      body: { id: mine.id, fileToken: own, categoryId: qCat },
    });
    expect(foreign.status).toBe(400);
  });

  it('isolates tenants', async () => {
    const target = await newPaper([]);
    const other = await createTenant(t, 'paperimporttenant');
    const r = await t.call('POST', api('TestPaper/ImprotQuestionOfPaper'), {
      token: other.token,
      body: { id: target.id, fileToken: 'x', categoryId: qCat },
    });
    expect(r.status).toBe(404);
  });
});
