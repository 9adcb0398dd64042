import { OPTION_LABELS, type CreateQuestionInput, type QuestionType, type SubQuestionInput } from '@edu/sdk';

/**
 * What the Excel and the Word/TXT formats share: type and difficulty names,
 * answers written as text (keys `ABC`, 正确/错误, blanks `答案|别名;答案`),
 * blanks marked `[[答案|别名]]` in a stem, and plain text turned into the
 * bank's rich text. The rules of a question stay the bank's own
 * (services/test-question.ts); this only reads what the user wrote.
 */

/** A question as read from a file, before the bank's checks (CreateQuestion's input). */
export type QuestionDraft = CreateQuestionInput;
export type SubQuestionDraft = SubQuestionInput;

const fold = (s: string) => s.normalize('NFKC').replace(/\s+/g, '').toLowerCase();

const TYPE_WORDS: ReadonlyArray<[QuestionType, readonly string[]]> = [
  [1, ['单选', '单选题', '单项选择', '单项选择题', '1', 'single', 'singlechoice']],
  [2, ['多选', '多选题', '多项选择', '多项选择题', '2', 'multiple', 'multiplechoice']],
  [3, ['判断', '判断题', '3', 'truefalse', 'true/false', 'judge']],
  [4, ['填空', '填空题', '4', 'fillblank', 'fillintheblank', 'blank']],
  [5, ['简答', '简答题', '问答', '问答题', '主观题', '5', 'shortanswer', 'essay']],
  [7, ['不定项', '不定项选择', '不定项选择题', '不定项题', '7', 'indefinite', 'indefinitechoice']],
];
const typeByWord = new Map(TYPE_WORDS.flatMap(([t, words]) => words.map((w) => [fold(w), t] as const)));

/** The Excel template's type names (its drop-down list), in the order papers list the types (不定项 beside the other choice types). */
export const TYPE_NAMES = ['单选', '多选', '不定项', '判断', '填空', '简答'] as const;

/** 单选/多选/不定项/判断/填空/简答 (with or without 题, their numbers, English names); material questions are not an Excel type. */
export function questionTypeOf(text: string): QuestionType | null {
  return typeByWord.get(fold(text)) ?? null;
}

const DIFFICULTY_WORDS: ReadonlyArray<[1 | 2 | 3, readonly string[]]> = [
  [1, ['简单', '容易', '易', '1', 'easy']],
  [2, ['一般', '中等', '适中', '中', '2', 'normal', 'medium']],
  [3, ['困难', '难', '较难', '3', 'hard', 'difficult']],
];
const difficultyByWord = new Map(DIFFICULTY_WORDS.flatMap(([d, words]) => words.map((w) => [fold(w), d] as const)));
export const DIFFICULTY_NAMES = ['简单', '一般', '困难'] as const;

export function difficultyOf(text: string): 1 | 2 | 3 | null {
  return difficultyByWord.get(fold(text)) ?? null;
}

const TRUE_WORDS = new Set(['正确', '对', '是', '√', '✓', '✔', 't', 'true', 'y', 'yes', 'right']);
const FALSE_WORDS = new Set(['错误', '错', '否', '×', 'x', '✗', '✘', 'f', 'false', 'n', 'no', 'wrong']);

/** 正确/错误 and their usual spellings; null when the text is none of them. */
export function trueFalseOf(text: string): boolean | null {
  const w = fold(text);
  if (TRUE_WORDS.has(w)) return true;
  if (FALSE_WORDS.has(w)) return false;
  return null;
}

/**
 * Choice keys written together (`ABC`, `A,B,C`, `A、C`, `a c`): their option
 * indexes, or the offending text. Keys beyond the options are refused here
 * (there is no option to mark); everything else is the bank's rule.
 */
export function keysOf(text: string, optionCount: number): { keys: number[] } | { bad: string } {
  const letters = text
    .normalize('NFKC')
    .toUpperCase()
    .replace(/[\s,，、;；/|]+/g, '');
  const keys: number[] = [];
  for (const ch of letters) {
    const i = OPTION_LABELS.indexOf(ch);
    if (i < 0 || i >= optionCount) return { bad: ch };
    if (!keys.includes(i)) keys.push(i);
  }
  return { keys };
}

/** `北京|北京市;长江`: blanks separated by `;` (or `；`), alternatives by `|` (or `｜`). A trailing separator is ignored. */
export function blanksOf(text: string): Array<{ answers: string[] }> {
  const parts = text.split(/[;；]/);
  if (parts.length > 1 && parts.at(-1)?.trim() === '') parts.pop();
  return parts.map((p) => ({ answers: p.split(/[|｜]/).map((a) => a.trim()) }));
}

const BLANK_MARK = /\[\[([^\]]*)\]\]/g;
/** What a blank looks like in a stored stem (as the editor and the seed write it). */
export const BLANK_PLACEHOLDER = '____';

/** A stem's `[[答案|别名]]` marks: the stem with placeholders and the blanks in order, or null when it has none. */
export function blanksInStem(stem: string): { stem: string; blanks: Array<{ answers: string[] }> } | null {
  const blanks: Array<{ answers: string[] }> = [];
  const out = stem.replace(BLANK_MARK, (_m, inner: string) => {
    blanks.push({ answers: inner.split(/[|｜]/).map((a) => a.trim()) });
    return BLANK_PLACEHOLDER;
  });
  return blanks.length ? { stem: out, blanks } : null;
}

const escapeHtml = (s: string) => s.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll('"', '&quot;');

/** Plain text as the bank's rich text: escaped, a paragraph per line. */
export function textToHtml(text: string): string {
  const lines = text
    .split(/\r?\n/)
    .map((l) => l.trim())
    .filter(Boolean);
  return lines.map((l) => `<p>${escapeHtml(l)}</p>`).join('');
}

/** Plain text as an option's content: escaped, lines joined. */
export function textToInline(text: string): string {
  return escapeHtml(text.replace(/\s*\r?\n\s*/g, ' ').trim());
}

/** A short label for the result grid (the stem, cut). */
export function labelOf(text: string): string {
  const one = text.replace(/\s+/g, ' ').trim();
  return one.length > 60 ? `${one.slice(0, 59)}…` : one;
}

/** Line numbers for a message: the first few, then an ellipsis. */
export const lineList = (lines: readonly number[]): string => (lines.length > 5 ? `${lines.slice(0, 5).join(', ')}…` : lines.join(', '));
