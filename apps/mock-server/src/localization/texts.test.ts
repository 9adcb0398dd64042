import { describe, expect, it } from 'vitest';
import { EDUCATION_TABLES, isTextKey, localize } from './texts.ts';

describe('server texts', () => {
  it('take only keys the zh-Hans/en tables have (checked by the compiler)', () => {
    expect(localize('zh-Hans', 'AppName')).toBe('在线教育考试平台');
    expect(localize('en', 'PaperSectionUnknown', 7)).toContain('7');
    // @ts-expect-error a key no table has is a compile error; at run time it reads as itself
    expect(localize('en', 'NoSuchText')).toBe('NoSuchText');
  });

  it('check keys read from data against the tables, own keys only', () => {
    expect(isTextKey('UsedBy:Article')).toBe(true);
    expect(isTextKey('Permission:Pages.Articles')).toBe(true);
    expect(isTextKey('UsedBy:NoSuchEntity')).toBe(false);
    expect(isTextKey('toString')).toBe(false);
  });

  it('fill `{0}` placeholders in one pass: an argument is kept as written', () => {
    expect(localize('en', 'FileContentMismatch', 'a{1}.png', 'HTML', 'PNG')).toBe('a{1}.png: the content is HTML, not PNG as its name or type says.');
    expect(localize('zh-Hans', 'BalanceShort', '1.00', '2.50')).toBe('余额不足：当前余额 ¥1.00，需支付 ¥2.50。');
  });

  it('give every key of an area in both cultures, and each key in one area only', () => {
    const seen = new Map<string, number>();
    EDUCATION_TABLES.forEach((table, i) => {
      expect(Object.keys(table.en).sort()).toEqual(Object.keys(table['zh-Hans']).sort());
      for (const key of Object.keys(table.en)) {
        expect(seen.get(key), `${key} is in tables ${seen.get(key)} and ${i}`).toBeUndefined();
        seen.set(key, i);
      }
    });
  });
});
