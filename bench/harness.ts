/**
 * The benchmark harness: the server and the bare route each in a process of
 * its own, the load (autocannon) from this one, so no case flatters itself by
 * sharing an event loop with its load generator. Reusable for new cases:
 *
 *   const server = await startServerProcess(dbFile);
 *   const bare = await startBareProcess(secret, body);
 *   const rows = await interleaved(cases, bare, { rounds: 2, durationSec: 5 });
 *   report('title', rows);
 *   console.log(server.memory());
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { closeSync, openSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';

export const BENCH_DIR = path.dirname(fileURLToPath(import.meta.url));
export const SERVER_DIR = path.resolve(BENCH_DIR, '../apps/mock-server');
/** The key every process of a run signs and verifies with. */
export const BENCH_SECRET = 'bench-secret-0123456789-0123456789-abcdef';

/** One load run's figures. */
export interface Figures {
  name: string;
  requestsPerSec: number;
  p50Ms: number;
  p99Ms: number;
  non2xx: number;
  errors: number;
  /** Throughput divided by the bare route's measured beside it. */
  ratio?: number;
  /** Figures of the baseline this case is compared with, when not the bare route (raw inserts). */
  baseline?: string;
  /** CPU time the measured process spent per request (user + system, all threads): unlike req/s, barely moved by other load on the machine. */
  cpuMsPerReq?: number;
  /** The bare route's CPU per request divided by this case's. */
  cpuRatio?: number;
}

export interface LoadOptions {
  connections?: number;
  durationSec?: number;
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  headers?: Record<string, string>;
  body?: string;
}

/** Runs autocannon against one URL and returns its figures. */
export async function load(name: string, url: string, opts: LoadOptions = {}): Promise<Figures> {
  const result = await autocannon({
    url,
    connections: opts.connections ?? 50,
    duration: opts.durationSec ?? 5,
    method: opts.method ?? 'GET',
    headers: opts.headers,
    body: opts.body,
  });
  return {
    name,
    requestsPerSec: result.requests.average,
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
  };
}

// ---------------------------------------------------------------------------
// Processes

export interface RunningProcess {
  pid: number;
  url: string;
  /** Peak and current resident memory (MB) from /proc/<pid>/status. */
  memory(): { peakMb: number; rssMb: number };
  /** CPU time used so far (user + system, ms), from /proc/<pid>/stat. */
  cpuMs(): number;
  stop(): Promise<void>;
}

function cpuMsOf(pid: number): number {
  // Fields after the command name (which may hold spaces): utime and stime are the 12th and 13th, in clock ticks (100 Hz).
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

/** `load` against a process, with the CPU time that process spent per request. */
export async function loadProcess(target: RunningProcess, name: string, url: string, opts: LoadOptions = {}): Promise<Figures> {
  const before = target.cpuMs();
  const f = await load(name, url, opts);
  const requests = f.requestsPerSec * (opts.durationSec ?? 5);
  return { ...f, cpuMsPerReq: requests > 0 ? (target.cpuMs() - before) / requests : NaN };
}

function memoryOf(pid: number) {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? NaN);
  return { peakMb: kb('VmHWM') / 1024, rssMb: kb('VmRSS') / 1024 };
}

/** Waits until `read()` yields a URL, or fails when the process exits first or after `timeoutMs`. */
async function waitForUrl(child: ChildProcess, read: () => string | undefined, what: string, timeoutMs = 120_000): Promise<string> {
  const t0 = Date.now();
  for (;;) {
    const url = read();
    if (url) return url;
    if (child.exitCode !== null) throw new Error(`${what} exited with ${child.exitCode} before listening`);
    if (Date.now() - t0 > timeoutMs) throw new Error(`${what} did not listen within ${timeoutMs / 1000} s`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

function stopper(child: ChildProcess, signal: NodeJS.Signals): () => Promise<void> {
  return () =>
    new Promise((resolve) => {
      if (child.exitCode !== null) return resolve();
      child.once('exit', () => resolve());
      child.kill(signal);
    });
}

/**
 * The server as `pnpm start` runs it: the bundle apps/mock-server/build.mjs
 * writes (built once per run), its default environment (no `NODE_ENV`, no
 * output checks, default log level) with a fixed `JWT_SECRET`, on
 * `dbFile`, its own process. Its log goes to `<dbFile>.log`. `BENCH_CPU_PROF=<dir>` adds
 * `--cpu-prof` (the profile is written when the server stops).
 */
/** A port free right now on 127.0.0.1 (the server is told its port: at LOG_LEVEL=warn it prints no address). */
async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

/** Resolves once something accepts HTTP on `url` (any status). */
async function answers(url: string): Promise<boolean> {
  return fetch(url).then(
    () => true,
    () => false,
  );
}

let bundled = false;

/**
 * The bundle's folder: `BENCH_SERVER_DIST=<dir>` runs a bundle built earlier
 * (`node apps/mock-server/build.mjs <dir>`, e.g. of another commit, to measure
 * before and after in one run); otherwise apps/mock-server/dist, built once per run.
 */
export function serverDist(): string {
  if (process.env.BENCH_SERVER_DIST) return path.resolve(process.env.BENCH_SERVER_DIST);
  if (!bundled) execFileSync(process.execPath, ['build.mjs'], { cwd: SERVER_DIR, stdio: 'inherit' });
  bundled = true;
  return path.join(SERVER_DIR, 'dist');
}

/**
 * CPU pinning as the figures are measured (`BENCH_PIN=0` turns it off): the
 * measured processes (server, bare route) on core 0, the load generator (this
 * process) on core 1, so they never take each other's core.
 */
const PIN = process.env.BENCH_PIN !== '0' && os.cpus().length > 1 && hasTaskset();
function hasTaskset(): boolean {
  try {
    execFileSync('taskset', ['-p', String(process.pid)], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}
if (PIN) execFileSync('taskset', ['-a', '-cp', '1', String(process.pid)], { stdio: 'ignore' });
/** `[command, ...args]` run on the measured core when pinning is on. */
export const pinned = (command: string, args: string[]): [string, string[]] => (PIN ? ['taskset', ['-c', '0', command, ...args]] : [command, args]);

/**
 * `nodeFlags`: node's command-line flags for the server (`pnpm start` gives
 * it none; a case may start a twin with one to measure what it changes).
 */
export async function startServerProcess(
  dbFile: string,
  env: Record<string, string> = {},
  nodeFlags: readonly string[] = [],
): Promise<RunningProcess> {
  const dist = serverDist();
  const logFile = `${dbFile}.log`;
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const log = openSync(logFile, 'w');
  const prof = [...nodeFlags];
  if (process.env.BENCH_CPU_PROF) prof.push('--cpu-prof', `--cpu-prof-dir=${path.resolve(process.env.BENCH_CPU_PROF)}`);
  // `BENCH_NODE_FLAGS='--max-semi-space-size=4'`: Node/V8 flags for the server process, to compare settings.
  prof.push(...(process.env.BENCH_NODE_FLAGS ?? '').split(/\s+/).filter(Boolean));
  const [command, args] = pinned(process.execPath, [...prof, path.join(dist, 'server.mjs')]);
  const child = spawn(command, args, {
    cwd: SERVER_DIR,
    env: {
      ...process.env,
      DATABASE_URL: `file:${dbFile}`,
      JWT_SECRET: BENCH_SECRET,
      PORT: String(port),
      HOST: '127.0.0.1',
      ...env,
    },
    stdio: ['ignore', log, log],
  });
  closeSync(log);
  let up = false;
  const url = await waitForUrl(
    child,
    () => {
      void answers(`${base}/api/none`).then((ok) => (up ||= ok));
      return up ? base : undefined;
    },
    `server (log: ${logFile})`,
  );
  return { pid: child.pid!, url, memory: () => memoryOf(child.pid!), cpuMs: () => cpuMsOf(child.pid!), stop: stopper(child, 'SIGINT') };
}

/** The bare route (bare-server.ts) in its own process, answering `body` to a valid token. */
export async function startBareProcess(body: unknown, secret = BENCH_SECRET): Promise<RunningProcess> {
  const bodyFile = path.join(os.tmpdir(), `edu-bench-bare-${process.pid}.json`);
  writeFileSync(bodyFile, JSON.stringify(body));
  let out = '';
  const [command, args] = pinned(process.execPath, ['--import', 'tsx', 'bare-server.ts']);
  const child = spawn(command, args, {
    cwd: BENCH_DIR,
    env: { ...process.env, BARE_SECRET: secret, BARE_BODY_FILE: bodyFile },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
  const url = await waitForUrl(child, () => /(http:\/\/\S+\/bare)/.exec(out)?.[1], 'bare route');
  return { pid: child.pid!, url, memory: () => memoryOf(child.pid!), cpuMs: () => cpuMsOf(child.pid!), stop: stopper(child, 'SIGTERM') };
}

/** Signs in through the API and returns the Authorization header. */
export async function signIn(baseUrl: string, userName: string, password: string, tenantId: number | null): Promise<Record<string, string>> {
  const res = await fetch(`${baseUrl}/api/TokenAuth/UsersLogin`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(tenantId !== null && { 'Abp.TenantId': String(tenantId) }) },
    body: JSON.stringify({ userNameOrEmailAddress: userName, password }),
  });
  const body = (await res.json()) as { result?: { accessToken: string }; error?: unknown };
  if (!body.result) throw new Error(`sign-in of ${userName} failed: ${JSON.stringify(body.error)}`);
  return { authorization: `Bearer ${body.result.accessToken}` };
}

// ---------------------------------------------------------------------------
// Rounds and the report

/** A case: a load against the server, or any other measurement returning figures (raw inserts). */
export interface BenchCase {
  name: string;
  /** Words a subset selection matches (`pnpm bench -- floor keyword`). */
  tags: readonly string[];
  run(durationSec: number): Promise<Figures>;
  /** Compared with another case of the same round instead of the bare route (its name). */
  baseline?: string;
}

export interface RoundOptions {
  rounds?: number;
  durationSec?: number;
  /** Duration of each bare run beside a case. */
  bareDurationSec?: number;
  /** Each case (and the bare route) runs this long once before the rounds, unmeasured. */
  warmupSec?: number;
  /** Called after each run, e.g. `settle(server.url)`, so one case's backlog does not slow the next. */
  after?: () => Promise<void>;
}

/**
 * Waits until the server answers a cheap request quickly again: a slow case
 * leaves requests queued after its load generator stopped, and the next case
 * would pay for them.
 */
export async function settle(baseUrl: string, timeoutMs = 120_000): Promise<void> {
  const t0 = Date.now();
  let quick = 0;
  while (quick < 3 && Date.now() - t0 < timeoutMs) {
    const t = performance.now();
    await fetch(`${baseUrl}/api/services/app/Session/GetCurrentLoginInformations`).then((r) => r.arrayBuffer());
    quick = performance.now() - t < 20 ? quick + 1 : 0;
    if (!quick) await new Promise((r) => setTimeout(r, 200));
  }
}

/**
 * Runs every case `rounds` times; in each round, each case right after a run of
 * the bare route, so both see the same machine (other processes share the
 * cores). Keeps each case's best round, with the ratio to the bare run beside
 * it (or to its `baseline` case of that round).
 */
export async function interleaved(cases: readonly BenchCase[], bare: (durationSec: number) => Promise<Figures>, o: RoundOptions = {}) {
  const rounds = o.rounds ?? 2;
  const duration = o.durationSec ?? 5;
  const best = new Map<string, Figures>();
  let bestBare: Figures | undefined;
  let bareCpu: number | undefined;
  // JIT, statement and plan caches warm before anything counts.
  if (o.warmupSec) {
    await bare(o.warmupSec);
    for (const c of cases) {
      await c.run(o.warmupSec);
      await o.after?.();
    }
  }
  for (let round = 1; round <= rounds; round++) {
    const thisRound = new Map<string, Figures>();
    for (const c of cases) {
      let ratio: number;
      let figures: Figures;
      if (c.baseline) {
        figures = await c.run(duration);
        await o.after?.();
        const base = thisRound.get(c.baseline);
        ratio = base ? figures.requestsPerSec / base.requestsPerSec : NaN;
      } else {
        const b = await bare(o.bareDurationSec ?? duration);
        bareCpu = b.cpuMsPerReq;
        if (!bestBare || b.requestsPerSec > bestBare.requestsPerSec) bestBare = b;
        figures = await c.run(duration);
        ratio = figures.requestsPerSec / b.requestsPerSec;
      }
      await o.after?.();
      const row = { ...figures, ratio, ...(c.baseline && { baseline: c.baseline }) };
      if (!c.baseline && bareCpu !== undefined && figures.cpuMsPerReq) row.cpuRatio = bareCpu / figures.cpuMsPerReq;
      thisRound.set(c.name, row);
      console.log(
        `  round ${round}: ${c.name}: ${row.requestsPerSec.toFixed(0)} req/s, ratio ${ratio.toFixed(3)}, ${row.cpuMsPerReq?.toFixed(3) ?? '-'} CPU ms/req`,
      );
      const prev = best.get(c.name);
      if (!prev || row.requestsPerSec > prev.requestsPerSec) best.set(c.name, row);
    }
  }
  return { bare: bestBare, rows: cases.map((c) => best.get(c.name)!) };
}

/** Prints figures as a Markdown table, each row with its ratio to the bare route (or its baseline). */
export function report(title: string, rows: readonly Figures[], bare?: Figures): void {
  console.log(`\n${title}`);
  console.log('| case | req/s | p50 ms | p99 ms | ratio | CPU ms/req | CPU ratio | non-2xx | errors |');
  console.log('|---|---:|---:|---:|---:|---:|---:|---:|---:|');
  const line = (r: Figures, ratio: string) =>
    console.log(
      `| ${r.name} | ${r.requestsPerSec.toFixed(0)} | ${r.p50Ms.toFixed(1)} | ${r.p99Ms.toFixed(1)} | ${ratio} | ${r.cpuMsPerReq?.toFixed(3) ?? '-'} | ${r.cpuRatio?.toFixed(3) ?? '-'} | ${r.non2xx} | ${r.errors} |`,
    );
  if (bare) line(bare, '1 (best bare run)');
  for (const r of rows) line(r, r.ratio === undefined ? '-' : `${r.ratio.toFixed(3)}${r.baseline ? ` of ${r.baseline}` : ''}`);
}
