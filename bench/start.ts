/**
 * Start-up time: from spawning the server to its first HTTP answer, on a
 * database that does not exist yet (create, migrate, seed) and again on the
 * one that start left (a second start). `command: 'pnpm'` times `pnpm start`
 * itself, as users run it (the web console and the server bundle current, so
 * it only checks them); `command: 'node'` only the bundle's start (comparable
 * between bundles of two commits, `BENCH_SERVER_DIST`).
 */
import { execFileSync, spawn } from 'node:child_process';
import { rmSync } from 'node:fs';
import path from 'node:path';
import { BENCH_DIR, BENCH_SECRET, pinned, serverDist, SERVER_DIR } from './harness.ts';

const REPO = path.resolve(BENCH_DIR, '..');

/** Milliseconds from spawn to the first answer of `GET /AbpUserConfiguration/GetAll`; the process group is stopped after. */
async function timeOneStart(command: 'pnpm' | 'node', dbFile: string, port: number): Promise<number> {
  const [cmd, args] = command === 'pnpm' ? pinned('pnpm', ['start']) : pinned(process.execPath, [path.join(serverDist(), 'server.mjs')]);
  const t0 = performance.now();
  const child = spawn(cmd, args, {
    cwd: command === 'pnpm' ? REPO : SERVER_DIR,
    env: { ...process.env, DATABASE_URL: `file:${dbFile}`, JWT_SECRET: BENCH_SECRET, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn' },
    stdio: 'ignore',
    // Its own process group, so pnpm and the server stop together.
    detached: true,
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  try {
    for (;;) {
      if (child.exitCode !== null) throw new Error(`${command} start exited with ${child.exitCode} before answering`);
      if (performance.now() - t0 > 300_000) throw new Error(`${command} start did not answer within 300 s`);
      const ok = await fetch(`http://127.0.0.1:${port}/AbpUserConfiguration/GetAll`).then(
        (r) => r.ok,
        () => false,
      );
      if (ok) return performance.now() - t0;
      await new Promise((r) => setTimeout(r, 25));
    }
  } finally {
    if (child.exitCode === null && child.pid) process.kill(-child.pid, 'SIGINT');
    await exited;
  }
}

export interface StartFigures {
  command: 'pnpm' | 'node';
  firstMs: number;
  secondMs: number;
}

/** A first start on a new database `dbFile` (removed first), then a second on what it left. */
export async function timeStarts(command: 'pnpm' | 'node', dbFile: string, port: number): Promise<StartFigures> {
  for (const f of [dbFile, `${dbFile}-wal`, `${dbFile}-shm`]) rmSync(f, { force: true });
  // What `pnpm start` builds when a source changed (the web console, the server bundle) is current for users starting
  // again; made so here, unmeasured.
  if (command === 'pnpm') execFileSync(process.execPath, [path.join(SERVER_DIR, 'start.mjs'), '--build'], { cwd: REPO, stdio: 'inherit' });
  const firstMs = await timeOneStart(command, dbFile, port);
  const secondMs = await timeOneStart(command, dbFile, port);
  return { command, firstMs, secondMs };
}
