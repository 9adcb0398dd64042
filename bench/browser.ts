/**
 * The console in a real browser, `pnpm --filter @edu/bench exec tsx browser.ts`:
 * the server as users start it (its own process, the bundle) serving the built
 * console (`apps/web/dist`, or `BENCH_WEB_ROOT`), driven by Chromium
 * (the full browser: `FULL_CHROMIUM_PATH`, default /usr/bin/chromium; CPU not throttled).
 *
 * 1. The login page as a new visitor: the JS it fetches until the network is
 *    idle, in bytes on the wire as Chromium counts them (CDP, as
 *    tests/e2e/first-load.test.ts measures) and gzipped at level 9.
 * 2. Screens opened as the first visit after sign-in on a cold cache (a new
 *    browser context carrying only the signed-in cookies): the time from the
 *    navigation's start until the screen's content is in the page, and the JS
 *    fetched until then (files, gzip and decoded bytes), and the CPU time of the page's main thread until then
 *    (moved much less by the machine's load than the wall time).
 *
 * Each figure is the median of `RUNS` (default 5) visits. The web app is not
 * built here: build it first (`pnpm --filter @edu/web build`).
 *
 *   BENCH_WEB_ROOT=/tmp/before-web      measure another build of the console
 *   BENCH_WEB_ROOT=/tmp/a,/tmp/b         several builds, each served by its own server, their visits interleaved
 *                                        (one visit of each build in turn), so a change of the machine's load
 *                                        falls on all of them
 *   BENCH_SCREENS=questions,income       a subset of the screens
 *   BENCH_PROFILE=1                      one more visit of each screen (not counted) prints where its main thread
 *                                        spent its time until the content showed (CPU profile self time by
 *                                        script and by function) and its waterfall (API requests and scripts: start, end)
 *   BENCH_PROFILE=/tmp/profiles          the same, and each profiled visit's CPU profile kept there (.cpuprofile)
 */
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
// Types from the same package (a relative path: it is not one of this package's dependencies).
import type * as Playwright from '../tests/node_modules/playwright-core/index.js';
import { FULL_CHROMIUM_LAUNCH } from '../tests/e2e/support/chromium.ts';
import { BENCH_DIR, startServerProcess } from './harness.ts';
import { copyTemplate, prepareTemplate } from './prepare.ts';

// playwright-core is the browser tests' dependency (tests/), taken from there rather than installed twice.
const requireFromTests = createRequire(path.resolve(BENCH_DIR, '../tests/package.json'));
const { chromium } = requireFromTests('playwright-core') as typeof Playwright;

const RUNS = Number(process.env.RUNS ?? 5);
const WEB_ROOTS = (process.env.BENCH_WEB_ROOT ?? path.join(BENCH_DIR, '../apps/web/dist')).split(',').map((r) => path.resolve(r));

interface Screen {
  name: string;
  /** Paths tried in order: the first whose content shows is measured (a screen may not exist yet in a build). */
  paths: readonly string[];
  /** What shows once the screen has its data. */
  content: string;
}

const SCREENS: readonly Screen[] = [
  { name: 'questions', paths: ['/testQuestions/testQuestion'], content: '[data-testid$="-table"] tbody tr' },
  {
    // The assembly workbench as a page (a new paper); builds without that route show the papers list instead.
    name: 'paper workbench',
    paths: ['/testPapers/testPaper/new/assemble', '/testPapers/testPaper'],
    content: '[data-testid="paper-workbench"], [data-testid$="-table"] tbody tr',
  },
  { name: 'statistics', paths: ['/testQuestions/testQuestionCensus'], content: '[data-testid="census-table"] tbody tr' },
  { name: 'income', paths: ['/member/income'], content: '[data-testid="income-days"] tbody tr, [data-testid="ledger"] tbody tr' },
];

interface Script {
  url: string;
  /** When it finished loading, in page time. */
  start: number;
  wire: number;
  decoded: number;
  gzip: number;
}

interface Visit {
  /** Milliseconds from the navigation's start to the mark (form or content shown), or to network idle. */
  ms: number;
  /**
   * The page's main thread until then, in its own CPU time (CDP's Performance metrics in thread ticks): what
   * the page made its thread do, which other processes' load stretches in wall time but does not change.
   */
  cpuMs: number;
  /** Of it, running JavaScript (V8's compile and run). */
  scriptMs: number;
  scripts: Script[];
  path: string;
  /** With `profile`: the profile's summary and the waterfall, printed lines. */
  report?: string[];
}

const PROFILE = Boolean(process.env.BENCH_PROFILE);
/** `BENCH_PROFILE=<dir>` (a path, not `1`) also keeps each profiled visit's CPU profile there, for DevTools. */
const PROFILE_DIR = process.env.BENCH_PROFILE && process.env.BENCH_PROFILE !== '1' ? path.resolve(process.env.BENCH_PROFILE) : undefined;
if (PROFILE_DIR) mkdirSync(PROFILE_DIR, { recursive: true });

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
}
interface CpuProfile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

/** Self time until `untilMs` (page time) by script file and by function, largest first. */
function summarizeProfile(profile: CpuProfile, startedAt: number, untilMs: number): string[] {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const byFile = new Map<string, number>();
  const byFunction = new Map<string, number>();
  let t = startedAt;
  for (let i = 0; i < profile.samples.length; i++) {
    t += profile.timeDeltas[i]! / 1000;
    if (t > untilMs) break;
    const node = byId.get(profile.samples[i]!)!;
    const dt = (profile.timeDeltas[i + 1] ?? 0) / 1000;
    const file = node.callFrame.url
      ? path.basename(new URL(node.callFrame.url, 'http://x').pathname)
      : `(${node.callFrame.functionName || 'native'})`;
    byFile.set(file, (byFile.get(file) ?? 0) + dt);
    const fn = `${node.callFrame.functionName || '(anonymous)'} ${file}:${node.callFrame.lineNumber}:${node.callFrame.columnNumber}`;
    byFunction.set(fn, (byFunction.get(fn) ?? 0) + dt);
  }
  const top = (m: Map<string, number>, n: number) =>
    [...m]
      .sort((a, b) => b[1] - a[1])
      .slice(0, n)
      .map(([k, v]) => `      ${v.toFixed(0).padStart(5)} ms  ${k}`);
  return ['    self time by script until the content showed:', ...top(byFile, 15), '    by function:', ...top(byFunction, 15)];
}

const median = (xs: readonly number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? (s[(s.length - 1) >> 1]! + s[s.length >> 1]!) / 2 : NaN;
};
const kB = (n: number) => (n / 1000).toFixed(1);

/** An init script marking, in page time, when `selector` first matches a visible element. */
const markWhenShown = (selector: string) => `
  (() => {
    const seen = () => [...document.querySelectorAll(${JSON.stringify(selector)})].some((e) => e.getClientRects().length > 0);
    const observer = new MutationObserver(() => {
      if (window.__shownAt === undefined && seen()) { window.__shownAt = performance.now(); observer.disconnect(); }
    });
    observer.observe(document, { subtree: true, childList: true, attributes: true });
  })();
`;

/**
 * Opens `url` in `ctx` (a new context: a cold cache) and waits for `selector`
 * (or the network to be idle when none); the scripts fetched until then, with
 * Chromium's count of their bytes on the wire.
 */
async function visit(
  ctx: Playwright.BrowserContext,
  url: string,
  selector: string | undefined,
  timeoutMs = 30_000,
  profiled = false,
): Promise<Visit | undefined> {
  if (selector) await ctx.addInitScript({ content: markWhenShown(selector) });
  const page = await ctx.newPage();
  const cdp = await ctx.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Performance.enable', { timeDomain: 'threadTicks' });
  const wire = new Map<string, number>();
  const urls = new Map<string, string>();
  cdp.on('Network.responseReceived', (e) => urls.set(e.requestId, e.response.url));
  cdp.on('Network.loadingFinished', (e) => {
    const u = urls.get(e.requestId);
    if (u) wire.set(u, (wire.get(u) ?? 0) + e.encodedDataLength);
  });
  let profileStart = 0;
  if (profiled) {
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
    await cdp.send('Profiler.start');
    profileStart = Date.now();
  }
  const responses: Playwright.Response[] = [];
  page.on('response', (r) => {
    if (r.request().resourceType() === 'script' || /\.m?js$/.test(new URL(r.url()).pathname)) responses.push(r);
  });
  const threadTimes = async () => {
    const { metrics } = await cdp.send('Performance.getMetrics');
    const of = (name: string) => (metrics.find((m) => m.name === name)?.value ?? NaN) * 1000;
    return { cpuMs: of('ThreadTime'), scriptMs: of('ScriptDuration') };
  };
  await page.goto(url);
  let ms: number;
  let thread: { cpuMs: number; scriptMs: number };
  if (selector) {
    try {
      await page.waitForFunction(() => Reflect.get(window, '__shownAt') !== undefined, undefined, { timeout: timeoutMs, polling: 50 });
    } catch {
      await page.close();
      return undefined;
    }
    ms = Number(await page.evaluate(() => Reflect.get(window, '__shownAt')));
    thread = await threadTimes();
    await page.waitForLoadState('networkidle');
  } else {
    await page.waitForLoadState('networkidle');
    ms = await page.evaluate(() => performance.now());
    thread = await threadTimes();
  }
  let report: string[] | undefined;
  if (profiled) {
    const { profile } = (await cdp.send('Profiler.stop')) as unknown as { profile: CpuProfile & { startTime: number } };
    if (PROFILE_DIR)
      writeFileSync(path.join(PROFILE_DIR, `${new URL(url).pathname.replaceAll('/', '_')}-${Date.now()}.cpuprofile`), JSON.stringify(profile));
    // Page time of the profile's start (before the navigation: negative); wall clocks, so within a few ms.
    const origin = await page.evaluate(() => performance.timeOrigin);
    const firstSample = profileStart - origin;
    const waterfall = await page.evaluate(() =>
      performance
        .getEntriesByType('resource')
        .filter((e) => /\/api\/|\/AbpUserConfiguration\/|appconfig\.json|\.js$/.test(e.name))
        .map(
          (e) =>
            `      ${e.startTime.toFixed(0).padStart(5)} → ${(e.startTime + e.duration).toFixed(0).padStart(5)} ms  ${new URL(e.name).pathname}${new URL(e.name).search.slice(0, 80)}`,
        ),
    );
    report = [...summarizeProfile(profile, firstSample, ms), '    waterfall (API requests and scripts, page time):', ...waterfall];
  }
  const ends = new Map(await page.evaluate(() => performance.getEntriesByType('resource').map((e) => [e.name, e.startTime + e.duration] as const)));
  const scripts = await Promise.all(
    responses.map(async (r) => {
      const body = await r.body();
      return {
        url: r.url(),
        start: ends.get(r.url()) ?? 0,
        wire: wire.get(r.url()) ?? 0,
        decoded: body.length,
        gzip: gzipSync(body, { level: 9 }).length,
      };
    }),
  );
  await page.close();
  return { ms, ...thread, scripts: selector ? scripts.filter((s) => s.start <= ms) : scripts, path: new URL(url).pathname, report };
}

/** `BENCH_LIST_SCRIPTS=1`: a visit's scripts, largest first. */
function listScripts(v: Visit): void {
  for (const s of [...v.scripts].sort((a, b) => b.gzip - a.gzip))
    console.log(`    ${new URL(s.url).pathname} ${kB(s.gzip)} kB gzip, ${kB(s.wire)} kB on the wire`);
}

/** Signs in once through the login page: every screen visit starts a new context from these cookies and storage. */
async function signIn(browser: Playwright.Browser, url: string) {
  const signInCtx = await browser.newContext({ ...contextOptions, baseURL: url });
  const page = await signInCtx.newPage();
  await page.goto('/');
  await page.getByTestId('login-form').waitFor();
  const tenant = (await page.getByTestId('tenant-name').textContent()) ?? '';
  if (tenant !== 'Default') {
    await page.getByTestId('tenant-change').click();
    const dialog = page.getByTestId('tenant-dialog');
    await dialog.locator('input[name="tenancyName"]').fill('Default');
    await Promise.all([page.waitForEvent('load'), dialog.getByTestId('tenant-ok').click()]);
  }
  await page.locator('input[name="userNameOrEmailAddress"]').fill('admin');
  await page.locator('input[name="password"]').fill('123qwe');
  await page.getByTestId('login-submit').click();
  await page.getByTestId('sidebar-toggle').waitFor();
  const state = await signInCtx.storageState();
  await signInCtx.close();
  return state;
}

const contextOptions = { viewport: { width: 1366, height: 800 }, locale: 'zh-CN', timezoneId: 'Asia/Shanghai' };
const template = await prepareTemplate({ articles: 0, users: 0 });
const dir = mkdtempSync(path.join(os.tmpdir(), 'edu-bench-browser-'));
for (const root of WEB_ROOTS)
  if (!existsSync(path.join(root, 'index.html'))) throw new Error(`no console build in ${root}: run pnpm --filter @edu/web build first`);
// One server (its own copy of the database) per build: with several, every visit of one is followed by the same visit of the next.
const servers = await Promise.all(WEB_ROOTS.map((WEB_ROOT, i) => startServerProcess(copyTemplate(template, dir, `bench-${i}.db`), { WEB_ROOT })));
const browser = await chromium.launch(FULL_CHROMIUM_LAUNCH);
const label = (i: number) => (WEB_ROOTS.length > 1 ? `${WEB_ROOTS[i]}: ` : '');
try {
  const builds = [];
  for (const server of servers) builds.push({ url: server.url, signedIn: await signIn(browser, server.url) });

  console.log(
    `console build ${WEB_ROOTS.join(', ')}, ${RUNS} cold visits each${WEB_ROOTS.length > 1 ? ', the builds interleaved' : ''}, median (node ${process.version}, ${os.cpus().length} cores, load ${os.loadavg()[0]!.toFixed(2)})\n`,
  );
  // 1. The login page as a new visitor.
  const sum = (v: Visit, k: 'wire' | 'gzip' | 'decoded') => v.scripts.reduce((s, x) => s + x[k], 0);
  console.log('| login page until the network is idle | JS files | JS on the wire kB | JS gzip kB | JS decoded kB |');
  console.log('|---|---:|---:|---:|---:|');
  for (const [b, build] of builds.entries()) {
    const logins: Visit[] = [];
    for (let i = 0; i < RUNS; i++) {
      const ctx = await browser.newContext(contextOptions);
      logins.push((await visit(ctx, `${build.url}/`, undefined))!);
      await ctx.close();
    }
    console.log(
      `| ${label(b)}new visitor | ${median(logins.map((v) => v.scripts.length))} | ${kB(median(logins.map((v) => sum(v, 'wire'))))} | ${kB(median(logins.map((v) => sum(v, 'gzip'))))} | ${kB(median(logins.map((v) => sum(v, 'decoded'))))} |`,
    );
    if (process.env.BENCH_LIST_SCRIPTS) listScripts(logins[0]!);
  }

  // 2. Screens, first visit after sign-in on a cold cache.
  const chosen = (process.env.BENCH_SCREENS ?? '').split(',').filter(Boolean);
  console.log(
    '\n| screen (path) | time to content ms (median, min–max) | main thread CPU ms until then (of it JS) | JS files | JS gzip kB | JS decoded kB |',
  );
  console.log('|---|---:|---:|---:|---:|---:|');
  for (const screen of SCREENS.filter((s) => !chosen.length || chosen.includes(s.name))) {
    const visits: Visit[][] = builds.map(() => []);
    const profiled: Array<Visit | undefined> = [];
    for (let i = PROFILE ? -1 : 0; i < RUNS; i++) {
      for (const [b, build] of builds.entries()) {
        let v: Visit | undefined;
        for (const p of screen.paths) {
          const ctx = await browser.newContext({ ...contextOptions, storageState: build.signedIn });
          v = await visit(ctx, `${build.url}${p}`, screen.content, p === screen.paths.at(-1) ? 30_000 : 10_000, i < 0);
          await ctx.close();
          if (v) break;
        }
        if (!v) throw new Error(`${label(b)}${screen.name}: no content (${screen.content}) on ${screen.paths.join(' or ')}`);
        if (i < 0) profiled[b] = v;
        else visits[b]!.push(v);
      }
    }
    for (const [b, vs] of visits.entries()) {
      const ms = vs.map((v) => v.ms);
      console.log(
        `| ${label(b)}${screen.name} (${vs[0]!.path}) | ${median(ms).toFixed(0)} (${Math.min(...ms).toFixed(0)}–${Math.max(...ms).toFixed(0)}) | ${median(vs.map((v) => v.cpuMs)).toFixed(0)} (${median(vs.map((v) => v.scriptMs)).toFixed(0)}) | ${median(vs.map((v) => v.scripts.length))} | ${kB(median(vs.map((v) => sum(v, 'gzip'))))} | ${kB(median(vs.map((v) => sum(v, 'decoded'))))} |`,
      );
      const report = profiled[b]?.report;
      if (report) console.log(`    profiled visit: ${profiled[b]!.ms.toFixed(0)} ms to content\n${report.join('\n')}`);
      if (process.env.BENCH_LIST_SCRIPTS)
        for (const s of [...vs[0]!.scripts].sort((a, b) => b.decoded - a.decoded))
          console.log(`    ${new URL(s.url).pathname} ${kB(s.gzip)} kB gzip`);
    }
  }
  console.log(
    `\nload average at the end: ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}`,
  );
} finally {
  await browser.close();
  await Promise.all(servers.map((s) => s.stop()));
  rmSync(dir, { recursive: true, force: true });
}
