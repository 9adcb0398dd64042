import { describe, expect, it } from 'vitest';
import i18n, { LANGUAGES } from '../lib/i18n.ts';
import en from './en/common.json';
import zh from './zh-CN/common.json';

/** Where an entity's display name is shown: its menu entry, its list's title, the review inbox's type. */
const usesOf = (key: string) => [`routes.${key}`, `resources.${key}.title`, `review.entities.${key}`];

describe('entity display names', () => {
  it('are declared once per language and every use reads that one name', () => {
    expect(Object.keys(en.entities)).toEqual(Object.keys(zh.entities));
    for (const lng of LANGUAGES) {
      const t = i18n.getFixedT(lng);
      const names: Record<string, string> = lng === 'en' ? en.entities : zh.entities;
      for (const [key, name] of Object.entries(names)) {
        expect(
          usesOf(key).map((k) => t(k)),
          `${lng} ${key}`,
        ).toEqual(usesOf(key).map(() => name));
      }
    }
    expect(i18n.getFixedT('en')('routes.leaveMessage')).toBe('Leave messages');
  });
});
