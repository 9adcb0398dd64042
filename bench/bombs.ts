/**
 * `pnpm --filter @edu/bench exec tsx bombs.ts`: hostile imports against the
 * server in its own process (as `pnpm start` runs it, harness.ts): for each
 * compressed bomb, the time until the import answers, what it answered, the
 * slowest of the ordinary requests sent meanwhile (one every 200 ms), and the
 * server's peak resident memory (VmHWM) after that file. Each file gets a
 * fresh server, so each peak is its own.
 *
 *   BOMB_TIMEOUT=240 (seconds an import may take before it is given up on)
 *   BOMB_DIST=/path/to/dist (a bundle built elsewhere, e.g. from an older
 *   commit's `git archive`, to measure the behaviour before a change)
 *   tsx bombs.ts xlsx docx (only the cases whose names contain a word)
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { docxBomb, docxEntityBomb, manyEntriesDocx, wideCsv, xlsxBomb } from '@edu/mock-server/testing/bombs';
import { BENCH_SECRET, signIn, startServerProcess, type RunningProcess } from './harness.ts';

const MiB = 1024 * 1024;
const TIMEOUT_MS = Number(process.env.BOMB_TIMEOUT ?? 240) * 1000;
const ONLY = process.argv.slice(2);

const cases: Array<{ name: string; file: () => File }> = [
  { name: 'docx, document.xml 8 MiB', file: () => new File([docxBomb(8 * MiB)], 'bomb-8.docx') },
  { name: 'docx, document.xml 21 MiB', file: () => new File([docxBomb(21 * MiB)], 'bomb-21.docx') },
  { name: 'xlsx, sharedStrings.xml 256 MiB', file: () => new File([xlsxBomb(256 * MiB)], 'bomb-256.xlsx') },
  { name: 'docx, entity expansion 10^9', file: () => new File([docxEntityBomb()], 'laughs.docx') },
  { name: 'docx, 20,000 entries', file: () => new File([manyEntriesDocx(20_000)], 'many.docx') },
  { name: 'csv, 1,000,000 columns', file: () => new File([wideCsv(1_000_000)], 'wide.csv', { type: 'text/csv' }) },
];

/** A bundle built elsewhere (`BOMB_DIST`), started as harness.ts starts the current one. */
async function startDist(dist: string, dbFile: string): Promise<RunningProcess> {
  const port = 20_000 + Math.floor(Math.random() * 20_000);
  const child = spawn(process.execPath, [path.join(dist, 'server.mjs')], {
    cwd: path.dirname(dist),
    env: { ...process.env, DATABASE_URL: `file:${dbFile}`, JWT_SECRET: BENCH_SECRET, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn' },
    stdio: 'ignore',
  });
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; ; i++) {
    if (
      await fetch(`${url}/api/none`).then(
        () => true,
        () => false,
      )
    )
      break;
    if (child.exitCode !== null || i > 1200) {
      child.kill('SIGKILL');
      throw new Error(`${dist} did not start`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  const kb = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(readFileSync(`/proc/${child.pid}/status`, 'utf8'))?.[1]);
  return {
    pid: child.pid!,
    url,
    memory: () => ({ peakMb: kb('VmHWM') / 1024, rssMb: kb('VmRSS') / 1024 }),
    cpuMs: () => NaN,
    // A server blocked in a parse does not see SIGINT: the bench does not wait for it.
    stop: async () => void child.kill('SIGKILL'),
  };
}

const rows: string[] = [];
for (const c of cases.filter((x) => !ONLY.length || ONLY.some((o) => x.name.includes(o)))) {
  const file = c.file();
  const dir = mkdtempSync(path.join(os.tmpdir(), 'edu-bench-bomb-'));
  const dbFile = path.join(dir, 'bench.db');
  const server = process.env.BOMB_DIST ? await startDist(process.env.BOMB_DIST, dbFile) : await startServerProcess(dbFile, { LOG_LEVEL: 'warn' });
  try {
    const auth = await signIn(server.url, 'admin', '123qwe', 1);
    const db = new Database(dbFile, { readonly: true });
    const category = db
      .prepare<[], { id: number }>(`SELECT id FROM MultiLevelCategory WHERE tenantId = 1 AND classTypeId = 3 AND isDeleted = 0 ORDER BY id LIMIT 1`)
      .get()!.id;
    db.close();
    const baseline = server.memory().peakMb;
    const form = new FormData();
    form.append('file', file, file.name);
    form.append('categoryId', String(category));
    form.append('mode', 'dryRun');
    const t0 = performance.now();
    let done = false;
    const answer = fetch(`${server.url}/api/services/app/TestQuestion/ImportQuestions`, {
      method: 'POST',
      headers: { ...auth, 'abp.tenantid': '1' },
      body: form,
      signal: AbortSignal.timeout(TIMEOUT_MS),
    })
      .then(
        async (res) =>
          `${res.status} ${((await res.json()) as { error?: { validationErrors?: Array<{ message: string }> | null; message: string } | null }).error?.validationErrors?.[0]?.message ?? 'ok'}`,
      )
      .catch((err: unknown) => `no answer (${err instanceof Error ? err.name : String(err)})`)
      .finally(() => (done = true));
    // Ordinary requests while the import is read: the slowest is what other users waited.
    let slowest = 0;
    while (!done) {
      const t = performance.now();
      await fetch(`${server.url}/api/services/app/Session/GetCurrentLoginInformations`, { headers: auth, signal: AbortSignal.timeout(TIMEOUT_MS) })
        .then((r) => r.arrayBuffer())
        .catch(() => undefined);
      slowest = Math.max(slowest, performance.now() - t);
      if (!done) await new Promise((r) => setTimeout(r, 200));
    }
    const said = await answer;
    const seconds = (performance.now() - t0) / 1000;
    const { peakMb } = server.memory();
    const row = `| ${c.name} | ${(file.size / 1024).toFixed(0)} kB | ${seconds.toFixed(2)} s | ${(slowest / 1000).toFixed(2)} s | ${baseline.toFixed(0)} → ${peakMb.toFixed(0)} MB | ${said.slice(0, 120)} |`;
    console.log(row);
    rows.push(row);
  } finally {
    await server.stop();
  }
}
console.log('\n| file | size | answered after | slowest other request | server VmHWM (before → after) | answer |');
console.log('|---|---:|---:|---:|---:|---|');
for (const r of rows) console.log(r);
