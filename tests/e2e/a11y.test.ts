import { afterAll, describe, expect, it, onTestFinished } from 'vitest';
import type { Page } from 'playwright-core';
import { a11yProblems, animationsDone, writeA11yReport, type Finding } from './support/axe.ts';
import { newContext, openInApp, signIn } from './support/browser.ts';
import { useConsole } from './support/suite.ts';

/**
 * Accessibility (docs/architecture/web-resources.md, "Accessibility"): axe-core (WCAG 2.0/2.1 A + AA and best practices) on the login page,
 * the lock screen, every route the navigation offers the admin, and the shell's
 * and lists' dialogs and menus, in both languages. Any serious or critical
 * violation fails, as do the landmark and heading rules. The routes come from
 * the sidebar itself, so a new screen is checked the day it joins the menu.
 */
// Full motion: the scans wait for entrances to finish (animationsDone), as a visitor without reduced motion sees them
// (the route walk alone asks for reduced motion: it scans screens at rest).
const suite = useConsole({ motion: 'no-preference' });
afterAll(() => writeA11yReport(process.env.A11Y_REPORT ?? 'a11y'));

const LANGUAGES = ['zh-CN', 'en'] as const;

/**
 * Routes whose lists other files used to scan on visits of their own (members,
 * feedback, Q&A, site messages, questionnaires, the review inbox): the walk
 * below scans them in both languages, so it must keep reaching them.
 */
const FOLDED_ROUTES = [
  '/review/reviewInbox',
  '/member/user',
  '/member/importuser',
  '/member/payment',
  '/member/consumptions',
  '/member/income',
  '/miscellaneous/siteMessage',
  '/miscellaneous/discuss',
  '/miscellaneous/leaveMessage',
  '/miscellaneous/questionnaire',
  '/miscellaneous/answerquestion',
];

/** The walk over the menu's routes, as [part, parts]: every route once, in menu order. */
const WALK_PARTS = [1, 2, 3, 4].map((part, _, all) => [part, all.length] as const);

const report = (list: Finding[]) => list.map((f) => `${f.page}: ${f.rule} (${f.impact}) x${f.nodes.length} ${f.nodes[0]?.target ?? ''}`);

/** Waits for the page's lists to finish loading and for lazy screens to mount. */
async function settle(page: Page): Promise<void> {
  // The signed-in app's loading bar at rest, or the login page (the visitor's app has no loading bar).
  await page
    .locator('[data-testid="loading-bar"][data-state="idle"], [data-testid="login-form"]')
    .first()
    .waitFor({ state: 'attached', timeout: 15_000 })
    .catch(() => undefined);
  await page.waitForLoadState('networkidle');
  await page.waitForFunction(() => !document.querySelector('[aria-busy="true"]'), undefined, { timeout: 15_000 }).catch(() => undefined);
  await page
    .locator('main h1')
    .first()
    .waitFor({ timeout: 5_000 })
    .catch(() => undefined);
  await animationsDone(page);
}

/** Opens every menu group and returns the paths of the menu's pages, in menu order. */
async function menuPaths(page: Page): Promise<string[]> {
  const menu = page.getByTestId('side-menu');
  await expandMenu(page);
  const hrefs = await menu.locator('a[href]').evaluateAll((els) => els.map((e) => new URL((e as HTMLAnchorElement).href).pathname));
  return [...new Set(hrefs)];
}

async function expandMenu(page: Page): Promise<void> {
  const closed = page.getByTestId('side-menu').locator('button[aria-expanded="false"]');
  while ((await closed.count()) > 0) await closed.first().click();
}

async function openFromMenu(page: Page, path: string): Promise<void> {
  await expandMenu(page);
  const link = page.getByTestId('side-menu').locator(`a[href="${path}"]`);
  const title = (await link.innerText()).trim();
  await link.click();
  await page.waitForURL(`**${path}`);
  // The page has arrived when the shell titles it (the previous page's buttons are gone by then).
  await expect.poll(() => page.getByTestId('page-title').innerText(), { timeout: 15_000 }).toBe(title);
  await settle(page);
}

/** Opens a menu or popover from its trigger, scans it, and closes it with Escape. */
async function scanPopup(page: Page, label: string, trigger: string, content: string): Promise<Finding[]> {
  await page.getByTestId(trigger).click();
  await page.locator(content).first().waitFor();
  const found = await a11yProblems(page, label);
  await page.keyboard.press('Escape');
  await page.locator(content).first().waitFor({ state: 'hidden' });
  return found;
}

describe.each(LANGUAGES)('axe in %s', (locale) => {
  // One sign-in per language: the first test signs in (after scanning the login page), the others reuse the page.
  let page: Page;
  afterAll(() => page?.context().close());

  it('login page, tenant dialog and lock screen', async () => {
    const ctx = await newContext(suite.browser, suite.baseUrl, { locale });
    page = await ctx.newPage();
    const problems: Finding[] = [];
    await page.goto('/');
    await page.getByTestId('login-form').waitFor();
    await settle(page);
    problems.push(...(await a11yProblems(page, `${locale} login`)));
    await page.getByTestId('tenant-change').click();
    await page.getByTestId('tenant-dialog').waitFor();
    problems.push(...(await a11yProblems(page, `${locale} login: tenant dialog`)));
    await page.keyboard.press('Escape');
    await page.getByTestId('tenant-dialog').waitFor({ state: 'hidden' });

    await signIn(page, { tenant: 'Default' });
    await page.getByTestId('lock-button').click();
    await page.getByTestId('lock-screen').waitFor();
    await settle(page);
    problems.push(...(await a11yProblems(page, `${locale} lock screen`)));
    await page.getByTestId('unlock-password').fill('123qwe');
    await page.getByTestId('unlock-submit').click();
    await page.getByTestId('sidebar').waitFor();
    expect(report(problems)).toEqual([]);
  });

  // The walk in parts of a minute or so each: one test over forty-odd routes ran past its four minutes on a loaded machine.
  let paths: string[] | undefined;
  it.each(WALK_PARTS)('every route of the navigation, part %i of %i', async (part, parts) => {
    // The walk scans each screen at rest, so without transition frames to draw (reduced motion); the menus, popovers and
    // dialogs below open with full motion, and their scans wait for the entrances to finish.
    await page.emulateMedia({ reducedMotion: 'reduce' });
    onTestFinished(() => page.emulateMedia({ reducedMotion: 'no-preference' }));
    paths ??= await menuPaths(page);
    expect(paths.length).toBeGreaterThan(10);
    expect(paths).toEqual(expect.arrayContaining(FOLDED_ROUTES));
    const size = Math.ceil(paths.length / parts);
    const problems: Finding[] = [];
    for (const path of paths.slice((part - 1) * size, part * size)) {
      await openFromMenu(page, path);
      problems.push(...(await a11yProblems(page, `${locale} ${path}`)));
    }
    expect(report(problems)).toEqual([]);
  });

  it('the own space, the 403 and the 404 page', async () => {
    const problems: Finding[] = [];
    for (const path of ['/own-space', '/error-403', '/no-such-page']) {
      await openInApp(page, path);
      await page.getByTestId('sidebar').waitFor();
      await settle(page);
      problems.push(...(await a11yProblems(page, `${locale} ${path}`)));
    }
    expect(report(problems)).toEqual([]);
  });

  it('shell menus, popovers, themes and the collapsed sidebar', async () => {
    await openFromMenu(page, '/main/home');
    const problems: Finding[] = [];
    problems.push(...(await scanPopup(page, `${locale} user menu`, 'user-menu', '[data-testid="menu-own-space"]')));
    problems.push(...(await scanPopup(page, `${locale} language menu`, 'language-picker', '[data-testid="language-en"]')));
    problems.push(...(await scanPopup(page, `${locale} tab menu`, 'tabs-actions', '[data-testid="tabs-close-all"]')));
    problems.push(...(await scanPopup(page, `${locale} notice popover`, 'notices-button', '[data-testid="notices-popover"]')));

    await page.getByTestId('theme-light').click();
    await openFromMenu(page, '/setting/manager');
    problems.push(...(await a11yProblems(page, `${locale} light sidebar`)));
    await page.getByTestId('theme-dark').click();

    await page.getByTestId('sidebar-toggle').click();
    await page.getByTestId('sidebar').and(page.locator('[data-collapsed="true"]')).waitFor();
    await animationsDone(page);
    problems.push(...(await a11yProblems(page, `${locale} collapsed sidebar`)));
    problems.push(...(await scanPopup(page, `${locale} collapsed sidebar fly-out`, 'menu-group-setting', '[data-testid="menu-manager"]')));
    await page.getByTestId('sidebar-toggle').click();
    await page.getByTestId('sidebar').and(page.locator('[data-collapsed="false"]')).waitFor();
    expect(report(problems)).toEqual([]);
  });

  it('create and edit forms, delete confirmation and the role permission tree', { timeout: 120_000 }, async () => {
    const problems: Finding[] = [];
    const dialog = page.locator('[data-scope="dialog"][data-part="content"][data-state="open"]').first();
    const closeDialog = async () => {
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'hidden' });
    };

    for (const path of ['/setting/keyword', '/articles/article', '/setting/advertising']) {
      await openFromMenu(page, path);
      await page.getByTestId('action-create').first().click();
      await dialog.waitFor();
      await dialog.getByTestId('form-submit').waitFor();
      await settle(page);
      problems.push(...(await a11yProblems(page, `${locale} ${path} create`)));
      // Submitting the empty form shows the fields' errors.
      await page.getByTestId('form-submit').click();
      await page
        .locator('[aria-invalid="true"]')
        .first()
        .waitFor({ timeout: 5_000 })
        .catch(() => undefined);
      problems.push(...(await a11yProblems(page, `${locale} ${path} create with errors`)));
      await closeDialog();
    }

    await openFromMenu(page, '/setting/keyword');
    await page.getByTestId('row-action-edit').first().click();
    await dialog.waitFor();
    await settle(page);
    problems.push(...(await a11yProblems(page, `${locale} edit form`)));
    await closeDialog();
    await page.getByTestId('row-action-delete').first().click();
    await dialog.waitFor();
    problems.push(...(await a11yProblems(page, `${locale} delete confirmation`)));
    await closeDialog();

    await openFromMenu(page, '/setting/manager');
    await page.getByTestId('tab-roles').click();
    await settle(page);
    problems.push(...(await a11yProblems(page, `${locale} roles tab`)));
    await page.getByTestId('row-action-edit').first().click();
    await dialog.waitFor();
    await settle(page);
    problems.push(...(await a11yProblems(page, `${locale} role permission tree`)));
    await closeDialog();
    expect(report(problems)).toEqual([]);
  });
});
