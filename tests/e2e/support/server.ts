import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type * as MockServer from '@edu/mock-server';

export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
export const WEB_DIST = path.join(REPO_ROOT, 'apps', 'web', 'dist');

export interface ConsoleServer {
  /** e.g. http://127.0.0.1:41234 (API and the built web app on one origin). */
  baseUrl: string;
  /** The in-process Fastify app (e.g. `app.realtime.notify(...)` to push a notification). */
  app: Awaited<ReturnType<typeof MockServer.buildApp>>;
  close(): Promise<void>;
}

/** Builds the web app when there is no build yet (turbo normally builds it first). */
export function ensureWebBuild(): void {
  if (existsSync(path.join(WEB_DIST, 'index.html'))) return;
  execFileSync('pnpm', ['--filter', '@edu/web', 'build'], { cwd: REPO_ROOT, stdio: 'inherit' });
}

/**
 * Starts the mock server on a free port with a fresh temporary SQLite file
 * (seeded: host and tenant Default, admin/123qwe) serving the built web app.
 */
export async function startConsoleServer(): Promise<ConsoleServer> {
  ensureWebBuild();
  const { buildApp } = await import('@edu/mock-server');
  const { seededDatabase } = await import('@edu/mock-server/testing/test-app');
  const { dir, url: databaseUrl } = await seededDatabase('e2e');
  // A private copy of the build: a rebuild during the run cannot pull files from under the server.
  const webRoot = path.join(dir, 'web');
  cpSync(WEB_DIST, webRoot, { recursive: true });
  const app = await buildApp({
    databaseUrl,
    jwtSecret: 'e2e-secret-0123456789-0123456789-0123456789',
    webRoot,
  });
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  return {
    baseUrl: address.replace('[::1]', '127.0.0.1'),
    app,
    close: async () => {
      await app.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
