import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { getCultureCookie } from './cookies.ts';

/** The languages of the console; the first is the default. */
export const LANGUAGES = ['zh-CN', 'en'] as const;
export type AppLanguage = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: AppLanguage = 'zh-CN';

/** ABP's language names for `User/ChangeLanguage` and the culture cookie. */
export const ABP_LANGUAGE: Record<AppLanguage, 'zh-Hans' | 'en'> = { 'zh-CN': 'zh-Hans', en: 'en' };

/** Maps a culture (`zh-Hans`, `zh-CN`, `en-US`, `c=en|uic=en`, ...) to a console language; anything else is the default. */
export function toAppLanguage(culture: string | null | undefined): AppLanguage {
  const c = (culture ?? '').replace(/^c=/, '').split('|')[0]!.toLowerCase();
  if (c.startsWith('en')) return 'en';
  return DEFAULT_LANGUAGE;
}

type Dict = Record<string, unknown>;
const isDict = (v: unknown): v is Dict => typeof v === 'object' && v !== null && !Array.isArray(v);

function merge(into: Dict, from: Dict): Dict {
  for (const [k, v] of Object.entries(from)) into[k] = isDict(v) && isDict(into[k]) ? merge({ ...into[k] }, v) : v;
  return into;
}

/**
 * Every `locales/<lng>/*.json`, deep-merged into one `translation` namespace per
 * language. Files own disjoint top-level keys (common.json: shell; admin.json: screens).
 */
export function buildResources(files: Record<string, unknown>): Record<string, { translation: Dict }> {
  const out: Record<string, { translation: Dict }> = {};
  for (const [path, content] of Object.entries(files)) {
    const m = /locales\/([^/]+)\/[^/]+\.json$/.exec(path);
    if (!m || !isDict(content)) continue;
    const lng = m[1]!;
    out[lng] ??= { translation: {} };
    merge(out[lng].translation, content);
  }
  return out;
}

const files = import.meta.glob('../locales/*/*.json', { eager: true, import: 'default' });

void i18n.use(initReactI18next).init({
  resources: buildResources(files),
  lng: toAppLanguage(getCultureCookie()),
  fallbackLng: DEFAULT_LANGUAGE,
  supportedLngs: [...LANGUAGES],
  interpolation: { escapeValue: false },
  returnNull: false,
  initAsync: false,
});

export default i18n;
