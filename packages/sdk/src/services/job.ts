import { z } from 'zod';
import { defineService } from '../core/define-service.ts';
import { abpEnum } from '../core/enums.ts';
import { FileDto } from '../core/files.ts';
import { AbpDateTime, IdQuery, paged } from '../core/schemas.ts';

/** Where a background job is: queued, running, then succeeded or failed. */
export const BackgroundJobState = abpEnum({ Queued: 0, Running: 1, Succeeded: 2, Failed: 3 }, 'Background job state');
export type BackgroundJobState = z.infer<typeof BackgroundJobState>;

/**
 * A long-running job started by a request (an import, a large export) and run
 * on the server; the owner polls it here and receives `jobProgress` pushes over
 * the hub (same payload) and a notification when it ends.
 * - `progress` 0..100; `message` the last progress text;
 * - `result`: the job's JSON result once succeeded. By convention a job that
 *   rejects some rows puts a `FileDto` of them under `result.report`
 *   (`jobReport(job)` reads it);
 * - `error`: the failure text shown to the user once failed.
 */
export const BackgroundJobDto = z.object({
  id: z.number().int(),
  /** The job definition's name, e.g. `User.ImportFromExcel`. */
  name: z.string(),
  state: BackgroundJobState,
  progress: z.number().int().min(0).max(100),
  message: z.string().nullable(),
  result: z.unknown(),
  error: z.string().nullable(),
  creationTime: AbpDateTime,
  startTime: AbpDateTime.nullable(),
  endTime: AbpDateTime.nullable(),
});
export type BackgroundJobDto = z.infer<typeof BackgroundJobDto>;

/** The hub method that pushes a `BackgroundJobDto` to its owner on every change. */
export const JOB_PROGRESS_METHOD = 'jobProgress';

/** The rejected-rows report of a finished job, if its result carries one. */
export function jobReport(job: Pick<BackgroundJobDto, 'result'>): FileDto | null {
  const r = job.result;
  if (!r || typeof r !== 'object' || !('report' in r)) return null;
  const parsed = FileDto.safeParse(r.report);
  return parsed.success ? parsed.data : null;
}

/** Whether a job has ended (no more progress will come). */
export const isJobFinished = (job: Pick<BackgroundJobDto, 'state'>) =>
  job.state === BackgroundJobState.values.Succeeded || job.state === BackgroundJobState.values.Failed;

/**
 * Extension (not in the spec; named after ABP's `BackgroundJobInfo`): the
 * caller's own jobs. Jobs are started by the endpoint whose work they do (an
 * import answers at once and runs as a job); these calls poll them. Only the
 * owner (same tenant, same user) sees a job; another's id is a 404.
 */
export const BackgroundJobService = defineService(
  'BackgroundJob',
  {
    GetJob: { input: IdQuery, output: BackgroundJobDto, extension: true },
    GetMyJobs: {
      input: z.object({
        /** Only jobs in this state. */
        State: BackgroundJobState.optional(),
        SkipCount: z.number().int().min(0).default(0),
        MaxResultCount: z.number().int().min(1).max(100).default(10),
      }),
      output: paged(BackgroundJobDto),
      extension: true,
      summary: 'The caller’s jobs, newest first',
    },
  },
  { access: 'authenticated' },
);
