import '@testing-library/jest-dom/vitest';
import i18n, { DEFAULT_LANGUAGE, LANGUAGES, loadAllLocales } from '../lib/i18n.ts';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

// findBy*/waitFor wait for renders; their 1 s default is shorter than a busy 2-core machine's pauses.
configure({ asyncUtilTimeout: 15_000 });

afterEach(() => {
  cleanup();
});

// Locale files load on demand in the app (lib/i18n.ts); tests render at once, so both languages are loaded
// first, and they start in Chinese whatever the DOM's navigator.language says.
await loadAllLocales(LANGUAGES);
await i18n.changeLanguage(DEFAULT_LANGUAGE);
