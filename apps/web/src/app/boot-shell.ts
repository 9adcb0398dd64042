import { appGroups, otherPages, publicPages } from '../navigation.ts';
import { findPageByPath } from './nav-logic.ts';
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
