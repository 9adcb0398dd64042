import { cpSync, existsSync, readFileSync, statSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import type * as MockServer from '@edu/mock-server';
import { ensureWebBuild, WEB_DIST } from './server.ts';

/**
 * The console deployed as the README's "Run the console against your backend"
 * says: the built files on a static host of their own (another origin) with
 * an appconfig.json naming the backend, and the backend allowing that origin
 * (`CORS_ORIGINS`, here `corsOrigins`). Both are this file's own: a fresh
 * seeded database, started apart from the worker's shared server and closed
 * by `close()`.
 */
export interface DeployedConsole {
  /** The static host's origin, e.g. http://127.0.0.1:41001 (what the browser opens). */
  consoleUrl: string;
  /** The backend's origin, e.g. http://127.0.0.1:41002 (what appconfig.json names). */
  apiUrl: string;
  app: Awaited<ReturnType<typeof MockServer.buildApp>>;
  close(): Promise<void>;
}

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
};

/**
 * A tiny static host as the README's nginx sample configures one: a precompressed
 * sibling (`.br`, `.gz`) when the browser accepts it, hashed `assets/` immutable,
 * everything else revalidated, unknown paths answered by index.html (client routes),
 * and `/appconfig.json` as given.
 */
function staticHost(root: string, appConfig: () => unknown): Server {
  return createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://host');
    if (url.pathname === '/appconfig.json') {
      res.writeHead(200, { 'content-type': TYPES['.json']!, 'cache-control': 'no-cache' });
      res.end(JSON.stringify(appConfig()));
      return;
    }
    let file = path.join(root, path.normalize(decodeURIComponent(url.pathname)));
    if (!file.startsWith(root + path.sep) || !existsSync(file) || !statSync(file).isFile()) file = path.join(root, 'index.html');
    const headers: Record<string, string> = {
      'content-type': TYPES[path.extname(file)] ?? 'application/octet-stream',
      'cache-control': file.includes(`${path.sep}assets${path.sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache',
      vary: 'Accept-Encoding',
    };
    const accepts = String(req.headers['accept-encoding'] ?? '');
    for (const [ext, encoding] of [
      ['.br', 'br'],
      ['.gz', 'gzip'],
    ] as const) {
      if (accepts.includes(encoding) && existsSync(file + ext)) {
        headers['content-encoding'] = encoding;
        file += ext;
        break;
      }
    }
    res.writeHead(200, headers);
    res.end(readFileSync(file));
  });
}

const listen = (server: Server) =>
  new Promise<string>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`));
  });

/** Starts the static host and a backend that allows its origin; appconfig.json names the backend (and `config`'s extra fields). */
export async function startDeployedConsole(config: Record<string, unknown> = {}): Promise<DeployedConsole> {
  ensureWebBuild();
  const { buildApp } = await import('@edu/mock-server');
  const { seededDatabase } = await import('@edu/mock-server/testing/test-app');
  const db = await seededDatabase('deployed');
  // A private copy of the build, as the shared server keeps: a rebuild during the run cannot pull files from under it.
  const root = path.join(db.dir, 'web');
  cpSync(WEB_DIST, root, { recursive: true });
  let apiUrl = '';
  const host = staticHost(root, () => ({ remoteServiceBaseUrl: apiUrl, publicWebsiteUrl: '/', defaultTenancyName: 'Default', ...config }));
  const consoleUrl = await listen(host);
  const app = await buildApp({ databaseUrl: db.url, jwtSecret: 'e2e-deployed-0123456789-0123456789-012345', corsOrigins: [consoleUrl] });
  apiUrl = (await app.listen({ port: 0, host: '127.0.0.1' })).replace('[::1]', '127.0.0.1');
  return {
    consoleUrl,
    apiUrl,
    app,
    async close() {
      host.closeAllConnections();
      await new Promise<void>((resolve) => host.close(() => resolve()));
      await app.close();
      db.remove();
    },
  };
}
