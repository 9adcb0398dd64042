import { describe, expect, it } from 'vitest';
import en from '../locales/en/admin.json';
import zh from '../locales/zh-CN/admin.json';

function keys(obj: unknown, prefix = ''): string[] {
  if (typeof obj !== 'object' || obj === null) return [prefix];
  return Object.entries(obj).flatMap(([k, v]) => keys(v, prefix ? `${prefix}.${k}` : k));
}

describe('admin.json', () => {
  it('has the same keys in zh-CN and en', () => {
    expect(keys(en).sort()).toEqual(keys(zh).sort());
  });
  it('owns only the agreed top-level keys', () => {
    const allowed = ['resources', 'home', 'admin', 'actions', 'table', 'form', 'filters'];
    expect(Object.keys(zh).every((k) => allowed.includes(k))).toBe(true);
  });
});
