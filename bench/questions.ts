/**
 * `pnpm --filter @edu/bench run questions`: the question bank and papers on a
 * bank grown to 100,000 questions, the server in its own process as users
 * start it, beside the bare JWT route (same harness as `pnpm bench`):
 * - the question list: page 1, a category subtree with type, difficulty and a
 *   keyword, the last page;
 * - the random paper's joint dry run with 10 rules (under load), and one
 *   generation;
 * - import throughput: a 5,000-row CSV, dry run and commit (questions/s);
 * - export of a 50-question paper: time and size of the PDF and the DOCX.
 *
 *   QUESTIONS=100000 DURATION=5 ROUNDS=2 CONNECTIONS=50 IMPORT_ROWS=5000
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, renameSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { MIGRATIONS_DIR, openDatabase } from '@edu/db';
import { seed } from '@edu/db/seed';
import { keywordIndexes } from '@edu/mock-server/kit/keyword-search';
import { interleaved, loadProcess, report, settle, signIn, startBareProcess, startServerProcess, type BenchCase } from './harness.ts';
import { BENCH_TENANT, CACHE_DIR, copyTemplate } from './prepare.ts';

const QUESTIONS = Number(process.env.QUESTIONS ?? 100_000);
const CONNECTIONS = Number(process.env.CONNECTIONS ?? 50);
const DURATION = Number(process.env.DURATION ?? 5);
const ROUNDS = Number(process.env.ROUNDS ?? 2);
const IMPORT_ROWS = Number(process.env.IMPORT_ROWS ?? 5000);
/** A word of the physics templates: present in many questions, so the filter and the keyword both narrow. */
const KEYWORD = '密度是';

const template = await prepareQuestionTemplate(QUESTIONS);
const dir = mkdtempSync(path.join(os.tmpdir(), 'edu-bench-q-'));
const dbFile = copyTemplate(template, dir);
const server = await startServerProcess(dbFile);
let bare: Awaited<ReturnType<typeof startBareProcess>> | undefined;
try {
  const auth = await signIn(server.url, 'admin', '123qwe', BENCH_TENANT);
  const json = { ...auth, 'content-type': 'application/json' };
  const api = (p: string) => `${server.url}/api/services/app/${p}`;
  const call = async <T>(p: string, init: RequestInit = {}): Promise<T> => {
    const res = await fetch(api(p), { ...init, headers: { ...json, ...(init.headers as Record<string, string>) } });
    const body = (await res.json()) as { result: T; error?: unknown };
    if (!res.ok) throw new Error(`${p}: ${res.status} ${JSON.stringify(body.error)}`);
    return body.result;
  };
  const db = new Database(dbFile, { readonly: true });
  const junior = db
    .prepare<[number], { id: number }>(
      `SELECT id FROM MultiLevelCategory WHERE tenantId = ? AND classTypeId = 3 AND parentId IS NULL AND name = '初中'`,
    )
    .get(BENCH_TENANT)!.id;
  const leaves = db
    .prepare<[number], { id: number; name: string }>(
      `SELECT c.id, c.name FROM MultiLevelCategory c WHERE c.tenantId = ? AND c.classTypeId = 3 AND c.isDeleted = 0
       AND NOT EXISTS (SELECT 1 FROM MultiLevelCategory k WHERE k.parentId = c.id) ORDER BY c.id`,
    )
    .all(BENCH_TENANT);
  // Ten rules on (category, type) pairs that have approved, shown questions to spare, 5 questions each.
  const pools = db
    .prepare<[number], { categoryId: number; questionType: number }>(
      `SELECT categoryId, questionType FROM TestQuestion WHERE tenantId = ? AND isDeleted = 0 AND isUniversity = 0 AND auditStatus = 1 AND isShow = 1
       AND questionType IN (1, 3, 4) GROUP BY categoryId, questionType HAVING COUNT(*) >= 50 ORDER BY categoryId, questionType LIMIT 10`,
    )
    .all(BENCH_TENANT);
  const paperCategory = db
    .prepare<[number], { id: number }>('SELECT id FROM MultiLevelCategory WHERE tenantId = ? AND classTypeId = 4 AND isDeleted = 0 LIMIT 1')
    .get(BENCH_TENANT)!.id;
  db.close();

  const page = await call<{ result: { totalCount: number } }>('TestQuestion/GetAllQuestion?MaxResultCount=1');
  const total = page.result.totalCount;
  if (total < QUESTIONS * 0.5) throw new Error(`expected about ${QUESTIONS} standard-bank questions, GetAllQuestion counts ${total}`);
  const filtered = `TestQuestion/GetAllQuestion?CategoryId=${junior}&QuestionType=4&Difficulty=2&Keyword=${encodeURIComponent(KEYWORD)}`;
  const filteredCount = (await call<{ result: { totalCount: number } }>(filtered)).result.totalCount;

  const rules = pools.map((p) => ({ questionType: p.questionType, categoryId: p.categoryId, count: 5, score: 2 }));
  const paperFields = { title: '基准测试 随机组卷', categoryId: paperCategory, examMinutes: 90 };
  const dryRunBody = JSON.stringify({ ...paperFields, rules, seed: 7, dryRun: true });
  const dry = await call<{ report: { feasible: boolean } }>('TestPaper/CreateRandomGroup', { method: 'POST', body: dryRunBody });
  if (!dry.report.feasible) throw new Error(`the benchmark rules should be feasible: ${JSON.stringify(dry.report)}`);

  bare = await startBareProcess(await call<unknown>('Session/GetCurrentLoginInformations'));
  const opts = { connections: CONNECTIONS, headers: auth };
  const getCase = (name: string, p: string): BenchCase => ({
    name,
    tags: ['questions'],
    run: (d) => loadProcess(server, name, api(p), { ...opts, durationSec: d }),
  });
  const cases: BenchCase[] = [
    getCase('TestQuestion/GetAllQuestion page 1', 'TestQuestion/GetAllQuestion?SkipCount=0&MaxResultCount=10'),
    getCase(`GetAllQuestion 初中 subtree + 填空 + 一般 + keyword ${KEYWORD} (${filteredCount} matches)`, filtered),
    getCase(`GetAllQuestion last page (skip ${total - 10})`, `TestQuestion/GetAllQuestion?SkipCount=${total - 10}&MaxResultCount=10`),
    {
      name: 'TestPaper/CreateRandomGroup dry run, 10 rules',
      tags: ['papers'],
      run: (d) =>
        loadProcess(server, 'TestPaper/CreateRandomGroup dry run, 10 rules', api('TestPaper/CreateRandomGroup'), {
          ...opts,
          durationSec: d,
          method: 'POST',
          headers: json,
          body: dryRunBody,
        }),
    },
  ];
  const bareUrl = bare.url;
  const bareProcess = bare;
  const result = await interleaved(cases, (d) => loadProcess(bareProcess, 'bare JWT route', bareUrl, { ...opts, durationSec: d }), {
    rounds: ROUNDS,
    durationSec: DURATION,
    warmupSec: 1,
    after: () => settle(server.url),
  });
  report(
    `${QUESTIONS} questions, ${CONNECTIONS} connections, ${DURATION} s per case, best of ${ROUNDS} interleaved rounds`,
    result.rows,
    result.bare,
  );

  // One at a time, no other load: generation, import, export.
  const timed = async <T>(f: () => Promise<T>): Promise<[T, number]> => {
    const t0 = performance.now();
    const value = await f();
    return [value, performance.now() - t0];
  };
  const generations: number[] = [];
  let paperId = 0;
  for (let i = 0; i < 3; i++) {
    const [made, ms] = await timed(() =>
      call<{ paper: { id: number } | null }>('TestPaper/CreateRandomGroup', {
        method: 'POST',
        body: JSON.stringify({ ...paperFields, rules, seed: i }),
      }),
    );
    generations.push(ms);
    paperId = made.paper?.id ?? paperId;
  }
  console.log(`\nrandom generation (10 rules, 50 questions, one transaction): ${generations.map((ms) => ms.toFixed(0)).join(' / ')} ms`);

  const csv = importCsv(IMPORT_ROWS);
  for (const mode of ['dryRun', 'commit'] as const) {
    const [job, ms] = await timed(() => importFile(csv, leaves[0]!.id, mode));
    console.log(
      `import ${IMPORT_ROWS} rows (${(csv.length / 1024).toFixed(0)} kB CSV), ${mode}: ${(ms / 1000).toFixed(1)} s, ${(IMPORT_ROWS / (ms / 1000)).toFixed(0)} questions/s (${JSON.stringify(job)})`,
    );
  }

  if (paperId) {
    for (const format of ['pdf', 'docx'] as const) {
      const times: number[] = [];
      let bytes = 0;
      for (let i = 0; i < 3; i++) {
        const [size, ms] = await timed(async () => {
          const res = await fetch(api('TestQuestion/ExportTestPaper'), {
            method: 'POST',
            headers: json,
            body: JSON.stringify({ id: paperId, format, document: 'paper' }),
          });
          if (!res.ok) throw new Error(`ExportTestPaper ${format}: ${res.status} ${await res.text()}`);
          return (await res.arrayBuffer()).byteLength;
        });
        times.push(ms);
        bytes = size;
      }
      console.log(`export of a 50-question paper as ${format}: ${times.map((ms) => ms.toFixed(0)).join(' / ')} ms, ${(bytes / 1024).toFixed(0)} kB`);
    }
  }
  const mem = server.memory();
  console.log(`\nserver memory after the runs: peak RSS (VmHWM) ${mem.peakMb.toFixed(0)} MB, RSS now ${mem.rssMb.toFixed(0)} MB`);

  /** Uploads a file to ImportQuestions and waits for its job; answers the job's counts. */
  async function importFile(content: string, categoryId: number, mode: 'dryRun' | 'commit') {
    const form = new FormData();
    form.append('file', new Blob([content], { type: 'text/csv' }), 'questions.csv');
    form.append('categoryId', String(categoryId));
    form.append('mode', mode);
    form.append('allOrNothing', 'false');
    const res = await fetch(api('TestQuestion/ImportQuestions'), { method: 'POST', headers: auth, body: form });
    const started = (await res.json()) as { result?: { id: number }; error?: unknown };
    if (!started.result) throw new Error(`ImportQuestions ${mode}: ${res.status} ${JSON.stringify(started.error)}`);
    for (;;) {
      const job = await call<{ state: number; result: { created?: number; valid?: number; errorCount?: number } | null; error: string | null }>(
        `BackgroundJob/GetJob?Id=${started.result.id}`,
      );
      if (job.state === 3) throw new Error(`import job failed: ${job.error}`);
      if (job.state === 2) return { valid: job.result?.valid, created: job.result?.created, errors: job.result?.errorCount };
      await new Promise((r) => setTimeout(r, 100));
    }
  }
} finally {
  await bare?.stop();
  await server.stop();
  if (!process.env.BENCH_KEEP) rmSync(dir, { recursive: true, force: true });
}

/** A CSV in the template's columns: single choice, true/false and fill in the blank in turn, every row distinct. */
function importCsv(rows: number): string {
  const lines = ['题型,题干,选项A,选项B,选项C,选项D,答案,解析,难度,分数'];
  for (let i = 0; i < rows; i++) {
    const a = 17 + i;
    const b = 3 + (i % 9);
    switch (i % 3) {
      case 0:
        lines.push(`单选,基准导入：${a} × ${b} = ？,${a * b},${a * b + 1},${a + b},${a * b - b},A,乘法。,一般,2`);
        break;
      case 1:
        lines.push(`判断,基准导入：${a * b} 能被 ${b} 整除。,,,,,正确,,简单,1`);
        break;
      default:
        lines.push(`填空,基准导入：${a} + ${b} = ____。,,,,,${a + b},,简单,2`);
    }
  }
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}

/**
 * The seeded database with the bank grown to `questions` rows: copies of the
 * seeded questions (their options too) with a numbered stem, so every row is
 * distinct, spread over the same categories, chapters and review states.
 * Cached like the articles template (keyed by the migrations and the size).
 */
async function prepareQuestionTemplate(questions: number): Promise<string> {
  const migrations = readdirSync(MIGRATIONS_DIR).sort().join(',');
  const key = createHash('sha256').update(`q1|${migrations}|${questions}`).digest('hex').slice(0, 12);
  mkdirSync(CACHE_DIR, { recursive: true });
  const file = path.join(CACHE_DIR, `bench-questions-${key}.db`);
  if (existsSync(file)) return file;
  const building = `${file}.building`;
  for (const f of [building, `${building}-wal`, `${building}-shm`]) rmSync(f, { force: true });
  const t0 = performance.now();
  const prisma = await openDatabase(`file:${building}`, { seed, keywordIndexes: keywordIndexes() });
  await prisma.$disconnect();
  const db = new Database(building);
  db.pragma('journal_mode = WAL');
  type Row = Record<string, unknown> & { id: number; stem: string; title: string };
  const seeded = db.prepare<[number], Row>('SELECT * FROM TestQuestion WHERE tenantId = ? AND isDeleted = 0 ORDER BY id').all(BENCH_TENANT);
  const options = db.prepare<[number], Record<string, unknown>>('SELECT * FROM TestQuestionOption WHERE questionId = ? ORDER BY sort');
  const optionsOf = new Map(seeded.map((q) => [q.id, options.all(q.id)]));
  const columns = Object.keys(seeded[0]!).filter((c) => c !== 'id' && c !== 'sisterGroupId');
  const insert = db.prepare(
    `INSERT INTO TestQuestion (${columns.map((c) => `"${c}"`).join(', ')}) VALUES (${columns.map((c) => `@${c}`).join(', ')})`,
  );
  const optionColumns = Object.keys(options.get(seeded.find((q) => optionsOf.get(q.id)!.length)!.id) ?? {}).filter(
    (c) => c !== 'id' && c !== 'questionId',
  );
  const insertOption = db.prepare(
    `INSERT INTO TestQuestionOption (questionId, ${optionColumns.map((c) => `"${c}"`).join(', ')}) VALUES (@questionId, ${optionColumns.map((c) => `@${c}`).join(', ')})`,
  );
  db.transaction(() => {
    for (let n = seeded.length; n < questions; n++) {
      const q = seeded[n % seeded.length]!;
      const copy = Math.floor(n / seeded.length);
      const stem = q.stem.replace(/^<p>/, `<p>（第 ${copy} 套）`);
      const { lastInsertRowid } = insert.run({
        ...Object.fromEntries(columns.map((c) => [c, q[c]])),
        stem,
        title: `（第 ${copy} 套）${q.title}`.slice(0, 100),
        fingerprint: createHash('sha1').update(`${n}|${stem}`).digest('hex').slice(0, 16),
      });
      for (const o of optionsOf.get(q.id)!)
        insertOption.run({ ...Object.fromEntries(optionColumns.map((c) => [c, o[c]])), questionId: Number(lastInsertRowid) });
    }
  })();
  db.pragma('wal_checkpoint(TRUNCATE)');
  db.pragma('journal_mode = DELETE');
  db.close();
  renameSync(building, file);
  console.log(`prepared ${path.basename(file)}: ${questions} questions in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
  return file;
}
