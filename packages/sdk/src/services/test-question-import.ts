import { z } from 'zod';
import type { EndpointOptions } from '../core/define-service.ts';
import { FileContent, MB, fileField } from '../core/files.ts';
import { ImportOptions } from '../core/imports.ts';
import { BackgroundJobDto } from './job.ts';

/**
 * Question import (题目导入), extensions of the TestQuestion service (not in
 * the spec; what every Chinese bank's users ask for). See docs/architecture/imports.md,
 * "Questions (bank)".
 *
 * `GetQuestionImportTemplate` downloads the Excel template (`题目导入模板.xlsx`):
 * the header row, drop-down lists for 题型 and 难度, and two example rows per
 * type, in Chinese. Its columns (Chinese header; English aliases accepted):
 * - 题型 (Type): 单选 / 多选 / 判断 / 填空 / 简答 (also 单选题 …, or 1–5); material
 *   questions come only through Word/TXT;
 * - 题干 (Stem), required;
 * - 选项A … 选项J (Option A … Option J): the options in order, the first empty one ends them;
 * - 答案 (Answer): choice keys run together (`ABC`, also `A,B,C`); 判断
 *   正确/错误/对/错/√/×/T/F; 填空 one blank per `;` (also `；`), alternatives
 *   of a blank separated by `|` (`北京|北京市;长江`); 简答 the reference answer;
 * - 解析 (Analysis), optional;
 * - 难度 (Difficulty): 简单 / 一般 / 困难 (or 1–3), default 一般;
 * - 分数 (Score): 0–100 in half points, default 2;
 * - 章节 (Chapter): optional, the name of a chapter of the chosen category
 *   (when given it wins over `chapterTypeId`).
 *
 * `ImportQuestions` uploads an `.xlsx`, `.csv` (UTF-8 with or without BOM, or
 * GBK), `.docx` or `.txt` (UTF-8) file into `categoryId` (a question category
 * the caller may manage), optionally a chapter (`chapterTypeId`) and the
 * university bank (`isUniversity`, needs `Pages.Questions.UniversityQuestion`;
 * the standard bank needs `Pages.Questions.TestQuestion`). It answers the
 * started `BackgroundJobDto` at once; the job's result is an `ImportResult`
 * (`importResultOf(job)`), with errors by row and column (Excel/CSV) or by
 * question number and line (Word/TXT). A file the server cannot read as a
 * whole is a 400 on `file` (no job). Every question passes exactly the rules
 * of `CreateQuestion`; imported questions are the uploader's, pending review
 * (as a create), with their duplicate fingerprint; a question whose
 * fingerprint equals a live question of the tenant, or an earlier question of
 * the file, is skipped as a duplicate.
 *
 * The Word/TXT format: questions numbered `1、`
 * (or `1.` `1．`), options `A.` `A、` `A．`, `【答案】ABC`, blanks written
 * `[[答案|别名]]` in the stem, `【解析】`, `【难度】`, `【分数】`; the type follows
 * from the content (blanks: 填空; answer 正确/错误: 判断; one key: 单选; several:
 * 多选; no options but an answer: 简答); material questions between
 * `【材料题开始】` and `【材料题结束】`: the passage, then its numbered
 * sub-questions. Word's automatic numbering must be off.
 */

/** Largest import file. */
export const QUESTION_IMPORT_MAX_BYTES = 20 * MB;
/** Accepted files: Excel and CSV (one row per question), Word and TXT (the Chinese numbered format). `.xls`/`.doc` are refused with a hint to save in the newer format. */
export const QUESTION_IMPORT_TYPES = ['.xlsx', '.csv', '.docx', '.txt', '.gift', '.xml', '.zip', '.xls', '.doc'] as const;

export const ImportQuestionsInput = ImportOptions.extend({
  file: fileField({ maxBytes: QUESTION_IMPORT_MAX_BYTES, accept: QUESTION_IMPORT_TYPES }),
  /** The question category (class type 3) the questions land in. */
  categoryId: z.number().int().min(1),
  /** A chapter (knowledge point) of that category for every question; a row's 章节 column wins. */
  chapterTypeId: z.number().int().min(1).optional(),
  /** Into the university bank. */
  isUniversity: z.boolean().default(false),
});
export type ImportQuestionsInput = z.input<typeof ImportQuestionsInput>;

/** The template's download input: nothing (one template for both banks). */
export const QuestionImportTemplateInput = z.object({});

/** The import calls, spread at the end of the TestQuestion service (same path prefix, same bank permissions). */
export const questionImportEndpoints = {
  GetQuestionImportTemplate: {
    input: QuestionImportTemplateInput,
    output: FileContent,
    response: 'file',
    extension: true,
    summary: 'The Excel template for question import (题目导入模板.xlsx)',
  },
  ImportQuestions: {
    input: ImportQuestionsInput,
    output: BackgroundJobDto,
    extension: true,
    summary: 'Imports questions from Excel/CSV/Word/TXT as a background job (dry run or commit)',
  },
} as const satisfies Record<string, EndpointOptions>;
