import type { ImportItem } from '../kit/import/running.ts';
import { type Culture, textsIn } from '../localization/texts.ts';
import { linesOfText } from './document-lines.ts';
import { migrationItem, type Base, type MigrationQuestion } from './migration.ts';
import type { DocumentQuestion } from './question-document.ts';
import { BLANK_PLACEHOLDER, textToHtml, textToInline, type QuestionDraft } from './question-format.ts';

/**
 * Moodle's GIFT format (docs.moodle.org "GIFT format"; read as Moodle's
 * qformat_gift reads it): questions separated by blank lines, `//` comment
 * lines and `$CATEGORY:` lines skipped, an optional `::title::`, a text
 * format `[html]` (kept as HTML; `[plain]`, `[moodle]`, `[markdown]` and none
 * read as plain text), the answer part in `{…}`, escapes `\~ \= \# \{ \} \: \\ \n`.
 *
 * - `{}`: essay → 简答 (the bank needs a reference answer, so such a question is reported);
 * - `{T}` `{TRUE}` `{F}` `{FALSE}` → 判断;
 * - `=` right and `~` wrong options → 单选 (one right) or 多选 (`~%50%` weights:
 *   the positive ones are the keys);
 * - only `=` answers → 填空, one blank whose alternatives are the right answers
 *   (`%0%` and the `*` wildcard dropped); text after `}` (the missing-word form)
 *   puts the blank where the braces were, else it ends the stem;
 * - `####text` (general feedback) → 解析; per-answer `#feedback` is dropped;
 * - matching (`->`) and numerical (`{#…}`) are Moodle types the bank has not:
 *   reported per question.
 */

const ESCAPED = /\\([~=#{}:\\n])/g;
/** Private-use stand-ins for escaped characters while the answer part is split. */
const STAND_IN: Record<string, string> = {
  '~': '\uE010',
  '=': '\uE011',
  '#': '\uE012',
  '{': '\uE013',
  '}': '\uE014',
  ':': '\uE015',
  '\\': '\uE016',
  n: '\n',
};
const BACK = new Map(Object.entries(STAND_IN).map(([k, v]) => [v, k === 'n' ? '\n' : k]));
const protect = (s: string) => s.replace(ESCAPED, (_m, c: string) => STAND_IN[c] ?? c);
const restore = (s: string) => s.replace(/[\uE010-\uE016]/g, (c) => BACK.get(c) ?? c);

const FORMAT = /^\s*\[(html|moodle|plain|markdown)\]/i;

/** A text with its `[format]` prefix as the bank's rich text (`html`) or escaped text. */
function richOf(raw: string, inline: boolean): string {
  const m = FORMAT.exec(raw);
  const text = restore(m ? raw.slice(m[0].length) : raw).trim();
  if (m?.[1]?.toLowerCase() === 'html') return text;
  return inline ? textToInline(text) : textToHtml(text);
}

/** The plain words of a text (labels, blank answers). */
const plainOf = (raw: string) =>
  restore(raw.replace(FORMAT, ''))
    .replace(/<[^>]*>/g, '')
    .trim();

interface Answer {
  right: boolean;
  weight: number | null;
  text: string;
}

/** `=a # fb ~%50%b # fb`: the answers in order, feedback dropped. */
function answersOf(part: string): Answer[] {
  const out: Answer[] = [];
  for (const m of part.matchAll(/([=~])([^=~]*)/g)) {
    let text = (m[2] ?? '').replace(/#.*$/s, '');
    let weight: number | null = null;
    const w = /^\s*%(-?\d+(?:\.\d+)?)%/.exec(text);
    if (w) {
      weight = Number(w[1]);
      text = text.slice(w[0].length);
    }
    out.push({ right: m[1] === '=', weight, text: text.trim() });
  }
  return out;
}

type Read = Pick<MigrationQuestion, 'draft' | 'problems' | 'label'>;

/** One question's text (comments removed, lines joined) as a draft. */
function readQuestion(source: string, culture: Culture): Read {
  const T = textsIn(culture);
  let text = protect(source).trim();
  let title = '';
  const titled = /^::(.*?)::/s.exec(text);
  if (titled) {
    title = restore(titled[1] ?? '').trim();
    text = text.slice(titled[0].length);
  }
  const open = text.indexOf('{');
  const close = text.lastIndexOf('}');
  const fail = (reason: string, label = title || plainOf(text)): Read => ({ draft: null, problems: [{ column: null, reason }], label });
  if (open < 0) return fail(T('QuestionImportGiftNoAnswerBlock'));
  if (close < open) return fail(T('QuestionImportGiftUnclosed'));
  const before = text.slice(0, open);
  const after = text.slice(close + 1).trim();
  let part = text.slice(open + 1, close).trim();
  const label = plainOf(before) || title;
  let analysis: string | null = null;
  const general = part.indexOf('####');
  if (general >= 0) {
    analysis = richOf(part.slice(general + 4), false) || null;
    part = part.slice(0, general).trim();
  }
  const format = FORMAT.exec(before)?.[0] ?? '';
  const stemOf = (blank: boolean) => {
    const body = before.slice(format.length).trimEnd();
    const withBlank = blank ? `${body} ${BLANK_PLACEHOLDER}${after ? ` ${after}` : ''}` : after ? `${body} ${after}` : body;
    return richOf(format + withBlank, false);
  };
  const base = { analysis, difficulty: 2 as const };
  if (part === '') return { label, problems: [], draft: { ...base, questionType: 5, stem: stemOf(false), options: [], referenceAnswer: null } };
  if (part.startsWith('#')) return fail(T('QuestionImportGiftUnsupported', 'numerical'), label);
  const tf = /^(T|TRUE|F|FALSE)\s*(#.*)?$/is.exec(part);
  if (tf) {
    const answer = /^T/i.test(tf[1] ?? '');
    return { label, problems: [], draft: { ...base, questionType: 3, stem: stemOf(false), options: [], trueFalseAnswer: answer } };
  }
  const answers = answersOf(part);
  if (answers.some((a) => a.text.includes('->'))) return fail(T('QuestionImportGiftUnsupported', 'matching'), label);
  if (!answers.length) return fail(T('QuestionImportGiftNoAnswerBlock'), label);
  const isRight = (a: Answer) => (a.weight === null ? a.right : a.weight > 0);
  if (answers.every((a) => a.right)) {
    const accepted = answers.filter((a) => isRight(a) && a.text !== '*').map((a) => plainOf(a.text));
    if (!accepted.length) return fail(T('QuestionImportGiftNoCorrect'), label);
    const draft: Omit<QuestionDraft, keyof Base> = { ...base, questionType: 4, stem: stemOf(true), options: [], blanks: [{ answers: accepted }] };
    return { label, problems: [], draft };
  }
  const options = answers.map((a) => ({ content: richOf(a.text, true), isCorrect: isRight(a) }));
  const keys = options.filter((o) => o.isCorrect).length;
  if (!keys) return fail(T('QuestionImportGiftNoCorrect'), label);
  return { label, problems: [], draft: { ...base, questionType: keys > 1 ? 2 : 1, stem: stemOf(after !== ''), options } };
}

/** Whether a text reads as GIFT: a `{…}` answer part after a question, or a `::title::`, outside comments. */
export function looksLikeGift(text: string): boolean {
  const body = text
    .split(/\r?\n/)
    .filter((l) => !/^\s*\/\//.test(l))
    .join('\n');
  return /^\s*::[^\n]*::/m.test(body) || /\{\s*(?:[=~]|T\b|F\b|TRUE\b|FALSE\b|#|\})/i.test(body);
}

/** The questions of a GIFT file, each with its lines; `$CATEGORY:` blocks and comments are skipped. */
export function parseGift(text: string, base: Base, culture: Culture): Array<ImportItem<DocumentQuestion>> {
  const lines = linesOfText(text).map((l) => l.text);
  const items: Array<ImportItem<DocumentQuestion>> = [];
  let block: { from: number; to: number; text: string[] } | null = null;
  const flush = () => {
    if (!block) return;
    const b = block;
    block = null;
    const body = b.text.join('\n').trim();
    if (!body || /^\$CATEGORY:/i.test(body)) return;
    const read = readQuestion(body, culture);
    items.push(migrationItem({ question: items.length + 1, from: b.from, to: b.to, ...read }, base, lines, culture));
  };
  lines.forEach((line, i) => {
    const no = i + 1;
    if (/^\s*\/\//.test(line)) return;
    if (!line.trim()) {
      // A blank line ends a question unless its answer part is still open.
      const open = block ? protect(block.text.join('\n')) : '';
      if (open.lastIndexOf('{') <= open.lastIndexOf('}')) flush();
      return;
    }
    block ??= { from: no, to: no, text: [] };
    block.to = no;
    block.text.push(line);
  });
  flush();
  return items;
}
