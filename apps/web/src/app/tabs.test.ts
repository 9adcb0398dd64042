import { beforeEach, describe, expect, it } from 'vitest';
import { closeAll, closeOthers, closeTab, ensureHome, loadTabs, openTab, saveTabs, tabsStorageKey, type Tab } from './tabs.ts';

const home: Tab = { name: 'home_index', path: '/main/home' };
const a: Tab = { name: 'manager', path: '/setting/manager' };
const b: Tab = { name: 'article', path: '/articles/article' };
const c: Tab = { name: 'resource', path: '/resources/resource' };

describe('tab rules', () => {
  it('keeps home first and unique', () => {
    expect(ensureHome([a, home, b], home)).toEqual([home, a, b]);
    expect(ensureHome([], home)).toEqual([home]);
  });

  it('opens a new tab at the end and refreshes the URL of an open one', () => {
    expect(openTab([home, a], b)).toEqual([home, a, b]);
    const tabs = [home, a, b];
    expect(openTab(tabs, a)).toBe(tabs);
    expect(openTab(tabs, { name: 'manager', path: '/setting/manager?tab=roles' })[1]!.path).toBe('/setting/manager?tab=roles');
  });

  it('closing the current tab goes to the second remaining tab when two or more remain', () => {
    expect(closeTab([home, a, b, c], 'article', 'article', 'home_index')).toEqual({
      tabs: [home, a, c],
      navigateTo: a,
    });
    expect(closeTab([home, a, b, c], 'manager', 'manager', 'home_index')).toEqual({ tabs: [home, b, c], navigateTo: b });
    expect(closeTab([home, a, b, c], 'resource', 'resource', 'home_index')).toEqual({ tabs: [home, a, b], navigateTo: a });
  });

  it('closing the current tab goes to the first (home) when only one remains', () => {
    expect(closeTab([home, a], 'manager', 'manager', 'home_index')).toEqual({ tabs: [home], navigateTo: home });
  });

  it('closing another tab keeps the current page', () => {
    expect(closeTab([home, a, b], 'manager', 'article', 'home_index')).toEqual({ tabs: [home, b], navigateTo: null });
  });

  it('never closes home, nor an unknown tab', () => {
    const tabs = [home, a];
    expect(closeTab(tabs, 'home_index', 'home_index', 'home_index')).toEqual({ tabs, navigateTo: null });
    expect(closeTab(tabs, 'nope', 'manager', 'home_index')).toEqual({ tabs, navigateTo: null });
  });

  it('close others keeps home and the current tab; close all keeps home', () => {
    expect(closeOthers([home, a, b, c], 'article', 'home_index')).toEqual([home, b]);
    expect(closeOthers([home, a, b], 'home_index', 'home_index')).toEqual([home]);
    expect(closeAll([home, a, b], 'home_index')).toEqual([home]);
  });
});

describe('tab persistence', () => {
  beforeEach(() => localStorage.clear());

  it('keys tabs by tenant and user', () => {
    expect(tabsStorageKey(2, 1)).toBe('tabs:1:2');
    expect(tabsStorageKey(1, null)).toBe('tabs:host:1');
  });

  it('round-trips through localStorage and drops unknown or malformed entries', () => {
    saveTabs('k', [home, a, b]);
    expect(loadTabs('k', (n) => n !== 'article')).toEqual([home, a]);
    localStorage.setItem('bad', '{not json');
    expect(loadTabs('bad', () => true)).toEqual([]);
    localStorage.setItem('odd', JSON.stringify([{ name: 1 }, null, { name: 'manager', path: '/setting/manager' }]));
    expect(loadTabs('odd', () => true)).toEqual([a]);
    expect(loadTabs('missing', () => true)).toEqual([]);
  });
});
