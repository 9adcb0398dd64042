import { availableParallelism, setPriority } from 'node:os';
import { defineConfig } from 'vitest/config';

/**
 * Under `pnpm test` this CPU-bound suite shares the cores with the browser
 * suite, whose pages wait on timeouts: it runs at a lower priority (the
 * workers inherit it), so it takes what the browser suite leaves, and on every
 * core (vitest's default leaves one free).
 */
setPriority(10);

export default defineConfig({
  test: {
    environment: 'node',
    maxWorkers: availableParallelism(),
    // Network-level tests (real sockets, PBKDF2) need more than the 5 s default on slow CI machines.
    testTimeout: 180_000,
    // Each file migrates and seeds a fresh SQLite database in beforeAll; slow on a busy 2-core machine.
    hookTimeout: 180_000,
  },
});
