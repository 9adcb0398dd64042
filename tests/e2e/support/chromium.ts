/**
 * How Debian's Chromium is launched here (ENVIRONMENT.md: root, no network), for the browser suite and the browser
 * benchmark alike (bench/browser.ts): the two measure and test the same browser. No imports, so the benchmark reads it
 * without loading the suite's helpers.
 */
export const CHROMIUM_LAUNCH = {
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: [
    '--headless',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
  ],
};
