import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type * as MockServer from '@edu/mock-server';
import { onWorkerStop, perWorker } from '../../support/worker.ts';

export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
export const WEB_DIST = path.join(REPO_ROOT, 'apps', 'web', 'dist');

export interface ConsoleServer {
  /** e.g. http://127.0.0.1:41234 (API and the built web app on one origin). */
  baseUrl: string;
  /** The in-process Fastify app (e.g. `app.realtime.notify(...)` to push a notification). */
  app: Awaited<ReturnType<typeof MockServer.buildApp>>;
  /**
   * Puts the seeded database back for the next test file: waits for the
   * background jobs still running and writes the buffered audit rows, then restores the snapshot taken at start
   * (SQLite's online backup under the open server; its caches see every table
   * changed) and reads the sensitive-word dictionary again.
   */
  reset(): Promise<void>;
}

/** For a synchronous sleep (ensureWebBuild is synchronous and stays so for its callers). */
const WAIT = new Int32Array(new SharedArrayBuffer(4));

/**
 * Builds the web app when there is no build yet (turbo normally builds it
 * first). Files start side by side, so the first one builds under a lock and
 * the others wait for it rather than build into the same folder at once.
 */
export function ensureWebBuild(): void {
  const index = path.join(WEB_DIST, 'index.html');
  const lock = path.join(tmpdir(), `edu-web-build-${createHash('sha256').update(REPO_ROOT).digest('hex').slice(0, 12)}.lock`);
  for (const started = Date.now(); ; Atomics.wait(WAIT, 0, 0, 500)) {
    // Vite writes index.html beside the chunks, not after them: a build is done when its lock is gone.
    if (existsSync(index) && !existsSync(lock)) return;
    try {
      mkdirSync(lock);
    } catch {
      // Another file is building; a lock older than five minutes was left by a crashed run.
      const held = statSync(lock, { throwIfNoEntry: false });
      if (held && Date.now() - held.mtimeMs > 300_000) rmSync(lock, { recursive: true, force: true });
      if (Date.now() - started > 600_000) throw new Error(`Timed out waiting for the web build (${lock})`);
      continue;
    }
    try {
      // NODE_ENV is vitest's `test` here: React and the other libraries would build their development code.
      const env = { ...process.env, NODE_ENV: 'production' };
      if (!existsSync(index)) execFileSync('pnpm', ['--filter', '@edu/web', 'build'], { cwd: REPO_ROOT, stdio: 'inherit', env });
    } finally {
      rmSync(lock, { recursive: true, force: true });
    }
  }
}

/**
 * Starts the mock server on a free port with a fresh temporary SQLite file
 * (seeded: host and tenant Default, admin/123qwe) serving the built web app,
 * and snapshots the seeded database for `reset`.
 */
async function startConsoleServer(): Promise<ConsoleServer> {
  ensureWebBuild();
  const { buildApp } = await import('@edu/mock-server');
  const { restoreDatabase, seededDatabase, snapshotDatabase } = await import('@edu/mock-server/testing/test-app');
  const db = await seededDatabase('e2e');
  // A private copy of the build: a rebuild during the run cannot pull files from under the server.
  const webRoot = path.join(db.dir, 'web');
  cpSync(WEB_DIST, webRoot, { recursive: true });
  const app = await buildApp({
    databaseUrl: db.url,
    jwtSecret: 'e2e-secret-0123456789-0123456789-0123456789',
    webRoot,
  });
  onWorkerStop(async () => {
    await app.close();
    db.remove();
  });
  const seeded = path.join(db.dir, 'seeded.db');
  await snapshotDatabase(app.prisma, seeded);
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  return {
    baseUrl: address.replace('[::1]', '127.0.0.1'),
    app,
    async reset() {
      await app.jobs.idle();
      // Audit rows are written off the request's path: the earlier file's go in before the restore, not after it.
      await app.auditWriter.flush();
      const tenantIds = async () => (await app.prisma.tenant.findMany({ select: { id: true } })).map((t) => t.id);
      const before = await tenantIds();
      await restoreDatabase(app.prisma, db.url, seeded);
      // The dictionary cache follows SettingUpdateCache, not the write versions: read again, as a new server would.
      const tenants = new Set<number | null>([null, ...before, ...(await tenantIds())]);
      await Promise.all([...tenants].map((id) => app.dictionaryCache.refresh(id)));
    },
  };
}

/**
 * The mock server of this vitest worker, started by its first file (browser or
 * contract) and shared by the files it runs next (../../support/worker.ts);
 * each file calls `reset()` first, so every file starts on the seeded data.
 */
export const workerServer = perWorker(startConsoleServer);
