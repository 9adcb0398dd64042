import type { TestQuestionDto } from '@edu/sdk';
import { describe, expect, it } from 'vitest';
import { addQuestion, blockedReason, draftTotals, move, sectionsInput, sectionSummaries, type DraftSection } from './paper-draft.ts';

const question = (id: number, questionType: TestQuestionDto['questionType'], score: number, sisterGroupId: number | null = null) =>
  ({ id, questionType, score, sisterGroupId, title: `Q${id}`, difficulty: 1 }) as TestQuestionDto;

describe('paper draft', () => {
  it('files questions into the section of their type, opening 一、单选题 / 二、判断题 in order', () => {
    let s: DraftSection[] = [];
    s = addQuestion(s, question(1, 1, 2), null);
    s = addQuestion(s, question(2, 3, 1), null);
    s = addQuestion(s, question(3, 1, 2), null);
    expect(s.map((x) => x.title)).toEqual(['一、单选题', '二、判断题']);
    expect(s[0]!.questions.map((q) => q.questionId)).toEqual([1, 3]);
    // An explicit target wins over the type.
    s = addQuestion(s, question(4, 3, 1), s[0]!.key);
    expect(s[0]!.questions.map((q) => q.questionId)).toEqual([1, 3, 4]);
  });

  it('refuses a question twice and a second member of a sister family', () => {
    const s = addQuestion([], question(1, 1, 2, 9), null);
    expect(blockedReason(s, question(1, 1, 2, 9))).toBe('duplicate');
    expect(blockedReason(s, question(2, 1, 2, 9))).toBe('sister');
    expect(blockedReason(s, question(3, 1, 2, null))).toBeNull();
  });

  it('totals with the server rule: own score, else the section score, else the bank score; price in fen', () => {
    let s = addQuestion([], question(1, 1, 2), null);
    s = addQuestion(s, question(2, 1, 3), null);
    s = addQuestion(s, question(3, 5, 10), null);
    expect(draftTotals(s)).toEqual({ totalQuestion: 3, totalFraction: 15, money: 10 + 10 + 50 });
    s = s.map((x, i) => (i === 0 ? { ...x, score: 4, questions: x.questions.map((q, j) => (j === 0 ? { ...q, score: 1.5 } : q)) } : x));
    expect(draftTotals(s).totalFraction).toBe(1.5 + 4 + 10);
  });

  it('sends the order on screen and keeps link ids', () => {
    const s = addQuestion(addQuestion([], question(1, 1, 2), null), question(2, 1, 2), null);
    const moved = [{ ...s[0]!, id: 5, questions: move(s[0]!.questions, 1, 0).map((q, i) => ({ ...q, id: i === 0 ? 11 : undefined })) }];
    expect(sectionsInput(moved)).toEqual([
      {
        id: 5,
        title: '一、单选题',
        description: null,
        score: null,
        questions: [
          { id: 11, questionId: 2, score: null },
          { questionId: 1, score: null },
        ],
      },
    ]);
  });
});

describe('paper draft: order and summary', () => {
  const paper = () => {
    let s: DraftSection[] = [];
    s = addQuestion(s, question(1, 1, 2), null);
    s = addQuestion(s, question(2, 3, 1), null);
    s = addQuestion(s, question(3, 3, 1), null);
    return s.map((x, i) => ({ ...x, id: 10 + i }));
  };

  it('moves a section with its questions, and the save sends the new order with the section ids', () => {
    const moved = move(paper(), 1, 0);
    expect(moved.map((x) => x.title)).toEqual(['二、判断题', '一、单选题']);
    expect(sectionsInput(moved).map((x) => [x.id, x.questions.map((q) => q.questionId)])).toEqual([
      [11, [2, 3]],
      [10, [1]],
    ]);
    // Out of range (a drop outside the list) changes nothing.
    expect(move(paper(), 0, 5).map((x) => x.id)).toEqual([10, 11]);
  });

  it('sums each section for the summary, with the scores the totals use', () => {
    const s = paper().map((x, i) => (i === 1 ? { ...x, score: 2.5 } : x));
    expect(sectionSummaries(s).map(({ title, count, score }) => ({ title, count, score }))).toEqual([
      { title: '一、单选题', count: 1, score: 2 },
      { title: '二、判断题', count: 2, score: 5 },
    ]);
    expect(sectionSummaries(s).reduce((n, x) => n + x.score, 0)).toBe(draftTotals(s).totalFraction);
  });
});
