import {
  IMPORT_LIST_CAP,
  type FileDto,
  type ImportMode,
  type ImportResult,
  type ImportRowDto,
  type ImportRowError,
  type ImportRowPreview,
} from '@edu/sdk';
import { z } from 'zod';
import { forgetPrismaDebugHistory } from '@edu/db';
import { type Culture, type TextKey, textsIn } from '../../localization/texts.ts';
import type { RequestContext } from '../context.ts';
import { AbpValidationError, UserFriendlyError } from '../errors.ts';
import { defineJob, startJob, type JobContext, type ReportProgress } from '../jobs.ts';
import { holdImportSlot, readPool } from './read-pool.ts';
import { rowError } from './cells.ts';
import { reportWorkbook, type RejectedRow as RowState } from './workbooks.ts';

/**
 * Running an import (see reading.ts for the whole mechanism):
 * `startImport(ctx, importer, items, options)` starts a job (kit/jobs.ts)
 * that checks every item with the importer's own rules, marks duplicates,
 * and on `commit` writes the valid, new items in ONE transaction.
 */

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** One thing to import (a sheet row, a document's question) with what reading already found wrong with it. */
export interface ImportItem<T> {
  /** Sheet row, or the line a document item starts on. */
  row: number;
  /** A document item's number (null for sheet rows). */
  question: number | null;
  /** A short text for the result grid (a question's stem). */
  label: string;
  /** The input to check; null when reading already failed (see `errors`). */
  input: T | null;
  errors: ImportRowError[];
  /** The row's cells as the file has them (sheets), for the report; documents use place and label. */
  cells?: string[];
  /** A document question's source lines and how it was read (the dry run's preview). */
  preview?: ImportRowPreview;
}

export interface Importer<T, P> {
  /** Job name (`TestQuestion.Import`) and the key of its notification's title (`JobTitleQuestionImport`, 导入题目). */
  readonly name: string;
  readonly title: TextKey;
  /**
   * The item's checks exactly as the create endpoint makes them, writing
   * nothing; an `AbpValidationError` becomes the item's errors (through
   * `locate`), a `UserFriendlyError` one error on the row. `key` identifies
   * duplicates (null: never a duplicate).
   */
  check(input: T, ctx: RequestContext): Promise<{ value: P; key: string | null }>;
  /** Ids of live records having these keys (one query per chunk). */
  existing(keys: string[], ctx: RequestContext): Promise<Map<string, number>>;
  /**
   * Writes checked items inside the import's one transaction (a batch of at
   * most `WRITE_BATCH`, never holding two with the same key); answers the new
   * ids in order. A batch write is what makes thousands of rows take seconds.
   */
  write(batch: ReadonlyArray<{ input: T; value: P }>, tx: RequestContext): Promise<number[]>;
  /** Where a validation member (`options[1].isCorrect`) is in the file: the column header, and for documents the question and line. */
  locate(member: string | null, item: ImportItem<T>, culture: Culture): { column: string | null; question?: number | null; row?: number };
  /** Further files of the result (`ImportResult.files`), made once the run has ended (e.g. the initial passwords of created users). */
  files?(jobCtx: Pick<JobContext, 'saveTempFile'>, committed: boolean): Promise<Record<string, FileDto> | undefined>;
  /**
   * Places what the run produced somewhere else as well (imported questions
   * into a paper), given every row's outcome and checked value. On a commit
   * that writes it runs inside the import's one transaction after the writes
   * (`commit` true; created ids set), so both land or neither, and it runs
   * even when every row was a duplicate; otherwise (dry run, stopped commit)
   * it only answers what would happen (`commit` false, write nothing).
   * `changed`: it wrote (a commit of duplicates only is then `committed`);
   * `result` is merged into the import's result (its own members, e.g. `paper`).
   */
  place?(
    outcomes: ReadonlyArray<{ row: ImportRowDto; value: P | null }>,
    ctx: RequestContext,
    commit: boolean,
  ): Promise<{ changed: boolean; result: Record<string, unknown> }>;
}

export const ImportJobInput = z.object({
  fileName: z.string(),
  mode: z.enum(['dryRun', 'commit']),
  allOrNothing: z.boolean(),
  items: z.number().int().min(0),
  /** What the importer records about the run (category, bank, ...). */
  target: z.record(z.string(), z.unknown()).default({}),
});

/**
 * Imports of at least this many rows end the idle read workers as their job starts. Beside a large import's peak a
 * worker's heap matters (about 30 MB after a 10,000-row sheet); after a small file it is a few MB, and starting a
 * worker again for the next upload costs more than that saves (ended after every import, the server suite's import
 * files spent twice their CPU: a worker run under tsx loads the TypeScript again).
 */
export const ENDS_IDLE_READERS_FROM_ROWS = 1_000;

/**
 * Starts the import job and answers its `BackgroundJobDto`. The items are
 * read by the handler (file-level problems are its 400); the job checks,
 * deduplicates and writes them with the caller's context, in the caller's
 * culture. The file's items live in memory until the job ends (a restarted
 * server marks the job failed, as every job). The job counts among the
 * tenant's imports at once while it runs (read-pool.ts).
 */
export function startImport<T, P>(
  ctx: RequestContext,
  importer: Importer<T, P>,
  items: ReadonlyArray<ImportItem<T>>,
  options: { fileName: string; mode: ImportMode; allOrNothing: boolean; headers?: string[]; target?: Record<string, unknown> },
) {
  const release = holdImportSlot(ctx.session.tenantId);
  // One definition per run: the job needs this request's context (permissions, culture) and items.
  const job = defineJob({
    name: importer.name,
    title: importer.title,
    input: ImportJobInput,
    run: (jobCtx, input, report) => {
      // The file is read: a large file's read worker would otherwise keep its heap beside the job's whole peak (read-pool.ts).
      if (items.length >= ENDS_IDLE_READERS_FROM_ROWS) readPool().endWhenIdle();
      return runImport(ctx, jobCtx, importer, items, { ...input, headers: options.headers }, report).finally(release);
    },
  });
  return startJob(ctx, job, {
    fileName: options.fileName,
    mode: options.mode,
    allOrNothing: options.allOrNothing,
    items: items.length,
    target: options.target,
  }).catch((err: unknown) => {
    release();
    throw err;
  });
}

const PROGRESS_EVERY = 50;
/**
 * The check gives the request loop back after this much of it (ms): checking 10,000 rows is seconds of
 * one task otherwise, and the requests beside it, the pool's timers and V8's incremental marking wait that long.
 */
export const CHECK_SLICE_MS = 20;
const yieldToLoop = () => new Promise<void>((resolve) => setImmediate(resolve));
/** Items per write statement batch. */
export const WRITE_BATCH = 200;

/** The import's work: check, deduplicate, write in one transaction, report. Exported for tests that run it without a job. */
export async function runImport<T, P>(
  ctx: RequestContext,
  jobCtx: Pick<JobContext, 'signal' | 'saveTempFile'>,
  importer: Importer<T, P>,
  items: ReadonlyArray<ImportItem<T>>,
  options: { fileName: string; mode: ImportMode; allOrNothing: boolean; headers?: string[] },
  report: ReportProgress,
): Promise<ImportResult> {
  const culture = ctx.culture;
  const T = textsIn(culture);
  const commit = options.mode === 'commit';
  const n = items.length;
  // Checking is most of the work: all of a dry run, 90 % of a commit.
  const checkShare = commit ? 90 : 100;

  const states: RowState[] = [];
  const checked: Array<{ state: RowState; input: T; value: P; key: string | null }> = [];
  let sliceStart = performance.now();
  for (let i = 0; i < n; i++) {
    if (performance.now() - sliceStart >= CHECK_SLICE_MS) {
      await yieldToLoop();
      sliceStart = performance.now();
    }
    if (jobCtx.signal.aborted) throw new UserFriendlyError(T('ImportInterrupted'));
    const item = items[i]!;
    const state: RowState = {
      row: item.row,
      question: item.question,
      label: item.label,
      status: 'invalid',
      createdId: null,
      duplicateOfId: null,
      duplicateOfRow: null,
      errors: [...item.errors],
      cells: item.cells,
      ...(item.preview ? { preview: item.preview } : {}),
    };
    states.push(state);
    if (item.input !== null && !item.errors.length) {
      try {
        const { value, key } = await importer.check(item.input, ctx);
        state.status = 'valid';
        checked.push({ state, input: item.input, value, key });
      } catch (err) {
        state.errors.push(...errorsOf(err, item, importer, culture));
      }
    }
    if (i % PROGRESS_EVERY === 0 || i === n - 1) await report(((i + 1) / n) * checkShare, T('ImportProgressCheck', i + 1, n));
  }

  // Duplicates: of an earlier item of the file, then of a live record.
  const firstRowOfKey = new Map<string, number>();
  const keys = [...new Set(checked.flatMap((c) => (c.key === null ? [] : [c.key])))];
  const existing = new Map<string, number>();
  for (let i = 0; i < keys.length; i += 500) for (const [k, id] of await importer.existing(keys.slice(i, i + 500), ctx)) existing.set(k, id);
  const toWrite: typeof checked = [];
  for (const c of checked) {
    if (c.key !== null) {
      const earlier = firstRowOfKey.get(c.key);
      const live = existing.get(c.key);
      if (earlier !== undefined) {
        c.state.status = 'duplicate';
        c.state.duplicateOfRow = earlier;
        continue;
      }
      firstRowOfKey.set(c.key, c.state.row);
      if (live !== undefined) {
        c.state.status = 'duplicate';
        c.state.duplicateOfId = live;
        continue;
      }
    }
    toWrite.push(c);
  }

  const invalidRows = states.filter((s) => s.status === 'invalid').length;
  const valueOf = new Map(checked.map((c) => [c.state, c.value]));
  const outcomes = () => states.map((s) => ({ row: s, value: valueOf.get(s) ?? null }));
  let placed: { changed: boolean; result: Record<string, unknown> } | undefined;
  const writes = commit && !(options.allOrNothing && invalidRows > 0) && (toWrite.length > 0 || importer.place !== undefined);
  if (writes) {
    await ctx.transaction(async (tx) => {
      for (let i = 0; i < toWrite.length; i += WRITE_BATCH) {
        if (jobCtx.signal.aborted) throw new UserFriendlyError(T('ImportInterruptedNothingWritten'));
        const batch = toWrite.slice(i, i + WRITE_BATCH);
        const ids = await importer.write(batch, tx);
        // The batch's Prisma calls would stay in Prisma's debug history with their values (prisma/src/debug-history.ts).
        forgetPrismaDebugHistory();
        batch.forEach((w, j) => {
          w.state.createdId = ids[j] ?? null;
          w.state.status = 'created';
        });
        const done = i + batch.length;
        await report(checkShare + (done / toWrite.length) * (100 - checkShare), T('ImportProgressWrite', done, toWrite.length));
      }
      placed = await importer.place?.(outcomes(), tx, true);
    });
    forgetPrismaDebugHistory();
  } else if (commit) for (const w of toWrite) w.state.status = 'notWritten';
  if (!writes) placed = await importer.place?.(outcomes(), ctx, false);
  const committed = writes && (toWrite.length > 0 || placed?.changed === true);

  const errors = states.flatMap((s) => s.errors);
  const rejected = states.filter((s) => s.status === 'invalid' || s.status === 'duplicate');
  const result: ImportResult = {
    mode: options.mode,
    allOrNothing: options.allOrNothing,
    fileName: options.fileName,
    total: n,
    valid: n - invalidRows,
    created: states.filter((s) => s.status === 'created').length,
    skippedDuplicates: states.filter((s) => s.status === 'duplicate').length,
    invalidRows,
    errorCount: errors.length,
    errors: errors.slice(0, IMPORT_LIST_CAP),
    rows: states.slice(0, IMPORT_LIST_CAP).map(({ errors: _e, cells: _c, ...row }) => row),
    committed,
  };
  if (rejected.length) {
    const bytes = await reportWorkbook(rejected, options.headers, culture);
    const base = options.fileName.replace(/\.[^.]+$/, '');
    result.report = await jobCtx.saveTempFile({ fileName: T('ImportReportName', base), contentType: XLSX_TYPE, bytes });
  }
  const files = await importer.files?.(jobCtx, committed);
  if (files && Object.keys(files).length) result.files = files;
  await report(100);
  return placed ? { ...placed.result, ...result } : result;
}

/** An item's errors from what `check` threw; anything else is a bug and fails the job. */
function errorsOf<T>(err: unknown, item: ImportItem<T>, importer: Importer<T, unknown>, culture: Culture): ImportRowError[] {
  if (err instanceof AbpValidationError) {
    return err.validationErrors.map((e) => {
      const at = importer.locate(e.members?.[0] ?? null, item, culture);
      return rowError(culture, { row: at.row ?? item.row, column: at.column, question: at.question ?? item.question, reason: e.message });
    });
  }
  if (err instanceof UserFriendlyError) return [rowError(culture, { row: item.row, column: null, question: item.question, reason: err.message })];
  throw err;
}
