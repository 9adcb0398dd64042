import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    environment: 'node',
    // Migrating and seeding a fresh SQLite file is slow on a busy 2-core machine.
    testTimeout: 60000,
    hookTimeout: 60000,
  },
});
