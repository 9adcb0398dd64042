import { readFileSync } from 'node:fs';
import path from 'node:path';
import { AbpError, ClassType, QuestionType, isJobFinished, paperImportResultOf, parseRandomParams, type BackgroundJobDto } from '@edu/sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startBackend, unique, type Backend, type SignedIn } from './support/backend.ts';

/**
 * Papers through the SDK client: manual assembly with totals, the paper
 * calls of TestQuestion, review and switches, the random dry run and
 * generation, and import from another paper. Questions are made and approved
 * here (both review steps, the second by another Admin-role user, as the
 * rules of who decides require), so the file works on any backend where the admin
 * holds the bank's and the papers' permissions. Every response is parsed
 * with the SDK's schema by the client.
 */
let backend: Backend;
let admin: SignedIn;
let questionCategory: number;
let paperCategory: number;
const made: number[] = [];

beforeAll(async () => {
  backend = await startBackend();
  admin = await backend.signIn();
  const reviewer = await backend.secondReviewer(admin);
  questionCategory = (await admin.client.multiLevelCategory.create({ classTypeId: ClassType.Question, name: unique('合同组卷题库') })).id;
  paperCategory = (await admin.client.multiLevelCategory.create({ classTypeId: ClassType.Paper, name: unique('合同试卷分类') })).id;
  for (let i = 0; i < 6; i++) {
    const q = await admin.client.testQuestion.createQuestion({
      questionType: QuestionType.values.SingleChoice,
      stem: `<p>${unique('合同组卷题')}</p>`,
      categoryId: questionCategory,
      difficulty: i < 3 ? 3 : 1,
      options: [
        { content: '甲', isCorrect: true },
        { content: '乙', isCorrect: false },
      ],
    });
    await admin.client.testQuestion.auditedTestQuestion({ id: q.id, auditStatus: 1 });
    await reviewer.client.testQuestion.auditedTestQuestion({ id: q.id, auditStatus: 1 });
    made.push(q.id);
  }
});
afterAll(async () => backend?.close());

describe('TestPaper contract', () => {
  it('assembles by hand with server totals, lists its questions, reviews, switches and removes a question', async () => {
    const p = admin.client.testPaper;
    const created = await p.create({
      title: unique('合同期中试卷'),
      categoryId: paperCategory,
      examMinutes: 90,
      sections: [
        { title: '一、单选题', score: 3, questions: [{ questionId: made[0]! }, { questionId: made[1]! }] },
        { title: '二、单选题', questions: [{ questionId: made[2]!, score: 4.5 }] },
      ],
    });
    expect(created).toMatchObject({ kind: 1, assembly: 1, totalQuestion: 3, totalFraction: 10.5, auditStatus: 0, isActive: false });
    expect(created.money).toBeGreaterThan(0);

    const listed = await admin.client.testQuestion.getAllQuestionOfPaper({ PaperId: created.id });
    expect(listed.items.map((i) => i.question?.id)).toEqual([made[0], made[1], made[2]]);

    const refused = await p.activation({ id: created.id, isActive: true }).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(AbpError);
    // Switching on before approval is a refusal of the request (400 naming isActive), not a business error.
    expect(refused).toMatchObject({ kind: 'validation', status: 400 });

    expect(await p.review({ id: created.id, auditStatus: 1 })).toMatchObject({ auditStatus: 1 });
    expect(await p.activation({ id: created.id, isActive: true })).toMatchObject({ isActive: true });
    expect(await p.updateTestPaperIsShow({ id: created.id, isShow: true })).toMatchObject({ isShow: true });

    expect(await admin.client.testQuestion.deletePaperOfQuestion({ Id: listed.items[0]!.id })).toBeNull();
    expect(await p.get({ Id: created.id })).toMatchObject({ totalQuestion: 2, totalFraction: 7.5, auditStatus: 0, isActive: false, isShow: false });
  });

  it('refuses a question twice by field path', async () => {
    const bad = await admin.client.testPaper
      .create({
        title: unique('合同坏卷'),
        categoryId: paperCategory,
        sections: [{ title: '一', questions: [{ questionId: made[0]! }, { questionId: made[0]! }] }],
      })
      .catch((e: unknown) => e);
    expect(bad instanceof AbpError && Object.keys(bad.fieldErrors())).toEqual(['sections[0].questions[1].questionId']);
  });

  it('dry-runs rules jointly, refuses an infeasible set, and generates a feasible one with its seed', async () => {
    const p = admin.client.testPaper;
    const base = { title: unique('合同随机卷'), categoryId: paperCategory, examMinutes: 60 };
    const overlapping = [
      { questionType: QuestionType.values.SingleChoice, categoryId: questionCategory, count: 4, score: 2 },
      { questionType: QuestionType.values.SingleChoice, categoryId: questionCategory, difficulty: 3 as const, count: 3, score: 2 },
    ];
    const dry = await p.createRandomGroup({ ...base, rules: overlapping, dryRun: true });
    expect(dry.paper).toBeNull();
    expect(dry.report).toMatchObject({ feasible: false, required: 7, assignable: 6 });
    expect(dry.report.rules.map((r) => r.available)).toEqual([6, 3]);

    const refused = await p.createRandomGroup({ ...base, rules: overlapping, seed: 5 }).catch((e: unknown) => e);
    expect(refused instanceof AbpError && Object.keys(refused.fieldErrors()).sort()).toEqual(['rules[0].count', 'rules[1].count']);

    const made = await p.createRandomGroup({ ...base, rules: [overlapping[1]!, { ...overlapping[0]!, count: 3 }], seed: 5 });
    expect(made.report.feasible).toBe(true);
    expect(made.paper).toMatchObject({ assembly: 2, totalQuestion: 6, totalFraction: 12 });
    expect(parseRandomParams(made.paper?.params ?? null)?.seed).toBe(5);
  });

  it('imports questions from another paper', async () => {
    const p = admin.client.testPaper;
    const from = await p.create({
      title: unique('合同来源卷'),
      categoryId: paperCategory,
      sections: [{ title: '一、单选题', questions: [{ questionId: made[3]! }, { questionId: made[4]! }] }],
    });
    const into = await p.create({
      title: unique('合同目标卷'),
      categoryId: paperCategory,
      sections: [{ title: '一、单选题', questions: [{ questionId: made[3]! }] }],
    });
    const r = await p.improtQuestionOfPaper({ id: into.id, fromPaperId: from.id });
    expect(r.added).toBe(1);
    expect(r.skipped).toEqual([{ questionId: made[3], reason: 'duplicate' }]);
    expect(r.paper.totalQuestion).toBe(2);
  });

  it('imports questions into a paper from a Word file: an upload, a dry run and a commit as jobs', async (ctx) => {
    // The bank's import formats are this project's extension; the file was written by python-docx.
    if (!backend.isMock) return ctx.skip();
    const docx = readFileSync(path.resolve(import.meta.dirname, '../../apps/mock-server/src/import/fixtures/python-docx-questions.docx'));
    const uploaded = await admin.client.file.uploadFile({ file: new File([new Uint8Array(docx)], '练习.docx') });
    const p = admin.client.testPaper;
    const into = await p.create({ title: unique('合同文件导入卷'), categoryId: paperCategory, sections: [] });
    const run = async (mode: 'dryRun' | 'commit') => {
      const started = await p.improtQuestionOfPaper({ id: into.id, fileToken: uploaded.fileToken, categoryId: questionCategory, mode });
      expect(started.added).toBe(0);
      let job: BackgroundJobDto = started.job!;
      for (let i = 0; i < 300 && !isJobFinished(job); i++) {
        await new Promise((resolve) => setTimeout(resolve, 100));
        job = await admin.client.backgroundJob.getJob({ Id: job.id });
      }
      return paperImportResultOf(job);
    };
    const dry = await run('dryRun');
    expect(dry).toMatchObject({ total: 6, valid: 6, created: 0, paper: { paperId: into.id, added: 6 } });
    const done = await run('commit');
    expect(done).toMatchObject({ created: 6, committed: true, paper: { added: 6 } });
    const after = await p.get({ Id: into.id });
    expect(after.totalQuestion).toBe(6);
    expect(after.sections.map((s) => s.title)).toEqual(['一、单选题', '二、多选题', '三、填空题', '四、判断题', '五、简答题', '六、材料题']);
    // Its new questions await the bank's review, so the paper cannot be approved yet.
    const refused = await p.review({ id: into.id, auditStatus: 1 }).catch((e: unknown) => e);
    expect(refused instanceof AbpError && refused.kind).toBe('userFriendly');
  });
});
