import { OPTION_LABELS, type CreateQuestionInput, type QuestionType, type SubQuestionInput } from '@edu/sdk';
import type { Culture } from '../localization/texts.ts';

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
const lineList = (lines: number[]) => (lines.length > 5 ? `${lines.slice(0, 5).join(', ')}…` : lines.join(', '));

export const formatTexts = {
  'zh-Hans': {
    unknownType: (v: string) => `无法识别的题型“${v}”，应为 ${TYPE_NAMES.join('、')} 之一。`,
    missingType: `请填写题型（${TYPE_NAMES.join('、')}）。`,
    optionGap: (l: string) => `选项${l}为空，但后面还有选项；请按顺序填写选项。`,
    unknownDifficulty: (v: string) => `无法识别的难度“${v}”，应为 ${DIFFICULTY_NAMES.join('、')} 之一。`,
    notANumber: (v: string) => `“${v}”不是数字。`,
    badKey: (k: string) => `答案中的“${k}”没有对应的选项。`,
    badTrueFalse: (v: string) => `判断题的答案应为“正确”或“错误”，而不是“${v}”。`,
    unknownChapter: (v: string) => `所选分类下没有名为“${v}”的章节。`,
    missingAnswer: '缺少【答案】。',
    missingStem: '缺少题干。',
    noQuestions: (sawText: boolean) =>
      sawText ? '文件中没有找到题目：题目之间用空行分隔，选项以“A.”开头，并写明“答案：”。' : '文件是空的（【导入开始】之后没有内容）。',
    choiceWithoutStem: '选择题缺少题干：这一行直接是选项 A，请在选项前写出题干。',
    lettersWithoutOptions: (v: string) => `答案“${v}”是选项字母，但没有找到以“A.”开头的选项行。`,
    listNumberedOptions: (lines: number[]) =>
      `第 ${lineList(lines)} 行使用了 Word 的自动编号，选项字母没有被读入：请关闭自动编号，把“A.”等字母作为文字输入后重新导入。`,
    listNumbered: (lines: number[]) =>
      `文件使用了 Word 的自动编号（第 ${lineList(lines)} 行），题号和选项字母不会被读入：请关闭自动编号，把题号和“A.”等字母作为文字输入后重新导入。`,
    unclosedMaterial: '【材料题开始】之后没有【材料题结束】。',
    strayMaterialEnd: '【材料题结束】之前没有【材料题开始】。',
    emptyMaterial: '材料题中没有编号的小题。',
    nestedMaterial: '材料题中不能再有【材料题开始】。',
    oldWord: '不支持旧版 Word（.doc）文件，请在 Word 或 WPS 中另存为 .docx 后重新导入。',
    notDocx: '无法读取该 Word 文件，请确认它是 .docx 格式。',
    unsupported: '不支持的文件类型：请上传 .xlsx、.csv、.docx 或 .txt 文件。',
    tooManyQuestions: (max: number) => `一次最多导入 ${max} 道题，请拆分文件后分批导入。`,
  },
  en: {
    unknownType: (v: string) => `Unknown question type "${v}"; use one of ${TYPE_NAMES.join(', ')}.`,
    missingType: `Give the question type (${TYPE_NAMES.join(', ')}).`,
    optionGap: (l: string) => `Option ${l} is empty but later options are not; fill the options in order.`,
    unknownDifficulty: (v: string) => `Unknown difficulty "${v}"; use one of ${DIFFICULTY_NAMES.join(', ')}.`,
    notANumber: (v: string) => `"${v}" is not a number.`,
    badKey: (k: string) => `The answer "${k}" has no option.`,
    badTrueFalse: (v: string) => `A true/false answer is 正确 or 错误, not "${v}".`,
    unknownChapter: (v: string) => `The chosen category has no chapter named "${v}".`,
    missingAnswer: 'The 【答案】 (answer) is missing.',
    missingStem: 'The stem is missing.',
    noQuestions: (sawText: boolean) =>
      sawText
        ? 'No questions were found: separate questions by blank lines, start options with "A." and give the answer as "答案：".'
        : 'The file is empty (nothing after 【导入开始】).',
    choiceWithoutStem: 'The choice question has no stem: this line is already option A; write the stem before the options.',
    lettersWithoutOptions: (v: string) => `The answer "${v}" is option letters, but no option lines starting "A." were found.`,
    listNumberedOptions: (lines: number[]) =>
      `Line ${lineList(lines)} uses Word’s automatic numbering, so the option letters were not read: turn automatic numbering off, type the letters ("A.") as text and import again.`,
    listNumbered: (lines: number[]) =>
      `The file uses Word’s automatic numbering (line ${lineList(lines)}), so question numbers and option letters are not read: turn automatic numbering off, type them as text and import again.`,
    unclosedMaterial: '【材料题开始】 is not followed by 【材料题结束】.',
    strayMaterialEnd: '【材料题结束】 without 【材料题开始】.',
    emptyMaterial: 'The material question has no numbered sub-questions.',
    nestedMaterial: 'A material question cannot contain another 【材料题开始】.',
    oldWord: 'Old Word files (.doc) are not supported: save the file as .docx in Word or WPS and import it again.',
    notDocx: 'The Word file cannot be read; make sure it is a .docx file.',
    unsupported: 'Unsupported file type: upload an .xlsx, .csv, .docx or .txt file.',
    tooManyQuestions: (max: number) => `At most ${max} questions can be imported at once; split the file.`,
  },
} satisfies Record<Culture, unknown>;
