import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { chakraPartsAlias } from './chakra-parts.ts';
import { visitorTexts } from './visitor-texts.ts';

export default defineConfig({
  plugins: [react(), visitorTexts()],
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
    // Each test file imports the UI libraries anew; bundled once into a single module each (Vite's
    // dependency optimizer) they cost a third of the import time (the suite's CPU time 177 s → 112 s).
    // react-router stays out: a test mocks it, and a mock needs the package's own modules.
    deps: {
      optimizer: {
        client: {
          enabled: true,
          include: [
            '@chakra-ui/react',
            '@emotion/react',
            'react-hook-form',
            '@hookform/resolvers/zod',
            'i18next',
            'react-i18next',
            'swr',
            'zod',
            '@tanstack/react-table',
            '@microsoft/signalr',
          ],
        },
      },
    },
  },
});
