import type { AppLanguage } from './language.ts';
import { setTextSource, type TextValues } from './texts.ts';

type Texts = Readonly<Record<string, string>>;

/** One small file per language (built by apps/web/visitor-texts.ts), fetched when that language is shown. */
const files: Record<AppLanguage, () => Promise<{ default: Texts }>> = {
  'zh-CN': () => import('virtual:visitor-texts/zh-CN'),
  en: () => import('virtual:visitor-texts/en'),
};

/** Fills `{{name}}` as i18next does (no escaping: React escapes); a placeholder without a value stays as written. */
export function interpolate(text: string, values?: TextValues): string {
  if (!values) return text;
  return text.replace(/\{\{\s*(\w+)\s*\}\}/g, (whole, name: string) => {
    const value = values[name];
    return typeof value === 'string' || typeof value === 'number' ? String(value) : whole;
  });
}

/** `t` over one language's texts: a missing key reads as itself, as i18next's does. */
export const lookup =
  (texts: () => Texts) =>
  (key: string, values?: TextValues): string =>
    interpolate(texts()[key] ?? key, values);

/**
 * The signed-out visitor's text source (lib/texts.ts): the language's small
 * file through `lookup`, and the other language's file on a switch. Loads
 * the first language's file before it resolves.
 */
export async function installVisitorTexts(lng: AppLanguage): Promise<void> {
  let language: AppLanguage = lng;
  let texts = (await files[lng]()).default;
  const listeners = new Set<() => void>();
  setTextSource({
    get language() {
      return language;
    },
    t: lookup(() => texts),
    async changeLanguage(next) {
      texts = (await files[next]()).default;
      language = next;
      for (const listener of listeners) listener();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  });
}
