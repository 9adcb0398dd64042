import { describe, expect, it, vi } from 'vitest';
import { installVisitorTexts, interpolate, lookup } from './visitor-texts.ts';
import { textSource } from './texts.ts';

describe('visitor texts', () => {
  it('fills placeholders as i18next does and leaves one without a value as written', () => {
    expect(interpolate('{{count}} in total', { count: 3 })).toBe('3 in total');
    expect(interpolate('Use {{ name }} ({{name}})', { name: 'Default' })).toBe('Use Default (Default)');
    expect(interpolate('Wait {{time}}', {})).toBe('Wait {{time}}');
    expect(interpolate('<b>{{x}}</b>', { x: '<i>' })).toBe('<b><i></b>');
  });

  it('reads a missing key as the key itself', () => {
    const t = lookup(() => ({ 'a.b': 'B {{n}}' }));
    expect(t('a.b', { n: 1 })).toBe('B 1');
    expect(t('a.c')).toBe('a.c');
  });

  it("is the text source once installed, with the language's file, and switches language at runtime", async () => {
    const before = textSource();
    try {
      await installVisitorTexts('zh-CN');
      const source = textSource();
      expect(source.language).toBe('zh-CN');
      expect(source.t('login.submit')).toBe('登录');
      const listener = vi.fn();
      const unsubscribe = source.subscribe(listener);
      await source.changeLanguage('en');
      expect(listener).toHaveBeenCalledTimes(1);
      expect(source.language).toBe('en');
      expect(source.t('login.submit')).toBe('Sign in');
      expect(source.t('login.tenant.useDefault', { name: 'Default' })).toContain('Default');
      unsubscribe();
    } finally {
      const { setTextSource } = await import('./texts.ts');
      setTextSource(before);
    }
  });
});
