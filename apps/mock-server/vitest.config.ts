import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    environment: 'node',
    // Network-level tests (real sockets, PBKDF2) need more than the 5 s default on slow CI machines.
    testTimeout: 30000,
    // Each file migrates and seeds a fresh SQLite database in beforeAll; slow on a busy 2-core machine.
    hookTimeout: 60000,
  },
});
