import { FORBIDDEN_NAME, HOME_NAME, appGroups, otherPages, type NavPage } from '../navigation.ts';
import { createStore } from '../lib/store.ts';
import { STORAGE, readLocal, writeLocal } from '../lib/storage.ts';
import { isGranted } from '../lib/permissions.ts';
import { buildMenu, buildTagPages, findPageByName, type MenuEntry } from './nav-logic.ts';
import { closeAll, closeOthers, closeTab, ensureHome, loadTabs, openTab, saveTabs, type Tab } from './tabs.ts';
import { isNarrow, validateSidebarTheme, type SidebarTheme } from './theme.ts';

export interface ShellState {
  /** The route name current at boot, then after each navigation. */
  currentRouteName: string | null;
  menu: MenuEntry[];
  /** Pages that can be opened as tabs (spec section 1). */
  tagPages: NavPage[];
  /** Names of the pages kept in cache: the open tabs' pages. */
  cachedPages: string[];
  tabs: Tab[];
  /** localStorage key of the tabs (per user and tenant), null when signed out. */
  tabsKey: string | null;
  collapsed: boolean;
  theme: SidebarTheme;
}

const homePage = findPageByName(appGroups, otherPages, HOME_NAME)!.page;
export const HOME_TAB: Tab = { name: homePage.name, path: homePage.path };

export const shellStore = createStore<ShellState>({
  currentRouteName: null,
  menu: [],
  tagPages: [],
  cachedPages: [],
  tabs: [HOME_TAB],
  tabsKey: null,
  collapsed: false,
  theme: 'dark',
});

/** Pages a tab may hold: tag pages that exist, plus the other shell pages except 403. */
function isTabbable(name: string): boolean {
  if (name === FORBIDDEN_NAME) return false;
  const found = findPageByName(appGroups, otherPages, name);
  return Boolean(found && found.page.page !== undefined) || otherPages.some((p) => p.name === name);
}

function commitTabs(tabs: Tab[]) {
  const { tabsKey } = shellStore.get();
  const next = ensureHome(tabs, HOME_TAB);
  if (tabsKey) saveTabs(tabsKey, next);
  shellStore.set({ tabs: next, cachedPages: next.map((t) => t.name) });
}

/** Boot: builds the menu, tag pages and cached pages; restores the user's tabs. */
export function initShell(opts: { currentRouteName: string | null; tabsKey: string | null; windowWidth: number }): void {
  const stored = readLocal(STORAGE.sidebarCollapsed);
  const tabs = ensureHome(opts.tabsKey ? loadTabs(opts.tabsKey, isTabbable) : [], HOME_TAB);
  shellStore.set({
    currentRouteName: opts.currentRouteName,
    menu: buildMenu(appGroups, isGranted),
    tagPages: buildTagPages(appGroups, otherPages),
    tabs,
    cachedPages: tabs.map((t) => t.name),
    tabsKey: opts.tabsKey,
    // Spec: collapsed from the start under 750 px; otherwise the user's last choice.
    collapsed: isNarrow(opts.windowWidth) ? true : stored === '1',
    theme: validateSidebarTheme(readLocal(STORAGE.sidebarTheme)),
  });
}

/** After each navigation: record the route name and open its tab. */
export function onNavigated(name: string, path: string): void {
  shellStore.set({ currentRouteName: name });
  if (isTabbable(name)) commitTabs(openTab(shellStore.get().tabs, { name, path }));
}

/** Closes a tab; returns the tab to navigate to (when the current one was closed). */
export function closeTabByName(name: string): Tab | null {
  const { tabs, currentRouteName } = shellStore.get();
  const r = closeTab(tabs, name, currentRouteName ?? HOME_NAME, HOME_NAME);
  commitTabs(r.tabs);
  return r.navigateTo;
}

/** Puts the tabs back as they were: a page that refused to be left (unsaved changes) keeps the tab whose close button was pressed. */
export function restoreTabs(tabs: readonly Tab[]): void {
  commitTabs([...tabs]);
}

export function closeOtherTabs(): void {
  const { tabs, currentRouteName } = shellStore.get();
  commitTabs(closeOthers(tabs, currentRouteName ?? HOME_NAME, HOME_NAME));
}

/** Returns the home tab to navigate to. */
export function closeAllTabs(): Tab {
  commitTabs(closeAll(shellStore.get().tabs, HOME_NAME));
  return HOME_TAB;
}

export function setCollapsed(collapsed: boolean): void {
  writeLocal(STORAGE.sidebarCollapsed, collapsed ? '1' : '0');
  shellStore.set({ collapsed });
}

/** Sets the sidebar theme; an invalid value is rejected (dark is used). */
export function setSidebarTheme(theme: unknown): SidebarTheme {
  const valid = validateSidebarTheme(theme);
  writeLocal(STORAGE.sidebarTheme, valid);
  shellStore.set({ theme: valid });
  return valid;
}

/** Rebuilds the menu (after the configuration changed). */
export function refreshMenu(): void {
  shellStore.set({ menu: buildMenu(appGroups, isGranted) });
}
