import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import { BackgroundJobState, JOB_PROGRESS_METHOD, jobReport, type BackgroundJobDto, type FileDto } from '@edu/sdk';
import { outsideTransactionScope, type PrismaClient } from '@edu/db';
import { DEFAULT_CULTURE, textsIn, type Culture, type TextKey } from '../localization/texts.ts';
import { withDataFilters } from '../db/data-filters.ts';
import { toValidationErrors, validate } from './bind-input.ts';
import type { FilteredDb } from './context.ts';
import { AbpValidationError, UnauthorizedError, UserFriendlyError } from './errors.ts';
import { saveTempFile, type NewFile } from './files.ts';
import { notifyUser } from './notifier.ts';
import { iso } from './paging.ts';

/**
 * Typed background jobs run in process (after documenso's packages/lib/jobs:
 * a job is a declared definition with an input schema; the runner that
 * executes it is separate). A job's row (`BackgroundJob`) is written when it
 * is started, so it outlives the request that started it and its state can be
 * polled; every progress change is pushed to the owner's hub connections
 * (`jobProgress`, a BackgroundJobDto) and kept in memory while the job runs
 * (an import reports progress from inside its transaction, where a write
 * outside it would wait for that transaction: prisma/src/sqlite.ts), and the
 * row takes the last progress when the job ends; the end is a notification
 * (docs/architecture/files-and-jobs.md, "Background jobs"). Jobs still queued or running when the server
 * stopped are marked failed on the next start.
 */

const S = BackgroundJobState.values;

export interface JobContext {
  readonly app: FastifyInstance;
  readonly jobId: number;
  readonly tenantId: number | null;
  readonly userId: number;
  /** The database as the owner sees it (tenant, soft delete, audit as the owner). */
  readonly db: FilteredDb;
  /** Aborted when the server shuts down; long loops should check it. */
  readonly signal: AbortSignal;
  /** Keeps a file for the owner (e.g. a report of rejected rows) and answers its FileDto. */
  saveTempFile(file: NewFile): Promise<FileDto>;
}

/** Reports progress (0..100, clamped) and an optional text such as "第 120 / 500 行". */
export type ReportProgress = (progress: number, message?: string) => Promise<void>;

export interface JobDefinition<I extends z.ZodType = z.ZodType, R = unknown> {
  /** Unique, stable name stored on the row, e.g. `User.ImportFromExcel`. */
  readonly name: string;
  /** The key of its title in the owner's notifications, e.g. `MemberImportTitle` (导入会员), said in the language the job was started in. */
  readonly title: TextKey;
  readonly input: I;
  /**
   * The work. Its JSON-serializable result is stored and sent with the final
   * notification; put a `report: FileDto` in it for rejected rows. A thrown
   * UserFriendlyError's message is shown to the owner as the failure.
   */
  run(ctx: JobContext, input: z.output<I>, report: ReportProgress): Promise<R>;
}

/** Declares a job; start it with `startJob`. */
export function defineJob<I extends z.ZodType, R>(definition: JobDefinition<I, R>): JobDefinition<I, R> {
  return Object.freeze({ ...definition });
}

type JobRow = NonNullable<Awaited<ReturnType<PrismaClient['backgroundJob']['findUnique']>>>;

const stateOf = (n: number): BackgroundJobState =>
  n === S.Running ? S.Running : n === S.Succeeded ? S.Succeeded : n === S.Failed ? S.Failed : S.Queued;

export function toJobDto(row: JobRow): BackgroundJobDto {
  return {
    id: row.id,
    name: row.name,
    state: stateOf(row.state),
    progress: row.progress,
    message: row.message,
    result: row.result === null ? null : JSON.parse(row.result),
    error: row.error,
    creationTime: iso(row.creationTime),
    startTime: iso(row.startTime),
    endTime: iso(row.endTime),
  };
}

/** Progress pushes at most this often (the last one always goes). */
const PUSH_INTERVAL_MS = 200;
/** How long shutdown waits for aborted jobs to record their end. */
const STOP_WAIT_MS = 5_000;

/** A running job's progress, kept in memory until the job's row records its end. */
interface LiveProgress {
  progress: number;
  message: string | null;
  lastModificationTime: Date;
}

/** Runs jobs in this process and keeps track of them for shutdown. */
export class JobRunner {
  private readonly running = new Map<number, { controller: AbortController; done: Promise<void> }>();
  private readonly live = new Map<number, LiveProgress>();

  constructor(private readonly app: FastifyInstance) {}

  /** Validates the input (400 with `validationErrors` on failure), writes the queued row and schedules the run. */
  async start<I extends z.ZodType, R>(
    owner: { tenantId: number | null; userId: number | null },
    job: JobDefinition<I, R>,
    input: z.input<I>,
    culture: Culture = 'zh-Hans',
  ): Promise<BackgroundJobDto> {
    if (owner.userId === null) throw new UnauthorizedError();
    const parsed = validate(job.input, input, culture);
    if (!parsed.success) throw new AbpValidationError(toValidationErrors(parsed.error, culture));
    const row = await this.app.prisma.backgroundJob.create({
      data: { tenantId: owner.tenantId, userId: owner.userId, name: job.name, input: JSON.stringify(parsed.data ?? null) },
    });
    const controller = new AbortController();
    const userId = owner.userId;
    // Scheduled after the starting request has answered, as a queued job would be.
    const done = new Promise<void>((resolve) => setImmediate(resolve))
      // Never part of a transaction of the starting request, whatever called `start`.
      .then(() =>
        outsideTransactionScope(() => this.execute(job, row.id, { tenantId: owner.tenantId, userId }, parsed.data, controller.signal, culture)),
      )
      // Only bookkeeping can fail here (the job's own errors are recorded); never an unhandled rejection.
      .catch((err: unknown) => this.app.log.error({ err, jobId: row.id }, 'Background job bookkeeping failed'))
      .finally(() => this.running.delete(row.id));
    this.running.set(row.id, { controller, done });
    return toJobDto(row);
  }

  /** A job's row as the console sees it: with its progress so far while it runs. */
  dtoOf(row: JobRow): BackgroundJobDto {
    const live = this.live.get(row.id);
    return toJobDto(live && row.state === S.Running ? { ...row, ...live } : row);
  }

  /** Jobs being run now. */
  get activeCount(): number {
    return this.running.size;
  }

  /** Waits for every running job to finish (tests, shutdown). */
  async idle(): Promise<void> {
    while (this.running.size) await Promise.all([...this.running.values()].map((r) => r.done));
  }

  /** Aborts running jobs and waits briefly for them to record their end. */
  async stop(): Promise<void> {
    for (const r of this.running.values()) r.controller.abort();
    const all = Promise.all([...this.running.values()].map((r) => r.done));
    await Promise.race([all, new Promise((resolve) => setTimeout(resolve, STOP_WAIT_MS).unref())]);
  }

  private push(row: JobRow): void {
    this.app.realtime.push({ userId: row.userId, tenantId: row.tenantId }, JOB_PROGRESS_METHOD, toJobDto(row));
  }

  private async execute<I extends z.ZodType, R>(
    job: JobDefinition<I, R>,
    jobId: number,
    owner: { tenantId: number | null; userId: number },
    input: z.output<I>,
    signal: AbortSignal,
    culture: Culture,
  ): Promise<void> {
    const prisma = this.app.prisma;
    const T = textsIn(culture);
    const started = await prisma.backgroundJob.update({
      where: { id: jobId },
      data: { state: S.Running, startTime: new Date(), lastModificationTime: new Date() },
    });
    this.push(started);

    let last = { progress: 0, message: null as string | null, at: 0 };
    const report: ReportProgress = async (value, message) => {
      const progress = Math.max(0, Math.min(100, Math.round(value)));
      const text = message ?? last.message;
      const now = Date.now();
      if (progress === last.progress && text === last.message) return;
      if (now - last.at < PUSH_INTERVAL_MS && progress < 100) return;
      last = { progress, message: text, at: now };
      const live = { progress, message: text, lastModificationTime: new Date() };
      this.live.set(jobId, live);
      this.push({ ...started, ...live });
    };
    const ctx: JobContext = {
      app: this.app,
      jobId,
      tenantId: owner.tenantId,
      userId: owner.userId,
      db: withDataFilters(prisma, owner),
      signal,
      saveTempFile: (file) => saveTempFile(prisma, owner, file),
    };

    let end: JobRow;
    try {
      const result = await job.run(ctx, input, report);
      end = await prisma.backgroundJob.update({
        where: { id: jobId },
        data: {
          state: S.Succeeded,
          progress: 100,
          message: last.message,
          result: JSON.stringify(result ?? null),
          endTime: new Date(),
          lastModificationTime: new Date(),
        },
      });
    } catch (err) {
      const message = err instanceof UserFriendlyError ? err.message : signal.aborted ? T('JobInterrupted') : T('JobInternalError');
      if (!(err instanceof UserFriendlyError)) this.app.log.error({ err, jobId, job: job.name }, 'Background job failed');
      end = await prisma.backgroundJob.update({
        where: { id: jobId },
        data: {
          state: S.Failed,
          progress: last.progress,
          message: last.message,
          error: message,
          endTime: new Date(),
          lastModificationTime: new Date(),
        },
      });
    } finally {
      this.live.delete(jobId);
    }
    this.push(end);
    await this.notifyEnd(T(job.title), end, T);
  }

  private async notifyEnd(title: string, row: JobRow, T: ReturnType<typeof textsIn>): Promise<void> {
    const dto = toJobDto(row);
    const ok = dto.state === S.Succeeded;
    const report = jobReport(dto);
    await notifyUser(this.app, {
      tenantId: row.tenantId,
      userId: row.userId,
      notificationName: ok ? 'App.BackgroundJobSucceeded' : 'App.BackgroundJobFailed',
      message: ok ? T(report ? 'JobSucceededWithReport' : 'JobSucceeded', title) : T('JobFailed', title, dto.error ?? ''),
      // type 2 = task in the console's notice popover.
      properties: { type: 2, title, jobId: row.id, jobName: row.name, ...(report && { report }) },
      severity: ok ? (report ? 2 : 1) : 3,
      entityTypeName: 'BackgroundJob',
      entityId: row.id,
    });
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    jobs: JobRunner;
  }
}

/**
 * Starts a job for the caller (the owner of its progress and result):
 * `return startJob(ctx, importMembers, { fileId })` from a handler.
 */
export function startJob<I extends z.ZodType, R>(
  ctx: { app: FastifyInstance; session: { tenantId: number | null; userId: number | null }; culture?: Culture },
  job: JobDefinition<I, R>,
  input: z.input<I>,
): Promise<BackgroundJobDto> {
  return ctx.app.jobs.start(ctx.session, job, input, ctx.culture);
}

/** Marks jobs left queued or running by a previous process as failed (said in the default language: the row keeps no culture); returns how many. */
export async function failInterruptedJobs(prisma: PrismaClient): Promise<number> {
  const now = new Date();
  const { count } = await prisma.backgroundJob.updateMany({
    where: { state: { in: [S.Queued, S.Running] } },
    data: { state: S.Failed, error: textsIn(DEFAULT_CULTURE)('JobInterrupted'), endTime: now, lastModificationTime: now },
  });
  return count;
}
