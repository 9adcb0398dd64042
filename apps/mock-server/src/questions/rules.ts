import { OPTION_LABELS, countStemBlanks, isChoiceQuestionType, type CreateQuestionInput, type ValidationErrorInfo } from '@edu/sdk';
import sanitizeHtml from 'sanitize-html';
import type { z } from 'zod';
import type { RequestContext } from '../kit/context.ts';
import { sanitizeRichText } from '../kit/content.ts';
import type { TextKey } from '../localization/texts.ts';

/**
 * A question's own rules: the types, the one-line title of a stem, the answer
 * rules per type, and the answer fields stored per type.
 */

export type In = z.output<typeof CreateQuestionInput>;
export type Part = Pick<In, 'questionType' | 'stem' | 'analysis' | 'score' | 'trueFalseAnswer' | 'blanks' | 'referenceAnswer'> & {
  options: ReadonlyArray<{ content: string; isCorrect: boolean }>;
};

export const SINGLE = 1;
export const MULTIPLE = 2;
export const TRUE_FALSE = 3;
export const FILL_BLANK = 4;
export const SHORT_ANSWER = 5;
export const MATERIAL = 6;
/** 不定项: one or more correct options (SDK `QuestionType`, an extension of the spec's types). */
export const INDEFINITE = 7;
export const isChoice = isChoiceQuestionType;

// ---------------------------------------------------------------------------
// Titles

const plainText = (html: string) => sanitizeHtml(html, { allowedTags: [], allowedAttributes: {} });

/** The stem as a one-line title (lists, notifications). */
export function titleOf(stem: string): string {
  const text = plainText(stem).replace(/\s+/g, ' ').trim();
  if (!text) return '[图片]';
  return text.length > 100 ? `${text.slice(0, 99)}…` : text;
}

// ---------------------------------------------------------------------------
// Answer rules

/**
 * What makes two options the same: their text, case and width (NFKC) and
 * runs of spaces aside. Punctuation counts (`x = 3` and `x = -3`, `(2, 9)`
 * and `[2, 9]` differ), unlike the duplicate-stem check's looser key; an
 * option of pictures only is told by its markup.
 */
function optionKey(html: string): string {
  const text = plainText(html).normalize('NFKC').toLowerCase().replace(/\s+/g, ' ').trim();
  return text || html.trim();
}

/** Every broken answer rule of a question (or a sub-question, under `prefix`), with the field path. */
export function answerErrors(q: Part & { subQuestions?: ReadonlyArray<Part> }, t: RequestContext['t'], prefix = ''): ValidationErrorInfo[] {
  const out: ValidationErrorInfo[] = [];
  const err = (member: string, key: TextKey, ...args: Array<string | number>) => out.push({ message: t(key, ...args), members: [prefix + member] });
  const type = q.questionType;
  if (isChoice(type)) {
    if (q.options.length < 2) err('options', 'QuestionNeedsOptions');
    const seen = new Map<string, number>();
    q.options.forEach((o, i) => {
      const key = optionKey(o.content);
      const first = seen.get(key);
      if (first !== undefined) err(`options[${i}].content`, 'OptionRepeated', OPTION_LABELS[first] ?? '?');
      else seen.set(key, i);
    });
    const keys = q.options.flatMap((o, i) => (o.isCorrect ? [i] : []));
    if (type === SINGLE) {
      if (keys.length === 0 && q.options.length >= 2) err('options', 'SingleChoiceNeedsKey');
      for (const i of keys.slice(1)) err(`options[${i}].isCorrect`, 'SingleChoiceOneKey');
    } else if (type === INDEFINITE) {
      if (keys.length === 0 && q.options.length >= 2) err('options', 'IndefiniteChoiceNeedsKey');
    } else if (keys.length < 2 && q.options.length >= 2) err('options', 'MultipleChoiceNeedsKeys');
  } else if (q.options.length > 0) err('options', 'OptionsOnlyForChoice');
  if (type === TRUE_FALSE && (q.trueFalseAnswer === null || q.trueFalseAnswer === undefined)) err('trueFalseAnswer', 'TrueFalseNeedsAnswer');
  if (type === FILL_BLANK) {
    const blanks = q.blanks ?? [];
    const marked = countStemBlanks(q.stem);
    if (blanks.length === 0 && marked === 0) err('blanks', 'FillBlankNeedsBlanks');
    else if (blanks.length !== marked) err('blanks', 'BlankCountMismatch', marked, blanks.length);
    blanks.forEach((b, i) => {
      if (!b.answers.some((a) => a.trim())) err(`blanks[${i}].answers`, 'BlankNeedsAnswer');
    });
  }
  if (type === SHORT_ANSWER && !q.referenceAnswer?.trim()) err('referenceAnswer', 'ShortAnswerNeedsReference');
  const subs = q.subQuestions ?? [];
  if (type === MATERIAL) {
    if (subs.length === 0) err('subQuestions', 'MaterialNeedsSubQuestions');
    subs.forEach((s, i) => {
      if (s.questionType === MATERIAL) out.push({ message: t('MaterialNotNested'), members: [`${prefix}subQuestions[${i}].questionType`] });
      else out.push(...answerErrors(s, t, `${prefix}subQuestions[${i}].`));
    });
  } else if (subs.length > 0) err('subQuestions', 'SubQuestionsOnlyForMaterial');
  return out;
}

/** Only the answer fields the type uses are stored; accepted answers are trimmed, empty ones dropped. */
export function answerColumns(q: Part) {
  return {
    trueFalseAnswer: q.questionType === TRUE_FALSE ? (q.trueFalseAnswer ?? null) : null,
    blanks: q.questionType === FILL_BLANK ? (q.blanks ?? []).map((b) => ({ answers: b.answers.map((a) => a.trim()).filter(Boolean) })) : null,
    referenceAnswer: q.questionType === SHORT_ANSWER ? (q.referenceAnswer?.trim() ?? null) : null,
  };
}

/** A sub-question as stored (and read back): rich text sanitized, answer fields by type, options labelled. */
export function storedSub(s: In['subQuestions'][number]) {
  const a = answerColumns(s);
  return {
    questionType: s.questionType,
    stem: sanitizeRichText(s.stem),
    analysis: s.analysis ? sanitizeRichText(s.analysis) : null,
    score: s.score,
    ...a,
    options: isChoice(s.questionType)
      ? s.options.map((o, i) => ({ label: OPTION_LABELS[i] ?? '?', content: sanitizeRichText(o.content), isCorrect: o.isCorrect }))
      : [],
  };
}
