import { afterAll, beforeAll } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, newContext, signIn, type ContextOptions } from './browser.ts';
import { startConsoleServer, type ConsoleServer } from './server.ts';

export interface Suite {
  server: ConsoleServer;
  browser: Browser;
  baseUrl: string;
}

/** One mock server (fresh database) and one Chromium per test file. */
export function useConsole(): Suite {
  const suite = {} as Suite;
  beforeAll(async () => {
    suite.server = await startConsoleServer();
    suite.baseUrl = suite.server.baseUrl;
    suite.browser = await launchBrowser();
  });
  afterAll(async () => {
    await suite.browser?.close();
    await suite.server?.close();
  });
  return suite;
}

/** A new browser context signed in to tenant Default (as admin unless another demo user is named). */
export async function signedIn(suite: Suite, userName = 'admin', o: ContextOptions = {}): Promise<Page> {
  const ctx = await newContext(suite.browser, suite.baseUrl, o);
  const page = await ctx.newPage();
  await signIn(page, { tenant: 'Default', userName });
  return page;
}
