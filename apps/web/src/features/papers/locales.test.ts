import { describe, expect, it } from 'vitest';
import en from '../../locales/en/papers.json';
import zh from '../../locales/zh-CN/papers.json';

function keys(obj: unknown, prefix = ''): string[] {
  if (typeof obj !== 'object' || obj === null) return [prefix];
  return Object.entries(obj).flatMap(([k, v]) => keys(v, prefix ? `${prefix}.${k}` : k));
}

describe('papers.json', () => {
  it('has the same keys in zh-CN and en', () => {
    expect(keys(en).sort()).toEqual(keys(zh).sort());
  });
  it('owns only its top-level keys', () => {
    expect(Object.keys(zh).sort()).toEqual(['papers', 'resources']);
    expect(Object.keys(zh.resources)).toEqual(['testPaper']);
  });
});
