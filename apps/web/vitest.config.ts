import { availableParallelism, setPriority } from 'node:os';
import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { chakraPartsAlias } from './chakra-parts.ts';

/**
 * Under `pnpm test` this CPU-bound suite shares the cores with the browser
 * suite, whose pages wait on timeouts: it runs at a lower priority (the
 * workers inherit it), so it takes what the browser suite leaves, and on every
 * core (vitest's default leaves one free).
 */
setPriority(10);

export default defineConfig({
  plugins: [react()],
  resolve: { alias: [chakraPartsAlias] },
  test: {
    environment: 'happy-dom',
    maxWorkers: availableParallelism(),
    setupFiles: ['./src/test/setup.ts'],
    include: ['src/**/*.test.{ts,tsx}'],
    // Generous: CI machines have two cores shared by every package's tests.
    // A safety net: under `pnpm test` this suite runs at a lower priority beside the browser files, and a lazy import can wait minutes for CPU.
    testTimeout: 180_000,
    hookTimeout: 180_000,
    css: false,
  },
});
