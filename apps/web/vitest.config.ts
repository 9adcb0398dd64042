import { readdirSync, readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { configDefaults, defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { chakraPartsAlias } from './chakra-parts.ts';
import { visitorTexts } from './visitor-texts.ts';

/**
 * Test files that replace a module (`vi.mock`): they run isolated, since a module replaced for one file must not be
 * the one (or be bypassed by the one) another file of the same worker already imported. Found by reading the files,
 * so a new file that mocks is isolated without a list to keep.
 */
const mockingFiles = readdirSync(new URL('./src', import.meta.url), { recursive: true, encoding: 'utf8' })
  .filter((file) => /\.test\.tsx?$/.test(file))
  .map((file) => `src/${file.split('\\').join('/')}`)
  .filter((file) => /\bvi\.(do)?[mM]ock\(/.test(readFileSync(new URL(`./${file}`, import.meta.url), 'utf8')));

export default defineConfig({
  plugins: [react(), visitorTexts()],
  resolve: { alias: [chakraPartsAlias] },
  test: {
    environment: 'happy-dom',
    // Every core (vitest's default leaves one free); `pnpm test` runs the browser suite only after this one.
    maxWorkers: availableParallelism(),
    setupFiles: ['./src/test/setup.ts'],
    // Files share their worker's modules instead of importing React, Chakra, i18next and the app anew each: importing
    // and setting them up was about four fifths of the suite's CPU time. Each file still gets its own DOM (environment),
    // its own React roots (cleanup after each test) and the setup file's language, storage and timer resets
    // (src/test/setup.ts); files that mock modules run isolated (the `isolated` project below).
    projects: [
      // (`include` is per project: a project's arrays are added to the root's, not put in their place.)
      {
        extends: true,
        test: {
          name: 'shared',
          include: ['src/**/*.test.{ts,tsx}', '*.test.ts'],
          isolate: false,
          exclude: [...configDefaults.exclude, ...mockingFiles],
        },
      },
      { extends: true, test: { name: 'isolated', include: mockingFiles } },
    ],
    // A safety net, not a speed check: the two cores are shared with lint and the other suites.
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
