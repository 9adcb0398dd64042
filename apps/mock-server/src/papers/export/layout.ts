import { isChoiceQuestionType, OPTION_LABELS } from '@edu/sdk';
import { htmlToRuns, textToRuns, type Picture, type Run } from './html-runs.ts';
import type { PaperDocument, PaperRenderModel, RenderQuestion, RenderSection } from './model.ts';

/**
 * The one render: a paper and the document asked for become a list of blocks
 * with every wording, number, score and layout choice decided here (section
 * headers, question numbers, option columns, answer space). The DOCX and PDF
 * writers only typeset blocks, so the two files always say the same thing.
 */

export type Block =
  /** School line, title, the document's name under it (答案与解析, 答题卡), info line (科目、考试时间、满分). */
  | { kind: 'title'; school: string | null; title: string; subtitle: string | null; info: string }
  /** 计分栏: one column per section plus 总分; `total` is the sum of the columns. */
  | { kind: 'scoreTable'; columns: ReadonlyArray<{ label: string; score: number }>; total: number }
  /** 注意事项 / 答题须知: lines as printed, numbers included (`noteLines`). */
  | { kind: 'notes'; heading: string; lines: readonly string[] }
  /** 一、单选题（每小题 2 分，共 10 分）and the section's own note. */
  | { kind: 'sectionHeader'; text: string; description: string | null }
  /** A numbered question, a sub-question (level 1), an answer or an analysis. */
  | { kind: 'paragraph'; level: 0 | 1; runs: readonly Run[] }
  /** Options (or answer-sheet cells) laid out `perLine` to a line, in equal columns. */
  | { kind: 'options'; level: 0 | 1; perLine: 1 | 2 | 4; items: ReadonlyArray<{ label: string; runs: readonly Run[] }> }
  /** Ruled lines to write an answer on. */
  | { kind: 'answerLines'; level: 0 | 1; count: number };

export interface PaperLayout {
  document: PaperDocument;
  /** The file's title (also the PDF's Title metadata). */
  documentTitle: string;
  /** Whether pages carry the 密封线 with 班级 / 学号 / 姓名 (the paper and the answer sheet, not the key). */
  sealLine: boolean;
  blocks: Block[];
}

/** Fields of the 密封线 and the words along it. */
export const SEAL_FIELDS = ['班级', '学号', '姓名'] as const;
export const SEAL_WORDS = '密　封　线　内　不　要　答　题';

/** Body text measures shared by both writers: A4, margins 2 cm (left 3 cm), 10.5 pt (五号). */
export const PAGE = { widthMm: 210, heightMm: 297, topMm: 20, bottomMm: 20, leftMm: 30, rightMm: 20, bodyPt: 10.5 } as const;
const EMS_PER_LINE = (((PAGE.widthMm - PAGE.leftMm - PAGE.rightMm) / 25.4) * 72) / PAGE.bodyPt;

const DOCUMENT_NAMES: Readonly<Record<PaperDocument, string | null>> = { paper: null, answers: '答案与解析', answerSheet: '答题卡' };

/** A score as printed: whole numbers plain, half points with one decimal. */
export const formatScore = (n: number) => (Number.isInteger(n) ? String(n) : n.toFixed(1));

const NUMERALS = ['一', '二', '三', '四', '五', '六', '七', '八', '九', '十'];
/** 一 … 九十九 for a 0-based position. */
export function chineseOrdinal(index: number): string {
  const n = index + 1;
  if (n <= 10) return NUMERALS[n - 1] ?? String(n);
  if (n >= 100) return String(n);
  const tens = Math.floor(n / 10);
  return `${tens === 1 ? '' : (NUMERALS[tens - 1] ?? '')}十${n % 10 ? (NUMERALS[(n % 10) - 1] ?? '') : ''}`;
}

/** The section's name without a leading ordinal the author typed (一、单选题 → 单选题). */
export const sectionName = (title: string) => title.replace(/^\s*[一二三四五六七八九十百]+\s*[、.．]\s*/, '').trim() || title;

/** The score of a question as the paper counts it. */
const sectionTotal = (s: RenderSection) => s.questions.reduce((sum, q) => sum + q.score, 0);

/** 三、判断题（每小题 2 分，共 10 分）; mixed scores: （共 10 分）. */
export function sectionHeaderText(section: RenderSection, index: number): string {
  const scores = new Set(section.questions.map((q) => q.score));
  const total = formatScore(sectionTotal(section));
  const [only] = scores;
  const scoreText = scores.size === 1 && only !== undefined ? `每小题 ${formatScore(only)} 分，共 ${total} 分` : `共 ${total} 分`;
  return `${chineseOrdinal(index)}、${sectionName(section.title)}（${scoreText}）`;
}

/** The printed rule of 不定项 (SDK `choiceAnswerScore`), under the header of a section that has such questions. */
export const INDEFINITE_RULE = '每小题有一个或多个选项符合题意，全部选对得满分，选对但不全得一半分，有选错或不选得 0 分。';

/** A note line the author numbered: `1. `, `1、`, `1．`, `（1）`, `(1)`, `①`. */
const OWN_NUMBER = /^\s*(?:\d{1,2}\s*[.．、)）]|[（(]\d{1,2}[）)]|[\u2460-\u2473])/;

/**
 * The printed lines of 注意事项: as the author wrote them when any line
 * carries its own number (never numbered twice), else numbered 1．2． when
 * there are several.
 */
export function noteLines(notes: readonly string[]): string[] {
  if (notes.length < 2 || notes.some((l) => OWN_NUMBER.test(l))) return [...notes];
  return notes.map((l, i) => `${i + 1}．${l}`);
}

/** A section note that only says what the header says (每小题 2 分，共 24 分) is not printed twice. */
export const restatesScores = (note: string) =>
  /^[（(]?\s*(每小题\s*[\d.]+\s*分\s*[，,、]?\s*)?(共\s*[\d.]+\s*分)?\s*[）)]?[。.]?$/.test(note.trim());

const imageMarkerWidth = 3;

/** Display width in ems: full-width characters 1, others ½, blanks their width. */
export function emWidth(runs: readonly Run[]): number {
  let w = 0;
  for (const r of runs) {
    if (r.kind === 'blank') w += r.width;
    else if (r.kind === 'image') w += r.picture ? r.picture.widthPt / PAGE.bodyPt : imageMarkerWidth;
    // An equation about as wide as what it shows: its LaTeX without commands, braces and script marks, at half an em a character.
    else if (r.kind === 'math') w += Math.max(1, r.latex.replace(/\\[a-zA-Z]+|[{}^_\s]/g, '').length * 0.5);
    else if (r.kind === 'text')
      for (const ch of r.text)
        w += /[\u1100-\u115f\u2e80-\ua4cf\uac00-\ud7a3\uf900-\ufaff\ufe30-\ufe4f\uff00-\uff60\uffe0-\uffe6]|[\u{20000}-\u{3fffd}]/u.test(ch)
          ? 1
          : 0.5;
  }
  return w;
}

/** Four options to a line when each fits a quarter, two when each fits a half, else one; a line break in any forces one. */
export function optionsPerLine(items: ReadonlyArray<{ runs: readonly Run[] }>, level: 0 | 1): 1 | 2 | 4 {
  if (items.some((i) => i.runs.some((r) => r.kind === 'break'))) return 1;
  const width = EMS_PER_LINE - (level ? 2 : 0);
  const widest = Math.max(0, ...items.map((i) => emWidth(i.runs) + 2));
  if (widest <= width / 4 - 0.5) return 4;
  if (widest <= width / 2 - 0.5) return 2;
  return 1;
}

/** Lines of answer space for a short answer: more for a heavier question. */
export const answerLineCount = (score: number) => Math.min(12, 3 + Math.floor(score / 3));

/** Answered by a letter or √/×: choice types (不定项 included) and true/false. */
const answeredByMark = (type: number) => isChoiceQuestionType(type) || type === 3;
const text = (t: string, bold = false): Run => (bold ? { kind: 'text', text: t, bold } : { kind: 'text', text: t });

/** A choice or true/false stem ends with (two full-width spaces in brackets) for the letter, unless it has its own blank or brackets. */
function withAnswerBrackets(q: RenderQuestion, runs: Run[]): Run[] {
  if (!answeredByMark(q.type) || runs.some((r) => r.kind === 'blank')) return runs;
  const last = runs[runs.length - 1];
  if (last?.kind === 'text' && /[（(]\s*[\u3000 ]*\s*[）)]\s*[。.]?$/.test(last.text)) return runs;
  return [...runs, text('（\u3000\u3000）')];
}

/** A fill-in stem shows as many blanks as the question has answers (missing ones go at the end). */
function withBlanks(q: RenderQuestion, runs: Run[]): Run[] {
  const shown = runs.filter((r) => r.kind === 'blank').length;
  const missing = (q.blanks?.length ?? 0) - shown;
  return missing > 0 ? [...runs, ...Array.from({ length: missing }, (): Run => ({ kind: 'blank', width: 5 }))] : runs;
}

/** The number in front of a question: 1． for questions, （1） for sub-questions. */
const numberOf = (n: number, level: 0 | 1) => (level ? `（${n}）` : `${n}．`);

/** Rich text to runs with the paper's pictures. */
type Rich = (html: string) => Run[];

function questionBlocks(rich: Rich, q: RenderQuestion, n: number, level: 0 | 1, showScore: boolean): Block[] {
  const stem = withBlanks(q, withAnswerBrackets(q, rich(q.stem)));
  const head: Run[] = [text(numberOf(n, level)), ...(showScore ? [text(`（${formatScore(q.score)} 分）`)] : []), ...stem];
  const blocks: Block[] = [{ kind: 'paragraph', level, runs: head }];
  if (isChoiceQuestionType(q.type) && q.options.length) {
    const items = q.options.map((o, i) => ({ label: `${OPTION_LABELS[i] ?? o.label}．`, runs: rich(o.content) }));
    blocks.push({ kind: 'options', level, perLine: optionsPerLine(items, level), items });
  }
  if (q.type === 5) blocks.push({ kind: 'answerLines', level, count: answerLineCount(q.score) });
  if (q.type === 6) {
    // Sub-scores are printed only when they add up to the paper's score for the material.
    const subTotal = q.subQuestions.reduce((s, x) => s + x.score, 0);
    q.subQuestions.forEach((sub, i) => blocks.push(...questionBlocks(rich, sub, i + 1, 1, subTotal === q.score)));
  }
  return blocks;
}

/** The key of one question as runs: letters, 正确/错误, blanks in order, or the reference answer. */
export function answerRuns(q: RenderQuestion): Run[] {
  switch (q.type) {
    case 1:
    case 2:
    case 7: {
      const keys = q.options.map((o, i) => (o.isCorrect ? (OPTION_LABELS[i] ?? o.label) : '')).join('');
      return [text(keys || '—')];
    }
    case 3:
      return [text(q.trueFalseAnswer === null ? '—' : q.trueFalseAnswer ? '正确（√）' : '错误（×）')];
    case 4: {
      const blanks = q.blanks ?? [];
      const one = (answers: readonly string[]) =>
        answers.filter(Boolean).join('（或 ') + '）'.repeat(Math.max(0, answers.filter(Boolean).length - 1));
      return textToRuns(blanks.length === 1 ? one(blanks[0] ?? []) : blanks.map((b, i) => `（${i + 1}）${one(b)}`).join('；') || '—');
    }
    case 5:
      return q.referenceAnswer ? textToRuns(q.referenceAnswer) : [text('略')];
    case 6:
      return [];
  }
}

function answerBlocks(rich: Rich, q: RenderQuestion, n: number, level: 0 | 1): Block[] {
  const para = (runs: Run[]): Block => ({ kind: 'paragraph', level, runs });
  const analysis = q.analysis ? rich(q.analysis) : [];
  const analysisRuns: Run[] = analysis.length ? [text('【解析】', true), ...analysis] : [];
  const own = analysisRuns.length ? [para(analysisRuns)] : [];
  const number = text(numberOf(n, level));
  if (q.type === 6) return [para([number]), ...q.subQuestions.flatMap((sub, i) => answerBlocks(rich, sub, i + 1, 1)), ...own];
  if (q.type === 5) return [para([number, text('【参考答案】', true), ...answerRuns(q)]), ...own];
  // A one-line key takes its analysis on the same line, as printed keys do.
  return [para([number, text('【答案】', true), ...answerRuns(q), ...(analysisRuns.length ? [text('\u3000'), ...analysisRuns] : [])])];
}

/** The answer sheet's space for one question: letter boxes, blanks, or lines. */
function sheetBlocks(q: RenderQuestion, label: string, level: 0 | 1): Block[] {
  switch (q.type) {
    case 1:
    case 2:
    case 7:
      return [{ kind: 'paragraph', level, runs: [text(label), text(q.options.map((_o, i) => `［${OPTION_LABELS[i] ?? ''}］`).join(''))] }];
    case 3:
      return [{ kind: 'paragraph', level, runs: [text(label), text('［√］［×］')] }];
    case 4: {
      const blanks = Math.max(1, q.blanks?.length ?? 0);
      const runs: Run[] = [];
      for (let i = 0; i < blanks; i++) runs.push(...(blanks > 1 ? [text(`（${i + 1}）`)] : []), { kind: 'blank', width: 10 }, text('\u3000'));
      return [{ kind: 'paragraph', level, runs: [text(label), ...runs] }];
    }
    case 5:
      return [
        { kind: 'paragraph', level, runs: [text(label)] },
        { kind: 'answerLines', level, count: answerLineCount(q.score) },
      ];
    case 6:
      return [{ kind: 'paragraph', level, runs: [text(label)] }, ...q.subQuestions.flatMap((sub, i) => sheetBlocks(sub, `（${i + 1}）`, 1))];
  }
}

/**
 * Choice answers on the sheet: one cell per question, four to a line, so a
 * marker reads down the columns.
 */
function sheetSection(section: RenderSection, first: number): Block[] {
  const choiceOnly = section.questions.every((q) => answeredByMark(q.type));
  if (!choiceOnly) return section.questions.flatMap((q, i) => sheetBlocks(q, `${first + i}．`, 0));
  const items = section.questions.map((q, i) => ({
    label: `${first + i}．`,
    runs: [text(q.type === 3 ? '［√］［×］' : q.options.map((_o, k) => `［${OPTION_LABELS[k] ?? ''}］`).join(''))],
  }));
  return [{ kind: 'options', level: 0, perLine: optionsPerLine(items, 0) === 1 ? 1 : 2, items }];
}

/** The title block's info line: 科目、考试时间、满分 (homework: 截止时间、班级). */
function infoLine(model: PaperRenderModel, total: number): string {
  const parts = [
    model.subject ? `科目：${model.subject}` : null,
    model.course ? `课程：${model.course}` : null,
    model.examMinutes ? `${model.kind === 'homework' ? '建议用时' : '考试时间'}：${model.examMinutes} 分钟` : null,
    `满分：${formatScore(total)} 分`,
    model.due ? `截止时间：${model.due}` : null,
    model.classNames.length ? `班级：${model.classNames.join('、')}` : null,
  ];
  return parts.filter(Boolean).join('\u3000\u3000');
}

/** Lays out one of the three documents of a paper; `pictures` (by `src`) are the images `images.ts` could embed. */
export function layoutPaper(model: PaperRenderModel, document: PaperDocument, pictures: ReadonlyMap<string, Picture> = new Map()): PaperLayout {
  const rich: Rich = (html) => htmlToRuns(html, pictures);
  const sections = model.sections.filter((s) => s.questions.length > 0);
  const total = sections.reduce((sum, s) => sum + sectionTotal(s), 0);
  const subtitle = DOCUMENT_NAMES[document];
  const documentTitle = subtitle ? `${model.title}（${subtitle}）` : model.title;
  const blocks: Block[] = [{ kind: 'title', school: model.school, title: model.title, subtitle, info: infoLine(model, total) }];
  if (document !== 'answers') {
    blocks.push({ kind: 'scoreTable', columns: sections.map((s, i) => ({ label: chineseOrdinal(i), score: sectionTotal(s) })), total });
  }
  if (document === 'paper' && model.notes.length) blocks.push({ kind: 'notes', heading: '注意事项：', lines: noteLines(model.notes) });
  if (document === 'answerSheet') {
    blocks.push({
      kind: 'notes',
      heading: '答题须知：',
      lines: ['选择题、判断题请将所选答案涂黑或打“√”；其余各题在规定区域内作答，超出区域的答案无效。'],
    });
  }
  let n = 1;
  sections.forEach((section, i) => {
    const own = document === 'answers' || !section.description || restatesScores(section.description) ? null : section.description;
    const indefinite = section.questions.filter((q) => q.type === 7).length;
    const rule =
      document === 'answers' || !indefinite ? null : indefinite === section.questions.length ? INDEFINITE_RULE : `不定项选择题${INDEFINITE_RULE}`;
    const description = own && rule && !own.includes('少选') && !own.includes('不全') ? `${own}${rule}` : (own ?? rule);
    blocks.push({ kind: 'sectionHeader', text: sectionHeaderText(section, i), description });
    const mixed = new Set(section.questions.map((q) => q.score)).size > 1;
    if (document === 'answerSheet') blocks.push(...sheetSection(section, n));
    else
      section.questions.forEach((q, k) =>
        blocks.push(...(document === 'paper' ? questionBlocks(rich, q, n + k, 0, mixed) : answerBlocks(rich, q, n + k, 0))),
      );
    n += section.questions.length;
  });
  return { document, documentTitle, sealLine: document !== 'answers', blocks };
}
