import { copyFileSync, rmSync } from 'node:fs';
import { sqliteFilePath } from '@edu/db';
import { restoreDatabase, seededDatabase, snapshotDatabase, tempDatabase, type TempDatabase } from '@edu/db/testing';
import { afterAll, beforeAll, inject } from 'vitest';

/** For suites outside this package (contract, browser) that start their own server on a seeded copy and restore it between files. */
export { restoreDatabase, seededDatabase, snapshotDatabase };
import type { FastifyInstance, InjectOptions } from 'fastify';
import { buildApp, type BuildOptions } from '../app.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The server's test template of this run (testing/global-setup.ts), absent in suites without that setup. */
    serverTemplate?: string;
  }
}

export const TEST_JWT_SECRET = 'test-secret-0123456789-0123456789-abcdef';

export interface TestApp {
  app: FastifyInstance;
  dir: string;
  databaseUrl: string;
  /** Signs in through UsersLogin and returns the access token. */
  login(userName?: string, password?: string, tenantId?: number | null): Promise<string>;
  /** An ABP call through `inject`, returning status and parsed JSON. */
  call(
    verb: InjectOptions['method'],
    url: string,
    opts?: { token?: string; tenantId?: number | null; query?: Record<string, unknown>; body?: unknown; headers?: Record<string, string> },
  ): Promise<{ status: number; body: any; headers: Record<string, unknown> }>;
  close(): Promise<void>;
}

/**
 * A fresh seeded database for one test app: a copy of the server's test template when this run's global setup made
 * one (testing/global-setup.ts: seeded and already opened by the server once), else of the seeded template.
 */
async function seededCopy(): Promise<TempDatabase> {
  const template = inject('serverTemplate');
  if (!template) return seededDatabase();
  const db = tempDatabase();
  copyFileSync(template, sqliteFilePath(db.url));
  return db;
}

/** A mock server on a fresh SQLite file in a temp folder (a copy of the migrated and seeded template), used through `inject`. */
export async function createTestApp(options: Partial<BuildOptions> = {}): Promise<TestApp> {
  // A copy of the seeded template unless the test asks for an unseeded database.
  const { dir, url: databaseUrl } = options.seed === false ? tempDatabase() : await seededCopy();
  const app = await buildApp({ databaseUrl, jwtSecret: TEST_JWT_SECRET, ...options });
  await app.ready();

  const call: TestApp['call'] = async (verb, url, opts = {}) => {
    const headers: Record<string, string> = { ...opts.headers };
    if (opts.token) headers.authorization = `Bearer ${opts.token}`;
    if (opts.tenantId !== undefined && opts.tenantId !== null) headers['abp.tenantid'] = String(opts.tenantId);
    const res = await app.inject({
      method: verb,
      url,
      query: opts.query as Record<string, string> | undefined,
      headers,
      ...(opts.body !== undefined && { payload: typeof opts.body === 'string' ? opts.body : JSON.stringify(opts.body) }),
      ...(opts.body !== undefined && { headers: { ...headers, 'content-type': 'application/json' } }),
    });
    let body: any = res.body;
    try {
      body = res.body ? JSON.parse(res.body) : undefined;
    } catch {
      /* not JSON */
    }
    return { status: res.statusCode, body, headers: res.headers };
  };

  return {
    app,
    dir,
    databaseUrl,
    call,
    async login(userName = 'admin', password = '123qwe', tenantId = 1) {
      const res = await call('POST', '/api/TokenAuth/UsersLogin', { tenantId, body: { userNameOrEmailAddress: userName, password } });
      if (res.status !== 200) throw new Error(`login ${userName} failed: ${res.status} ${JSON.stringify(res.body)}`);
      return res.body.result.accessToken as string;
    },
    async close() {
      await app.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** The test app of a file (useTestApp): usable from the file's first `beforeAll` on. */
export interface FileTestApp extends TestApp {
  /** An access token of the default tenant's `admin`, signed in once for the file. */
  readonly admin: string;
}

/**
 * Gives a test file its own server on its own copy of the seeded database: built and signed in as the default
 * tenant's admin before the file's tests (a `beforeAll` registered first, so the file's own hooks can use it), closed
 * and its database removed after them. `signIn: false` for files that must see the database as no sign-in left it.
 */
export function useTestApp(options: Partial<BuildOptions> & { signIn?: boolean } = {}): FileTestApp {
  const { signIn = true, ...buildOptions } = options;
  let current: TestApp | undefined;
  let token: string | undefined;
  const started = (): TestApp => {
    if (!current) throw new Error('useTestApp: the test app is used before its beforeAll ran');
    return current;
  };
  beforeAll(async () => {
    current = await createTestApp(buildOptions);
    if (signIn) token = await current.login();
  });
  afterAll(async () => current?.close());
  return {
    get app() {
      return started().app;
    },
    get dir() {
      return started().dir;
    },
    get databaseUrl() {
      return started().databaseUrl;
    },
    get admin() {
      if (token === undefined) throw new Error('useTestApp: no admin token (signIn: false, or used before beforeAll)');
      return token;
    },
    login: (...args) => started().login(...args),
    call: (...args) => started().call(...args),
    close: () => started().close(),
  };
}
