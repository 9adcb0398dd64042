import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { pickVisitorTexts, type LocaleNode } from './visitor-texts.ts';

const localeDir = path.join(import.meta.dirname, 'src/locales');
const filesOf = (lng: string) =>
  readdirSync(path.join(localeDir, lng))
    .filter((f) => f.endsWith('.json'))
    .map((f) => JSON.parse(readFileSync(path.join(localeDir, lng, f), 'utf8')) as Record<string, LocaleNode>);

describe('pickVisitorTexts', () => {
  it('takes the named texts and subtrees, flattened to dotted keys, from merged files', () => {
    const files: Record<string, LocaleNode>[] = [
      { login: { submit: 'Sign in', tenant: { label: 'Tenant' } }, shell: { language: 'Language', logout: 'Out' } },
      { form: { ok: 'OK', cancel: 'Cancel' } },
    ];
    expect(pickVisitorTexts(files, ['login', 'shell.language', 'form.ok'])).toEqual({
      'login.submit': 'Sign in',
      'login.tenant.label': 'Tenant',
      'shell.language': 'Language',
      'form.ok': 'OK',
    });
  });

  it('fails on a path no file has and on a text that refers to another (which needs i18next)', () => {
    expect(() => pickVisitorTexts([{ login: { submit: 'x' } }], ['login.missing'])).toThrow(/login\.missing/);
    expect(() => pickVisitorTexts([{ routes: { a: '$t(entities.a)' } }], ['routes'])).toThrow(/refers to another text/);
  });

  it('gives both languages the same visitor keys, a small part of their files', () => {
    const zh = pickVisitorTexts(filesOf('zh-CN'));
    const en = pickVisitorTexts(filesOf('en'));
    expect(Object.keys(en).sort()).toEqual(Object.keys(zh).sort());
    expect(zh['login.submit']).toBeTruthy();
    expect(JSON.stringify(zh).length).toBeLessThan(JSON.stringify(filesOf('zh-CN')).length / 5);
  });
});
