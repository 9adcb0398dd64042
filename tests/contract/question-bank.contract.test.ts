import { AbpError, ClassType, QuestionType } from '@edu/sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startBackend, unique, type Backend, type SignedIn } from './support/backend.ts';

/**
 * The question bank through the SDK client: TestQuestion's calls are not the
 * five CRUD names (CreateQuestion, GetAllQuestion, ...), so the CRUD runner
 * skips the service and this file walks its life cycle. Every response is
 * parsed with the SDK's schema by the client (GetAllQuestion's nested page
 * included).
 */
let backend: Backend;
let admin: SignedIn;
let categoryId: number;
beforeAll(async () => {
  backend = await startBackend();
  admin = await backend.signIn();
  categoryId = (await admin.client.multiLevelCategory.create({ classTypeId: ClassType.Question, name: unique('合同题库分类') })).id;
});
afterAll(async () => backend?.close());

const single = (stem: string) => ({
  questionType: QuestionType.values.SingleChoice,
  stem: `<p>${stem}</p>`,
  categoryId,
  options: [
    { content: '甲', isCorrect: true },
    { content: '乙', isCorrect: false },
    { content: '丙', isCorrect: false },
  ],
});

describe('TestQuestion contract', () => {
  it('creates, gets, lists (result.result), updates, switches, reviews and deletes', async () => {
    const q = admin.client.testQuestion;
    const stem = unique('合同试题');
    const created = await q.createQuestion(single(stem));
    expect(created).toMatchObject({ title: stem, questionType: 1, auditStatus: 0, reviewStep: 0, duplicateIds: [] });
    expect(created.options.map((o) => o.label)).toEqual(['A', 'B', 'C']);

    const got = await q.get({ Id: created.id });
    expect(got.id).toBe(created.id);

    const page = await q.getAllQuestion({ CategoryId: categoryId, MaxResultCount: 100 });
    expect(page.result.items.map((i) => i.id)).toContain(created.id);
    expect(page.result.totalCount).toBeGreaterThanOrEqual(1);

    const updated = await q.updateQuestion({ ...single(stem), id: created.id, options: [...created.options].reverse(), difficulty: 3 });
    expect(updated.options.map((o) => [o.label, o.content])).toEqual([
      ['A', '丙'],
      ['B', '乙'],
      ['C', '甲'],
    ]);
    expect(updated.difficulty).toBe(3);

    expect((await q.showStateSwitching({ id: created.id, isShow: false })).isShow).toBe(false);
    const first = await q.auditTestQuestionFlow({ id: created.id, auditStatus: 1, stepName: 'first' });
    expect(first).toMatchObject({ auditStatus: 0, reviewStep: 1 });
    // The second step belongs to someone other than the first step's decider.
    const again = await q.auditedTestQuestion({ id: created.id, auditStatus: 1 }).catch((e: unknown) => e);
    expect(again).toMatchObject({ kind: 'validation', status: 400 });
    const reviewer = await backend.secondReviewer(admin);
    expect(await reviewer.client.testQuestion.auditedTestQuestion({ id: created.id, auditStatus: 1 })).toMatchObject({ auditStatus: 1 });

    expect(await q.deleteQuestion({ Id: created.id, QuestionType: 1 })).toBeNull();
    await expect(q.get({ Id: created.id })).rejects.toMatchObject({ kind: 'notFound', status: 404 });
  });

  it('reports a broken answer by field path', async () => {
    const bad = await admin.client.testQuestion
      .createQuestion({
        ...single(unique('合同坏题')),
        options: [
          { content: 'a', isCorrect: true },
          { content: 'b', isCorrect: true },
        ],
      })
      .catch((e: unknown) => e);
    expect(bad).toBeInstanceOf(AbpError);
    expect(bad instanceof AbpError && Object.keys(bad.fieldErrors())).toEqual(['options[1].isCorrect']);
  });

  it('makes sisters, lists the family, and takes one out', async () => {
    const q = admin.client.testQuestion;
    const a = await q.createQuestion(single(unique('合同姊妹甲')));
    const b = await q.importSisterQuestion({ id: a.id, question: single(unique('合同姊妹乙')) });
    expect(b).toMatchObject({ sisterGroupId: a.id, sisterCount: 2 });
    const family = await q.getAllQuestion({ SisterGroupId: a.id });
    expect(family.result.items.map((i) => i.id).sort()).toEqual([a.id, b.id].sort());
    expect(await q.deleteSisterQuestion({ Id: b.id })).toBeNull();
    expect((await q.get({ Id: a.id })).sisterGroupId).toBeNull();
  });

  it('gives statistics of a section', async () => {
    const q = admin.client.testQuestion;
    await q.createQuestion(single(unique('合同统计')));
    const today = new Date(Date.now() + 8 * 3600_000).toISOString().slice(0, 10);
    const stats = await q.getTopicOfStatistical({ sectionId: categoryId, BeginTime: today, EndTime: today });
    expect(stats.total).toBeGreaterThanOrEqual(1);
    expect(stats.perDay.map((d) => d.day)).toEqual([today]);
    const counts = await q.getQuestionStatistical({ SectionId: categoryId });
    expect(counts.total).toBe(stats.total);
  });

  it('keeps 不定项 (indefinite choice, type 7) as its own type: one key or several, counted by the statistics', async () => {
    const q = admin.client.testQuestion;
    const { IndefiniteChoice } = QuestionType.values;
    const section = (await admin.client.multiLevelCategory.create({ classTypeId: ClassType.Question, name: unique('合同不定项') })).id;
    const options = (keys: number[]) => ['甲', '乙', '丙', '丁'].map((content, i) => ({ content, isCorrect: keys.includes(i) }));
    const one = await q.createQuestion({
      questionType: IndefiniteChoice,
      stem: `<p>${unique('合同不定项一')}</p>`,
      categoryId: section,
      options: options([2]),
    });
    const two = await q.createQuestion({
      questionType: IndefiniteChoice,
      stem: `<p>${unique('合同不定项二')}</p>`,
      categoryId: section,
      options: options([0, 3]),
    });
    expect([one.questionType, two.questionType]).toEqual([7, 7]);
    expect(two.options.filter((o) => o.isCorrect).map((o) => o.label)).toEqual(['A', 'D']);
    const none = await q
      .createQuestion({ questionType: IndefiniteChoice, stem: `<p>${unique('合同不定项无答案')}</p>`, categoryId: section, options: options([]) })
      .catch((e: unknown) => e);
    expect(none instanceof AbpError && Object.keys(none.fieldErrors())).toEqual(['options']);
    const listed = await q.getAllQuestion({ CategoryId: section, QuestionType: IndefiniteChoice });
    expect(listed.result.items.map((i) => i.id).sort()).toEqual([one.id, two.id].sort());
    const counts = await q.getQuestionStatistical({ SectionId: section });
    expect(counts.byType).toEqual([{ key: IndefiniteChoice, count: 2 }]);
  });

  it('refuses fill-in answers that do not match the blanks of the stem, on blanks', async () => {
    const bad = await admin.client.testQuestion
      .createQuestion({
        questionType: QuestionType.values.FillBlank,
        stem: `<p>${unique('合同填空')} ____ 与（  ）</p>`,
        categoryId,
        blanks: [{ answers: ['甲'] }],
      })
      .catch((e: unknown) => e);
    expect(bad).toBeInstanceOf(AbpError);
    expect(bad instanceof AbpError && bad.fieldErrors()).toEqual({ blanks: expect.stringContaining('2') });
  });
});
