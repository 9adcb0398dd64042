import { isGranted } from '../lib/permissions.ts';
import { allowedBy, appGroups, otherPages, publicPages } from '../navigation.ts';
import { allPages, findPageByPath } from './nav-logic.ts';
import { initShell } from './shell-store.ts';
import { tabsStorageKey } from './tabs.ts';

/** The route name of a path, or null when the path is not a route. */
export function routeNameOf(pathname: string): string | null {
  const p = pathname.replace(/\/+$/, '') || '/';
  if (p === publicPages.login.path) return publicPages.login.name;
  if (p === publicPages.locking.path) return publicPages.locking.name;
  return findPageByPath(appGroups, otherPages, p)?.page.name ?? null;
}

/**
 * Boot's shell step for a signed-in session (boot.ts, step 5): the current
 * route name, the menu, cached pages and tag pages, the user's tabs. A module
 * of its own, loaded only when someone is signed in: it holds the route table,
 * which a visitor's login page does without.
 */
export function startShell(opts: { pathname: string; userId: number; tenantId: number | null; windowWidth: number }): string | null {
  const currentRouteName = routeNameOf(opts.pathname);
  initShell({ currentRouteName, tabsKey: tabsStorageKey(opts.userId, opts.tenantId), windowWidth: opts.windowWidth });
  return currentRouteName;
}

/** Whether a route path (segments `:name` take any one segment) matches `pathname`, as the router matches it (case-insensitive). */
export function routeMatches(routePath: string, pathname: string): boolean {
  const want = routePath.toLowerCase().split('/');
  const got = (pathname.replace(/\/+$/, '') || '/').toLowerCase().split('/');
  return want.length === got.length && want.every((s, i) => (s.startsWith(':') ? got[i] !== '' : s === got[i]));
}

/** When the screen of a resource list may start its list's first read: boot found someone signed in. */
export interface FirstRead {
  /** The query string the page was opened with (the list's page, filters, sorting). */
  search: string;
  /** Boot's answer: whether someone is signed in (the session and the permissions are then known). */
  signedIn: Promise<boolean>;
}

/**
 * Starts loading the screen of `pathname` and what it imports (main.tsx, with a token, while boot asks the
 * server), so a first visit does not wait for boot, the root and the router before it asks for the screen's
 * code: the router's lazy route then finds the modules loaded or under way. Guards still decide what renders.
 * With `firstRead`, a resource list's screen also starts its list's first request once boot has found the
 * user signed in and allowed to open the route (resources/first-read.ts), instead of after the shell and
 * the screen have rendered.
 */
export function prefetchScreen(pathname: string, firstRead?: FirstRead): void {
  const found = allPages(appGroups, otherPages).find((e) => routeMatches(e.page.path, pathname));
  void found?.page.page?.().catch(() => undefined);
  const route = found?.page.resource;
  if (!route || !firstRead) return;
  const allowed = () => allowedBy(isGranted, found.group?.permission) && allowedBy(isGranted, found.page.permission);
  void Promise.all([route.resource(), import('../resources/first-read.ts'), firstRead.signedIn])
    .then(([base, { startFirstListRead }, signedIn]) => {
      if (signedIn && allowed()) startFirstListRead(route.variant ? base.variant(route.variant) : base, new URLSearchParams(firstRead.search));
    })
    .catch(() => undefined);
}
