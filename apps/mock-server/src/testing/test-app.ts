import { rmSync } from 'node:fs';
import { restoreDatabase, seededDatabase, snapshotDatabase, tempDatabase } from '@edu/db/testing';

/** For suites outside this package (contract, browser) that start their own server on a seeded copy and restore it between files. */
export { restoreDatabase, seededDatabase, snapshotDatabase };
import type { FastifyInstance, InjectOptions } from 'fastify';
import { buildApp, type BuildOptions } from '../app.ts';

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

/** A mock server on a fresh SQLite file in a temp folder (a copy of the migrated and seeded template), used through `inject`. */
export async function createTestApp(options: Partial<BuildOptions> = {}): Promise<TestApp> {
  // A copy of the seeded template unless the test asks for an unseeded database.
  const { dir, url: databaseUrl } = options.seed === false ? tempDatabase() : await seededDatabase();
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
