import { z } from 'zod';
import { FileDto } from './files.ts';

/**
 * Imports in the contract (docs/architecture/imports.md, "Flow").
 *
 * An import is a multipart upload (`fileField`) answered at once with the
 * `BackgroundJobDto` of the job that does the work; the job's `result`, once
 * it has succeeded, is an `ImportResult` (parse it with `importResultOf(job)`).
 * Problems with the file as a whole (not a spreadsheet, missing columns, no
 * questions found, too many rows) are a 400 on `file` before any job starts;
 * problems with single rows are listed in the result.
 *
 * - `dryRun` checks every row exactly as a commit would and writes nothing;
 * - `commit` writes the valid rows in one transaction. With `allOrNothing`
 *   (the default) a single invalid row means nothing is written.
 * Rows that duplicate a live record (or an earlier row of the same file) are
 * skipped, never written twice, so re-uploading a file creates nothing new.
 */

/** `dryRun`: check and report, write nothing; `commit`: write the valid rows. */
export const ImportMode = z.enum(['dryRun', 'commit']);
export type ImportMode = z.infer<typeof ImportMode>;

/** The options every import upload takes besides its file and its own fields. */
export const ImportOptions = z.object({
  mode: ImportMode.default('dryRun'),
  /** Commit nothing when any row is invalid (default). False: commit the valid rows and report the others. */
  allOrNothing: z.boolean().default(true),
});

/**
 * One problem of one row. `row` is the spreadsheet's own row number (the
 * header is row 1) or, for a document (Word/TXT), the line where the item
 * starts; `column` is the header text the user sees (or the part of the
 * document, e.g. `【答案】`), null for the row as a whole; `question` is the
 * item's number in a document; `reason` is localized in the request's
 * culture; `message` is the whole sentence with its place, e.g.
 * `第 12 题（第 48 行）：缺少【答案】` or `第 3 行“答案”：单选题只能有一个正确答案`.
 */
export const ImportRowError = z.object({
  row: z.number().int().min(0),
  column: z.string().nullable(),
  question: z.number().int().nullable(),
  reason: z.string(),
  message: z.string(),
});
export type ImportRowError = z.infer<typeof ImportRowError>;

/**
 * What became of a row: `valid` (dry run: would be written), `created`,
 * `invalid` (see `errors`), `duplicate` (not written: same as a live record,
 * `duplicateOfId`, or as an earlier row, `duplicateOfRow`), `notWritten`
 * (valid, but an all-or-nothing commit stopped because of other rows).
 */
export const ImportRowStatus = z.enum(['valid', 'created', 'invalid', 'duplicate', 'notWritten']);
export type ImportRowStatus = z.infer<typeof ImportRowStatus>;

/**
 * How a document question (Word/TXT import) was read, beside its source
 * lines: the dry run's preview. `answer` as read (keys `ACD`, 正确/错误,
 * blanks `北京|北京市；长江`, the reference text); `indefinite`: marked
 * 【不定项选择题】, stored as multiple choice (single choice with one key);
 * `subs`: a material question's sub-questions.
 */
const ImportReading = z.object({
  questionType: z.number().int(),
  indefinite: z.boolean(),
  answer: z.string(),
  blanks: z.number().int().min(0),
  score: z.number().nullable(),
});
export const ImportRowPreview = ImportReading.extend({
  lines: z.array(z.object({ line: z.number().int().min(1), text: z.string() })),
  subs: z.array(ImportReading).optional(),
});
export type ImportRowPreview = z.infer<typeof ImportRowPreview>;

/** A row of the result grid: where, a short label (a question's stem), its status and, once created, its id; a document question's `preview`. */
export const ImportRowDto = z.object({
  row: z.number().int().min(0),
  question: z.number().int().nullable(),
  label: z.string(),
  status: ImportRowStatus,
  createdId: z.number().int().nullable(),
  duplicateOfId: z.number().int().nullable(),
  duplicateOfRow: z.number().int().nullable(),
  preview: ImportRowPreview.optional(),
});
export type ImportRowDto = z.infer<typeof ImportRowDto>;

/** At most this many errors and rows are listed in a result; `errorCount` and `total` give the full counts, the report every rejected row. */
export const IMPORT_LIST_CAP = 1000;

/**
 * The result of an import job (`BackgroundJobDto.result`).
 * - `total`: rows (questions) read; `valid`: rows without errors (duplicates included);
 * - `created`: rows written (0 on a dry run, and on an all-or-nothing commit with errors);
 * - `skippedDuplicates`: valid rows not written because they are duplicates;
 * - `invalidRows`: rows with at least one error; `errorCount`: all errors;
 * - `errors`: the first `IMPORT_LIST_CAP` errors, in row order;
 * - `rows`: the first `IMPORT_LIST_CAP` rows with their status;
 * - `committed`: whether the commit wrote (false on a dry run or when all-or-nothing stopped it);
 * - `report`: an xlsx of the rejected rows with a reason column (`client.download(report)`), when any row was rejected;
 * - `files`: further files an importer makes, by name (member import: `passwords`, the initial passwords of the created users when they were random).
 */
export const ImportResult = z.object({
  mode: ImportMode,
  allOrNothing: z.boolean(),
  fileName: z.string(),
  total: z.number().int().min(0),
  valid: z.number().int().min(0),
  created: z.number().int().min(0),
  skippedDuplicates: z.number().int().min(0),
  invalidRows: z.number().int().min(0),
  errorCount: z.number().int().min(0),
  errors: z.array(ImportRowError),
  rows: z.array(ImportRowDto),
  committed: z.boolean(),
  report: FileDto.optional(),
  files: z.record(z.string(), FileDto).optional(),
});
export type ImportResult = z.infer<typeof ImportResult>;

/** The import result of a finished job, or null while it runs (or if the job was not an import). */
export function importResultOf(job: { result: unknown }): ImportResult | null {
  const parsed = ImportResult.safeParse(job.result);
  return parsed.success ? parsed.data : null;
}
