import { reviewableList } from '@edu/sdk';
import i18n, { type BackendModule } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { getCultureCookie } from './cookies.ts';
import { ABP_LANGUAGE, LANGUAGES, toAppLanguage } from './language.ts';
import { setTextSource, type TextSource } from './texts.ts';

export { ABP_LANGUAGE, DEFAULT_LANGUAGE, LANGUAGES, toAppLanguage, type AppLanguage } from './language.ts';

type Dict = Record<string, unknown>;
const isDict = (v: unknown): v is Dict => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Deep merge that copies: i18next extends its store in place, and the store must never hold (and grow) a locale file's own objects. */
function merge(into: Dict, from: Dict): Dict {
  for (const [k, v] of Object.entries(from)) into[k] = isDict(v) ? merge(isDict(into[k]) ? { ...into[k] } : {}, v) : v;
  return into;
}

/** Console language -> entity key -> its title, as the SDK's reviewables declare them (`title`). */
export type EntityTitles = Partial<Record<string, Readonly<Record<string, string>>>>;

/** The titles the SDK's reviewable entities declare, per console language. */
export function declaredEntityTitles(): EntityTitles {
  const out: Record<string, Record<string, string>> = {};
  for (const lng of LANGUAGES)
    out[lng] = Object.fromEntries(reviewableList.flatMap((r) => (r.title ? [[r.clientKey, r.title[ABP_LANGUAGE[lng]]]] : [])));
  return out;
}

/**
 * Where an entity's one display name (`entities.<key>`: the SDK's `title` of a
 * reviewable, unless a locale file writes one) is shown:
 * its menu entry, its list's title, its review-inbox tab and its type in entity
 * histories (by entity name, `OneQuestionPerday`). Each reads the one name
 * unless a locale file gives that place a text of its own.
 */
export const entityNameUses = (key: string): readonly (readonly string[])[] => [
  ['routes', key],
  ['resources', key, 'title'],
  ['review', 'entities', key],
  ['audit', 'history', 'types', `${key.charAt(0).toUpperCase()}${key.slice(1)}`],
];

/**
 * Adds the declared titles no file overrode as `entities.<key>`, then fills each
 * use of an entity's display name that no file wrote with a reference to the
 * name (`$t(entities.<key>)`).
 */
function withEntityNames(translation: Dict, titles: Readonly<Record<string, string>>): Dict {
  const names = isDict(translation.entities) ? translation.entities : {};
  for (const [key, title] of Object.entries(titles)) names[key] ??= title;
  if (Object.keys(names).length === 0) return translation;
  translation.entities = names;
  for (const key of Object.keys(names)) {
    for (const path of entityNameUses(key)) {
      let at = translation;
      for (const part of path.slice(0, -1)) {
        const next = isDict(at[part]) ? at[part] : {};
        at[part] = next;
        at = next;
      }
      at[path.at(-1)!] ??= `$t(entities.${key})`;
    }
  }
  return translation;
}

/**
 * Every `locales/<lng>/*.json`, deep-merged into one `translation` namespace per
 * language, with the entities' titles and the uses of entity names derived (`withEntityNames`). Files own
 * disjoint top-level keys (common.json: shell; admin.json: screens).
 */
export function buildResources(files: Record<string, unknown>, titles: EntityTitles = declaredEntityTitles()): Record<string, { translation: Dict }> {
  const out: Record<string, { translation: Dict }> = {};
  for (const [path, content] of Object.entries(files)) {
    const m = /locales\/([^/]+)\/[^/]+\.json$/.exec(path);
    if (!m || !isDict(content)) continue;
    const lng = m[1]!;
    out[lng] ??= { translation: {} };
    merge(out[lng].translation, content);
  }
  for (const [lng, resources] of Object.entries(out)) withEntityNames(resources.translation, titles[lng] ?? {});
  return out;
}

/** Every locale file, loaded on demand (one chunk each), the files of one language at a time. */
const files = import.meta.glob<unknown>('../locales/*/*.json', { import: 'default' });

/**
 * Loads and merges every file of one language (`buildResources`). Only a
 * signed-in session loads this module (a visitor reads its texts through
 * lib/visitor-texts.ts), so i18next's first read takes every file at once,
 * in one round of requests rather than two.
 */
export async function loadLanguageResources(lng: string): Promise<Dict> {
  const own = Object.entries(files).filter(([path]) => path.includes(`/locales/${lng}/`));
  const loaded = await Promise.all(own.map(async ([path, load]) => [path, await load()] as const));
  return buildResources(Object.fromEntries(loaded))[lng]?.translation ?? {};
}

/** Loads every locale file of the given languages (default the current one); a language already loaded is not fetched again. */
export async function loadAllLocales(languages: readonly string[] = [i18n.language]): Promise<void> {
  await i18n.loadLanguages([...languages]);
}

/** An i18next backend over those files: `changeLanguage` loads the language before it switches. */
const localeBackend: BackendModule = {
  type: 'backend',
  callbackApi: true,
  init: () => undefined,
  read: (lng, _ns, callback) => {
    loadLanguageResources(lng).then(
      (resources) => callback(null, resources),
      (error: unknown) => callback(error instanceof Error ? error : new Error(String(error)), null),
    );
  },
};

void i18n
  .use(localeBackend)
  .use(initReactI18next)
  .init({
    // As boot will choose (the cookie, else the browser's language), so only that language is fetched.
    lng: toAppLanguage(getCultureCookie() ?? (typeof navigator === 'undefined' ? null : navigator.language)),
    // No fallback language: it would be downloaded too. Both languages have the same keys (i18n.test.ts).
    fallbackLng: false,
    supportedLngs: [...LANGUAGES],
    load: 'currentOnly',
    interpolation: { escapeValue: false },
    returnNull: false,
    initAsync: false,
  });

export default i18n;

/** i18next as the text source of what a visitor also renders (lib/texts.ts), installed with this module. */
const i18nextTexts: TextSource = {
  get language() {
    return i18n.language;
  },
  t: (key, values) => i18n.t(key, values),
  changeLanguage: async (lng) => {
    await i18n.changeLanguage(lng);
  },
  subscribe: (listener) => {
    i18n.on('languageChanged', listener);
    return () => i18n.off('languageChanged', listener);
  },
};
setTextSource(i18nextTexts);
