import { gzipSync } from 'node:zlib';
import type { Browser, Response } from 'playwright-core';
import { newContext } from './browser.ts';

export interface ChunkSize {
  /** The file name without its content hash (e.g. `index`, `chakra`), or the URL path when it has none. */
  name: string;
  file: string;
  raw: number;
  gzip: number;
  /** How the server sent it: `br`, `gzip` or `identity`. */
  encoding: string;
}

export interface FirstLoad {
  /** Every JS file requested before the login form became visible, largest first. */
  chunks: ChunkSize[];
  /** JS requested after the form showed, until the network is idle, largest first. */
  later: ChunkSize[];
  /** Of every JS file the visit fetched until the network is idle (`chunks` and `later`). */
  totalRaw: number;
  totalGzip: number;
  /** Bytes on the wire for every response of the visit until the network is idle (headers and encoded bodies, all types). */
  wireBytes: number;
}

/** `/assets/index-B3x_9a.js` → `index`. Vite names chunks `<name>-<8-char hash>.js`. */
export function chunkName(url: string): string {
  const file = new URL(url).pathname.split('/').pop() ?? url;
  return file.replace(/-[\w-]{8}\.js$/, '').replace(/\.js$/, '');
}

/**
 * The gzip figure is the body gzipped at zlib's level 9 (as Vite's own size
 * report does), whatever the server sent; what it did send is `wireBytes`.
 */
async function sizeOf(r: Response): Promise<ChunkSize> {
  const body = await r.body();
  const file = new URL(r.url()).pathname;
  const encoding = (await r.headerValue('content-encoding')) ?? 'identity';
  return { name: chunkName(r.url()), file, raw: body.length, gzip: gzipSync(body, { level: 9 }).length, encoding };
}

const isScript = (r: Response) => r.request().resourceType() === 'script' || /\.m?js(\?|$)/.test(new URL(r.url()).pathname);

/**
 * Marks, in the page, the moment the login form enters the DOM (before the test
 * can see it). A string: a compiled function could call the bundler's helpers.
 */
const MARK_FORM_SHOWN = `
  new MutationObserver((_, observer) => {
    if (!document.querySelector('[data-testid="login-form"]')) return;
    window.__formShownAt = performance.now();
    observer.disconnect();
  }).observe(document, { subtree: true, childList: true });
`;

/**
 * Opens `/` as a new visitor (fresh context), waits until the login form is
 * visible and the network idle, and sizes every JS file the page requested:
 * the entry, its static imports, the visitor's root and what loads after the
 * form shows. The totals count them all; the files requested before the form
 * entered the DOM (by the page's own resource timing, so the split does not
 * depend on when the test notices the form) are listed apart from the later ones.
 */
export async function measureFirstLoad(browser: Browser, baseUrl: string, locale = 'zh-CN'): Promise<FirstLoad> {
  const ctx = await newContext(browser, baseUrl, { locale });
  await ctx.addInitScript({ content: MARK_FORM_SHOWN });
  const page = await ctx.newPage();
  // Chromium's own count of bytes received per request (headers and encoded body): what crossed the network.
  const cdp = await ctx.newCDPSession(page);
  await cdp.send('Network.enable');
  let wireBytes = 0;
  cdp.on('Network.loadingFinished', (e) => {
    wireBytes += e.encodedDataLength;
  });
  const scripts: Response[] = [];
  page.on('response', (r) => {
    if (isScript(r)) scripts.push(r);
  });
  await page.goto('/');
  await page.getByTestId('login-form').waitFor({ state: 'visible' });
  await page.waitForLoadState('networkidle');
  const { formAt, starts } = await page.evaluate(() => ({
    formAt: Number(Reflect.get(window, '__formShownAt')),
    starts: performance.getEntriesByType('resource').map((e) => [e.name, e.startTime] as const),
  }));
  const startOf = new Map(starts);
  const sized = await Promise.all(scripts.map(async (r) => ({ size: await sizeOf(r), start: startOf.get(r.url()) ?? 0 })));
  await ctx.close();
  const byGzip = (a: ChunkSize, b: ChunkSize) => b.gzip - a.gzip;
  const chunks = sized
    .filter((s) => s.start < formAt)
    .map((s) => s.size)
    .sort(byGzip);
  const later = sized
    .filter((s) => s.start >= formAt)
    .map((s) => s.size)
    .sort(byGzip);
  const all = [...chunks, ...later];
  return {
    chunks,
    later,
    totalRaw: all.reduce((s, c) => s + c.raw, 0),
    totalGzip: all.reduce((s, c) => s + c.gzip, 0),
    wireBytes,
  };
}

const kB = (n: number) => (n / 1000).toFixed(1);

/** A Markdown table: chunk, raw kB, gzip kB (files fetched after the form showed marked), and the total. */
export function formatFirstLoad(m: FirstLoad): string {
  const lines = ['| chunk | raw kB | gzip kB |', '|---|---:|---:|'];
  for (const c of m.chunks) lines.push(`| ${c.name} | ${kB(c.raw)} | ${kB(c.gzip)} |`);
  for (const c of m.later) lines.push(`| ${c.name} (after the form showed) | ${kB(c.raw)} | ${kB(c.gzip)} |`);
  const files = m.chunks.length + m.later.length;
  lines.push(`| **total until the network is idle (${files} files)** | **${kB(m.totalRaw)}** | **${kB(m.totalGzip)}** |`);
  const sent = [...m.chunks, ...m.later].map((c) => c.encoding);
  const encodings = [...new Set(sent)].map((e) => `${sent.filter((x) => x === e).length} ${e}`).join(', ');
  lines.push('', `on the wire until the network is idle, every type: ${kB(m.wireBytes)} kB (scripts: ${encodings})`);
  return lines.join('\n');
}
