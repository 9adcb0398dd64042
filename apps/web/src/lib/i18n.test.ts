import { describe, expect, it } from 'vitest';
import { reviewableList } from '@edu/sdk';
import { buildResources, declaredEntityTitles, toAppLanguage } from './i18n.ts';

describe('i18n', () => {
  it('deep-merges every locale file into one namespace per language', () => {
    const r = buildResources(
      {
        '../locales/zh-CN/common.json': { app: { a: '1' }, shared: { x: '1' } },
        '../locales/zh-CN/admin.json': { resources: { user: { title: '用户' } }, shared: { y: '2' } },
        '../locales/en/common.json': { app: { a: 'one' } },
        '../locales/README.md': 'ignored',
      },
      {},
    );
    expect(r['zh-CN']!.translation).toEqual({ app: { a: '1' }, shared: { x: '1', y: '2' }, resources: { user: { title: '用户' } } });
    expect(r.en!.translation).toEqual({ app: { a: 'one' } });
  });

  it("derives the uses of an entity's display name that no file wrote, and keeps those a file did", () => {
    const r = buildResources(
      {
        '../locales/en/common.json': { entities: { dailyNote: 'Daily notes' }, routes: { home: 'Home' } },
        '../locales/en/audit.json': { audit: { history: { types: { DailyNote: 'Daily note' } } } },
      },
      {},
    );
    expect(r.en!.translation).toEqual({
      entities: { dailyNote: 'Daily notes' },
      routes: { home: 'Home', dailyNote: '$t(entities.dailyNote)' },
      resources: { dailyNote: { title: '$t(entities.dailyNote)' } },
      review: { entities: { dailyNote: '$t(entities.dailyNote)' } },
      audit: { history: { types: { DailyNote: 'Daily note' } } },
    });
  });

  it("takes an entity's title from its SDK declaration unless a locale file writes one, and derives its uses", () => {
    const r = buildResources(
      {
        '../locales/en/common.json': { entities: { article: 'Posts' }, routes: { home: 'Home' } },
        '../locales/zh-CN/common.json': { routes: { home: '首页' } },
      },
      { en: { article: 'Articles', dailyNote: 'Daily notes' }, 'zh-CN': { dailyNote: '每日寄语' } },
    );
    expect(r.en!.translation.entities).toEqual({ article: 'Posts', dailyNote: 'Daily notes' });
    expect(r['zh-CN']!.translation).toMatchObject({
      entities: { dailyNote: '每日寄语' },
      routes: { home: '首页', dailyNote: '$t(entities.dailyNote)' },
      review: { entities: { dailyNote: '$t(entities.dailyNote)' } },
    });
    // The SDK's declarations: every reviewable with a title, in both languages.
    const declared = declaredEntityTitles();
    const titled = reviewableList.filter((x) => x.title).map((x) => x.clientKey);
    expect(titled.length).toBeGreaterThan(0);
    expect(Object.keys(declared['zh-CN']!)).toEqual(titled);
    expect(declared['zh-CN']!.testQuestion).toBe('试题');
    expect(declared.en!.testQuestion).toBe('Questions');
  });

  it('maps cultures to console languages (zh-CN default)', () => {
    expect(toAppLanguage('en-US')).toBe('en');
    expect(toAppLanguage('c=en|uic=en')).toBe('en');
    expect(toAppLanguage('zh-Hans')).toBe('zh-CN');
    expect(toAppLanguage('fr')).toBe('zh-CN');
    expect(toAppLanguage(null)).toBe('zh-CN');
  });

  it('has the same keys in zh-CN and en', () => {
    const keys = (o: unknown, p = ''): string[] =>
      typeof o === 'object' && o !== null ? Object.entries(o).flatMap(([k, v]) => keys(v, p ? `${p}.${k}` : k)) : [p];
    // Every locale file, not the running bundle (which other test files add their own entities to).
    const all = buildResources(import.meta.glob('../locales/*/*.json', { eager: true, import: 'default' }));
    const zh = keys(all['zh-CN']!.translation).sort();
    const en = keys(all.en!.translation).sort();
    expect(en).toEqual(zh);
  });
});
