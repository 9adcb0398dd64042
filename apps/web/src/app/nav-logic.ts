import { allowedBy, MENU_EXCLUDED, type NavGroup, type NavPage } from '../navigation.ts';

export type Granted = (permission: string) => boolean;

/** A page is routable when its screen exists. */
export const isBuilt = (p: NavPage) => p.page !== undefined;

/** A menu entry: a single page, or a group with its visible pages. */
export type MenuEntry = { kind: 'page'; page: NavPage; group: NavGroup } | { kind: 'group'; group: NavGroup; children: NavPage[] };

/**
 * The sidebar (spec section 2): only groups and pages the user is granted and
 * whose screen exists; `hideInMenu` pages and `accesstest_index` never appear;
 * a group left with no visible child is dropped. A group of exactly one page in
 * the route table shows as that page alone.
 */
export function buildMenu(groups: readonly NavGroup[], granted: Granted): MenuEntry[] {
  const out: MenuEntry[] = [];
  for (const group of groups) {
    if (!allowedBy(granted, group.permission)) continue;
    const children = group.children.filter((c) => isBuilt(c) && !c.hideInMenu && !MENU_EXCLUDED.includes(c.name) && allowedBy(granted, c.permission));
    if (children.length === 0) continue;
    if (group.children.length === 1) out.push({ kind: 'page', page: children[0]!, group });
    else out.push({ kind: 'group', group, children });
  }
  return out;
}

/**
 * Tag pages (spec section 1): the pages that can be opened as tabs. A group with
 * more than one child contributes all its children, otherwise its first.
 */
export function buildTagPages(groups: readonly NavGroup[], others: readonly NavPage[] = []): NavPage[] {
  const out: NavPage[] = [];
  for (const group of groups) {
    if (group.children.length > 1) out.push(...group.children);
    else if (group.children[0]) out.push(group.children[0]);
  }
  return [...out, ...others];
}

/** Every shell page with the group it belongs to (null for the other pages). */
export function allPages(groups: readonly NavGroup[], others: readonly NavPage[]): Array<{ page: NavPage; group: NavGroup | null }> {
  return [...groups.flatMap((group) => group.children.map((page) => ({ page, group }))), ...others.map((page) => ({ page, group: null }))];
}

export function findPageByName(groups: readonly NavGroup[], others: readonly NavPage[], name: string) {
  return allPages(groups, others).find((e) => e.page.name === name) ?? null;
}

const trimSlash = (p: string) => (p.length > 1 ? p.replace(/\/+$/, '') : p);

export function findPageByPath(groups: readonly NavGroup[], others: readonly NavPage[], path: string) {
  const p = trimSlash(path).toLowerCase();
  return allPages(groups, others).find((e) => e.page.path.toLowerCase() === p) ?? null;
}

/** Breadcrumb trail: home, then the group (unless it is the page's only parent entry), then the page. */
export function breadcrumbTrail(
  groups: readonly NavGroup[],
  others: readonly NavPage[],
  name: string,
  homeName: string,
): Array<{ name: string; titleKey: string; path?: string }> {
  const found = findPageByName(groups, others, name);
  const home = findPageByName(groups, others, homeName)?.page;
  const trail: Array<{ name: string; titleKey: string; path?: string }> = [];
  if (home) trail.push({ name: home.name, titleKey: home.titleKey, path: home.path });
  if (!found || found.page.name === homeName) return trail;
  if (found.group && found.group.children.length > 1) trail.push({ name: found.group.name, titleKey: found.group.titleKey });
  trail.push({ name: found.page.name, titleKey: found.page.titleKey, path: found.page.path });
  return trail;
}

/** The first built page of a group the user may open (a group path redirects there), or null. */
export function firstAllowedChild(group: NavGroup, granted: Granted): NavPage | null {
  return group.children.find((c) => isBuilt(c) && allowedBy(granted, c.permission)) ?? null;
}
