import { AbpError, QuestionnaireQuestionType, type CreateQuestionnaireInput } from '@edu/sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startBackend, unique, type Backend, type SignedIn } from './support/backend.ts';

/**
 * Questionnaires through the SDK client: questions and options as nested child
 * collections (ids kept across Update, error paths of nested ids), review
 * before publication, a visitor's answers to a public questionnaire (Submit),
 * the result summary and the text answers. Every response is parsed with the
 * SDK schema by the client.
 */
let backend: Backend;
let admin: SignedIn;
beforeAll(async () => {
  backend = await startBackend();
  admin = await backend.signIn();
});
afterAll(async () => backend?.close());

const T = QuestionnaireQuestionType.values;
const input = (title: string): CreateQuestionnaireInput => ({
  title,
  description: '合同测试问卷',
  audience: 2,
  questions: [
    { title: '满意度', questionType: T.SingleChoice, options: [{ content: '满意' }, { content: '一般' }, { content: '不满意' }] },
    { title: '常用功能', questionType: T.MultipleChoice, maxSelections: 2, options: [{ content: '视频' }, { content: '测验' }, { content: '问答' }] },
    { title: '建议', questionType: T.Text, isRequired: false },
  ],
});

describe('Questionnaire', () => {
  it('creates, updates keeping ids, publishes, takes a visitor response and summarizes it', async () => {
    const c = admin.client.questionnaire;
    const created = await c.create(input(unique('合同问卷')));
    expect(created.auditStatus).toBe(0);
    const [single, multiple, text] = created.questions ?? [];
    expect(single?.options.map((o) => o.sort)).toEqual([0, 1, 2]);

    const updated = await c.update({
      ...input(created.title),
      id: created.id,
      questions: [
        {
          id: multiple!.id,
          title: '常用功能',
          questionType: T.MultipleChoice,
          maxSelections: 2,
          options: multiple!.options.map(({ id, content }) => ({ id, content })),
        },
        { id: single!.id, title: '总体满意度', questionType: T.SingleChoice, options: single!.options.map(({ id, content }) => ({ id, content })) },
        { id: text!.id, title: '建议', questionType: T.Text, isRequired: false },
      ],
    });
    expect(updated.questions?.map((q) => q.id)).toEqual([multiple!.id, single!.id, text!.id]);
    expect(updated.questions?.[1]?.options.map((o) => o.id)).toEqual(single!.options.map((o) => o.id));

    const published = await c.auditedQuestionnaire({ id: created.id, auditStatus: 1 });
    expect(published.auditStatus).toBe(1);

    const visitor = backend.anonymous(admin.tenantId);
    const device = unique('contract-device-');
    const shown = await visitor.questionnaire.getForAnswer({ Id: created.id, RespondentKey: device });
    expect(shown).toMatchObject({ isOpen: true, answered: false });
    expect(shown.questions.map((q) => q.id)).toEqual([multiple!.id, single!.id, text!.id]);
    const response = await visitor.questionnaire.submit({
      questionnaireId: created.id,
      respondentKey: device,
      answers: [
        { questionId: single!.id, optionIds: [single!.options[0]!.id] },
        { questionId: multiple!.id, optionIds: [multiple!.options[0]!.id, multiple!.options[2]!.id] },
        { questionId: text!.id, text: '希望多一些练习题' },
      ],
    });
    expect(response).toMatchObject({ questionnaireId: created.id, userId: null });
    expect((await visitor.questionnaire.getForAnswer({ Id: created.id, RespondentKey: device })).answered).toBe(true);

    const result = await c.getResult({ Id: created.id });
    expect(result.responseCount).toBe(1);
    const bySingle = result.questions.find((q) => q.questionId === single!.id)!;
    expect(bySingle.options.map((o) => [o.count, o.percent])).toEqual([
      [1, 100],
      [0, 0],
      [0, 0],
    ]);
    const texts = await c.getTextAnswers({ QuestionnaireId: created.id, QuestionId: text!.id });
    expect(texts.items.map((a) => a.text)).toEqual(['希望多一些练习题']);

    const listed = await c.getAllOfBack({ Keyword: created.title });
    expect(listed.items.find((i) => i.id === created.id)).toMatchObject({ questionCount: 3, responseCount: 1, auditStatus: 1 });
  });

  it('names nested errors by full path and refuses an option of another questionnaire', async () => {
    const c = admin.client.questionnaire;
    const a = await c.create(input(unique('合同问卷甲')));
    const b = await c.create(input(unique('合同问卷乙')));
    const err = await c
      .update({
        ...input(a.title),
        id: a.id,
        questions: [
          {
            title: '满意度',
            questionType: T.SingleChoice,
            options: [{ content: '满意' }, { id: b.questions![0]!.options[0]!.id, content: '别人的' }],
          },
        ],
      })
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(AbpError);
    expect(err instanceof AbpError && Object.keys(err.fieldErrors())).toEqual(['questions[0].options[1].id']);
    await c.delete({ Id: a.id });
    await c.delete({ Id: b.id });
    const gone = await c.get({ Id: a.id }).catch((e: unknown) => e);
    expect(gone instanceof AbpError && gone.kind).toBe('notFound');
  });
});
