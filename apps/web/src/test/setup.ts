import '@testing-library/jest-dom/vitest';
import i18n, { DEFAULT_LANGUAGE, LANGUAGES, loadAllLocales } from '../lib/i18n.ts';
import { cleanup, configure } from '@testing-library/react';
import { mutate } from 'swr';
import { afterAll, afterEach, vi } from 'vitest';

// findBy*/waitFor wait for renders; their 1 s default is shorter than a busy 2-core machine's pauses.
configure({ asyncUtilTimeout: 15_000 });

afterEach(() => {
  cleanup();
});

// Files of the `shared` project share their worker's modules (vitest.config.ts), so what a file leaves in module state
// is undone after it: the app's stores, SWR's cache, the toasts, timers, stubbed globals and spies. (The DOM, storage
// and cookies are the environment's, new for every file.)
afterAll(async () => {
  const [{ toaster }, { resetAbpState }, { clearErrors }, { resetConnectivity }, { resetSessionRenewal }] = await Promise.all([
    import('@edu/ui'),
    import('../lib/abp-store.ts'),
    import('../lib/error-queue.ts'),
    import('../lib/connectivity.ts'),
    import('../lib/session-renewal.ts'),
  ]);
  resetAbpState();
  clearErrors();
  resetConnectivity();
  resetSessionRenewal();
  await mutate(() => true, undefined, { revalidate: false });
  toaster.remove();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

// Locale files load on demand in the app (lib/i18n.ts); tests render at once, so both languages are loaded
// first, and they start in Chinese whatever the DOM's navigator.language says.
await loadAllLocales(LANGUAGES);
await i18n.changeLanguage(DEFAULT_LANGUAGE);
