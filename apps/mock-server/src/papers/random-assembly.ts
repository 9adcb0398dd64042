import { chineseOrdinal, PAPER_SECTION_NAMES, QUESTION_TYPE_ORDER } from '@edu/sdk';
import { randomInt } from 'node:crypto';
import { narrowType, type SectionPlan } from './content-rules.ts';
import type { Rule } from './random.ts';

/** What random assembly writes: the sections of a draw and the rules as recorded in `params`. */

/**
 * One section per question type, in the order papers list them (一、单选题、二、多选题、三、不定项选择题 …:
 * SDK `QUESTION_TYPE_ORDER`); a section's score is set when all its questions score alike.
 */
export function sectionsFromDraw(drawn: ReadonlyArray<{ questionId: number; questionType: number; score: number }>): SectionPlan[] {
  const rank = (type: number) => QUESTION_TYPE_ORDER.indexOf(narrowType(type));
  const types = [...new Set(drawn.map((d) => d.questionType))].sort((a, b) => rank(a) - rank(b));
  return types.map((type, i) => {
    const questions = drawn.filter((d) => d.questionType === type);
    const scores = new Set(questions.map((q) => q.score));
    const score = scores.size === 1 ? (questions[0]?.score ?? null) : null;
    return {
      title: `${chineseOrdinal(i)}、${PAPER_SECTION_NAMES[narrowType(type)]}`,
      score,
      questions: questions.map((q) => ({ questionId: q.questionId, score: q.score })),
    };
  });
}

/** A fresh seed for a draw when none is given. */
export const newSeed = () => randomInt(0, 0x1_0000_0000);

/** A rule as recorded in `params`: only the fields it was given. */
export function ruleRecord(r: Rule) {
  return {
    questionType: r.questionType,
    ...(r.categoryId ? { categoryId: r.categoryId } : {}),
    ...(r.chapterTypeId ? { chapterTypeId: r.chapterTypeId } : {}),
    ...(r.difficulty ? { difficulty: r.difficulty } : {}),
    count: r.count,
    score: r.score,
  };
}
