import { afterAll, beforeAll } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { onWorkerStop, perWorker } from '../../support/worker.ts';
import { launchBrowser, newContext, setFileMotion, signInWithToken, type BrowserKind, type ContextOptions, type Motion } from './browser.ts';
import { workerServer, type ConsoleServer } from './server.ts';

export interface Suite {
  server: ConsoleServer;
  browser: Browser;
  baseUrl: string;
}

/** This worker's Chromium of each kind (one per worker, as its mock server; the full one only once a file asks): each file opens its own contexts. */
const workerBrowsers: Record<BrowserKind, () => Promise<Browser>> = {
  headless: workerBrowserOf('headless'),
  full: workerBrowserOf('full'),
};
function workerBrowserOf(kind: BrowserKind) {
  return perWorker(async () => {
    const browser = await launchBrowser(kind);
    onWorkerStop(() => browser.close());
    return browser;
  });
}

const closeContexts = (browser: Browser | undefined) => Promise.all(browser?.contexts().map((c) => c.close()) ?? []);

/**
 * The worker's mock server and Chromium for a browser test file. The file
 * starts on the seeded database (restored before its first test) with no page
 * of an earlier file open, and its own contexts are closed after its last test.
 * Its contexts ask for reduced motion unless `motion` says otherwise (browser.ts, setFileMotion), and run in the
 * headless shell unless `browser: 'full'` (a file that needs the full browser's PDF viewer).
 */
export function useConsole(o: { motion?: Motion; browser?: BrowserKind } = {}): Suite {
  const suite = {} as Suite;
  beforeAll(async () => {
    setFileMotion(o.motion ?? 'reduce');
    const [server, browser] = await Promise.all([workerServer(), workerBrowsers[o.browser ?? 'headless']()]);
    // Pages of an earlier file could still write; they go before the restore.
    await closeContexts(browser);
    await server.reset();
    Object.assign(suite, { server, browser, baseUrl: server.baseUrl });
  });
  afterAll(() => closeContexts(suite.browser));
  return suite;
}

/**
 * A new browser context signed in to tenant Default (as admin unless another
 * demo user is named), on the home page or on `path` (one page load either
 * way: the screen a test starts on is opened by the sign-in, not loaded
 * after home). It signs in with a token (signInWithToken); the login form's
 * own tests sign in through it (signIn).
 */
export async function signedIn(suite: Suite, userName = 'admin', o: ContextOptions & { path?: string } = {}): Promise<Page> {
  const ctx = await newContext(suite.browser, suite.baseUrl, o);
  const page = await ctx.newPage();
  await signInWithToken(page, suite.baseUrl, { userName, path: o.path });
  return page;
}
