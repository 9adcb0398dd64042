import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { settledTable } from './support/browser.ts';
import { signedIn, useConsole } from './support/suite.ts';

/**
 * Keyboard use (docs/architecture/web-resources.md, "Accessibility"): the shell from the keyboard alone. After signing in, not one mouse
 * event: the skip link, the side menu (arrows, Enter), the open-page tabs
 * (arrows, Enter, Delete, the tab menu), a form dialog (Escape returns focus
 * to its trigger), the user menu and the notice popover, with a visible focus ring.
 */
const suite = useConsole();

interface Focus {
  testid: string | null;
  tab: string | null;
  tag: string;
  /** The focused element draws an outline or a ring (a visible focus indicator). */
  ring: boolean;
}

const focused = (page: Page): Promise<Focus> =>
  page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    const ringOf = (e: Element) => {
      const s = getComputedStyle(e);
      return (s.outlineStyle !== 'none' && parseFloat(s.outlineWidth) > 0) || (s.boxShadow !== 'none' && s.boxShadow !== '');
    };
    // The tab links draw their ring on the tab around them (focus-within).
    const ring = !!el && (ringOf(el) || (el.matches('[data-tab-link]') && !!el.parentElement && ringOf(el.parentElement)));
    return { testid: el?.getAttribute('data-testid') ?? null, tab: el?.getAttribute('data-tab-link') ?? null, tag: el?.tagName ?? '', ring };
  });

/** Presses `key` until the focused element matches, at most `max` times. */
async function pressUntil(page: Page, key: string, match: (f: Focus) => boolean, max = 40): Promise<Focus> {
  for (let i = 0; i < max; i++) {
    await page.keyboard.press(key);
    const f = await focused(page);
    if (match(f)) return f;
  }
  throw new Error(`${key} x${max} never reached the expected element; focus is on ${JSON.stringify(await focused(page))}`);
}

/**
 * Waits until focus has moved into the open layer (menu or popover). Zag moves
 * focus and starts listening for Escape a frame after the content shows; an
 * Escape pressed before that frame goes nowhere, which no person can do.
 */
const focusInside = (page: Page, selector: string) =>
  expect.poll(() => page.evaluate((sel) => !!document.activeElement?.closest(sel), selector)).toBe(true);

const path = (page: Page) => new URL(page.url()).pathname;
const tabNames = (page: Page) => page.locator('[data-testid="tabs-bar"] [data-tab]').evaluateAll((els) => els.map((e) => e.getAttribute('data-tab')));

describe('the shell from the keyboard', () => {
  it('skip link, menu, tabs, form dialog, user menu and notices without a mouse', { timeout: 120_000 }, async () => {
    const page = await signedIn(suite);
    await page.waitForLoadState('networkidle');
    // The page starts with nothing focused: the first Tab lands on the skip link, which is then shown.
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    await page.keyboard.press('Tab');
    expect((await focused(page)).testid).toBe('skip-link');
    expect(await page.getByTestId('skip-link').evaluate((e) => e.getBoundingClientRect().top >= 0)).toBe(true);
    await page.keyboard.press('Enter');
    expect((await focused(page)).testid).toBe('page-title');

    // The side menu: Shift+Tab back into it, arrows down to 系统设置, Right opens it, Down to 字典管理, Enter.
    await pressUntil(page, 'Shift+Tab', (f) => f.testid === 'menu-home_index');
    const group = await pressUntil(page, 'ArrowDown', (f) => f.tag === 'BUTTON' && f.testid === null, 3);
    expect(group.ring).toBe(true);
    const settings = page.getByTestId('menu-group-setting').locator('button');
    if ((await settings.getAttribute('aria-expanded')) !== 'true') {
      expect(await page.evaluate(() => document.activeElement?.closest('[data-menu-group]')?.getAttribute('data-menu-group'))).toBe('setting');
      await page.keyboard.press('ArrowRight');
      expect(await settings.getAttribute('aria-expanded')).toBe('true');
    }
    await pressUntil(page, 'ArrowDown', (f) => f.testid === 'menu-keyword', 12);
    await page.keyboard.press('Enter');
    await page.waitForURL('**/setting/keyword');
    // Focus follows the navigation to the new page's title.
    await expect.poll(async () => (await focused(page)).testid).toBe('page-title');
    expect(await page.getByTestId('page-title').innerText()).toBe('字典管理');

    // A second page from the menu: 广告管理.
    await pressUntil(page, 'Shift+Tab', (f) => f.testid === 'menu-keyword');
    await pressUntil(page, 'ArrowDown', (f) => f.testid === 'menu-advertising', 6);
    await page.keyboard.press('Enter');
    await page.waitForURL('**/setting/advertising');
    await expect.poll(() => tabNames(page)).toEqual(['home_index', 'keyword', 'advertising']);

    // Tabs: back into the strip, Left to the keyword tab, Enter opens it.
    await expect.poll(async () => (await focused(page)).testid).toBe('page-title');
    const current = await pressUntil(page, 'Shift+Tab', (f) => f.tab !== null, 6);
    expect(current.tab).toBe('advertising');
    expect(current.ring).toBe(true);
    await page.keyboard.press('ArrowLeft');
    expect((await focused(page)).tab).toBe('keyword');
    await page.keyboard.press('Enter');
    await page.waitForURL('**/setting/keyword');

    // Delete closes the focused tab (advertising, not the current one); focus stays in the strip.
    await expect.poll(async () => (await focused(page)).testid).toBe('page-title');
    await pressUntil(page, 'Shift+Tab', (f) => f.tab !== null, 6);
    await page.keyboard.press('End');
    expect((await focused(page)).tab).toBe('advertising');
    await page.keyboard.press('Delete');
    await expect.poll(() => tabNames(page)).toEqual(['home_index', 'keyword']);
    expect(path(page)).toBe('/setting/keyword');
    // The strip hands focus to the neighbour a frame after the tab leaves the DOM (tabs-bar.tsx).
    await expect.poll(async () => (await focused(page)).tab).toBe('keyword');

    // Close others from the tab menu, opened with the keyboard: Home opens, then the menu closes the rest.
    await page.keyboard.press('Home');
    await page.keyboard.press('Enter');
    await page.waitForURL('**/main/home');
    await expect.poll(async () => (await focused(page)).testid).toBe('page-title');
    await pressUntil(page, 'Shift+Tab', (f) => f.testid === 'tabs-actions', 4);
    await page.keyboard.press('Enter');
    await page.getByTestId('tabs-close-others').waitFor();
    // Menus keep focus on the list and mark the current item (aria-activedescendant).
    const closeOthers = page.locator('[data-testid="tabs-close-others"][data-highlighted]');
    for (let i = 0; i < 4 && (await closeOthers.count()) === 0; i++) await page.keyboard.press('ArrowDown');
    expect(await closeOthers.count()).toBe(1);
    await page.keyboard.press('Enter');
    await expect.poll(() => tabNames(page)).toEqual(['home_index']);
    await expect.poll(async () => (await focused(page)).testid).toBe('tabs-actions');

    // A form dialog: open 新增 on the keyword list, Escape closes it, focus returns to 新增.
    await page.keyboard.press('Shift+Tab');
    await pressUntil(page, 'Shift+Tab', (f) => f.testid === 'menu-keyword');
    await page.keyboard.press('Enter');
    await page.waitForURL('**/setting/keyword');
    await settledTable(page, 'systemDictionary');
    await expect.poll(async () => (await focused(page)).testid).toBe('page-title');
    const create = await pressUntil(page, 'Tab', (f) => f.testid === 'action-create');
    expect(create.ring).toBe(true);
    await page.keyboard.press('Enter');
    const dialog = page.getByTestId('systemDictionary-create-dialog');
    await dialog.waitFor();
    await focusInside(page, '[role="dialog"]');
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    await expect.poll(async () => (await focused(page)).testid).toBe('action-create');

    // Row actions are reachable with Tab: the first row's edit button opens the edit form.
    await pressUntil(page, 'Tab', (f) => f.testid === 'row-action-edit');
    await page.keyboard.press('Enter');
    await page.getByTestId('systemDictionary-update-dialog').waitFor();
    await page.keyboard.press('Escape');
    await page.getByTestId('systemDictionary-update-dialog').waitFor({ state: 'hidden' });
    await expect.poll(async () => (await focused(page)).testid).toBe('row-action-edit');

    // The user menu: Enter opens it, Escape closes it and focus returns to the button.
    await pressUntil(page, 'Shift+Tab', (f) => f.testid === 'user-menu', 60);
    await page.keyboard.press('Enter');
    await page.getByTestId('menu-own-space').waitFor();
    await focusInside(page, '[role="menu"]');
    await page.keyboard.press('Escape');
    await page.getByTestId('menu-own-space').waitFor({ state: 'hidden' });
    // Zag gives focus back to the trigger as the content leaves, not necessarily before it is hidden.
    await expect.poll(async () => (await focused(page)).testid).toBe('user-menu');

    // The language menu and the notice popover, the same way.
    await pressUntil(page, 'Shift+Tab', (f) => f.testid === 'language-picker', 3);
    await page.keyboard.press('Enter');
    await page.getByTestId('language-en').waitFor();
    await focusInside(page, '[role="menu"]');
    await page.keyboard.press('Escape');
    await page.getByTestId('language-en').waitFor({ state: 'hidden' });
    await expect.poll(async () => (await focused(page)).testid).toBe('language-picker');
    await pressUntil(page, 'Shift+Tab', (f) => f.testid === 'notices-button', 3);
    await page.keyboard.press('Enter');
    await page.getByTestId('notices-popover').waitFor();
    await focusInside(page, '[data-testid="notices-popover"]');
    await page.keyboard.press('Escape');
    await page.getByTestId('notices-popover').waitFor({ state: 'hidden' });
    await expect.poll(async () => (await focused(page)).testid).toBe('notices-button');
    await page.context().close();
  });
});
