import { useSyncExternalStore } from 'react';
import type { AppLanguage } from './language.ts';

/** Values put into a text's `{{name}}` placeholders. */
export type TextValues = Readonly<Record<string, unknown>>;

/**
 * Where the texts come from: i18next with every locale file once signed in
 * (lib/i18n.ts), or the visitor's own small file through a plain lookup
 * (lib/visitor-texts.ts), so that the login page loads no i18next. What a
 * visitor renders (the login page, the root providers, the error modal, the
 * session dialog, the connection banner, the language menu, the tenant
 * dialog) reads its texts here.
 */
export interface TextSource {
  readonly language: string;
  readonly t: (key: string, values?: TextValues) => string;
  /** Loads the language's texts, then switches to it. */
  readonly changeLanguage: (lng: AppLanguage) => Promise<void>;
  /** Calls `listener` after each language change; returns the unsubscribe. */
  readonly subscribe: (listener: () => void) => () => void;
}

let source: TextSource | null = null;

/** Installs the source (once, before the first render; main.tsx and the test setup). */
export function setTextSource(next: TextSource): void {
  source = next;
}

export function textSource(): TextSource {
  if (!source) throw new Error('No text source: lib/i18n.ts or lib/visitor-texts.ts installs one before the first render');
  return source;
}

/** The current language and its `t`; renders again when the language changes. */
export function useTexts(): { t: TextSource['t']; language: string } {
  const s = textSource();
  const language = useSyncExternalStore(s.subscribe, () => s.language);
  return { t: s.t, language };
}
