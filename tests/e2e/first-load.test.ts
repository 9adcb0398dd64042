import { describe, expect, it } from 'vitest';
import { formatFirstLoad, measureFirstLoad } from './support/first-load.ts';
import { useConsole } from './support/suite.ts';

/** The first-load budget (docs/architecture/speed.md, "The console's first load"): the JS a visitor's browser loads before the login form shows stays under 200 kB gzip. */
const BUDGET_GZIP = 200_000;

const suite = useConsole();

describe('first load', () => {
  it(`the login page needs at most ${BUDGET_GZIP / 1000} kB of gzipped JS`, async () => {
    for (const locale of ['zh-CN', 'en']) {
      const m = await measureFirstLoad(suite.browser, suite.baseUrl, locale);
      console.log(`\nJS before the login form shows (${locale}):\n${formatFirstLoad(m)}\n`);
      expect(m.chunks.length).toBeGreaterThan(0);
      expect(m.totalGzip).toBeLessThanOrEqual(BUDGET_GZIP);
    }
  });
});
