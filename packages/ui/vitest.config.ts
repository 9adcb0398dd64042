import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    environment: 'happy-dom',
    setupFiles: ['./vitest.setup.ts'],
    include: ['src/**/*.test.{ts,tsx}'],
    // Generous: CI machines have two cores shared by every package's tests.
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
