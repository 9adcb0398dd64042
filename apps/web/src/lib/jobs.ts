import { useEffect } from 'react';
import { BackgroundJobDto, JOB_PROGRESS_METHOD, isJobFinished, jobReport, type FileDto } from '@edu/sdk';
import type { AbpError } from '@edu/sdk';
import { api } from './client.ts';
import { useApi } from './use-api.ts';

/**
 * Following a background job (an import, a large export) from the console:
 * progress arrives pushed over the hub (`jobProgress`, a BackgroundJobDto for
 * its owner) and, as a fallback when the hub is off or reconnecting, by
 * polling `BackgroundJob/GetJob` until the job has ended.
 */

type Listener = (job: BackgroundJobDto) => void;
const listeners = new Set<Listener>();

/** Hands a `jobProgress` push to the jobs being followed; anything malformed is ignored. */
export function publishJobProgress(payload: unknown): void {
  const parsed = BackgroundJobDto.safeParse(payload);
  if (!parsed.success) return;
  for (const l of listeners) l(parsed.data);
}

/** Subscribes to job pushes; returns the unsubscribe. */
export function subscribeJobProgress(listener: Listener): () => void {
  listeners.add(listener);
  return () => void listeners.delete(listener);
}

/** What a hub connection needs to forward job pushes: `attachJobProgress(connection)` once after building it. */
export function attachJobProgress(connection: { on(method: string, handler: (payload: unknown) => void): void }): void {
  connection.on(JOB_PROGRESS_METHOD, publishJobProgress);
}

/** Polling period while a job runs (pushes make it faster when the hub is up). */
export const JOB_POLL_MS = 2_000;

export interface JobState {
  job: BackgroundJobDto | undefined;
  error: AbpError | undefined;
  /** Succeeded or failed: nothing more will come. */
  finished: boolean;
  /** The rejected-rows report of a finished job, if any. */
  report: FileDto | null;
}

/** Follows one job (null: none yet) until it ends. */
export function useJob(jobId: number | null, options: { pollMs?: number } = {}): JobState {
  const pollMs = options.pollMs ?? JOB_POLL_MS;
  const { data, error, mutate } = useApi(api.backgroundJob.getJob, jobId === null ? null : { Id: jobId }, {
    refreshInterval: (latest) => (latest && isJobFinished(latest) ? 0 : pollMs),
  });
  useEffect(() => {
    if (jobId === null) return;
    return subscribeJobProgress((job) => {
      if (job.id !== jobId) return;
      // Pushes can overtake a poll's answer: never step back from a later state or progress.
      void mutate(
        (current) => (current && (current.state > job.state || (current.state === job.state && current.progress > job.progress)) ? current : job),
        {
          revalidate: false,
        },
      );
    });
  }, [jobId, mutate]);
  return { job: data, error, finished: data ? isJobFinished(data) : false, report: data ? jobReport(data) : null };
}
