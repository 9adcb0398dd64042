import path from 'node:path';
import { availableParallelism } from 'node:os';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * How many test files of tests/ run at once: one per vitest worker. Each
 * worker starts one mock server and one Chromium and runs its files one after
 * another on them, the seeded database restored before each file, so no file
 * sees another's data (support/worker.ts). A browser file mostly waits on the
 * page (one file at a time kept about half a core busy), hence one worker more
 * than there are cores. `TEST_WORKERS=1` runs one file at a time.
 */
export const testWorkers = Number(process.env.TEST_WORKERS) || Math.min(4, availableParallelism() + 1);

/**
 * Seconds each browser file took in a run of the whole suite on the two-core
 * machine, loaded by other work (load average about 15; the contract files
 * take a few seconds each). The files start heaviest first, so
 * the longest is never the one left running alone at the end; vitest's own
 * order needs its results cache, which a clean clone lacks (it then sorts by
 * file size, and the longest file started seventh). Only the order matters:
 * re-measure when a file's weight changes a lot (`.ci/summary.mjs` lists the
 * slowest files). `parallel.test.ts` checks every browser file is listed.
 */
export const FILE_SECONDS: Readonly<Record<string, number>> = {
  'a11y.test.ts': 541,
  'questions.test.ts': 251,
  'content.test.ts': 199,
  'papers.test.ts': 177,
  'new-user.test.ts': 162,
  'shell.test.ts': 161,
  'members.test.ts': 82,
  'questionnaire.test.ts': 75,
  'site-messages.test.ts': 73,
  'feedback.test.ts': 68,
  'audit.test.ts': 64,
  'deployed.test.ts': 63,
  'formats.test.ts': 63,
  'inbox.test.ts': 62,
  'answer-question.test.ts': 52,
  'users.test.ts': 52,
  'lessons.test.ts': 34,
  'permission-preview.test.ts': 34,
  'keyboard.test.ts': 26,
  'site-language.test.ts': 24,
  'question-review.test.ts': 21,
  'first-load.test.ts': 8,
  'parallel.test.ts': 1,
  'server.test.ts': 1,
};

/** A browser file missing from FILE_SECONDS (a new one) counts as a long one: started early rather than left for last. */
const UNLISTED_BROWSER_FILE_SECONDS = 120;

const isBrowserFile = (moduleId: string) => /[/\\]e2e[/\\]/.test(moduleId);

/** The weight the sequencer orders a file by: its measured seconds; contract files weigh nothing and fill the gaps at the end. */
export function fileSeconds(moduleId: string): number {
  if (!isBrowserFile(moduleId)) return 0;
  return FILE_SECONDS[path.basename(moduleId)] ?? UNLISTED_BROWSER_FILE_SECONDS;
}

/**
 * Heaviest first (FILE_SECONDS): browser files by their measured time, then
 * the short contract files, in vitest's own order among equals.
 */
export class BrowserFilesFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    // Array.prototype.sort is stable: equal weights keep vitest's order.
    return sorted.sort((a, b) => fileSeconds(b.moduleId) - fileSeconds(a.moduleId));
  }
}
