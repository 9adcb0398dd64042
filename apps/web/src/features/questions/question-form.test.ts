import { CreateQuestionInput } from '@edu/sdk';
import { describe, expect, it } from 'vitest';
import { QuestionFormSchema } from '../../shared/questions/question-api.ts';
import {
  answerDefaults,
  answerKeys,
  answerKind,
  markBlanks,
  markCorrect,
  optionLabel,
  QUESTION_TYPES,
  SUB_QUESTION_TYPES,
  syncBlankRows,
  toQuestionInput,
} from '../../shared/questions/question-form.ts';
import { newQuestionValues } from './question-editor.tsx';

const opts = (marks: boolean[]) => marks.map((isCorrect, i) => ({ content: `选项${i}`, isCorrect }));

describe('question editor logic', () => {
  it('maps each type to the answer part it edits', () => {
    expect(QUESTION_TYPES.map(answerKind)).toEqual(['options', 'options', 'options', 'trueFalse', 'blanks', 'reference', 'material']);
    expect(QUESTION_TYPES).toEqual([1, 2, 7, 3, 4, 5, 6]);
    expect(SUB_QUESTION_TYPES).toEqual([1, 2, 7, 3, 4, 5]);
  });

  it('labels options A–J by position', () => {
    expect([0, 1, 9].map(optionLabel)).toEqual(['A', 'B', 'J']);
  });

  it('single choice marks like radio buttons: one key at a time', () => {
    const marked = markCorrect(opts([true, false, false]), 2, true, 1);
    expect(marked.map((o) => o.isCorrect)).toEqual([false, false, true]);
    // Unmarking the key leaves none (the server then names `options`).
    expect(markCorrect(marked, 2, false, 1).map((o) => o.isCorrect)).toEqual([false, false, false]);
  });

  it('multiple choice marks like checkboxes: each option on its own', () => {
    const marked = markCorrect(opts([true, false, false]), 2, true, 2);
    expect(marked.map((o) => o.isCorrect)).toEqual([true, false, true]);
    expect(answerKeys(marked)).toBe('AC');
  });

  it('indefinite choice marks like checkboxes and keeps its options on sending', () => {
    const marked = markCorrect(opts([false, false, false]), 1, true, 7);
    expect(answerKeys(marked)).toBe('B');
    expect(answerKeys(markCorrect(marked, 2, true, 7))).toBe('BC');
    const input = toQuestionInput({ ...newQuestionValues({ questionType: 7 }), options: marked });
    expect(input.options).toEqual(marked);
    expect(input.blanks).toBeNull();
  });

  it('sends only the answer part of the type', () => {
    const values = newQuestionValues({ questionType: 3, stem: '地球是圆的。', categoryId: 5, trueFalseAnswer: false });
    const input = toQuestionInput(values);
    expect(input.options).toEqual([]);
    expect(input.subQuestions).toEqual([]);
    expect(input.blanks).toBeNull();
    expect(input.referenceAnswer).toBeNull();
    expect(input.trueFalseAnswer).toBe(false);
  });

  it('drops empty alternatives of a blank, so the server can name `blanks[i].answers`', () => {
    const input = toQuestionInput({
      questionType: 4,
      blanks: [{ answers: ['six', ' ', ''] }, { answers: [''] }],
      options: [{ content: '', isCorrect: false }],
    });
    expect(input.blanks).toEqual([{ answers: ['six'] }, { answers: [] }]);
    expect(input.options).toEqual([]);
  });

  it('cleans sub-questions of a material question by their own types', () => {
    const input = toQuestionInput({
      questionType: 6,
      subQuestions: [{ questionType: 5, referenceAnswer: '略', options: [{ content: 'x', isCorrect: true }], trueFalseAnswer: true }],
    });
    expect(input.subQuestions).toEqual([{ questionType: 5, referenceAnswer: '略', options: [], trueFalseAnswer: null }]);
  });

  it('validates what is sent: hidden parts never block, visible ones do with their path', () => {
    const ok = QuestionFormSchema.safeParse(newQuestionValues({ questionType: 3, stem: '<p>对吗</p>', categoryId: 1 }));
    expect(ok.success).toBe(true);
    const bad = QuestionFormSchema.safeParse(newQuestionValues({ questionType: 1, stem: '<p>选</p>', categoryId: 1 }));
    expect(bad.success).toBe(false);
    expect(bad.error?.issues.map((i) => i.path.join('.'))).toContain('options.0.content');
    // The output is the SDK's own input.
    expect(CreateQuestionInput.safeParse(ok.data).success).toBe(true);
  });

  it('starts every type with something to fill in', () => {
    expect(answerDefaults(1)).toEqual({ options: Array.from({ length: 4 }, () => ({ content: '', isCorrect: false })) });
    expect(answerDefaults(4)).toEqual({ blanks: [{ answers: [''] }] });
    expect(answerDefaults(6).subQuestions).toHaveLength(1);
  });

  it('numbers the blanks of a stem inside their paragraph, every way a stem marks one', () => {
    expect(markBlanks('<p>Tom gets up at ____ and leaves at ___.</p>', (n) => `[${n}]`)).toBe('<p>Tom gets up at [1] and leaves at [2].</p>');
    expect(markBlanks('<p>首都是（&nbsp;&nbsp;），号[[青莲居士]]，a__b</p>', (n) => `[${n}]`)).toBe('<p>首都是[1]，号[2]，a__b</p>');
    expect(markBlanks('<p>没有空</p>', (n) => `[${n}]`)).toBe('<p>没有空</p>');
  });

  it('keeps one blank row per blank of the stem: adds empty rows, drops trailing empty ones, never a filled one', () => {
    const empty = () => ({ answers: [''] });
    const one = [{ answers: ['北京'] }];
    expect(syncBlankRows(one, 3, empty)).toEqual([{ answers: ['北京'] }, { answers: [''] }, { answers: [''] }]);
    expect(syncBlankRows(one, 1, empty)).toBe(one);
    const three = [{ answers: ['北京'] }, { answers: [' '] }, { answers: ['长江'] }];
    expect(syncBlankRows(three, 1, empty)).toBe(three);
    expect(syncBlankRows([{ answers: ['北京'] }, { answers: [''] }], 1, empty)).toEqual(one);
    // A stem with no blank yet keeps one row to type into.
    expect(syncBlankRows([{ answers: [''] }, { answers: [''] }], 0, empty)).toEqual([{ answers: [''] }]);
  });

  it('refuses a fill-in question whose answers are not one per blank, on `blanks` with both counts', () => {
    const values = (stem: string, blanks: string[][]) =>
      newQuestionValues({ questionType: 4, stem, categoryId: 1, blanks: blanks.map((answers) => ({ answers })) });
    const bad = QuestionFormSchema.safeParse(values('<p>____ 和 （  ）</p>', [['甲']]));
    expect(bad.error?.issues.map((i) => [i.path.join('.'), i.message, 'params' in i ? i.params : null])).toEqual([
      ['blanks', 'questions.editor.blankCountMismatch', { expected: 2, given: 1 }],
    ]);
    expect(QuestionFormSchema.safeParse(values('<p>____ 和 （  ）</p>', [['甲'], ['乙']])).success).toBe(true);
    const material = newQuestionValues({
      questionType: 6,
      stem: '<p>材料</p>',
      categoryId: 1,
      subQuestions: [{ questionType: 4, stem: '一共 ____ 元', score: 2, blanks: [{ answers: ['20'] }, { answers: ['5'] }] }],
    });
    expect(QuestionFormSchema.safeParse(material).error?.issues.map((i) => i.path.join('.'))).toEqual(['subQuestions.0.blanks']);
  });
});
