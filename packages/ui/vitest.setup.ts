import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterAll, afterEach, vi } from 'vitest';
import { toaster } from './src/toaster.tsx';

afterEach(() => cleanup());

// Files share their worker's modules (vitest.config.ts): what one leaves in module state is undone after it.
afterAll(() => {
  toaster.remove();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});
