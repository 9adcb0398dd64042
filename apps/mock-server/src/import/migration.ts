import { OPTION_LABELS, type ImportRowPreview } from '@edu/sdk';
import { rowError } from '../kit/import/cells.ts';
import type { ImportItem } from '../kit/import/running.ts';
import type { Culture } from '../localization/text-tables.ts';
import type { DocumentQuestion, DocumentReading } from './question-document.ts';
import { labelOf, type QuestionDraft } from './question-format.ts';

/**
 * What the migration formats (Moodle GIFT and Aiken, IMS QTI 2.1) share: a
 * question read from them becomes the same item as a Word/TXT question
 * (`DocumentQuestion`: the draft, its place, how it was read), so the import
 * job, its dry run and its per-question report are the Word format's own.
 */

export type Base = Pick<QuestionDraft, 'categoryId' | 'chapterTypeId' | 'isUniversity'>;

/** A question as read, or what kept it from being read, with its place in the file. */
export interface MigrationQuestion {
  /** Its position among the file's questions (1-based). */
  question: number;
  /** First and last line (1-based) in its file. */
  from: number;
  to: number;
  /** The question's text for the result grid. */
  label: string;
  /** The draft (without the base), or the reasons it could not be read. */
  draft: Omit<QuestionDraft, keyof Base> | null;
  problems: Array<{ column: string | null; reason: string }>;
}

/** The answer as the dry run shows it: keys, 正确/错误, blanks, the reference text. */
function shownAnswer(d: Omit<QuestionDraft, keyof Base>): string {
  if (d.questionType === 3) return d.trueFalseAnswer ? '正确' : '错误';
  if (d.questionType === 4) return (d.blanks ?? []).map((b) => b.answers.join('|')).join('；');
  if (d.questionType === 5) return d.referenceAnswer ?? '';
  return (d.options ?? []).map((o, i) => (o.isCorrect ? OPTION_LABELS[i] : '')).join('');
}

/** The import item of a migrated question, its preview showing the file's lines `from`–`to`. */
export function migrationItem(q: MigrationQuestion, base: Base, lines: readonly string[], culture: Culture): ImportItem<DocumentQuestion> {
  const errors = q.problems.map((p) => rowError(culture, { row: q.from, column: p.column, question: q.question, reason: p.reason }));
  const draft = q.draft;
  const reading: DocumentReading | null = draft
    ? {
        from: q.from,
        to: q.to,
        questionType: draft.questionType,
        indefinite: false,
        answer: shownAnswer(draft),
        blanks: draft.questionType === 4 ? (draft.blanks?.length ?? 0) : 0,
        score: draft.score ?? null,
      }
    : null;
  const preview: ImportRowPreview | undefined = reading
    ? {
        questionType: reading.questionType,
        indefinite: false,
        answer: reading.answer,
        blanks: reading.blanks,
        score: reading.score,
        lines: lines.slice(q.from - 1, q.to).map((text, i) => ({ line: q.from + i, text })),
      }
    : undefined;
  return {
    row: q.from,
    question: q.question,
    label: labelOf(q.label),
    input: draft && !errors.length && reading ? { draft: { ...base, ...draft }, subs: [], reading } : null,
    errors,
    ...(preview ? { preview } : {}),
  };
}
