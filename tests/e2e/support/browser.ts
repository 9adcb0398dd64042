import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createClient } from '@edu/sdk';
import { chromium, type Browser, type BrowserContext, type Locator, type Page } from 'playwright-core';
import { expect } from 'vitest';
import { CHROMIUM_LAUNCH, FULL_CHROMIUM_LAUNCH } from './chromium.ts';

export const ARTIFACTS = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'artifacts');

/** Which Chromium a file drives: the headless shell, or the full browser where a test needs what only it has (its PDF viewer). */
export type BrowserKind = 'headless' | 'full';

/** Debian's Chromium, launched as ENVIRONMENT.md says works here (root, no network); see chromium.ts. */
export function launchBrowser(kind: BrowserKind = 'headless'): Promise<Browser> {
  return chromium.launch(kind === 'full' ? FULL_CHROMIUM_LAUNCH : CHROMIUM_LAUNCH);
}

/** The browser's motion setting (`prefers-reduced-motion`), which the console honours (packages/ui theme.ts). */
export type Motion = 'reduce' | 'no-preference';

/**
 * The motion setting of the contexts the running file opens, set by its
 * `useConsole` (suite.ts). Most files run as a visitor who asked for reduced
 * motion: the same screens and behaviours without the frames of every
 * transition, which cost Chromium about a tenth of its CPU. The files about
 * the shell and accessibility keep full motion, so the animated paths
 * (entrances and exits, axe waiting for them) stay covered.
 */
let fileMotion: Motion = 'reduce';
export function setFileMotion(motion: Motion): void {
  fileMotion = motion;
}

export interface ContextOptions {
  width?: number;
  height?: number;
  /** Browser language (the culture cookie starts from it); default zh-CN. */
  locale?: string;
  /** Default: the running file's (setFileMotion). */
  motion?: Motion;
}

/** A fresh context (own cookies and storage), as a new visitor. */
export function newContext(browser: Browser, baseUrl: string, o: ContextOptions = {}): Promise<BrowserContext> {
  return browser.newContext({
    baseURL: baseUrl,
    viewport: { width: o.width ?? 1366, height: o.height ?? 800 },
    locale: o.locale ?? 'zh-CN',
    timezoneId: 'Asia/Shanghai',
    reducedMotion: o.motion ?? fileMotion,
  });
}

/** Saves a screenshot to tests/e2e/artifacts/<name>.png. */
export async function shot(page: Page, name: string): Promise<string> {
  mkdirSync(ARTIFACTS, { recursive: true });
  const file = path.join(ARTIFACTS, `${name}.png`);
  await page.screenshot({ path: file, fullPage: false });
  return file;
}

/** Switches the login page to a tenant (empty = host). */
export async function chooseTenant(page: Page, tenancyName: string): Promise<void> {
  await page.getByTestId('tenant-change').click();
  const dialog = page.getByTestId('tenant-dialog');
  await dialog.locator('input[name="tenancyName"]').fill(tenancyName);
  await Promise.all([page.waitForEvent('load'), dialog.getByTestId('tenant-ok').click()]);
}

/** Signs in through the login page and waits for the shell. */
export async function signIn(
  page: Page,
  o: { userName?: string; password?: string; tenant?: string | null; rememberMe?: boolean } = {},
): Promise<void> {
  await page.goto('/');
  await page.getByTestId('login-form').waitFor();
  if (o.tenant !== undefined) {
    const current = (await page.getByTestId('tenant-name').textContent()) ?? '';
    if (o.tenant === null ? current !== (await hostLabel(page)) : current !== o.tenant) await chooseTenant(page, o.tenant ?? '');
  }
  await page.locator('input[name="userNameOrEmailAddress"]').fill(o.userName ?? 'admin');
  await page.locator('input[name="password"]').fill(o.password ?? '123qwe');
  if (o.rememberMe) await page.getByTestId('remember-me').click();
  await page.getByTestId('login-submit').click();
  // The header's menu button is in the shell at every width (at phone width the sidebar is an overlay, closed).
  await page.getByTestId('sidebar-toggle').waitFor();
}

export interface TokenSignIn {
  userName?: string;
  password?: string;
  /** Tenancy name (default Default); null = host. */
  tenant?: string | null;
  /** Where the signed-in page opens (default /main/home, where the login page goes). */
  path?: string;
}

/**
 * Signs in as the login page would, without its form: the token from
 * TokenAuth/UsersLogin, then the cookies and session storage the login page
 * writes (lib/auth.ts: session token cookies, as without remember me; the
 * tenant's id and name), then opens `path` and waits for the shell. For the
 * tests that are not about signing in: one page load instead of the login
 * page, the tenant switch's reload and the boot after submitting.
 */
export async function signInWithToken(page: Page, baseUrl: string, o: TokenSignIn = {}): Promise<void> {
  const tenancyName = o.tenant === undefined ? 'Default' : o.tenant;
  const client = (tenantId: number | null) => createClient({ baseUrl, getToken: () => null, getTenantId: () => tenantId, getCulture: () => 'en' });
  let tenantId: number | null = null;
  if (tenancyName) {
    const r = await client(null).account.isTenantAvailable({ tenancyName });
    if (r.state !== 1 || !r.tenantId) throw new Error(`Tenant ${tenancyName} is not available (state ${r.state})`);
    tenantId = r.tenantId;
  }
  const r = await client(tenantId).tokenAuth.usersLogin({
    userNameOrEmailAddress: o.userName ?? 'admin',
    password: o.password ?? '123qwe',
    rememberMe: false,
  });
  // As abp.js writes them: URI-encoded, path /; the tenant cookies for five years, the token ones for the session.
  const years = Date.now() / 1000 + 5 * 365 * 24 * 3600;
  const cookie = (name: string, value: string, expires?: number) => ({
    name,
    value: encodeURIComponent(value),
    url: baseUrl,
    ...(expires ? { expires } : {}),
  });
  await page
    .context()
    .addCookies([
      cookie('Abp.AuthToken', r.accessToken),
      cookie('enc_auth_token', r.encryptedAccessToken),
      ...(tenantId && tenancyName ? [cookie('Abp.TenantId', String(tenantId), years), cookie('Abp.TenancyName', tenancyName, years)] : []),
    ]);
  // Session storage belongs to the page's origin: written before the app's scripts run, on this page only, while its token is there.
  await page.addInitScript(
    (s) => {
      if (sessionStorage.getItem('userId') === null && document.cookie.includes('Abp.AuthToken=')) {
        for (const [k, v] of Object.entries(s)) sessionStorage.setItem(k, v);
      }
    },
    { userId: String(r.userId), isGeneral: String(r.isGeneral), rememberMe: 'false' },
  );
  await page.goto(o.path ?? '/main/home');
  await page.getByTestId('sidebar-toggle').waitFor();
}

/**
 * Opens `path` in the app already loaded in `page` without reloading it, as a
 * link would: the URL is pushed and the router told (popstate). Resolves once
 * the shell has rendered that address (the loading bar's `data-location`: the
 * route's code loaded and its screen committed, whatever navigation was still
 * settling before) and the screen's lists have loaded (no `aria-busy` left).
 * For tests about a screen, not about a cold load: a `page.goto` costs Chromium
 * about four times the CPU (the app's code parsed and run again, the session
 * and configuration read again). To the address already open it reloads
 * (`page.goto`), so the screen starts afresh as before, and resolves the
 * same way once the reloaded shell has rendered it.
 */
export async function openInApp(page: Page, path: string): Promise<void> {
  const current = await page.evaluate(() => location.pathname + location.search);
  if (current === path) {
    await page.goto(path);
  } else {
    // The shell of the app already loaded (after a reload it renders a moment after the page's load event).
    await page.getByTestId('loading-bar').waitFor({ state: 'attached' });
    await page.evaluate((to) => {
      const idx = (history.state as { idx?: number } | null)?.idx ?? 0;
      history.pushState({ usr: null, key: Math.random().toString(36).slice(2, 10), idx: idx + 1 }, '', to);
      dispatchEvent(new PopStateEvent('popstate', { state: history.state }));
    }, path);
  }
  // A screen may add its own query to the address as it opens: a path without one is matched by its path alone,
  // unless that path is the one being left without a reload (only its query changes).
  const byPathAlone = !path.includes('?') && (current === path || current.split('?')[0] !== path);
  await page.waitForFunction(
    ({ to, pathAlone }) => {
      const shown = document.querySelector('[data-testid="loading-bar"]')?.getAttribute('data-location');
      return shown === to || (pathAlone && shown?.split('?')[0] === to);
    },
    { to: path, pathAlone: byPathAlone },
    { timeout: 30_000 },
  );
  await page.waitForFunction(() => !document.querySelector('[aria-busy="true"]'), undefined, { timeout: 15_000 });
}

async function hostLabel(page: Page): Promise<string> {
  return page.evaluate(() => (document.documentElement.lang.startsWith('en') ? 'Host (no tenant)' : '宿主（未选择租户）'));
}

/** Waits until no navigation is pending (the loading bar is idle). */
export async function settled(page: Page): Promise<void> {
  await page.waitForLoadState('networkidle');
}

/** Waits for a resource list's table to finish loading its page of rows (or its empty state). */
export async function settledTable(page: Page, resource: string): Promise<void> {
  const table = page.getByTestId(`${resource}-table`);
  await table.waitFor();
  // A search, tab or page change writes the address at once and the router renders it in a transition, later on a busy
  // machine: until the table was rendered for the address the page has now, its rows and `aria-busy` are the previous state's.
  const address = () => new URLSearchParams(new URL(page.url()).search).toString();
  await expect
    .poll(async () => [await table.getAttribute('data-rows-for'), address()], { timeout: 15_000 })
    .toSatisfy(([rowsFor, now]) => rowsFor === null || rowsFor === now);
  await expect.poll(() => table.locator('table').first().getAttribute('aria-busy'), { timeout: 15_000 }).not.toBe('true');
  await page.waitForLoadState('networkidle');
}

/**
 * Moves a sortable item with the keyboard (dnd-kit's sensor): focuses its
 * handle, Space to pick it up, each key (e.g. ArrowUp), Space to drop. Each
 * step waits for dnd-kit's announcement to change, not a fixed pause: a key
 * pressed before the previous move was measured is lost on a busy machine.
 */
export async function keyboardDrag(page: Page, handle: Locator, keys: readonly string[]): Promise<void> {
  const announced = () => page.locator('[id^="DndLiveRegion"]').evaluateAll((els) => els.map((e) => e.textContent ?? '').join('|'));
  await handle.focus();
  for (const key of ['Space', ...keys, 'Space']) {
    const before = await announced();
    await page.keyboard.press(key);
    await expect.poll(announced, { timeout: 15_000 }).not.toBe(before);
  }
}
