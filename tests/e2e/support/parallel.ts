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
 * Browser files first, the short contract files last so they fill the gaps at
 * the end. Within each group vitest's own order: the longest last time (its
 * results cache), else the largest file.
 */
export class BrowserFilesFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const browser = (f: TestSpecification) => /[/\\]e2e[/\\]/.test(f.moduleId);
    return [...sorted.filter(browser), ...sorted.filter((f) => !browser(f))];
  }
}
