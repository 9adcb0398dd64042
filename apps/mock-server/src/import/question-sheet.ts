import { isChoiceQuestionType, MAX_QUESTION_OPTIONS, OPTION_LABELS, type QuestionType } from '@edu/sdk';
import { rowError } from '../kit/import/cells.ts';
import { column, textCell, type CellParser, type Table } from '../kit/import/reading.ts';
import { type ImportItem } from '../kit/import/running.ts';
import { type Culture, localize, textsIn } from '../localization/texts.ts';
import {
  DIFFICULTY_NAMES,
  TYPE_NAMES,
  blanksInStem,
  blanksOf,
  difficultyOf,
  keysOf,
  labelOf,
  questionTypeOf,
  textToHtml,
  textToInline,
  trueFalseOf,
  type QuestionDraft,
} from './question-format.ts';

/**
 * The Excel/CSV format of question import: one row per question, the
 * columns below (Chinese headers in the template, English accepted).
 */

const typeCell: CellParser<QuestionType | null> = (text, culture) => {
  if (!text) return { ok: true, value: null };
  const type = questionTypeOf(text);
  return type === null
    ? { ok: false, reason: localize(culture, 'QuestionImportUnknownType', text, TYPE_NAMES.join(localize(culture, 'ListSeparator'))) }
    : { ok: true, value: type };
};
const difficultyCell: CellParser<1 | 2 | 3> = (text, culture) => {
  if (!text) return { ok: true, value: 2 };
  const d = difficultyOf(text);
  return d === null
    ? { ok: false, reason: localize(culture, 'QuestionImportUnknownDifficulty', text, DIFFICULTY_NAMES.join(localize(culture, 'ListSeparator'))) }
    : { ok: true, value: d };
};
/** A number; the range is the bank's rule (CreateQuestionInput), reported on this column. */
const scoreCell: CellParser<number | undefined> = (text, culture) => {
  if (!text) return { ok: true, value: undefined };
  const n = Number(text.normalize('NFKC'));
  return Number.isFinite(n) ? { ok: true, value: n } : { ok: false, reason: localize(culture, 'QuestionImportNotANumber', text) };
};

const optionColumns = Array.from({ length: MAX_QUESTION_OPTIONS }, (_, i) => {
  const l = OPTION_LABELS[i] ?? '?';
  return column(`option${l}`, { 'zh-Hans': `选项${l}`, en: `Option ${l}` }, textCell, { aliases: [l, `选项 ${l}`, `Option${l}`], width: 16 });
});

export const QUESTION_COLUMNS = [
  column('type', { 'zh-Hans': '题型', en: 'Type' }, typeCell, { required: true, aliases: ['题目类型', 'Question type'], width: 8 }),
  column('stem', { 'zh-Hans': '题干', en: 'Stem' }, textCell, { required: true, aliases: ['题目', '题目内容', 'Question'], width: 40 }),
  ...optionColumns,
  column('answer', { 'zh-Hans': '答案', en: 'Answer' }, textCell, { required: true, aliases: ['正确答案', '参考答案'], width: 16 }),
  column('analysis', { 'zh-Hans': '解析', en: 'Analysis' }, textCell, { aliases: ['答案解析', 'Explanation'], width: 30 }),
  column('difficulty', { 'zh-Hans': '难度', en: 'Difficulty' }, difficultyCell, { width: 8 }),
  column('score', { 'zh-Hans': '分数', en: 'Score' }, scoreCell, { aliases: ['分值'], width: 8 }),
  column('chapter', { 'zh-Hans': '章节', en: 'Chapter' }, textCell, { aliases: ['知识点', 'Knowledge point'], width: 16 }),
] as const;

type Values = {
  type: QuestionType | null;
  stem: string;
  answer: string;
  analysis: string;
  difficulty: 1 | 2 | 3;
  score: number | undefined;
  chapter: string;
} & Record<string, unknown>;

/** The questions of a sheet: what the columns say, answers read per type; the bank's rules come later (check). */
export interface SheetQuestion {
  draft: QuestionDraft;
  /** A chapter named in the row (resolved within the category by the importer). */
  chapterName: string | null;
}

/** Header of a column as the file has it (or the template's). */
export function headerOf(table: Table<unknown>, key: string, culture: Culture): string {
  const col = QUESTION_COLUMNS.find((c) => c.key === key);
  if (!col) return key;
  const names = [col.header['zh-Hans'], col.header.en, ...(col.aliases ?? [])].map((h) => h.normalize('NFKC').replace(/\s+/g, '').toLowerCase());
  return table.headers.find((h) => names.includes(h.normalize('NFKC').replace(/\s+/g, '').toLowerCase())) ?? col.header[culture];
}

/** Rows of the sheet as import items (cell errors and answer-reading errors already on them). */
export function sheetItems(
  table: Table<Record<string, unknown>>,
  base: Pick<QuestionDraft, 'categoryId' | 'chapterTypeId' | 'isUniversity'>,
  culture: Culture,
): Array<ImportItem<SheetQuestion>> {
  const T = textsIn(culture);
  const header = (key: string) => headerOf(table, key, culture);
  return table.rows.map((r) => {
    const v = r.values as Partial<Values>;
    const errors = [...r.errors];
    const fail = (key: string, reason: string) => errors.push(rowError(culture, { row: r.row, column: header(key), reason }));
    const stemText = v.stem ?? '';
    const options: Array<{ content: string; isCorrect: boolean }> = [];
    let gap: string | null = null;
    for (const l of OPTION_LABELS) {
      const text = v[`option${l}`];
      if (typeof text !== 'string' || !text) gap ??= l;
      else if (gap !== null) {
        // An option after an empty one: the letters would shift, so say so rather than guess.
        fail(`option${gap}`, T('QuestionImportOptionGap', gap));
        break;
      } else options.push({ content: textToInline(text), isCorrect: false });
    }
    const answer = v.answer ?? '';
    const type = v.type ?? null;
    if (type === null && !r.errors.some((e) => e.column === header('type')))
      fail('type', T('QuestionImportMissingType', TYPE_NAMES.join(T('ListSeparator'))));
    const draft: QuestionDraft = {
      ...base,
      questionType: type ?? 1,
      stem: textToHtml(stemText),
      analysis: v.analysis ? textToHtml(v.analysis) : null,
      difficulty: v.difficulty ?? 2,
      ...(v.score !== undefined && { score: v.score }),
      options,
    };
    if (type !== null && isChoiceQuestionType(type)) {
      const keys = keysOf(answer, options.length);
      if ('bad' in keys) fail('answer', T('QuestionImportBadKey', keys.bad));
      else for (const k of keys.keys) options[k] = { ...options[k]!, isCorrect: true };
    } else if (type === 3) {
      if (answer) {
        const tf = trueFalseOf(answer);
        if (tf === null) fail('answer', T('QuestionImportBadTrueFalse', answer));
        else draft.trueFalseAnswer = tf;
      }
    } else if (type === 4) {
      // Blanks from the answer column, or from [[答案|别名]] marks in the stem.
      const marked = blanksInStem(stemText);
      if (marked) {
        draft.stem = textToHtml(marked.stem);
        draft.blanks = answer ? blanksOf(answer) : marked.blanks;
      } else draft.blanks = answer ? blanksOf(answer) : [];
    } else if (type === 5) draft.referenceAnswer = answer || null;
    return {
      row: r.row,
      question: null,
      label: labelOf(stemText),
      input: errors.length ? null : { draft, chapterName: v.chapter || null },
      errors,
      cells: r.cells,
    };
  });
}

/** Where a bank validation member lies in a sheet row. */
export function sheetColumnOf(member: string | null, item: ImportItem<SheetQuestion>, table: Table<unknown>, culture: Culture): string | null {
  if (member === null) return null;
  const header = (key: string) => headerOf(table, key, culture);
  const option = /^options\[(\d+)\]\.(content|isCorrect)$/.exec(member);
  if (option) return option[2] === 'content' ? header(`option${OPTION_LABELS[Number(option[1])] ?? 'A'}`) : header('answer');
  if (member === 'options') return (item.input?.draft.options?.length ?? 0) < 2 ? header('optionA') : header('answer');
  const top = member.replace(/[[.].*$/, '');
  switch (top) {
    case 'questionType':
      return header('type');
    case 'stem':
      return header('stem');
    case 'analysis':
      return header('analysis');
    case 'difficulty':
      return header('difficulty');
    case 'score':
      return header('score');
    case 'chapterTypeId':
      return header('chapter');
    case 'trueFalseAnswer':
    case 'blanks':
    case 'referenceAnswer':
      return header('answer');
    default:
      return null;
  }
}

/** Two example rows per type (the template), in Chinese, each passing a dry run. */
export const TEMPLATE_ROWS: ReadonlyArray<Record<string, string | number>> = [
  {
    type: '单选',
    stem: '中国的首都是哪座城市？',
    optionA: '北京',
    optionB: '上海',
    optionC: '广州',
    optionD: '深圳',
    answer: 'A',
    analysis: '北京是中华人民共和国的首都。',
    difficulty: '简单',
    score: 2,
  },
  {
    type: '单选',
    stem: '下列数中，哪个是质数？',
    optionA: '9',
    optionB: '15',
    optionC: '17',
    optionD: '21',
    answer: 'C',
    analysis: '17 只能被 1 和它本身整除。',
    difficulty: '一般',
    score: 2,
  },
  {
    type: '多选',
    stem: '下列属于中国四大名著的有（ ）。',
    optionA: '《红楼梦》',
    optionB: '《西游记》',
    optionC: '《聊斋志异》',
    optionD: '《水浒传》',
    answer: 'ABD',
    analysis: '四大名著为《红楼梦》《西游记》《水浒传》《三国演义》。',
    difficulty: '一般',
    score: 3,
  },
  {
    type: '多选',
    stem: '下列物质中，属于金属的是（ ）。',
    optionA: '铁',
    optionB: '铜',
    optionC: '硫',
    optionD: '铝',
    answer: 'A,B,D',
    difficulty: '简单',
    score: 3,
  },
  {
    type: '不定项',
    stem: '下列物质中，属于纯净物的是（ ）。',
    optionA: '蒸馏水',
    optionB: '洁净的空气',
    optionC: '液氧',
    optionD: '矿泉水',
    answer: 'AC',
    analysis: '不定项选择题有一个或多个正确选项；少选得一半分，错选不得分。',
    difficulty: '一般',
    score: 4,
  },
  {
    type: '不定项',
    stem: '下列数中，是偶数的是（ ）。',
    optionA: '15',
    optionB: '22',
    optionC: '37',
    optionD: '49',
    answer: 'B',
    difficulty: '简单',
    score: 4,
  },
  {
    type: '判断',
    stem: '水在一个标准大气压下的沸点是 100 ℃。',
    answer: '正确',
    analysis: '标准大气压下水的沸点为 100 ℃。',
    difficulty: '简单',
    score: 1,
  },
  { type: '判断', stem: '太阳从西边升起。', answer: '错误', difficulty: '简单', score: 1 },
  {
    type: '填空',
    stem: '《静夜思》的作者是____。',
    answer: '李白|李太白',
    analysis: '“|”分隔同一个空的多个可接受答案。',
    difficulty: '简单',
    score: 2,
  },
  {
    type: '填空',
    stem: '我国最长的河流是____，第二长的河流是____。',
    answer: '长江;黄河',
    analysis: '“;”分隔不同的空。',
    difficulty: '一般',
    score: 4,
  },
  {
    type: '简答',
    stem: '简述光合作用的意义。',
    answer: '光合作用把光能转化为化学能，制造有机物并释放氧气，是绝大多数生物赖以生存的基础。',
    difficulty: '困难',
    score: 10,
  },
  {
    type: '简答',
    stem: '请写出勾股定理的内容。',
    answer: '直角三角形两条直角边的平方和等于斜边的平方。',
    analysis: '即 a² + b² = c²。',
    difficulty: '一般',
    score: 5,
  },
];

export const TEMPLATE_LISTS = { type: TYPE_NAMES, difficulty: DIFFICULTY_NAMES } as const;

export const TEMPLATE_NOTES = [
  '题目导入模板填写说明',
  '1. 每行一道题；第一行为表头，请勿修改列名。红色列为必填列。',
  `2. 题型：${TYPE_NAMES.join(' / ')}。材料题请使用 Word 或 TXT 格式导入。`,
  '3. 选项A～选项J：依次填写，遇到第一个空选项即结束；只有单选、多选、不定项题填写选项。',
  '4. 答案：单选填一个字母（如 A）；多选填两个及以上字母（如 ABD）；不定项填一个或多个字母（如 B 或 AC，少选得一半分，错选不得分）；',
  '   判断填“正确”或“错误”（也可填 对/错、√/×）；简答题填写参考答案。',
  '   填空题每个空之间用“;”分隔，同一个空的多个可接受答案用“|”分隔（如 北京|北京市;长江）；题干中用“____”（三个及以上下划线）、',
  '   只含空格的括号“（  ）”或“[[答案]]”标出每个空，空的个数须与答案中空的个数一致。',
  '5. 难度：简单 / 一般 / 困难，不填默认为“一般”。分数：0～100，可为 0.5 的倍数，不填默认为 2 分。',
  '6. 章节：可选，填写所选分类下已有章节的名称。',
  '7. 与题库中已有题目（或本文件中前面的题目）重复的题目会被跳过，重复导入同一文件不会产生重复题目。',
  '8. 建议先“试导入”检查错误，确认无误后再正式导入。',
];
