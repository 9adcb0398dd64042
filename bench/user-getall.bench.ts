/**
 * User/GetAll with 100,000 users through the whole stack (JWT auth, permission
 * check, tenant filter, soft-delete filter, validation, envelope), page 1 and a
 * deep page, beside a bare Fastify route that verifies the same JWT and returns
 * the same JSON, in one run. Prints req/s, p50, p99 and the ratio to bare.
 *
 *   pnpm bench            (USERS=100000 CONNECTIONS=50 DURATION=10 by default)
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '@edu/mock-server';
import { seedBulkUsers } from '@edu/db/seed';
import { load, report, startBareServer } from './harness.ts';

const USERS = Number(process.env.USERS ?? 100_000);
const CONNECTIONS = Number(process.env.CONNECTIONS ?? 50);
const DURATION = Number(process.env.DURATION ?? 10);
const SECRET = 'bench-secret-0123456789-0123456789-abcdef';

const dir = mkdtempSync(path.join(os.tmpdir(), 'edu-bench-'));
try {
  const app = await buildApp({
    databaseUrl: `file:${path.join(dir, 'bench.db')}`,
    jwtSecret: SECRET,
    validateOutput: false,
    production: false,
  });
  const t0 = performance.now();
  await seedBulkUsers(app.prisma, { tenantId: 1, count: USERS, levels: 5 });
  console.log(`seeded ${USERS} users in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
  const base = await app.listen({ port: 0, host: '127.0.0.1' });

  const login = await fetch(`${base}/api/TokenAuth/UsersLogin`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'Abp.TenantId': '1' },
    body: JSON.stringify({ userNameOrEmailAddress: 'admin', password: '123qwe' }),
  }).then((r) => r.json() as Promise<{ result: { accessToken: string } }>);
  const headers = { authorization: `Bearer ${login.result.accessToken}` };
  const page1 = `${base}/api/services/app/User/GetAll?SkipCount=0&MaxResultCount=10`;
  const deep = `${base}/api/services/app/User/GetAll?SkipCount=${USERS - 20}&MaxResultCount=10`;
  const sample = await fetch(page1, { headers }).then((r) => r.json() as Promise<{ result: { totalCount: number } }>);
  if (sample.result.totalCount < USERS) throw new Error(`expected ${USERS} users, GetAll counts ${sample.result.totalCount}`);

  const bare = await startBareServer(SECRET, sample);
  const opts = { connections: CONNECTIONS, durationSec: DURATION, headers };
  const rows = [
    await load('bare JWT route', bare.url, opts),
    await load('User/GetAll page 1', page1, opts),
    await load(`User/GetAll skip ${USERS - 20}`, deep, opts),
  ];
  report(`User/GetAll, ${USERS} users, ${CONNECTIONS} connections, ${DURATION} s each (node ${process.version})`, rows, 'bare JWT route');
  await bare.app.close();
  await app.close();
} finally {
  rmSync(dir, { recursive: true, force: true });
}
