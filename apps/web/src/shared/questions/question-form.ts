import { OPTION_LABELS, QUESTION_TYPE_ORDER, QuestionType, STEM_BLANK_PATTERN, type TestQuestionDto } from '@edu/sdk';

/**
 * The question editor's pure logic: which answer fields a type uses, the
 * correct-answer marks (radio semantics for single choice, checkboxes for
 * multiple choice), new values per type, and the call input with only the
 * fields the type keeps (the server refuses options on a true/false question).
 */

/** The answer part a type edits. */
export type AnswerKind = 'options' | 'trueFalse' | 'blanks' | 'reference' | 'material';

const KIND: Record<QuestionType, AnswerKind> = {
  [QuestionType.values.SingleChoice]: 'options',
  [QuestionType.values.MultipleChoice]: 'options',
  [QuestionType.values.TrueFalse]: 'trueFalse',
  [QuestionType.values.FillBlank]: 'blanks',
  [QuestionType.values.ShortAnswer]: 'reference',
  [QuestionType.values.Material]: 'material',
  [QuestionType.values.IndefiniteChoice]: 'options',
};

export function answerKind(type: QuestionType): AnswerKind {
  return KIND[type];
}

/** Every type, in the order screens list them (单选, 多选, 不定项, 判断, 填空, 简答, 材料: SDK `QUESTION_TYPE_ORDER`). */
export const QUESTION_TYPES: readonly QuestionType[] = QUESTION_TYPE_ORDER;
/** The types a material question's sub-question may have (not material itself). */
export const SUB_QUESTION_TYPES: readonly QuestionType[] = QUESTION_TYPE_ORDER.filter((type) => type !== QuestionType.values.Material);

/** `A`…`J` for a 0-based position. */
export function optionLabel(index: number): string {
  return OPTION_LABELS.charAt(index) || String(index + 1);
}

export interface OptionValue {
  id?: number;
  content: string;
  isCorrect: boolean;
}

/**
 * Marks option `index` correct (or not). Single choice is a radio group: marking
 * one unmarks the others. Multiple and indefinite choice toggle the one option.
 */
export function markCorrect<O extends { isCorrect: boolean }>(options: readonly O[], index: number, checked: boolean, type: QuestionType): O[] {
  if (type === QuestionType.values.SingleChoice)
    return options.map((o, i) => ({ ...o, isCorrect: checked ? i === index : i === index ? false : o.isCorrect }));
  return options.map((o, i) => (i === index ? { ...o, isCorrect: checked } : o));
}

/** The answer as a key string (`B`, `ACD`), from the marked options. */
export function answerKeys(options: ReadonlyArray<{ isCorrect: boolean }>): string {
  return options
    .map((o, i) => (o.isCorrect ? optionLabel(i) : ''))
    .filter(Boolean)
    .join('');
}

/**
 * Answer values a new question (or a sub-question) of a type starts with:
 * four empty options for choice types, one blank with one empty alternative,
 * one sub-question for a material question.
 */
export function answerDefaults(type: QuestionType): Record<string, unknown> {
  switch (answerKind(type)) {
    case 'options':
      return { options: Array.from({ length: 4 }, () => ({ content: '', isCorrect: false })) };
    case 'trueFalse':
      return { trueFalseAnswer: true };
    case 'blanks':
      return { blanks: [{ answers: [''] }] };
    case 'reference':
      return { referenceAnswer: '' };
    case 'material':
      return { subQuestions: [newSubQuestion(QuestionType.values.SingleChoice)] };
  }
}

export function newSubQuestion(type: QuestionType): Record<string, unknown> {
  return { questionType: type, stem: '', analysis: '', score: 2, ...answerDefaults(type) };
}

/** The answer members every question and sub-question has. */
const ANSWER_MEMBERS = ['options', 'trueFalseAnswer', 'blanks', 'referenceAnswer', 'subQuestions'] as const;
const KEPT: Record<AnswerKind, (typeof ANSWER_MEMBERS)[number]> = {
  options: 'options',
  trueFalse: 'trueFalseAnswer',
  blanks: 'blanks',
  reference: 'referenceAnswer',
  material: 'subQuestions',
};

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const typeOf = (v: unknown): QuestionType | undefined => {
  const parsed = QuestionType.safeParse(v);
  return parsed.success ? parsed.data : undefined;
};

/**
 * Form values as a call input: the answer members the type does not use are
 * dropped (or emptied where the schema defaults them), sub-questions likewise,
 * and empty alternatives of a blank left out. Works for a question and for a
 * sub-question (no `subQuestions` there).
 */
export function toQuestionInput(values: Record<string, unknown>): Record<string, unknown> {
  const type = typeOf(values.questionType);
  if (type === undefined) return values;
  const kept = KEPT[answerKind(type)];
  const out: Record<string, unknown> = { ...values };
  for (const member of ANSWER_MEMBERS) {
    if (member === kept || !(member in out)) continue;
    if (member === 'options' || member === 'subQuestions') out[member] = [];
    else out[member] = null;
  }
  const blanks: unknown = out.blanks;
  if (kept === 'blanks' && Array.isArray(blanks))
    out.blanks = blanks.map((b: unknown) => {
      const answers: unknown = isRecord(b) ? b.answers : undefined;
      return Array.isArray(answers) ? { answers: answers.filter((a: unknown) => typeof a === 'string' && a.trim() !== '') } : b;
    });
  const subs: unknown = out.subQuestions;
  if (kept === 'subQuestions' && Array.isArray(subs)) out.subQuestions = subs.map((s: unknown) => (isRecord(s) ? toQuestionInput(s) : s));
  return out;
}

/** Form values of a loaded question: the editable members, with the answer parts of its type (other types' parts as their defaults). */
export function toQuestionForm(q: TestQuestionDto): Record<string, unknown> {
  return {
    questionType: q.questionType,
    stem: q.stem,
    analysis: q.analysis ?? '',
    difficulty: q.difficulty,
    score: q.score,
    categoryId: q.categoryId,
    chapterTypeId: q.chapterTypeId,
    isUniversity: q.isUniversity,
    isShow: q.isShow,
    options: q.options.map((o) => ({ id: o.id, content: o.content, isCorrect: o.isCorrect })),
    trueFalseAnswer: q.trueFalseAnswer,
    blanks: q.blanks ?? [],
    referenceAnswer: q.referenceAnswer ?? '',
    subQuestions: q.subQuestions.map((s) => ({
      questionType: s.questionType,
      stem: s.stem,
      analysis: s.analysis ?? '',
      score: s.score,
      options: s.options.map((o) => ({ content: o.content, isCorrect: o.isCorrect })),
      trueFalseAnswer: s.trueFalseAnswer,
      blanks: s.blanks ?? [],
      referenceAnswer: s.referenceAnswer ?? '',
    })),
  };
}

/**
 * Blank rows for a stem that marks `marked` blanks (SDK `countStemBlanks`), as
 * the stem is typed: missing rows are added empty, surplus rows at the end
 * are dropped while they hold no answer (a filled one stays, and the editor
 * says the counts differ). Returns the same array when nothing changes.
 */
export function syncBlankRows<B extends { answers: readonly string[] }>(blanks: readonly B[], marked: number, empty: () => B): readonly B[] {
  let next = [...blanks];
  while (next.length < marked) next.push(empty());
  while (next.length > Math.max(marked, 1) && !next[next.length - 1]!.answers.some((a) => a.trim())) next = next.slice(0, -1);
  return next.length === blanks.length && next.every((b, i) => b === blanks[i]) ? blanks : next;
}

/**
 * A stem's HTML with each blank (SDK `STEM_BLANK_PATTERN`: `____`, `（  ）`,
 * `[[…]]`) replaced by numbered markup (the preview draws it as a line),
 * inside the paragraph it stands in. The stem is sanitized by the server;
 * the markup is ours.
 */
export function markBlanks(html: string, blank: (n: number) => string): string {
  let n = 0;
  return html.replace(STEM_BLANK_PATTERN, () => blank(++n));
}
