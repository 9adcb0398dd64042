import { existsSync } from 'node:fs';

/**
 * How Debian's Chromium is launched here (ENVIRONMENT.md: root, no network), for the browser suite and the browser
 * benchmark alike (bench/browser.ts). Only a builtin import, so the benchmark reads it without loading the suite's helpers.
 */
const ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

/** The full browser, as visitors run it (`FULL_CHROMIUM_PATH` overrides): what the benchmark measures, and what draws a PDF in a frame. */
export const FULL_CHROMIUM_LAUNCH = { executablePath: process.env.FULL_CHROMIUM_PATH ?? '/usr/bin/chromium', args: ARGS };

/**
 * What the suite drives unless a file needs the full browser: Debian's headless shell (package `chromium-headless-shell`,
 * built from the same Chromium: the same Blink and V8 without the full browser's windowing and UI layers, and without
 * its PDF viewer; Playwright's own default for headless runs) where it is installed, else the full browser. The shell
 * ran the shell test file on 103–105 CPU s against 144–151 (the file's whole process tree, server included).
 * `CHROMIUM_PATH` overrides.
 */
const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';
export const CHROMIUM_LAUNCH = {
  executablePath: process.env.CHROMIUM_PATH ?? (existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : FULL_CHROMIUM_LAUNCH.executablePath),
  args: ARGS,
};
