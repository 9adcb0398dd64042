import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    environment: 'node',
    // Every core (vitest's default leaves one free); `pnpm test` runs the browser suite only after this one.
    maxWorkers: availableParallelism(),
    // Files share their worker's modules instead of importing the server anew each (about half of the suite's CPU went to
    // those imports). Each file still has its own server on its own database copy (useTestApp); state the modules keep
    // is per Prisma client or per app, and the files leave no fake timers or mocks behind.
    isolate: false,
    // The server's test template, built once per run and copied by every file's test app (src/testing/global-setup.ts).
    globalSetup: ['./src/testing/global-setup.ts'],
    // Network-level tests (real sockets, PBKDF2) need more than the 5 s default on slow CI machines.
    testTimeout: 180_000,
    // Each file builds its server on a copy of the template in beforeAll; slow on a busy 2-core machine.
    hookTimeout: 180_000,
    // expect.poll waits for a message over a real socket (the realtime hub); its 1 s default is shorter than the pauses
    // of a process on two cores shared with the browser suite's Chromiums (as in tests/vitest.config.ts).
    expect: { poll: { timeout: 15_000 } },
  },
});
