import { STORAGE, readLocal, writeLocal } from '../lib/storage.ts';

/** One open page in the tab bar. One tab per route name; `path` keeps the last URL (with its query). */
export interface Tab {
  name: string;
  path: string;
}

/**
 * The tab rules (spec section 2, "Shell behaviour"). The home tab is always
 * first and cannot be closed. Every function returns a new list.
 */
export function ensureHome(tabs: readonly Tab[], home: Tab): Tab[] {
  return [home, ...tabs.filter((t) => t.name !== home.name)];
}

/** Opens (or refreshes the URL of) a tab; new tabs go to the end. */
export function openTab(tabs: readonly Tab[], tab: Tab): Tab[] {
  const i = tabs.findIndex((t) => t.name === tab.name);
  if (i === -1) return [...tabs, tab];
  if (tabs[i]!.path === tab.path) return tabs as Tab[];
  const next = tabs.slice();
  next[i] = tab;
  return next;
}

/**
 * Closes one tab. When it is the current one, the next page is chosen by the
 * spec's rule, applied to the tabs that remain:
 * - the SECOND open tab (index 1, the first tab after home) when two or more remain;
 * - the first (home) when only one remains.
 * Closing another tab keeps the current page. Home cannot be closed.
 */
export function closeTab(tabs: readonly Tab[], name: string, current: string, homeName: string): { tabs: Tab[]; navigateTo: Tab | null } {
  if (name === homeName || !tabs.some((t) => t.name === name)) return { tabs: tabs as Tab[], navigateTo: null };
  const remaining = tabs.filter((t) => t.name !== name);
  if (name !== current) return { tabs: remaining, navigateTo: null };
  return { tabs: remaining, navigateTo: remaining[1] ?? remaining[0] ?? null };
}

/** Clear others: keeps home and the current tab. */
export function closeOthers(tabs: readonly Tab[], current: string, homeName: string): Tab[] {
  return tabs.filter((t) => t.name === homeName || t.name === current);
}

/** Clear all: keeps only home, and the caller goes home. */
export function closeAll(tabs: readonly Tab[], homeName: string): Tab[] {
  return tabs.filter((t) => t.name === homeName);
}

// --- persistence -------------------------------------------------------------

/** Tabs are stored per user and tenant: `tabs:<tenantId|host>:<userId>`. */
export function tabsStorageKey(userId: number, tenantId: number | null): string {
  return `${STORAGE.tabsPrefix}:${tenantId ?? 'host'}:${userId}`;
}

/** Reads stored tabs, keeping only valid entries of known pages. */
export function loadTabs(key: string, known: (name: string) => boolean): Tab[] {
  const raw = readLocal(key);
  if (!raw) return [];
  try {
    const parsed: unknown = JSON.parse(raw);
    if (!Array.isArray(parsed)) return [];
    return parsed.filter((t: unknown): t is Tab => {
      if (typeof t !== 'object' || t === null) return false;
      const name: unknown = Reflect.get(t, 'name');
      const path: unknown = Reflect.get(t, 'path');
      return typeof name === 'string' && typeof path === 'string' && known(name);
    });
  } catch {
    return [];
  }
}

export function saveTabs(key: string, tabs: readonly Tab[]): void {
  writeLocal(key, JSON.stringify(tabs.map(({ name, path }) => ({ name, path }))));
}
