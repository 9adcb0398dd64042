import { defineConfig } from 'vitest/config';
import { testWorkers } from './support/parallel.ts';

/**
 * The browser suite alone: `pnpm --filter @edu/tests exec vitest run --config e2e/vitest.config.ts`.
 * `pnpm test` runs it through tests/vitest.config.ts (which includes e2e/**).
 * As there, each vitest worker starts one mock server (a seeded SQLite file,
 * the built web app from apps/web/dist) and one Chromium, and runs its files
 * one after another on them, each file on the seeded data again
 * (`TEST_WORKERS=1`: one worker).
 */
export default defineConfig({
  test: {
    root: new URL('.', import.meta.url).pathname,
    environment: '../support/environment.ts',
    include: ['**/*.test.ts'],
    isolate: false,
    // Empties the axe scan log (e2e/support/axe.ts) before the run.
    globalSetup: ['../support/global-setup.ts'],
    // A safety net, not a speed check: files run side by side with the other tasks on two cores.
    testTimeout: 120_000,
    hookTimeout: 120_000,
    pool: 'forks',
    fileParallelism: testWorkers > 1,
    maxWorkers: testWorkers,
  },
});
