import { OPTION_LABELS, type QuestionType } from '@edu/sdk';
import { rowError } from '../kit/import/reading.ts';
import { type ImportItem } from '../kit/import/running.ts';
import type { ImportRowError } from '@edu/sdk';
import type { Culture } from '../localization/texts.ts';
import {
  blanksInStem,
  blanksOf,
  difficultyOf,
  formatTexts,
  keysOf,
  labelOf,
  questionTypeOf,
  textToHtml,
  textToInline,
  trueFalseOf,
  type QuestionDraft,
  type SubQuestionDraft,
} from './question-format.ts';

/**
 * The Chinese Word/TXT question format (EduSoho / codeages exam-parser, see
 * EXAM-DOMAIN.md section 2), read from plain text (a .txt file, or a .docx's
 * paragraphs through mammoth):
 *
 *     1、中国的首都是？              numbered 1、 (or 1. 1．)
 *     A. 北京  B. 上海               options A. A、 A． (several on a line allowed)
 *     【答案】A                      keys ABC, 正确/错误, or a text (简答)
 *     【解析】……  【难度】简单  【分数】2
 *     2、《静夜思》的作者是[[李白|李太白]]。   blanks in the stem: 填空
 *     【材料题开始】 passage lines, then numbered sub-questions 【材料题结束】
 *
 * The type follows from the content unless a `【题型】` line names it.
 * Problems are reported per question with its number and line.
 */

export interface DocumentQuestion {
  draft: QuestionDraft;
  /** For a material question: each sub-question's number and line (errors under `subQuestions[i]`). */
  subs: Array<{ question: number; line: number }>;
}

type Field = 'stem' | 'option' | 'answer' | 'analysis' | 'other';

interface Block {
  number: number;
  line: number;
  stem: string[];
  options: string[];
  answer: string[] | null;
  analysis: string[] | null;
  difficulty: string | null;
  score: string | null;
  type: string | null;
  field: Field;
}

const NUMBERED = /^(\d{1,5})\s*(?:、|[.．](?!\d))\s*(.*)$/;
const OPTION = /^([A-Ja-j])\s*[.．、:：)）]\s*(.*)$/;
const TAG = /^(?:【\s*(答案|解析|难度|分数|题型)\s*】|(答案|解析|难度|分数|题型)\s*[:：])\s*(.*)$/;
const MATERIAL_START = /^【\s*材料题开始\s*】\s*(.*)$/;
const MATERIAL_END = /^【\s*材料题结束\s*】\s*$/;
/** Section headings (一、单项选择题) carry no question. */
const HEADING = /^[一二三四五六七八九十]+\s*[、.．]/;

/** Options written on one line (`A. 北京  B. 上海`): split where the next label follows in sequence. */
function splitOptions(line: string): string[] {
  const out: string[] = [];
  let rest = line;
  const first = OPTION.exec(rest);
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

const newBlock = (number: number, line: number, text: string): Block => ({
  number,
  line,
  stem: text ? [text] : [],
  options: [],
  answer: null,
  analysis: null,
  difficulty: null,
  score: null,
  type: null,
  field: 'stem',
});

/** Adds one line to the question being read. */
function addLine(b: Block, text: string): void {
  const tag = TAG.exec(text);
  if (tag) {
    const name = tag[1] ?? tag[2];
    const value = (tag[3] ?? '').trim();
    if (name === '答案') {
      b.answer = value ? [value] : [];
      b.field = 'answer';
    } else if (name === '解析') {
      b.analysis = value ? [value] : [];
      b.field = 'analysis';
    } else {
      if (name === '难度') b.difficulty = value;
      else if (name === '分数') b.score = value;
      else b.type = value;
      b.field = 'other';
    }
    return;
  }
  if (OPTION.test(text) && (b.field === 'stem' || b.field === 'option')) {
    for (const part of splitOptions(text)) b.options.push((OPTION.exec(part)?.[2] ?? part).trim());
    b.field = 'option';
    return;
  }
  // A continuation line belongs to whatever was being written.
  if (b.field === 'stem') b.stem.push(text);
  else if (b.field === 'option' && b.options.length) b.options[b.options.length - 1] += `\n${text}`;
  else if (b.field === 'answer') b.answer?.push(text);
  else if (b.field === 'analysis') b.analysis?.push(text);
  else b.stem.push(text);
}

type Reading = { draft: SubQuestionDraft & { difficulty?: 1 | 2 | 3 }; errors: Array<{ column: string | null; reason: string }> };

/** A block as a question draft, the type inferred, with what could not be read. */
function draftOf(b: Block, culture: Culture): Reading {
  const T = formatTexts[culture];
  const errors: Reading['errors'] = [];
  const stemText = b.stem.join('\n');
  const answer = (b.answer ?? []).join('\n').trim();
  const marked = blanksInStem(stemText);
  const named = b.type ? questionTypeOf(b.type) : null;
  if (b.type && named === null) errors.push({ column: '【题型】', reason: T.unknownType(b.type) });
  const tf = trueFalseOf(answer);
  const keys = b.options.length ? keysOf(answer, b.options.length) : null;
  const type: QuestionType =
    named ?? (marked ? 4 : b.options.length ? (keys && 'keys' in keys && keys.keys.length > 1 ? 2 : 1) : tf !== null ? 3 : 5);
  const options = b.options.map((o) => ({ content: textToInline(o), isCorrect: false }));
  const draft: Reading['draft'] = {
    questionType: type,
    stem: textToHtml(marked && type === 4 ? marked.stem : stemText),
    analysis: b.analysis?.length ? textToHtml(b.analysis.join('\n')) : null,
    options,
  };
  if (!stemText.trim()) errors.push({ column: null, reason: T.missingStem });
  if (b.difficulty !== null) {
    const d = difficultyOf(b.difficulty);
    if (d === null) errors.push({ column: '【难度】', reason: T.unknownDifficulty(b.difficulty) });
    else draft.difficulty = d;
  }
  if (b.score !== null) {
    const n = Number(b.score.normalize('NFKC').replace(/分$/, ''));
    if (!b.score || !Number.isFinite(n)) errors.push({ column: '【分数】', reason: T.notANumber(b.score) });
    else draft.score = n;
  }
  const needsAnswer = type !== 4;
  if (needsAnswer && !answer) errors.push({ column: null, reason: T.missingAnswer });
  else if (type === 1 || type === 2) {
    if (keys && 'bad' in keys) errors.push({ column: '【答案】', reason: T.badKey(keys.bad) });
    else if (keys) for (const k of keys.keys) options[k] = { ...options[k]!, isCorrect: true };
  } else if (type === 3) {
    if (tf === null) errors.push({ column: '【答案】', reason: T.badTrueFalse(answer) });
    else draft.trueFalseAnswer = tf;
  } else if (type === 4) draft.blanks = marked?.blanks ?? (answer ? blanksOf(answer) : []);
  else if (type === 5) draft.referenceAnswer = answer;
  return { draft, errors };
}

export interface DocumentParse {
  items: Array<ImportItem<DocumentQuestion>>;
  /** A problem with the document as a whole (no numbers, nothing found): a 400 on `file`. */
  fileProblem: string | null;
}

/**
 * Reads the questions of a document's text. `base` is what every question
 * gets (category, chapter, bank).
 */
export function parseQuestionDocument(
  text: string,
  base: Pick<QuestionDraft, 'categoryId' | 'chapterTypeId' | 'isUniversity'>,
  culture: Culture,
): DocumentParse {
  const T = formatTexts[culture];
  const lines = text.replace(/^\uFEFF/, '').split(/\r\n|\r|\n/);
  const items: Array<ImportItem<DocumentQuestion>> = [];
  let current: Block | null = null;
  // `own` gathers the material's own 【难度】/【解析】, written after the passage and before the first sub-question.
  let material: { line: number; passage: string[]; blocks: Block[]; own: Block } | null = null;
  let sawTag = false;
  const fileErrors: ImportRowError[] = [];

  const flush = () => {
    if (!current) return;
    if (material) material.blocks.push(current);
    else items.push(itemOf(current));
    current = null;
  };
  const itemOf = (b: Block): ImportItem<DocumentQuestion> => {
    const r = draftOf(b, culture);
    const errors = r.errors.map((e) => rowError(culture, { row: b.line, column: e.column, question: b.number, reason: e.reason }));
    const { difficulty, ...rest } = r.draft;
    const draft: QuestionDraft = { ...base, ...rest, difficulty: difficulty ?? 2 };
    return { row: b.line, question: b.number, label: labelOf(b.stem.join(' ')), input: errors.length ? null : { draft, subs: [] }, errors };
  };
  const closeMaterial = (m: NonNullable<typeof material>) => {
    const passage = m.passage.join('\n');
    const first = m.blocks[0];
    const errors: ImportRowError[] = [];
    if (!first) {
      errors.push(rowError(culture, { row: m.line, column: null, question: null, reason: T.emptyMaterial }));
      items.push({ row: m.line, question: null, label: labelOf(passage), input: null, errors });
      return;
    }
    const subs = m.blocks.map((b) => {
      const r = draftOf(b, culture);
      errors.push(...r.errors.map((e) => rowError(culture, { row: b.line, column: e.column, question: b.number, reason: e.reason })));
      const { difficulty: _d, ...sub } = r.draft;
      return sub;
    });
    if (!passage.trim()) errors.push(rowError(culture, { row: m.line, column: null, question: first.number, reason: T.missingStem }));
    const difficulty = m.own.difficulty === null ? 2 : difficultyOf(m.own.difficulty);
    if (difficulty === null)
      errors.push(
        rowError(culture, { row: m.line, column: '【难度】', question: first.number, reason: T.unknownDifficulty(m.own.difficulty ?? '') }),
      );
    const analysis = m.own.analysis?.length ? textToHtml(m.own.analysis.join('\n')) : null;
    const draft: QuestionDraft = { ...base, questionType: 6, stem: textToHtml(passage), analysis, difficulty: difficulty ?? 2, subQuestions: subs };
    items.push({
      row: m.line,
      question: first.number,
      label: labelOf(passage),
      input: errors.length ? null : { draft, subs: m.blocks.map((b) => ({ question: b.number, line: b.line })) },
      errors,
    });
  };

  lines.forEach((raw, i) => {
    const lineNo = i + 1;
    const line = raw.replace(/\u00a0/g, ' ').trim();
    if (!line) return;
    const start = MATERIAL_START.exec(line);
    if (start) {
      flush();
      if (material) fileErrors.push(rowError(culture, { row: lineNo, column: null, reason: T.nestedMaterial }));
      else material = { line: lineNo, passage: start[1] ? [start[1]] : [], blocks: [], own: newBlock(0, lineNo, '') };
      return;
    }
    if (MATERIAL_END.test(line)) {
      flush();
      if (!material) fileErrors.push(rowError(culture, { row: lineNo, column: null, reason: T.strayMaterialEnd }));
      else closeMaterial(material);
      material = null;
      return;
    }
    if (TAG.test(line)) sawTag = true;
    const numbered = NUMBERED.exec(line);
    if (numbered) {
      flush();
      current = newBlock(Number(numbered[1]), lineNo, (numbered[2] ?? '').trim());
      return;
    }
    if (current) addLine(current, line);
    else if (material) {
      if (TAG.test(line) || material.own.field !== 'stem') addLine(material.own, line);
      else material.passage.push(line);
    }
    // Lines before the first question (titles, section headings) carry no question.
    else if (HEADING.test(line)) return;
  });
  flush();
  if (material) {
    const m: { line: number } = material;
    fileErrors.push(rowError(culture, { row: m.line, column: null, reason: T.unclosedMaterial }));
  }

  if (!items.length) return { items, fileProblem: sawTag ? T.noNumbers : T.noQuestions };
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
    if (s) place = { question: s.question, row: s.line };
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
