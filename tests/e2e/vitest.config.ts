import { defineConfig } from 'vitest/config';
import { testWorkers } from './support/parallel.ts';

/**
 * The browser suite alone: `pnpm --filter @edu/tests exec vitest run --config e2e/vitest.config.ts`.
 * `pnpm test` runs it through tests/vitest.config.ts (which includes e2e/**).
 * Each file starts its own mock server on a free port with a fresh SQLite
 * file and the built web app (apps/web/dist), and its own Chromium; files run
 * side by side as in tests/vitest.config.ts (`TEST_WORKERS=1`: one at a time).
 */
export default defineConfig({
  test: {
    root: new URL('.', import.meta.url).pathname,
    environment: 'node',
    include: ['**/*.test.ts'],
    // A safety net, not a speed check: files run side by side with the other tasks on two cores.
    testTimeout: 120_000,
    hookTimeout: 120_000,
    pool: 'forks',
    fileParallelism: testWorkers > 1,
    maxWorkers: testWorkers,
  },
});
