import { defineConfig } from 'vitest/config';
import { BrowserFilesFirst, testWorkers } from './e2e/support/parallel.ts';

/** Contract and browser files side by side (see e2e/support/parallel.ts). */
export default defineConfig({
  test: {
    // Node's, closing what a worker's files shared when the worker stops (support/environment.ts).
    environment: './support/environment.ts',
    include: ['contract/**/*.test.ts', 'e2e/**/*.test.ts', 'support/**/*.test.ts'],
    // A worker runs its files one after another with one module cache: one mock server and one Chromium per worker (support/worker.ts).
    isolate: false,
    // Empties the axe scan log (e2e/support/axe.ts) and the CPU log (support/cpu.ts) before the run.
    globalSetup: ['./support/global-setup.ts'],
    // Each file's CPU (its worker's process tree, Chromium included) for .ci/summary.mjs.
    setupFiles: ['./support/cpu-by-file.ts'],
    // A safety net, not a speed check: files run side by side with the other tasks on two cores.
    testTimeout: 120_000,
    hookTimeout: 120_000,
    // expect.poll waits for the page; its 1 s default is shorter than a busy 2-core machine's pauses.
    expect: { poll: { timeout: 15_000 } },
    pool: 'forks',
    fileParallelism: testWorkers > 1,
    maxWorkers: testWorkers,
    sequence: { sequencer: BrowserFilesFirst },
  },
});
