/**
 * The console's languages and how a culture maps to one. Kept apart from
 * i18next (lib/i18n.ts) so that boot, sign-in and the visitor's login page use
 * them without loading it.
 */

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
