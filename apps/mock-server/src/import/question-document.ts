import { isChoiceQuestionType, OPTION_LABELS, type ImportRowError, type ImportRowPreview, type QuestionType } from '@edu/sdk';
import { rowError } from '../kit/import/cells.ts';
import { type ImportItem } from '../kit/import/running.ts';
import { type Culture, textsIn } from '../localization/texts.ts';
import { linesOfText, type SourceLine } from './document-lines.ts';
import type { ImportPicture } from './pictures.ts';
import {
  DIFFICULTY_NAMES,
  TYPE_NAMES,
  blanksInStem,
  blanksOf,
  difficultyOf,
  keysOf,
  labelOf,
  lineList,
  questionTypeOf,
  textToHtml,
  textToInline,
  trueFalseOf,
  type QuestionDraft,
  type SubQuestionDraft,
} from './question-format.ts';

/**
 * The Chinese Word/TXT question format as teachers write it (EduSoho's import
 * instructions, parsed by codeages/exam-parser; docs/architecture/imports.md,
 * "Questions (bank)"),
 * read from a document's lines (document-lines.ts: a .txt's lines, a .docx's
 * paragraphs). A pure function of those lines, so it runs wherever the file
 * was read.
 *
 *     (instructions)                      everything before 【导入开始】 is ignored
 *     【导入开始】
 *     中国的首都是？                        numbering optional: 1、 1. 1． （1） (1) or none
 *     A. 北京                              options A. A、 A． A。 or `A 北京` (A–J)
 *     B. 上海
 *     答案：A                              答案 参考答案 正确答案, bare, [..] or 【..】, colon optional
 *     解析：……  【难度】简单  [分数]2分      optional (一般, 2 分)
 *                                          a blank line ends a question
 *     地球绕太阳转。（正确）                 true/false inline: （正确）/（错误）, (正确)/(错误)
 *
 *     《静夜思》的作者是[[李白|李太白]]。     blanks in the stem: fill in the blank
 *
 *     【不定项选择题】                       the next question is indefinite choice (type 7)
 *     【材料题开始】 passage, blank line, sub-questions separated by blank lines 【材料题结束】
 *
 * Questions numbered as text need no blank lines between them (the older
 * style): a line numbered n + 1 after question n, or a numbered line after a
 * question that has its options or answer, starts the next one. A choice
 * question's answer line followed by a plain line starts an unnumbered one.
 * Lines before the first question with no options or answer (a title, 一、选择题)
 * are headings. The type follows from the content unless a `【题型】` line
 * names it. Problems are reported per question with its number (when it has
 * one) and line; each question says which lines it was read from and how
 * (`reading`), for the dry run's preview.
 */

/** How a question was read, beside its source lines (the dry run's preview). */
export interface DocumentReading {
  /** First and last line of the question in the file (1-based). */
  from: number;
  to: number;
  questionType: QuestionType;
  /** Marked 【不定项选择题】: read as the indefinite-choice type (7). */
  indefinite: boolean;
  /** The answer as read: keys (`ACD`), 正确/错误, blanks (`北京|北京市；长江`) or the reference text. */
  answer: string;
  blanks: number;
  score: number | null;
  /** Material questions: each sub-question's reading. */
  subs?: DocumentReading[];
}

export interface DocumentQuestion {
  draft: QuestionDraft;
  /** For a material question: each sub-question's number and line (errors under `subQuestions[i]`). */
  subs: Array<{ question: number | null; line: number }>;
  reading: DocumentReading;
  /** Pictures the draft's rich text refers to (import/pictures.ts), stored when the question is written. */
  pictures?: ImportPicture[];
}

type Field = 'stem' | 'option' | 'answer' | 'analysis' | 'other';

interface Line {
  no: number;
  text: string;
  listNumbered: boolean;
  picture: boolean;
}

interface Block {
  number: number | null;
  /** The line the question starts on (its number or first stem line). */
  line: number;
  from: number;
  to: number;
  indefinite: boolean;
  stem: string[];
  options: string[];
  answer: string[] | null;
  analysis: string[] | null;
  difficulty: string | null;
  score: string | null;
  type: string | null;
  field: Field;
  /** The first content line was an option (no stem). */
  startsWithOption: boolean;
  /** Lines Word numbered as a list. */
  listNumbered: number[];
}

const NUMBERED = /^(?:(\d{1,5})\s*(?:、|[.．](?!\d))|[（(]\s*(\d{1,5})\s*[）)])\s*(.*)$/;
const OPTION = /^([A-Ja-j])\s*[.．、。:：)）]\s*(.*)$/;
/** `A 北京`: a letter and a space, an option only in sequence (A followed by a B line, or the next letter). */
const SPACED_OPTION = /^([A-J])[ \t\u3000]+(\S.*)$/;
const ANSWER_WORDS = '答案|参考答案|正确答案';
const OTHER_WORDS = '解析|难度|分数|题型';
const TAG = new RegExp(
  `^(?:【\\s*(${ANSWER_WORDS}|${OTHER_WORDS})\\s*】|\\[\\s*(${ANSWER_WORDS}|${OTHER_WORDS})\\s*\\]|(${ANSWER_WORDS}|${OTHER_WORDS}))\\s*[:：]?\\s*(.*)$`,
);
const MATERIAL_START = /^【\s*材料题开始\s*】\s*(.*)$/;
const MATERIAL_END = /^【\s*材料题结束\s*】$/;
const IMPORT_START = /^【\s*导入开始\s*】$/;
const INDEFINITE = /^【\s*不定项选择题\s*】$/;
/** True/false written in the stem. */
const INLINE_TF = /[（(]\s*(正确|错误)\s*[）)]/g;
/** Section headings (一、单项选择题) carry no question. */
const HEADING = /^[一二三四五六七八九十]+\s*[、.．]/;

/** A bare 分数/难度/题型 without a colon (`分数2分`, `难度 简单`) only when its value reads as one: a stem may start with the word. */
const BARE_VALUE: Record<string, (v: string) => boolean> = {
  分数: (v) => /^\d+(?:\.\d+)?\s*分?$/.test(v.normalize('NFKC')),
  难度: (v) => difficultyOf(v) !== null,
  题型: () => false,
};

const tagOf = (text: string) => {
  const m = TAG.exec(text);
  if (!m) return null;
  const name = m[1] ?? m[2] ?? m[3] ?? '';
  const value = (m[4] ?? '').trim();
  const bareCheck = m[3] ? BARE_VALUE[name] : undefined;
  if (bareCheck && !/^\s*[:：]/.test(text.slice(name.length)) && !bareCheck(value)) return null;
  return { name: /答案/.test(name) ? '答案' : name, value };
};

/** Options written on one line (`A. 北京  B. 上海`): split where the next label follows in sequence. */
function splitOptions(line: string): string[] {
  const out: string[] = [];
  let rest = line;
  const first = OPTION.exec(rest) ?? SPACED_OPTION.exec(rest);
  if (!first) return [line];
  let expected = OPTION_LABELS.indexOf(first[1]!.toUpperCase()) + 1;
  for (;;) {
    const next = OPTION_LABELS[expected];
    if (!next) break;
    const at = rest.search(new RegExp(`\\s+${next}\\s*[.．、]`));
    if (at < 0) break;
    out.push(rest.slice(0, at).trim());
    rest = rest.slice(at).trim();
    expected++;
  }
  out.push(rest.trim());
  return out;
}

const optionText = (part: string) => (OPTION.exec(part)?.[2] ?? SPACED_OPTION.exec(part)?.[2] ?? part).trim();

const newBlock = (number: number | null, line: Line, indefiniteFrom: number | null): Block => ({
  number,
  line: line.no,
  from: indefiniteFrom ?? line.no,
  to: line.no,
  indefinite: indefiniteFrom !== null,
  stem: [],
  options: [],
  answer: null,
  analysis: null,
  difficulty: null,
  score: null,
  type: null,
  field: 'stem',
  startsWithOption: false,
  listNumbered: [],
});

const hasContent = (b: Block) => b.stem.length > 0 || b.options.length > 0 || b.answer !== null;
/** The question has what makes it whole: options or an answer or another tag. */
const isWhole = (b: Block) => b.options.length > 0 || b.answer !== null || b.field === 'other' || b.field === 'analysis';

/** Whether `line` is an option of `b`, given the next line (for the `A 北京` form). */
function isOptionLine(b: Block, text: string, next: string | undefined): boolean {
  if (b.field !== 'stem' && b.field !== 'option') return false;
  if (OPTION.test(text)) return true;
  const spaced = SPACED_OPTION.exec(text);
  if (!spaced) return false;
  const index = OPTION_LABELS.indexOf(spaced[1]!);
  if (index === b.options.length && index > 0) return true;
  return index === 0 && next !== undefined && /^B(?:\s*[.．、。:：)）]|[ \t\u3000]+\S)/.test(next);
}

/** Adds one line to the question being read. */
function addLine(b: Block, line: Line, next: string | undefined): void {
  const text = line.text;
  b.to = line.no;
  if (line.listNumbered) b.listNumbered.push(line.no);
  const tag = tagOf(text);
  if (tag) {
    if (tag.name === '答案') {
      b.answer = tag.value ? [tag.value] : [];
      b.field = 'answer';
    } else if (tag.name === '解析') {
      b.analysis = tag.value ? [tag.value] : [];
      b.field = 'analysis';
    } else {
      if (tag.name === '难度') b.difficulty = tag.value;
      else if (tag.name === '分数') b.score = tag.value;
      else b.type = tag.value;
      b.field = 'other';
    }
    return;
  }
  if (isOptionLine(b, text, next)) {
    if (!hasContent(b)) b.startsWithOption = true;
    for (const part of splitOptions(text)) b.options.push(optionText(part));
    b.field = 'option';
    return;
  }
  if (!text) return; // a picture-only paragraph
  // A continuation line belongs to whatever was being written.
  if (b.field === 'stem') b.stem.push(text);
  else if (b.field === 'option' && b.options.length) b.options[b.options.length - 1] += `\n${text}`;
  else if (b.field === 'answer') b.answer?.push(text);
  else if (b.field === 'analysis') b.analysis?.push(text);
  else b.stem.push(text);
}

type Reading = {
  draft: SubQuestionDraft & { difficulty?: 1 | 2 | 3 };
  errors: Array<{ column: string | null; reason: string; row?: number }>;
  reading: DocumentReading;
};

const LETTERS_ONLY = /^[A-J]{1,10}$/;

/** A block as a question draft, the type inferred, with what could not be read. */
function draftOf(b: Block, culture: Culture): Reading {
  const T = textsIn(culture);
  const errors: Reading['errors'] = [];
  let inline: boolean | null = null;
  const stemText = b.stem
    .map((l) =>
      l.replace(INLINE_TF, (_m, word: string) => {
        inline = word === '正确';
        return '';
      }),
    )
    .join('\n')
    .trim();
  const answer = (b.answer ?? []).join('\n').trim();
  const marked = blanksInStem(stemText);
  const named = b.type ? questionTypeOf(b.type) : null;
  if (b.type && named === null)
    errors.push({ column: '【题型】', reason: T('QuestionImportUnknownType', b.type, TYPE_NAMES.join(T('ListSeparator'))) });
  const tf: boolean | null = inline ?? trueFalseOf(answer);
  const keys = b.options.length ? keysOf(answer, b.options.length) : null;
  const keyCount = keys && 'keys' in keys ? keys.keys.length : 0;
  // 【不定项选择题】 marks the indefinite type (7); unmarked choices read as before: several keys 多选, one 单选.
  const inferred: QuestionType = marked ? 4 : b.options.length ? (b.indefinite ? 7 : keyCount > 1 ? 2 : 1) : tf !== null ? 3 : 5;
  const type: QuestionType = named ?? inferred;
  const options = b.options.map((o) => ({ content: textToInline(o), isCorrect: false }));
  const draft: Reading['draft'] = {
    questionType: type,
    stem: textToHtml(marked && type === 4 ? marked.stem : stemText),
    analysis: b.analysis?.length ? textToHtml(b.analysis.join('\n')) : null,
    options,
  };
  if (!stemText) errors.push({ column: null, reason: b.startsWithOption ? T('QuestionImportChoiceWithoutStem') : T('QuestionImportMissingStem') });
  if (b.difficulty !== null) {
    const d = difficultyOf(b.difficulty);
    if (d === null)
      errors.push({ column: '【难度】', reason: T('QuestionImportUnknownDifficulty', b.difficulty, DIFFICULTY_NAMES.join(T('ListSeparator'))) });
    else draft.difficulty = d;
  }
  if (b.score !== null) {
    const n = Number(b.score.normalize('NFKC').replace(/\s*分$/, ''));
    if (!b.score || !Number.isFinite(n)) errors.push({ column: '【分数】', reason: T('QuestionImportNotANumber', b.score) });
    else draft.score = n;
  }
  let shown = answer;
  if (isChoiceQuestionType(type)) {
    if (!answer) errors.push({ column: null, reason: T('QuestionImportMissingAnswer') });
    else if (keys && 'bad' in keys) errors.push({ column: '【答案】', reason: T('QuestionImportBadKey', keys.bad) });
    else if (keys) {
      for (const k of keys.keys) options[k] = { ...options[k]!, isCorrect: true };
      shown = keys.keys.map((k) => OPTION_LABELS[k]).join('');
    }
  } else if (type === 3) {
    if (tf === null)
      errors.push({
        column: answer ? '【答案】' : null,
        reason: answer ? T('QuestionImportBadTrueFalse', answer) : T('QuestionImportMissingAnswer'),
      });
    else {
      draft.trueFalseAnswer = tf;
      shown = tf ? '正确' : '错误';
    }
  } else if (type === 4) {
    draft.blanks = marked?.blanks ?? (answer ? blanksOf(answer) : []);
    shown = draft.blanks.map((x) => x.answers.join('|')).join('；');
  } else if (type === 5) {
    // Answer letters with no option lines: the letters were lost (Word's list numbering) or never typed.
    if (named === null && LETTERS_ONLY.test(answer.normalize('NFKC')) && (b.listNumbered.length > 0 || b.stem.length > 1)) {
      errors.push({
        column: '【答案】',
        reason: b.listNumbered.length
          ? T('QuestionImportListNumberedOptions', lineList(b.listNumbered))
          : T('QuestionImportLettersWithoutOptions', answer),
      });
    }
    if (answer) draft.referenceAnswer = answer;
  }
  const reading: DocumentReading = {
    from: b.from,
    to: b.to,
    questionType: type,
    indefinite: b.indefinite,
    answer: shown,
    blanks: type === 4 ? (draft.blanks?.length ?? 0) : 0,
    score: draft.score ?? null,
  };
  return { draft, errors, reading };
}

export interface DocumentParse {
  items: Array<ImportItem<DocumentQuestion>>;
  /** A problem with the document as a whole (nothing found, Word's list numbering): a 400 on `file`. */
  fileProblem: string | null;
}

/** A run of non-blank lines (questions are separated by blank lines). */
type Chunk = Line[];

/**
 * The questions of a chunk: a numbered line starts a question when it follows
 * a whole question or question n - 1, an indefinite-choice marker starts the
 * next one, a plain line after a choice question's answer starts an
 * unnumbered one. `atStart`: no question read yet (leading lines without
 * options or answer are a title).
 */
function questionsOf(chunk: Chunk, atStart: boolean): Block[] {
  const out: Block[] = [];
  let current: Block | null = null;
  let indefiniteFrom: number | null = null;
  const flush = () => {
    if (current && (hasContent(current) || current.field !== 'stem')) out.push(current);
    current = null;
  };
  chunk.forEach((line, i) => {
    const next = chunk[i + 1]?.text;
    if (INDEFINITE.test(line.text)) {
      if (current && hasContent(current)) flush();
      indefiniteFrom = line.no;
      return;
    }
    const numbered = NUMBERED.exec(line.text);
    const cur: Block | null = current;
    if (numbered) {
      const n = Number(numbered[1] ?? numbered[2]);
      const heading = cur !== null && cur.number === null && !isWhole(cur) && (HEADING.test(cur.stem[0] ?? '') || (atStart && out.length === 0));
      if (cur === null || heading || isWhole(cur) || (cur.number !== null && n === cur.number + 1)) {
        if (!heading) flush();
        current = newBlock(n, line, indefiniteFrom);
        indefiniteFrom = null;
        if (line.listNumbered) current.listNumbered.push(line.no);
        const rest = (numbered[3] ?? '').trim();
        if (rest) addLine(current, { ...line, text: rest, listNumbered: false }, next);
        return;
      }
    }
    const startsAnother =
      cur !== null && cur.options.length > 0 && cur.field === 'answer' && (cur.answer?.length ?? 0) > 0 && !tagOf(line.text) && !!line.text;
    if (cur === null || startsAnother) {
      flush();
      if (cur === null && !line.text) return;
      current = newBlock(null, line, indefiniteFrom);
      indefiniteFrom = null;
    }
    addLine(current!, line, next);
  });
  flush();
  return out;
}

/** An unnumbered paragraph read as a short-answer question only for want of anything else: no options, answer, type or blanks. */
function isBareProse(item: ImportItem<DocumentQuestion>): boolean {
  const q = item.input;
  if (item.question !== null || q === null) return false;
  const r = q.reading;
  return r.questionType === 5 && !r.answer && r.blanks === 0 && !r.indefinite && !q.draft.options?.length && q.subs.length === 0;
}

/**
 * Reads the questions of a document (its lines, or a .txt's text). `base` is
 * what every question gets (category, chapter, bank).
 */
export function parseQuestionDocument(
  source: string | readonly SourceLine[],
  base: Pick<QuestionDraft, 'categoryId' | 'chapterTypeId' | 'isUniversity'>,
  culture: Culture,
): DocumentParse {
  const T = textsIn(culture);
  const all: Line[] = (typeof source === 'string' ? linesOfText(source) : source).map((l, i) => ({
    no: i + 1,
    text: l.text.replace(/\u00a0/g, ' ').trim(),
    listNumbered: !!l.listNumbered,
    picture: !!l.picture,
  }));
  // The instructions page ends at 【导入开始】.
  const start = all.findIndex((l) => IMPORT_START.test(l.text));
  const lines = start < 0 ? all : all.slice(start + 1);

  const items: Array<ImportItem<DocumentQuestion>> = [];
  const fileErrors: ImportRowError[] = [];
  /** The source lines beside how a question was read. */
  const previewOf = ({ from, to, subs, ...read }: DocumentReading): ImportRowPreview => ({
    ...read,
    lines: all.slice(from - 1, to).map((l) => ({ line: l.no, text: l.text })),
    ...(subs ? { subs: subs.map(({ from: _f, to: _t, subs: _s, ...sub }) => sub) } : {}),
  });
  let material: { line: number; chunks: Chunk[] } | null = null;
  let chunk: Chunk = [];
  let sawContent = false;

  const itemOf = (b: Block): ImportItem<DocumentQuestion> => {
    const r = draftOf(b, culture);
    const errors = r.errors.map((e) => rowError(culture, { row: e.row ?? b.line, column: e.column, question: b.number, reason: e.reason }));
    const { difficulty, ...rest } = r.draft;
    const draft: QuestionDraft = { ...base, ...rest, difficulty: difficulty ?? 2 };
    return {
      row: b.line,
      question: b.number,
      label: labelOf(b.stem.join(' ')),
      input: errors.length ? null : { draft, subs: [], reading: r.reading },
      errors,
      preview: previewOf(r.reading),
    };
  };
  const endChunk = () => {
    if (!chunk.length) return;
    if (material) material.chunks.push(chunk);
    else for (const b of questionsOf(chunk, items.length === 0)) items.push(itemOf(b));
    chunk = [];
  };
  const closeMaterial = (m: { line: number; chunks: Chunk[] }, endLine: number) => {
    // The first chunk: the passage, the material's own 【解析】/【难度】/【分数】, then (older style) numbered sub-questions.
    const own = newBlock(null, { no: m.line, text: '', listNumbered: false, picture: false }, null);
    const [first = [], ...others] = m.chunks;
    // Sub-questions after blank lines: the whole first chunk is the material (its number, if any, the teacher's).
    // One chunk (the older style): the material ends at the first numbered line.
    const firstQuestion = others.length ? -1 : first.findIndex((l, i) => i > 0 && (NUMBERED.test(l.text) || INDEFINITE.test(l.text)));
    const head = (firstQuestion < 0 ? first : first.slice(0, firstQuestion)).map((l, i) =>
      i === 0 ? { ...l, text: (NUMBERED.exec(l.text)?.[3] ?? l.text).trim() } : l,
    );
    head.forEach((l, i) => addLine(own, l, head[i + 1]?.text));
    const blocks = [...(firstQuestion < 0 ? [] : questionsOf(first.slice(firstQuestion), false)), ...others.flatMap((c) => questionsOf(c, false))];
    const passage = own.stem.join('\n');
    const errors: ImportRowError[] = [];
    const number = blocks[0]?.number ?? null;
    if (!blocks.length) {
      errors.push(rowError(culture, { row: m.line, column: null, question: null, reason: T('QuestionImportEmptyMaterial') }));
      items.push({ row: m.line, question: null, label: labelOf(passage), input: null, errors });
      return;
    }
    const read = blocks.map((b) => {
      const r = draftOf(b, culture);
      errors.push(...r.errors.map((e) => rowError(culture, { row: e.row ?? b.line, column: e.column, question: b.number, reason: e.reason })));
      return r;
    });
    if (!passage.trim()) errors.push(rowError(culture, { row: m.line, column: null, question: number, reason: T('QuestionImportMissingStem') }));
    const difficulty = own.difficulty === null ? 2 : difficultyOf(own.difficulty);
    if (difficulty === null)
      errors.push(
        rowError(culture, {
          row: m.line,
          column: '【难度】',
          question: number,
          reason: T('QuestionImportUnknownDifficulty', own.difficulty ?? '', DIFFICULTY_NAMES.join(T('ListSeparator'))),
        }),
      );
    const analysis = own.analysis?.length ? textToHtml(own.analysis.join('\n')) : null;
    const subQuestions = read.map((r) => {
      const { difficulty: _d, ...sub } = r.draft;
      return sub;
    });
    const draft: QuestionDraft = { ...base, questionType: 6, stem: textToHtml(passage), analysis, difficulty: difficulty ?? 2, subQuestions };
    const reading: DocumentReading = {
      from: m.line,
      to: endLine,
      questionType: 6,
      indefinite: false,
      answer: '',
      blanks: 0,
      score: null,
      subs: read.map((r) => r.reading),
    };
    items.push({
      row: m.line,
      question: number,
      label: labelOf(passage),
      input: errors.length ? null : { draft, subs: blocks.map((b) => ({ question: b.number, line: b.line })), reading },
      errors,
      preview: previewOf(reading),
    });
  };

  for (const line of lines) {
    if (line.text) sawContent = true;
    const opening = MATERIAL_START.exec(line.text);
    if (opening) {
      endChunk();
      if (material) fileErrors.push(rowError(culture, { row: line.no, column: null, reason: T('QuestionImportNestedMaterial') }));
      else {
        material = { line: line.no, chunks: [] };
        if (opening[1]) chunk.push({ ...line, text: opening[1] });
      }
      continue;
    }
    if (MATERIAL_END.test(line.text)) {
      endChunk();
      if (!material) fileErrors.push(rowError(culture, { row: line.no, column: null, reason: T('QuestionImportStrayMaterialEnd') }));
      else closeMaterial(material, line.no);
      material = null;
      continue;
    }
    if (!line.text && !line.picture) endChunk();
    else chunk.push(line);
  }
  endChunk();
  if (material) {
    const m: { line: number } = material;
    fileErrors.push(rowError(culture, { row: m.line, column: null, reason: T('QuestionImportUnclosedMaterial') }));
  }

  const listNumbered = lines.filter((l) => l.listNumbered).map((l) => l.no);
  // Prose with nothing of a question (no number, options, answer, type or blanks anywhere) is not a question bank.
  if (items.every(isBareProse))
    return {
      items: [],
      fileProblem: listNumbered.length
        ? T('QuestionImportListNumbered', lineList(listNumbered))
        : sawContent
          ? T('QuestionImportNoQuestions')
          : T('QuestionImportEmptyFile'),
    };
  if (!items.length)
    return {
      items,
      fileProblem: listNumbered.length
        ? T('QuestionImportListNumbered', lineList(listNumbered))
        : sawContent
          ? T('QuestionImportNoQuestions')
          : T('QuestionImportEmptyFile'),
    };
  // Word's list numbering that lost what every question needed: the file is refused saying so.
  if (listNumbered.length && items.every((i) => i.input === null))
    return { items: [], fileProblem: T('QuestionImportListNumbered', lineList(listNumbered)) };
  // Document-level problems (material markers) are reported as items of their own, so the rest still shows.
  for (const e of fileErrors) items.push({ row: e.row, question: null, label: '', input: null, errors: [e] });
  items.sort((a, b) => a.row - b.row);
  return { items, fileProblem: null };
}

/** Where a bank validation member lies in a document: the sub-question's number and line for `subQuestions[i]…`, and a label for the part. */
export function documentPlaceOf(
  member: string | null,
  item: ImportItem<DocumentQuestion>,
): { column: string | null; question?: number; row?: number } {
  if (member === null) return { column: null };
  let rest = member;
  let place: { question?: number; row?: number } = {};
  const sub = /^subQuestions\[(\d+)\]\.?(.*)$/.exec(member);
  if (sub) {
    const s = item.input?.subs[Number(sub[1])];
    if (s) place = s.question === null ? { row: s.line } : { question: s.question, row: s.line };
    rest = sub[2] ?? '';
  }
  const option = /^options\[(\d+)\]\.(content|isCorrect)$/.exec(rest);
  if (option) return { ...place, column: option[2] === 'content' ? `${OPTION_LABELS[Number(option[1])] ?? '?'}.` : '【答案】' };
  const top = rest.replace(/[[.].*$/, '');
  const column =
    top === 'options' || top === 'trueFalseAnswer' || top === 'blanks' || top === 'referenceAnswer'
      ? '【答案】'
      : top === 'analysis'
        ? '【解析】'
        : top === 'score'
          ? '【分数】'
          : top === 'difficulty'
            ? '【难度】'
            : null;
  return { ...place, column };
}
