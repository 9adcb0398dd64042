import { describe, expect, it } from 'vitest';
import { isTextKey, localize } from './texts.ts';

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
});
