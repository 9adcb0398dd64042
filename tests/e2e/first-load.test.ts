import { describe, expect, it } from 'vitest';
import { formatFirstLoad, measureFirstLoad } from './support/first-load.ts';
import type { Page } from 'playwright-core';
import { newContext } from './support/browser.ts';
import { signedIn, useConsole } from './support/suite.ts';

/**
 * The login page's budget (docs/architecture/speed.md, "The console's first load"): the JS a new
 * visitor's browser fetches until the network is idle, whether before the login form shows or after,
 * stays under 135 kB gzip (132.6 kB measured). It was 205 kB while the login page rendered inside the
 * router, 166.8 kB with the login page alone (app/visitor-app.tsx, no react-router); it reads its texts
 * through a plain lookup of its own small text file instead of i18next (lib/visitor-texts.ts), and its
 * modules come in a few chunks (apps/web/first-load-chunks.ts), 143.6 kB in 44 files before.
 */
const BUDGET_GZIP = 135_000;
/** The JS files of that visit: 6 measured (React, the login page's two chunks, the entry, its text file, the bundler's runtime); 44 before. */
const BUDGET_FILES = 8;
/** What a cold visit to the login page transfers, everything included, from the console as the mock serves it (precompressed). */
const BUDGET_WIRE = 195_000;

const suite = useConsole();

describe('first load', () => {
  it(`the login page needs at most ${BUDGET_GZIP / 1000} kB of gzipped JS in at most ${BUDGET_FILES} files and transfers at most ${BUDGET_WIRE / 1000} kB`, async () => {
    for (const locale of ['zh-CN', 'en']) {
      const m = await measureFirstLoad(suite.browser, suite.baseUrl, locale);
      console.log(`\nJS the login page fetches until the network is idle (${locale}):\n${formatFirstLoad(m)}\n`);
      expect(m.chunks.length).toBeGreaterThan(0);
      expect(m.totalGzip).toBeLessThanOrEqual(BUDGET_GZIP);
      expect(m.chunks.length + m.later.length).toBeLessThanOrEqual(BUDGET_FILES);
      // Files under 1 kB are left plain at build (apps/web/precompress.ts); every larger one arrives compressed.
      const plain = [...m.chunks, ...m.later].filter((c) => c.raw >= 1024 && c.encoding === 'identity');
      expect(plain.map((c) => c.file)).toEqual([]);
      expect(m.wireBytes).toBeLessThanOrEqual(BUDGET_WIRE);
    }
  });

  /**
   * Chakra's global styles (reset, global CSS, every token as a variable) are the build's stylesheet, linked in
   * the head (apps/web/chakra-global-css.ts): the page computes and inserts none of its own.
   */
  it("takes Chakra's global styles from the build's stylesheet on the login page and signed in", async () => {
    const where = (page: Page) =>
      page.evaluate(() => ({
        // The sheets that define a token, by what brought them: the build's <link> or a <style> emotion inserted.
        defining: [...document.styleSheets]
          .filter((s) => [...s.cssRules].some((r) => r.cssText.includes('--chakra-colors-brand-solid:')))
          .map((s) => `${s.ownerNode?.nodeName ?? ''} ${new URL(s.href ?? location.href).pathname}`),
        brand: getComputedStyle(document.documentElement).getPropertyValue('--chakra-colors-brand-solid').trim(),
        font: getComputedStyle(document.body).fontFamily,
      }));
    const expected = {
      defining: [expect.stringMatching(/^LINK \/assets\/chakra-global-[0-9a-f]{10}\.css$/)],
      brand: '#1c68c0',
      font: expect.stringContaining('PingFang SC'),
    };
    const visitor = await (await newContext(suite.browser, suite.baseUrl)).newPage();
    await visitor.goto('/');
    await visitor.getByTestId('login-form').waitFor();
    expect(await where(visitor)).toEqual(expected);
    expect(await where(await signedIn(suite))).toEqual(expected);
  });
});
