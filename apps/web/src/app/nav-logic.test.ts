import { describe, expect, it } from 'vitest';
import type { NavGroup, NavPage } from '../navigation.ts';
import { appGroups, otherPages } from '../navigation.ts';
import { breadcrumbTrail, buildMenu, buildTagPages, findPageByPath, firstAllowedChild } from './nav-logic.ts';

const page = (name: string, permission?: string, built = true, extra: Partial<NavPage> = {}): NavPage => ({
  name,
  path: `/x/${name}`,
  titleKey: `routes.${name}`,
  permission,
  page: built ? async () => ({ default: () => null }) : undefined,
  ...extra,
});
const group = (name: string, permission: string | undefined, children: NavPage[]): NavGroup => ({
  name,
  path: `/${name}`,
  titleKey: `routes.${name}`,
  permission,
  icon: 'other',
  children,
});

const groups: NavGroup[] = [
  group('main', 'Pages', [page('home_index', 'Pages')]),
  group('setting', 'Pages.Administration', [
    page('manager', 'P.Manages'),
    page('keyword', 'P.Dict', false),
    page('advertising', 'Pages.Administration'),
  ]),
  group('articles', 'Pages.Articles', [
    page('article', 'P.Article'),
    page('accesstest_index'),
    page('hidden', undefined, true, { hideInMenu: true }),
  ]),
  group('others', 'Pages.Others', [page('friendlyLink', 'P.Friend')]),
];
/** The real table with the screens that exist today (home and administrators), whatever is on disk. */
const builtToday: NavGroup[] = appGroups.map((g) => ({
  ...g,
  children: g.children.map((c) => ({
    ...c,
    page: ['home_index', 'manager'].includes(c.name) ? async () => ({ default: () => null }) : undefined,
  })),
}));
const grants =
  (...names: string[]) =>
  (p: string | undefined) =>
    !p || names.includes(p);

describe('menu', () => {
  it('lists only granted groups and pages whose screen exists', () => {
    const menu = buildMenu(groups, grants('Pages', 'Pages.Administration', 'P.Manages', 'P.Dict'));
    expect(menu.map((e) => e.group.name)).toEqual(['main', 'setting']);
    const setting = menu[1]!;
    expect(setting.kind).toBe('group');
    // keyword is granted but its screen is not built.
    expect(setting.kind === 'group' && setting.children.map((c) => c.name)).toEqual(['manager', 'advertising']);
    const menu2 = buildMenu(groups, grants('Pages', 'Pages.Administration', 'P.Dict'));
    expect(menu2[1]!.kind === 'group' && menu2[1]!.children.map((c) => c.name)).toEqual(['advertising']);
  });

  it('drops groups left with no visible children', () => {
    const menu = buildMenu(groups, grants('Pages', 'Pages.Administration', 'Pages.Articles', 'Pages.Others'));
    // setting keeps advertising; articles has only excluded/hidden pages; others has no granted page.
    expect(menu.map((e) => e.group.name)).toEqual(['main', 'setting']);
  });

  it('never lists accesstest_index nor hideInMenu pages', () => {
    const menu = buildMenu(groups, () => true);
    const names = menu.flatMap((e) => (e.kind === 'page' ? [e.page.name] : e.children.map((c) => c.name)));
    expect(names).not.toContain('accesstest_index');
    expect(names).not.toContain('hidden');
    expect(names).toContain('article');
  });

  it('shows a one-page group as that page', () => {
    const menu = buildMenu(groups, () => true);
    expect(menu[0]).toMatchObject({ kind: 'page', page: { name: 'home_index' } });
  });

  it('the real table: an administrator sees home and settings > administrators today', () => {
    const menu = buildMenu(builtToday, () => true);
    expect(menu.map((e) => e.group.name)).toEqual(['main', 'setting']);
    expect(menu[1]!.kind === 'group' && menu[1]!.children.map((c) => c.name)).toEqual(['manager']);
  });

  it('the real table: a user without Pages.Administration sees no settings', () => {
    const menu = buildMenu(builtToday, grants('Pages', 'Pages.Articles', 'Pages.Articles.Article'));
    expect(menu.map((e) => e.group.name)).toEqual(['main']);
  });
});

describe('tag pages', () => {
  it('takes every child of a group with more than one child, else the first', () => {
    const tags = buildTagPages(groups);
    expect(tags.map((p) => p.name)).toEqual([
      'home_index',
      'manager',
      'keyword',
      'advertising',
      'article',
      'accesstest_index',
      'hidden',
      'friendlyLink',
    ]);
  });

  it('covers every route of spec section 2 in the real table', () => {
    const tags = buildTagPages(appGroups, otherPages);
    // setting: the spec's 6 plus two extensions, navigationMenu and the audit log; review: the review inbox, beyond the spec;
    // papers and homework: the assembly page of each, out of the menu.
    expect(tags).toHaveLength(1 + 1 + (6 + 2) + 5 + 6 + 3 + 4 + (5 + 1) + (3 + 1) + 6 + otherPages.length);
    expect(tags.map((p) => p.name)).toEqual(expect.arrayContaining(['auditLogs', 'paperAssemble', 'homeworkAssemble']));
  });
});

describe('lookups', () => {
  it('finds pages by path, case-insensitively and ignoring a trailing slash', () => {
    expect(findPageByPath(appGroups, otherPages, '/setting/manager/')?.page.name).toBe('manager');
    expect(findPageByPath(appGroups, otherPages, '/Setting/Manager')?.page.name).toBe('manager');
    expect(findPageByPath(appGroups, otherPages, '/nope')).toBeNull();
  });

  it('builds breadcrumbs home > group > page', () => {
    expect(breadcrumbTrail(appGroups, otherPages, 'manager', 'home_index').map((c) => c.name)).toEqual(['home_index', 'setting', 'manager']);
    expect(breadcrumbTrail(appGroups, otherPages, 'home_index', 'home_index').map((c) => c.name)).toEqual(['home_index']);
    expect(breadcrumbTrail(appGroups, otherPages, 'ownspace_index', 'home_index').map((c) => c.name)).toEqual(['home_index', 'ownspace_index']);
  });

  it('a group path opens its first built page the user may see', () => {
    expect(firstAllowedChild(groups[1]!, grants('Pages.Administration'))?.name).toBe('advertising');
    expect(firstAllowedChild(groups[3]!, grants())).toBeNull();
  });
});
