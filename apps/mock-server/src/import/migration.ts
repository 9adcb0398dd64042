import { OPTION_LABELS, type ImportRowPreview } from '@edu/sdk';
import { rowError } from '../kit/import/reading.ts';
import type { ImportItem } from '../kit/import/running.ts';
import type { Culture } from '../localization/texts.ts';
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

export const migrationTexts = {
  'zh-Hans': {
    giftUnsupported: (kind: string) => `不支持 Moodle 的“${kind}”题型，这道题没有导入。`,
    giftNoAnswerBlock: '没有找到答案部分 { … }。',
    giftUnclosed: '答案部分 { 没有对应的 }。',
    giftNoCorrect: '没有标记正确答案（= 或正分值 %50%）。',
    aikenNoQuestion: '选项之前没有题干。',
    aikenFewOptions: '至少需要两个选项。',
    aikenNoAnswer: '缺少 ANSWER: 行。',
    aikenBadAnswer: (v: string) => `ANSWER: ${v} 没有对应的选项。`,
    qtiMalformed: (file: string, line: number, detail: string) => `文件“${file}”第 ${line} 行不是格式正确的 XML：${detail}`,
    qtiDoctype: (file: string) => `文件“${file}”包含文档类型声明（DOCTYPE），出于安全原因不予读取。`,
    qtiNotItem: (file: string, root: string) => `文件“${file}”不是 QTI 2.1 题目（根元素为 <${root}>，应为 <assessmentItem>）。`,
    qtiNoManifest: '压缩包中没有 imsmanifest.xml，不是 IMS 内容包。',
    qtiNoItems: '内容包中没有 QTI 2.1 题目（imsqti_item_xmlv2p1）。',
    qtiMissingFile: (href: string) => `清单 imsmanifest.xml 引用的文件“${href}”不在压缩包中。`,
    qtiUnsupported: (names: string) => `不支持的交互类型：${names}（支持选择、填空和简答）。`,
    qtiNoInteraction: '题目中没有交互（choiceInteraction、textEntryInteraction 或 extendedTextInteraction）。',
    qtiPicture: (alt: string) => `[图片${alt ? `：${alt}` : ''}]`,
    unsupportedFile: '不支持的文件类型：请上传 .xlsx、.csv、.docx、.txt、.gift（Moodle GIFT）、.xml 或 .zip（QTI 2.1）文件。',
    notZip: '无法读取该压缩包，请上传 QTI 2.1 内容包（含 imsmanifest.xml 的 .zip）。',
  },
  en: {
    giftUnsupported: (kind: string) => `Moodle's "${kind}" question type is not supported; the question was not imported.`,
    giftNoAnswerBlock: 'No answer part { … } was found.',
    giftUnclosed: 'The answer part { has no closing }.',
    giftNoCorrect: 'No answer is marked correct (= or a positive weight such as %50%).',
    aikenNoQuestion: 'The options have no question text before them.',
    aikenFewOptions: 'A question needs at least two options.',
    aikenNoAnswer: 'The ANSWER: line is missing.',
    aikenBadAnswer: (v: string) => `ANSWER: ${v} names no option.`,
    qtiMalformed: (file: string, line: number, detail: string) => `"${file}" is not well-formed XML at line ${line}: ${detail}`,
    qtiDoctype: (file: string) => `"${file}" contains a document type declaration (DOCTYPE), which is not read for safety.`,
    qtiNotItem: (file: string, root: string) => `"${file}" is not a QTI 2.1 item (its root is <${root}>, not <assessmentItem>).`,
    qtiNoManifest: 'The ZIP file has no imsmanifest.xml: it is not an IMS content package.',
    qtiNoItems: 'The content package holds no QTI 2.1 items (imsqti_item_xmlv2p1).',
    qtiMissingFile: (href: string) => `The file "${href}" named by imsmanifest.xml is not in the package.`,
    qtiUnsupported: (names: string) => `Unsupported interaction: ${names} (choice, text entry and extended text are supported).`,
    qtiNoInteraction: 'The item has no interaction (choiceInteraction, textEntryInteraction or extendedTextInteraction).',
    qtiPicture: (alt: string) => `[picture${alt ? `: ${alt}` : ''}]`,
    unsupportedFile: 'Unsupported file type: upload an .xlsx, .csv, .docx, .txt, .gift (Moodle GIFT), .xml or .zip (QTI 2.1) file.',
    notZip: 'The ZIP file cannot be read; upload a QTI 2.1 content package (a .zip with imsmanifest.xml).',
  },
} satisfies Record<Culture, unknown>;
