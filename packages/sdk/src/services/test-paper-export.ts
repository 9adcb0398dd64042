import { z } from 'zod';
import type { EndpointOptions } from '../core/define-service.ts';
import { FileContent } from '../core/files.ts';
import { paperAccess } from './test-paper-questions.ts';

/**
 * Paper preview and export (spec: TestQuestion `PreviewTestPaper`,
 * `ExportTestPaper`; shapes inferred). See docs/architecture/questions-and-papers.md,
 * "Printing".
 *
 * One server-side render gives three documents of a paper: `paper` 试题卷 (title block, 计分栏, 注意事项, sections
 * 一、单选题（每小题 2 分，共 10 分）, questions numbered across the paper,
 * options A–D, blanks as underlines, ruled space for short answers, material
 * passages then their sub-questions (1)(2)…), `answers` 答案与解析 (the key
 * per question and the analysis; no 密封线), `answerSheet` 答题卡 (letter
 * boxes for choices, lines for the rest). A4, margins 2 cm with 3 cm on the
 * left, the 密封线 (班级 / 学号 / 姓名) in the left margin of every page of
 * the paper and the sheet, footer 第 x 页 共 y 页.
 *
 * - `ExportTestPaper` downloads the document as `docx` (for teachers who
 *   edit; Word supplies 宋体 and 黑体) or `pdf` (for print; Noto Serif SC
 *   embedded as a subset, so it shows Chinese on any machine). The file is
 *   named after the paper: `<title>.pdf`, `<title>（答案与解析）.docx`,
 *   `<title>（答题卡）.pdf`.
 * - `PreviewTestPaper` answers the PDF itself, inline: preview equals print
 *   because it is the print file (the console shows it in the browser's PDF
 *   viewer).
 *
 * Both read the paper as `TestPaper/Get` does: the paper's cell permission
 * (`paperPermission`) or a reviewer's (`Pages.Administration.Manages`), in
 * the caller's tenant; an unknown paper is a 404. Questions deleted from the
 * bank since the paper was made are left out (the 计分栏 adds up what is
 * printed). Answers come straight from the bank, so the key always matches
 * the questions printed. Pictures uploaded to this site (`/File/GetFile`,
 * PNG or JPEG) are embedded; others print as 【图】 where they go.
 */

/** Which document of the paper: 试题卷, 答案与解析, 答题卡. */
export const PaperExportDocument = z.enum(['paper', 'answers', 'answerSheet']);
export type PaperExportDocument = z.infer<typeof PaperExportDocument>;

/** DOCX for editing, PDF for print. */
export const PaperExportFormat = z.enum(['docx', 'pdf']);
export type PaperExportFormat = z.infer<typeof PaperExportFormat>;

export const PreviewTestPaperInput = z.object({
  id: z.number().int().min(1),
  document: PaperExportDocument.default('paper'),
});
export type PreviewTestPaperInput = z.input<typeof PreviewTestPaperInput>;

export const ExportTestPaperInput = z.object({
  id: z.number().int().min(1),
  format: PaperExportFormat,
  document: PaperExportDocument.default('paper'),
});
export type ExportTestPaperInput = z.input<typeof ExportTestPaperInput>;

/** The preview and export calls, spread into TestQuestionService (same path prefix; access as reading the paper). */
export const paperExportEndpoints = {
  PreviewTestPaper: {
    input: PreviewTestPaperInput,
    output: FileContent,
    response: 'file',
    access: paperAccess,
    inferred: true,
    summary: 'The paper as its print PDF, inline (preview equals print)',
  },
  ExportTestPaper: {
    input: ExportTestPaperInput,
    output: FileContent,
    response: 'file',
    access: paperAccess,
    inferred: true,
    summary: 'Downloads the paper, its answer key or its answer sheet as DOCX or PDF',
  },
} as const satisfies Record<string, EndpointOptions>;
