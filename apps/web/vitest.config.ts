import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { chakraPartsAlias } from './chakra-parts.ts';

export default defineConfig({
  plugins: [react()],
  resolve: { alias: [chakraPartsAlias] },
  test: {
    environment: 'happy-dom',
    setupFiles: ['./src/test/setup.ts'],
    include: ['src/**/*.test.{ts,tsx}'],
    // Generous: CI machines have two cores shared by every package's tests.
    testTimeout: 30_000,
    hookTimeout: 60_000,
    css: false,
  },
});
