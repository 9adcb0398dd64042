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
 * Seconds each browser file took in a CI run on the two-core machine (the
 * contract files take a few seconds each). The files start heaviest first, so
 * the longest is never the one left running alone at the end; vitest's own
 * order needs its results cache, which a clean clone lacks (it then sorts by
 * file size, and the longest file started seventh). Only the order matters:
 * re-measure when a file's weight changes a lot (`.ci/summary.mjs` lists the
 * slowest files). `parallel.test.ts` checks every browser file is listed.
 */
export const FILE_SECONDS: Readonly<Record<string, number>> = {
  'a11y.test.ts': 354,
  'content.test.ts': 274,
  'questions.test.ts': 263,
  'new-user.test.ts': 249,
  'papers.test.ts': 191,
  'shell.test.ts': 182,
  'members.test.ts': 105,
  'audit.test.ts': 64,
  'inbox.test.ts': 62,
  'feedback.test.ts': 56,
  'deployed.test.ts': 47,
  'site-messages.test.ts': 46,
  'questionnaire.test.ts': 45,
  'formats.test.ts': 38,
  'answer-question.test.ts': 35,
  'users.test.ts': 31,
  'permission-preview.test.ts': 25,
  'lessons.test.ts': 24,
  'keyboard.test.ts': 22,
  'site-language.test.ts': 22,
  'question-review.test.ts': 15,
  'first-load.test.ts': 7,
  'server.test.ts': 1,
  'parallel.test.ts': 1,
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
