import { OPTION_LABELS } from '@edu/sdk';
import type { ImportItem } from '../kit/import/running.ts';
import { type Culture, textsIn } from '../localization/texts.ts';
import { linesOfText } from './document-lines.ts';
import { migrationItem, type Base, type MigrationQuestion } from './migration.ts';
import type { DocumentQuestion } from './question-document.ts';
import { textToHtml, textToInline } from './question-format.ts';

/**
 * Moodle's Aiken format (read as Moodle's qformat_aiken reads it): the
 * question text on one or more lines, then options `A)` or `A.` (a space
 * after the mark optional), then `ANSWER: B`. Blank lines are ignored; every
 * question is single choice. Text is plain (`<` `&` kept as characters). A
 * question without options, with one option, without its ANSWER line or
 * whose answer names no option is reported with its line; options before any
 * question text likewise.
 */

const OPTION = /^([A-Z])\s*[.)]\s*(.*)$/;
const ANSWER = /^ANSWER\s*:\s*(.*)$/;

/** Whether a text reads as Aiken: some line is `ANSWER: <letter>`. */
export const looksLikeAiken = (text: string) => /^ANSWER\s*:\s*[A-Z]\s*$/m.test(text);

export function parseAiken(text: string, base: Base, culture: Culture): Array<ImportItem<DocumentQuestion>> {
  const T = textsIn(culture);
  const lines = linesOfText(text).map((l) => l.text);
  const items: Array<ImportItem<DocumentQuestion>> = [];
  let q: { from: number; to: number; stem: string[]; options: string[] } | null = null;
  const push = (read: Omit<MigrationQuestion, 'question'>) =>
    items.push(migrationItem({ question: items.length + 1, ...read }, base, lines, culture));
  const unfinished = (reason: string) => {
    if (!q) return;
    push({ from: q.from, to: q.to, label: q.stem.join(' '), draft: null, problems: [{ column: null, reason }] });
    q = null;
  };
  lines.forEach((raw, i) => {
    const no = i + 1;
    const line = raw.trim();
    if (!line) return;
    const answer = ANSWER.exec(line);
    const option = OPTION.exec(line);
    if (answer) {
      if (!q) return push({ from: no, to: no, label: line, draft: null, problems: [{ column: null, reason: T('QuestionImportAikenNoQuestion') }] });
      const cur: { from: number; stem: string[]; options: string[] } = q;
      q = null;
      const key = OPTION_LABELS.indexOf((answer[1] ?? '').trim());
      const problems: MigrationQuestion['problems'] = [];
      if (!cur.stem.length) problems.push({ column: null, reason: T('QuestionImportAikenNoQuestion') });
      else if (cur.options.length < 2) problems.push({ column: null, reason: T('QuestionImportAikenFewOptions') });
      else if (key < 0 || key >= cur.options.length)
        problems.push({ column: 'ANSWER', reason: T('QuestionImportAikenBadAnswer', (answer[1] ?? '').trim()) });
      const draft = problems.length
        ? null
        : {
            questionType: 1 as const,
            stem: textToHtml(cur.stem.join('\n')),
            options: cur.options.map((o, k) => ({ content: textToInline(o), isCorrect: k === key })),
            difficulty: 2 as const,
          };
      return push({ from: cur.from, to: no, label: cur.stem.join(' '), draft, problems });
    }
    if (option && q && (q.options.length > 0 || OPTION_LABELS.indexOf(option[1]!) === 0) && q.stem.length > 0) {
      q.options.push(option[2] ?? '');
      q.to = no;
      return;
    }
    if (option && !q) {
      // Options with no question text: reported once, the rest of the question skipped up to its answer.
      q = { from: no, to: no, stem: [], options: [option[2] ?? ''] };
      return;
    }
    if (q && q.stem.length === 0) {
      q.to = no;
      return;
    }
    // A plain line after options starts another question: the one before never got its answer.
    if (q && q.options.length > 0) unfinished(T('QuestionImportAikenNoAnswer'));
    if (!q) q = { from: no, to: no, stem: [], options: [] };
    q.stem.push(line);
    q.to = no;
  });
  if (q) unfinished(T('QuestionImportAikenNoAnswer'));
  return items;
}
