/**
 * `pnpm bench`: the server as users start it (own process, production mode) on
 * a prepared database (Article grown to 100,000 rows), the bare JWT route in a
 * second process, the load from this one; best of two interleaved rounds; each
 * case's req/s, p50, p99 and ratio to the bare route; the server's memory after
 * the runs.
 *
 *   pnpm bench                        every case
 *   pnpm bench -- floor keyword       a subset (case tags or names; also BENCH_CASES=floor,keyword)
 *   ARTICLES=100000 USERS=10000 DURATION=5 BARE_DURATION=5 ROUNDS=2 CONNECTIONS=50
 *   BENCH_CPU_PROF=/tmp/prof          write the server's CPU profile there
 *   BENCH_SERVER_DIST=/tmp/before      run a bundle built earlier (`node apps/mock-server/build.mjs /tmp/before`)
 *   BENCH_PIN=0                        no CPU pinning (default: server and bare route on core 0, the load on core 1)
 *   pnpm bench -- semispace           the floor and page 1 beside a twin server started with --max-semi-space-size=4 (CPU it costs, memory it saves)
 *
 * Before the load: the start-up times (`start`: a first start on a new
 * database, then a second; `pnpm start` itself unless a prebuilt bundle is
 * run). After it: a 10,000-row member import (`IMPORT_ROWS`) running beside
 * a load of page 1 (`memory`), then the server's peak memory.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { CONNECTION_PRAGMAS } from '@edu/db';
import { body, ONE_CHAR_WORD, random, TWO_CHAR_WORD, UNIQUE_WORD } from './corpus.ts';
import {
  interleaved,
  loadProcess,
  report,
  settle,
  signIn,
  startBareProcess,
  startServerProcess,
  type BenchCase,
  type Figures,
  type RunningProcess,
} from './harness.ts';
import { importRows, membersCsv } from './member-import.ts';
import { BENCH_TENANT, copyTemplate, prepareTemplate } from './prepare.ts';
import { timeStarts, type StartFigures } from './start.ts';

const ARTICLES = Number(process.env.ARTICLES ?? 100_000);
const USERS = Number(process.env.USERS ?? 10_000);
const CONNECTIONS = Number(process.env.CONNECTIONS ?? 50);
const DURATION = Number(process.env.DURATION ?? 5);
const ROUNDS = Number(process.env.ROUNDS ?? 2);
const IMPORT_ROWS = Number(process.env.IMPORT_ROWS ?? 10_000);
const selection = [...process.argv.slice(2), ...(process.env.BENCH_CASES ?? '').split(/[\s,]+/)].filter((a) => a && a !== '--');
/** Whether a section outside the load cases (`start`, `memory`) runs: always unless a selection names others only. */
const sectionChosen = (tag: string) => selection.length === 0 || selection.includes(tag);

const template = await prepareTemplate({ articles: ARTICLES, users: USERS });
const dir = mkdtempSync(path.join(os.tmpdir(), 'edu-bench-'));
const starts: StartFigures[] = [];
if (sectionChosen('start')) {
  // Before anything else: `pnpm start` bundles the server again into the dist/ the measured server runs from.
  if (!process.env.BENCH_SERVER_DIST) starts.push(await timeStarts('pnpm', path.join(dir, 'start-pnpm.db'), 21400 + (process.pid % 500)));
  starts.push(await timeStarts('node', path.join(dir, 'start-node.db'), 21400 + (process.pid % 500)));
}
const dbFile = copyTemplate(template, dir);
const rawFile = copyTemplate(template, dir, 'raw.db');
const server = await startServerProcess(dbFile);
let bare: RunningProcess | undefined;
let uncached: RunningProcess | undefined;
/** A second server on its own copy of the database with `PAGE_CACHE_ROWS=0`, started when a case needs it. */
const uncachedServer = async () => (uncached ??= await startServerProcess(copyTemplate(template, dir, 'uncached.db'), { PAGE_CACHE_ROWS: '0' }));
let unaudited: RunningProcess | undefined;
/** A server with `AUDITING=0`, for what recording a call in the audit log costs (the `auditing` cases). */
/** The audited read of the `auditing` cases. */
const FRIEND_LINKS = 'FriendLink/GetAll?SkipCount=0&MaxResultCount=10';
const unauditedServer = async () => (unaudited ??= await startServerProcess(copyTemplate(template, dir, 'unaudited.db'), { AUDITING: '0' }));
/** V8's young generation at 2 × 4 MB instead of its default 2 × 16 MB (node's command line only; `pnpm start` does not set it). */
const SMALL_YOUNG = '--max-semi-space-size=4';
let smallYoung: RunningProcess | undefined;
/** A server started with `SMALL_YOUNG`, for what a smaller young generation saves in memory and costs in CPU (the `semispace` cases). */
const smallYoungServer = async () => (smallYoung ??= await startServerProcess(copyTemplate(template, dir, 'small-young.db'), {}, [SMALL_YOUNG]));
try {
  const auth = await signIn(server.url, 'admin', '123qwe', BENCH_TENANT);
  const api = (p: string) => `${server.url}/api/services/app/${p}`;
  const get = async <T>(p: string): Promise<T> => {
    const res = await fetch(api(p), { headers: auth });
    const json = (await res.json()) as { result: T; error?: unknown };
    if (!res.ok) throw new Error(`${p}: ${res.status} ${JSON.stringify(json.error)}`);
    return json.result;
  };
  const session = await get<unknown>('Session/GetCurrentLoginInformations');
  const { totalCount } = await get<{ totalCount: number }>('Article/GetAll?MaxResultCount=1');
  // About one in 200 grown articles is soft-deleted.
  if (totalCount < ARTICLES * 0.98) throw new Error(`expected ${ARTICLES} articles, Article/GetAll counts ${totalCount}`);
  const oneMatch = await get<{ totalCount: number }>(`Article/GetAll?Keyword=${encodeURIComponent(UNIQUE_WORD)}`);
  if (oneMatch.totalCount !== 1) throw new Error(`the keyword ${UNIQUE_WORD} should match one article, matches ${oneMatch.totalCount}`);
  bare = await startBareProcess(session);

  const raw = new Database(rawFile);
  raw.exec(CONNECTION_PRAGMAS);
  const categoryId = raw
    .prepare<[number], { id: number }>('SELECT id FROM MultiLevelCategory WHERE tenantId = ? AND classTypeId = 1 AND isDeleted = 0 LIMIT 1')
    .get(BENCH_TENANT)!.id;
  const article = {
    title: '七年级数学《有理数的运算》教学设计',
    categoryId,
    summary: '本节课以学生为主体，通过情境导入激发学习兴趣。',
    content: body(random(7), 2000),
    author: '张老师',
    keywords: '数学,教学设计,七年级',
  };

  const opts = { connections: CONNECTIONS, headers: auth };
  const getCase = (name: string, tags: string[], p: string): BenchCase => ({
    name,
    tags,
    run: (d) => loadProcess(server, name, api(p), { ...opts, durationSec: d }),
  });
  /** A case on another server of the run (started when first needed), named `<name>, <suffix>`. */
  const caseOn =
    (target: () => Promise<RunningProcess>, suffix: string, sectionTags: string[]) =>
    (name: string, tags: string[], p: string): BenchCase => ({
      name: `${name}, ${suffix}`,
      tags: [...sectionTags, ...tags],
      run: async (d) => {
        const other = await target();
        return loadProcess(other, `${name}, ${suffix}`, `${other.url}/api/services/app/${p}`, { ...opts, durationSec: d });
      },
    });
  const unauditedCase = caseOn(unauditedServer, 'auditing off', ['auditing']);
  const uncachedCase = caseOn(uncachedServer, 'page cache off', ['articles', 'uncached']);
  const smallYoungCase = caseOn(smallYoungServer, SMALL_YOUNG, ['semispace']);
  const cases: BenchCase[] = [
    getCase('Session/GetCurrentLoginInformations (floor)', ['floor', 'session', 'auditing', 'semispace'], 'Session/GetCurrentLoginInformations'),
    getCase('FriendLink/GetAll', ['floor', 'friendlink', 'auditing'], FRIEND_LINKS),
    // The same calls on a server that records no audit rows: a case's CPU per request against its twin here is what auditing costs.
    // The floor is not audited (ABP's [DisableAuditing]), FriendLink/GetAll is: its pair shows what an audit row costs.
    unauditedCase('Session/GetCurrentLoginInformations (floor)', ['floor'], 'Session/GetCurrentLoginInformations'),
    unauditedCase('FriendLink/GetAll', ['friendlink'], FRIEND_LINKS),
    // The same calls on a server with a smaller young generation: the CPU it costs, and (below) the memory it saves.
    smallYoungCase('Session/GetCurrentLoginInformations (floor)', [], 'Session/GetCurrentLoginInformations'),
    getCase('Article/GetAll page 1', ['articles', 'page', 'semispace'], 'Article/GetAll?SkipCount=0&MaxResultCount=10'),
    // The same read on a server started with the list page cache off: what a page costs when its table was just written.
    uncachedCase('Article/GetAll page 1', ['page'], 'Article/GetAll?SkipCount=0&MaxResultCount=10'),
    smallYoungCase('Article/GetAll page 1', [], 'Article/GetAll?SkipCount=0&MaxResultCount=10'),
    getCase(
      `Article/GetAll last page (skip ${totalCount - 10})`,
      ['articles', 'deep'],
      `Article/GetAll?SkipCount=${totalCount - 10}&MaxResultCount=10`,
    ),
    uncachedCase(`Article/GetAll last page (skip ${totalCount - 10})`, ['deep'], `Article/GetAll?SkipCount=${totalCount - 10}&MaxResultCount=10`),
    getCase(`Article/GetAll keyword ${UNIQUE_WORD} (1 match)`, ['articles', 'keyword'], `Article/GetAll?Keyword=${encodeURIComponent(UNIQUE_WORD)}`),
    getCase(
      `Article/GetAll keyword ${TWO_CHAR_WORD} (2 chars)`,
      ['articles', 'keyword'],
      `Article/GetAll?Keyword=${encodeURIComponent(TWO_CHAR_WORD)}`,
    ),
    getCase(
      `Article/GetAll keyword ${ONE_CHAR_WORD} (1 char)`,
      ['articles', 'keyword'],
      `Article/GetAll?Keyword=${encodeURIComponent(ONE_CHAR_WORD)}`,
    ),
    getCase('User/GetAll page 1', ['users'], 'User/GetAll?SkipCount=0&MaxResultCount=10'),
    {
      name: 'raw better-sqlite3 inserts (WAL)',
      tags: ['write', 'raw'],
      run: async (d) => rawInserts(raw, article, d),
    },
    {
      name: 'Article/Create',
      tags: ['write'],
      baseline: 'raw better-sqlite3 inserts (WAL)',
      run: (d) =>
        loadProcess(server, 'Article/Create', api('Article/Create'), {
          ...opts,
          durationSec: d,
          method: 'POST',
          headers: { ...auth, 'content-type': 'application/json' },
          body: JSON.stringify(article),
        }),
    },
  ];
  const chosen = selection.length
    ? cases.filter((c) => selection.some((s) => c.tags.includes(s) || c.name.toLowerCase().includes(s.toLowerCase())))
    : cases;
  // A baseline runs with the case that needs it.
  const run = cases.filter((c) => chosen.includes(c) || chosen.some((x) => x.baseline === c.name));
  const bareUrl = bare.url;
  const bareProcess = bare;
  const result = await interleaved(run, (d) => loadProcess(bareProcess, 'bare JWT route', bareUrl, { ...opts, durationSec: d }), {
    rounds: ROUNDS,
    durationSec: DURATION,
    bareDurationSec: Number(process.env.BARE_DURATION ?? DURATION),
    warmupSec: Number(process.env.WARMUP ?? 1),
    after: () => settle(server.url),
  });
  raw.close();
  // The audited read and its twin loaded at the same moment, both servers on the measured core: whatever else the machine
  // runs falls on both alike (run one after the other, a round's pair differed by up to 2x), so their ratio is what auditing costs.
  const sideBySide: Array<{ rps: number; cpu: number }> = [];
  if (chosen.some((c) => c.tags.includes('auditing'))) {
    const twin = await unauditedServer();
    for (let round = 1; round <= ROUNDS; round++) {
      const [on, off] = await Promise.all([
        loadProcess(server, 'FriendLink/GetAll', api(FRIEND_LINKS), { ...opts, durationSec: DURATION }),
        loadProcess(twin, 'FriendLink/GetAll, auditing off', `${twin.url}/api/services/app/${FRIEND_LINKS}`, { ...opts, durationSec: DURATION }),
      ]);
      await Promise.all([settle(server.url), settle(twin.url)]);
      sideBySide.push({ rps: on.requestsPerSec / off.requestsPerSec, cpu: (off.cpuMsPerReq ?? NaN) / (on.cpuMsPerReq ?? NaN) });
      console.log(
        `  side by side ${round}: FriendLink/GetAll ${on.requestsPerSec.toFixed(0)} req/s (${on.cpuMsPerReq?.toFixed(3)} CPU ms), auditing off ${off.requestsPerSec.toFixed(0)} req/s (${off.cpuMsPerReq?.toFixed(3)} CPU ms)`,
      );
    }
  }
  let beside: string | undefined;
  const peakBefore = server.memory().peakMb;
  if (sectionChosen('memory')) {
    // A member import of IMPORT_ROWS rows (commit) while page 1 is under load: what the server holds at its busiest.
    const imported = importRows(server.url, auth, membersCsv(IMPORT_ROWS, 'bench', 13000000000), {
      mode: 'commit',
      passwordRule: '1',
      password: 'Bench@2026',
    });
    const loadBeside = await loadProcess(server, 'page 1 beside an import', api('Article/GetAll?SkipCount=0&MaxResultCount=10'), {
      ...opts,
      durationSec: DURATION,
    });
    const { ms, job } = await imported;
    if (job.state !== 2 || job.result?.created !== IMPORT_ROWS) throw new Error(`the import beside the load failed: ${JSON.stringify(job)}`);
    beside = `a ${IMPORT_ROWS}-row member import took ${(ms / 1000).toFixed(1)} s beside ${loadBeside.requestsPerSec.toFixed(0)} req/s of page 1; peak before it ${peakBefore.toFixed(0)} MB`;
  }
  const mem = server.memory();
  report(
    `${ARTICLES} articles, ${CONNECTIONS} connections, ${DURATION} s per case, best of ${ROUNDS} interleaved rounds (node ${process.version}, ${os.cpus().length} cores)`,
    result.rows,
    result.bare,
  );
  if (sideBySide.length) {
    const spread = (xs: number[]) => `${xs.map((x) => x.toFixed(3)).join(' ')} (median ${median(xs).toFixed(3)})`;
    console.log(
      `\nFriendLink/GetAll audited beside AUDITING=0, loaded at once, round by round: req/s ratio ${spread(sideBySide.map((r) => r.rps))}; CPU per request, the twin's / audited ${spread(sideBySide.map((r) => r.cpu))}`,
    );
  }
  console.log(`\nserver memory after the runs: peak RSS (VmHWM) ${mem.peakMb.toFixed(0)} MB, RSS now ${mem.rssMb.toFixed(0)} MB`);
  if (beside) console.log(`(the peak includes ${beside})`);
  if (smallYoung) {
    const twin = smallYoung.memory();
    console.log(
      `the server with ${SMALL_YOUNG} (its load cases, no import): peak RSS ${twin.peakMb.toFixed(0)} MB, RSS now ${twin.rssMb.toFixed(0)} MB (this server's peak before the import: ${peakBefore.toFixed(0)} MB)`,
    );
  }
  for (const s of starts)
    console.log(
      `start (${s.command === 'pnpm' ? '`pnpm start`' : 'the bundle alone'}) to the first answer: first on a new database ${(s.firstMs / 1000).toFixed(2)} s, second ${(s.secondMs / 1000).toFixed(2)} s`,
    );
  console.log(
    `load average at the end: ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}`,
  );
} finally {
  await bare?.stop();
  await uncached?.stop();
  await unaudited?.stop();
  await smallYoung?.stop();
  await server.stop();
  if (!process.env.BENCH_KEEP) rmSync(dir, { recursive: true, force: true });
  else console.log(`kept ${dir}`);
}

/**
 * The same row inserted straight through better-sqlite3, one autocommit
 * transaction per row (as one request writes one), same pragmas as the server,
 * for `durationSec`: what the write case is measured against.
 */
function rawInserts(db: Database.Database, a: Record<string, string | number>, durationSec: number): Figures {
  const insert = db.prepare(
    `INSERT INTO Article (tenantId, title, categoryId, summary, content, author, keywords, creationTime, creatorUserId)
     VALUES (@tenantId, @title, @categoryId, @summary, @content, @author, @keywords, @creationTime, 1)`,
  );
  const latencies: number[] = [];
  const end = performance.now() + durationSec * 1000;
  let n = 0;
  while (performance.now() < end) {
    const t = performance.now();
    insert.run({ ...a, tenantId: BENCH_TENANT, creationTime: new Date().toISOString().replace('Z', '+00:00') });
    if (n++ % 16 === 0) latencies.push(performance.now() - t);
  }
  latencies.sort((x, y) => x - y);
  const q = (p: number) => latencies[Math.min(latencies.length - 1, Math.floor(latencies.length * p))] ?? 0;
  return { name: 'raw better-sqlite3 inserts (WAL)', requestsPerSec: n / durationSec, p50Ms: q(0.5), p99Ms: q(0.99), non2xx: 0, errors: 0 };
}

/** The middle value (the lower of the two middle ones for an even count). */
function median(xs: readonly number[]): number {
  return [...xs].sort((a, b) => a - b)[Math.floor((xs.length - 1) / 2)] ?? NaN;
}
