import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    environment: 'happy-dom',
    setupFiles: ['./vitest.setup.ts'],
    include: ['src/**/*.test.{ts,tsx}'],
    // Files share their worker's modules instead of importing React and Chakra anew each (most of the suite's CPU
    // time); each still gets its own DOM, and vitest.setup.ts undoes what a file leaves in module state. No file mocks
    // a module (one that does would need isolation, as in apps/web/vitest.config.ts).
    isolate: false,
    // Generous: CI machines have two cores shared by every package's tests.
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
