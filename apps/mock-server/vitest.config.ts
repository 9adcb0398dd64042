import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    environment: 'node',
    // Every core (vitest's default leaves one free); `pnpm test` runs the browser suite only after this one.
    maxWorkers: availableParallelism(),
    // Network-level tests (real sockets, PBKDF2) need more than the 5 s default on slow CI machines.
    testTimeout: 180_000,
    // Each file migrates and seeds a fresh SQLite database in beforeAll; slow on a busy 2-core machine.
    hookTimeout: 180_000,
  },
});
