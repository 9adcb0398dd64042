import { afterAll, beforeAll } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchBrowser } from './browser.ts';
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
