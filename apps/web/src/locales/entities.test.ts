import { describe, expect, it } from 'vitest';
import i18n, { declaredEntityTitles, LANGUAGES } from '../lib/i18n.ts';

/** Where an entity's display name is shown: its menu entry, its list's title, the review inbox's type. */
const usesOf = (key: string) => [`routes.${key}`, `resources.${key}.title`, `review.entities.${key}`];

describe('entity display names', () => {
  it('are declared once per language (the SDK reviewable’s title) and every use reads that one name', () => {
    const titles = declaredEntityTitles();
    expect(Object.keys(titles.en!)).toEqual(Object.keys(titles['zh-CN']!));
    for (const lng of LANGUAGES) {
      const t = i18n.getFixedT(lng);
      for (const [key, name] of Object.entries(titles[lng]!)) {
        expect(
          usesOf(key).map((k) => t(k)),
          `${lng} ${key}`,
        ).toEqual(usesOf(key).map(() => name));
      }
    }
    expect(i18n.getFixedT('en')('routes.leaveMessage')).toBe('Leave messages');
    expect(i18n.getFixedT('zh-CN')('routes.testQuestion')).toBe('试题');
  });
});
