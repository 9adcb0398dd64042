import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { chakraPartsAlias } from './chakra-parts.ts';

export default defineConfig({
  plugins: [react()],
  resolve: { alias: [chakraPartsAlias] },
  test: {
    environment: 'happy-dom',
    // Every core (vitest's default leaves one free); `pnpm test` runs the browser suite only after this one.
    maxWorkers: availableParallelism(),
    setupFiles: ['./src/test/setup.ts'],
    include: ['src/**/*.test.{ts,tsx}', '*.test.ts'],
    // A safety net, not a speed check: the two cores are shared with lint, typecheck and the other unit suites.
    testTimeout: 180_000,
    hookTimeout: 180_000,
    css: false,
  },
});
