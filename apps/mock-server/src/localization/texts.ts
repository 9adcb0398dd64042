import { flattenPermissions, reviewableList } from '@edu/sdk';
import { TABLE_SOURCES, lookUp, type Culture, type Source, type TextKey } from './text-tables.ts';

export { CULTURES, DEFAULT_CULTURE, EDUCATION_TABLES, type Culture, type TextKey } from './text-tables.ts';

/**
 * The localization sources GetAll reports and the server's own messages use.
 * Abp/AbpWeb/AbpZero carry the framework texts ABP's own responses use
 * (docs/architecture/contract.md, "Errors on the wire"); `Education` is the application's source (spec
 * section 9): the tables of text-tables.ts plus the names made here from the SDK's declarations.
 */
function educationSource(): Source {
  const tables = TABLE_SOURCES.Education!;
  const out: Source = { en: { ...tables.en }, 'zh-Hans': { ...tables['zh-Hans'] } };
  // The reviewables' names and counts from the SDK's review registry.
  for (const r of reviewableList) {
    out.en[`Reviewable:${r.entity}`] = r.displayName.en;
    out['zh-Hans'][`Reviewable:${r.entity}`] = r.displayName['zh-Hans'];
    out.en[`UsedBy:${r.entity}`] = r.countText.en;
    out['zh-Hans'][`UsedBy:${r.entity}`] = r.countText['zh-Hans'];
  }
  for (const node of flattenPermissions()) {
    out.en[`Permission:${node.name}`] = node.displayName.en;
    out['zh-Hans'][`Permission:${node.name}`] = node.displayName['zh-Hans'];
  }
  return out;
}

export const SOURCES: Record<string, Source> = { ...TABLE_SOURCES, Education: educationSource() };

/** The source type names ABP reports for each source. */
export const SOURCE_TYPES: Record<string, string> = {
  Abp: 'DictionaryBasedLocalizationSource',
  AbpWeb: 'DictionaryBasedLocalizationSource',
  AbpZero: 'DictionaryBasedLocalizationSource',
  Education: 'MultiTenantLocalizationSource',
};

/** `L(key, args)` in the given culture, searching the sources in order; `{0}` style arguments. */
export function localize(culture: Culture, key: TextKey, ...args: Array<string | number>): string {
  return lookUp(SOURCES, culture, key, args);
}

/** `localize` bound to a culture, for code that holds a culture rather than a request context (whose `ctx.t` is the same). */
export function textsIn(culture: Culture): (key: TextKey, ...args: Array<string | number>) => string {
  return (key, ...args) => localize(culture, key, ...args);
}

/** Whether a key read from data (the review registry's usage names) is one the sources have. */
export function isTextKey(key: string): key is TextKey {
  return Object.values(SOURCES).some((source) => Object.hasOwn(source.en, key) || Object.hasOwn(source['zh-Hans'], key));
}

/**
 * Resolves a culture name as ASP.NET Core would for our supported set:
 * `zh-CN`, `zh`, `zh-Hans-CN` -> zh-Hans; `en-US` -> en; the cookie form
 * `c=zh-Hans|uic=zh-Hans` is accepted; unknown -> null.
 */
export function resolveCulture(raw: string | undefined | null): Culture | null {
  if (!raw) return null;
  let name = raw.trim();
  const m = /(?:^|\|)uic=([^|]+)/.exec(name) ?? /(?:^|\|)c=([^|]+)/.exec(name);
  if (m?.[1]) name = m[1];
  // A malformed escape (a planted cookie, a hand-made header) is just an unknown culture, never an error.
  let lower: string;
  try {
    lower = decodeURIComponent(name).toLowerCase();
  } catch {
    return null;
  }
  if (lower.startsWith('zh')) return 'zh-Hans';
  if (lower.startsWith('en')) return 'en';
  return null;
}

export const LANGUAGE_DISPLAY: Record<Culture, { displayName: string; icon: string; cultureDisplayName: string }> = {
  'zh-Hans': { displayName: '简体中文', icon: 'famfamfam-flags cn', cultureDisplayName: '中文(简体)' },
  en: { displayName: 'English', icon: 'famfamfam-flags gb', cultureDisplayName: 'English' },
};
