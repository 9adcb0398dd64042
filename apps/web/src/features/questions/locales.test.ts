import { describe, expect, it } from 'vitest';
import en from '../../locales/en/questions.json';
import zh from '../../locales/zh-CN/questions.json';

function keys(obj: unknown, prefix = ''): string[] {
  if (typeof obj !== 'object' || obj === null) return [prefix];
  return Object.entries(obj).flatMap(([k, v]) => keys(v, prefix ? `${prefix}.${k}` : k));
}

describe('questions.json', () => {
  it('has the same keys in zh-CN and en', () => {
    expect(keys(en).sort()).toEqual(keys(zh).sort());
  });
  it('owns only its top-level keys', () => {
    expect(Object.keys(zh).sort()).toEqual(['questions', 'resources']);
    expect(Object.keys(zh.resources).sort()).toEqual(['testQuestion', 'testQuestionTeacher']);
  });
});
