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
  toQuestionInput,
} from '../../shared/questions/question-form.ts';
import { newQuestionValues } from './question-editor.tsx';

const opts = (marks: boolean[]) => marks.map((isCorrect, i) => ({ content: `选项${i}`, isCorrect }));

describe('question editor logic', () => {
  it('maps each type to the answer part it edits', () => {
    expect([1, 2, 3, 4, 5, 6].map((t) => answerKind(t as 1))).toEqual(['options', 'options', 'trueFalse', 'blanks', 'reference', 'material']);
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

  it('numbers the blanks of a stem inside their paragraph', () => {
    expect(markBlanks('<p>Tom gets up at ____ and leaves at ___.</p>', (n) => `[${n}]`)).toBe('<p>Tom gets up at [1] and leaves at [2].</p>');
    expect(markBlanks('<p>没有空</p>', (n) => `[${n}]`)).toBe('<p>没有空</p>');
  });
});
