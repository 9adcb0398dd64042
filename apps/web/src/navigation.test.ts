import { describe, expect, it } from 'vitest';
import { appGroups } from './navigation.ts';

const child = (group: string, name: string) => appGroups.find((g) => g.name === group)?.children.find((c) => c.name === name);

describe('route table: resource routes', () => {
  it('builds routes that name a resource and variant, without a page file', () => {
    for (const [group, name] of [
      ['articles', 'auditArticle'],
      ['resources', 'hiresource'],
      ['setting', 'keyword'],
      ['testPapers', 'randomPaper'],
    ] as const)
      expect(child(group, name)?.page, `${group}/${name}`).toBeTypeOf('function');
    // Hand-written screens still come from their page files; resource routes of any group get a page (the questionnaires, for one).
    expect(child('setting', 'manager')?.page).toBeTypeOf('function');
    expect(child('miscellaneous', 'questionnaire')?.page).toBeTypeOf('function');
  });

  it('loads the resource lazily and shows the named variant', async () => {
    const mod = await child('articles', 'auditArticle')!.page!();
    expect(mod.default.displayName).toBe('Screen(article:moderated)');
    const plain = await child('resources', 'resource')!.page!();
    expect(plain.default.displayName).toBe('Screen(resource)');
  });

  it('adds the routes features declare in *.route.ts to their group, in place, with their tabs', async () => {
    const articles = appGroups.find((g) => g.name === 'articles')!.children;
    expect(articles.map((c) => c.name).at(-1)).toBe('oneQuestionPerday');
    const daily = child('articles', 'oneQuestionPerday')!;
    expect(daily).toMatchObject({
      path: '/articles/oneQuestionPerday',
      titleKey: 'routes.oneQuestionPerday',
      permission: 'Pages.Articles.OneQuestionPerday',
    });
    expect(daily.resource?.tabs).toEqual(['mine', 'moderated']);
    expect((await daily.page!()).default.displayName).toBe('Screen(oneQuestionPerday)');
  });
});
