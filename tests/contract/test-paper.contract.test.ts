import { AbpError, ClassType, QuestionType, parseRandomParams } from '@edu/sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startBackend, unique, type Backend, type SignedIn } from './support/backend.ts';

/**
 * Papers through the SDK client: manual assembly with totals, the paper
 * calls of TestQuestion, review and switches, the random dry run and
 * generation, and import from another paper. Questions are made and approved
 * here (both review steps), so the file works on any backend where the admin
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
    await admin.client.testQuestion.auditedTestQuestion({ id: q.id, auditStatus: 1 });
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
    expect(refused instanceof AbpError && refused.kind).toBe('userFriendly');

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
});
