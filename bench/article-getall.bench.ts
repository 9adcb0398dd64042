/**
 * Article lists at scale, through the whole stack, beside the bare JWT route in
 * the same run: Article/GetAll over 100,000 articles (page 1, a deep page, a
 * keyword search) and Article/GetAllMyselfAndChildren for users at the top and
 * in the middle of a 1,000-user hierarchy five levels deep.
 *
 *   pnpm --filter @edu/bench run articles   (ARTICLES=100000 USERS=1000 CONNECTIONS=50 DURATION=10)
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '@edu/mock-server';
import { seedBulkArticles } from '@edu/db/seed';
import { seedBulkUsers } from '@edu/db/seed';
import { load, report, startBareServer } from './harness.ts';

const ARTICLES = Number(process.env.ARTICLES ?? 100_000);
const USERS = Number(process.env.USERS ?? 1000);
const CONNECTIONS = Number(process.env.CONNECTIONS ?? 50);
const DURATION = Number(process.env.DURATION ?? 10);
const SECRET = 'bench-secret-0123456789-0123456789-abcdef';
const PASSWORD = 'Bench#2026';

const dir = mkdtempSync(path.join(os.tmpdir(), 'edu-bench-'));
try {
  const app = await buildApp({ databaseUrl: `file:${path.join(dir, 'bench.db')}`, jwtSecret: SECRET, validateOutput: false });
  const t0 = performance.now();
  const tree = await seedBulkUsers(app.prisma, { tenantId: 1, count: USERS, levels: 5, roleName: 'Editor', password: PASSWORD });
  const categories = await app.prisma.multiLevelCategory.findMany({ where: { tenantId: 1, classTypeId: 1 }, select: { id: true } });
  const creators = Array.from({ length: USERS }, (_, i) => tree.firstId + i);
  await seedBulkArticles(app.prisma, { tenantId: 1, count: ARTICLES, creatorUserIds: creators, categoryIds: categories.map((c) => c.id) });
  console.log(
    `seeded ${USERS} users (fan-out ${tree.fanOut}, depth ${tree.depth}) and ${ARTICLES} articles in ${((performance.now() - t0) / 1000).toFixed(1)} s`,
  );

  const base = await app.listen({ port: 0, host: '127.0.0.1' });
  const signIn = async (userName: string, password: string) => {
    const r = await fetch(`${base}/api/TokenAuth/UsersLogin`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'Abp.TenantId': '1' },
      body: JSON.stringify({ userNameOrEmailAddress: userName, password }),
    }).then((res) => res.json() as Promise<{ result: { accessToken: string } }>);
    return { authorization: `Bearer ${r.result.accessToken}` };
  };
  // The tree's root sees every bulk article; a level-2 user one branch of it.
  await app.prisma.user.updateMany({ where: { id: { in: [tree.firstId, tree.firstId + 1] } }, data: { isActive: true } });
  const admin = await signIn('admin', '123qwe');
  const top = await signIn(`user${tree.firstId}`, PASSWORD);
  const middle = await signIn(`user${tree.firstId + 1}`, PASSWORD);

  const url = (p: string) => `${base}/api/services/app/Article/${p}`;
  const sample = await fetch(url('GetAll?MaxResultCount=10'), { headers: admin }).then(
    (r) => r.json() as Promise<{ result: { totalCount: number } }>,
  );
  if (sample.result.totalCount < ARTICLES) throw new Error(`expected ${ARTICLES} articles, GetAll counts ${sample.result.totalCount}`);
  const scopeCount = async (h: Record<string, string>) =>
    (
      await fetch(url('GetAllMyselfAndChildren?MaxResultCount=10'), { headers: h })
        .then((r) => r.json() as Promise<{ result: { totalCount: number }; error: unknown }>)
        .then((b) => {
          if (!b.result) throw new Error(JSON.stringify(b.error));
          return b;
        })
    ).result.totalCount;
  console.log(`scope sizes: top ${await scopeCount(top)} articles, middle ${await scopeCount(middle)} articles`);

  const bare = await startBareServer(SECRET, sample);
  const opts = (headers: Record<string, string>) => ({ connections: CONNECTIONS, durationSec: DURATION, headers });
  const rows = [
    await load('bare JWT route', bare.url, opts(admin)),
    await load('GetAll page 1', url('GetAll?SkipCount=0&MaxResultCount=10'), opts(admin)),
    await load(`GetAll skip ${ARTICLES - 20}`, url(`GetAll?SkipCount=${ARTICLES - 20}&MaxResultCount=10`), opts(admin)),
    await load('GetAll keyword', url(`GetAll?Keyword=${encodeURIComponent('第4999')}&MaxResultCount=10`), opts(admin)),
    await load('MyselfAndChildren top', url('GetAllMyselfAndChildren?MaxResultCount=10'), opts(top)),
    await load('MyselfAndChildren middle', url('GetAllMyselfAndChildren?MaxResultCount=10'), opts(middle)),
  ];
  report(
    `Article lists: ${ARTICLES} articles, ${USERS} users in 5 levels, ${CONNECTIONS} connections, ${DURATION} s each (node ${process.version})`,
    rows,
    'bare JWT route',
  );
  console.log(`count cache: ${app.countCache.hits} hits, ${app.countCache.misses} misses`);
  await bare.app.close();
  await app.close();
} finally {
  rmSync(dir, { recursive: true, force: true });
}
