/**
 * The benchmark database: migrated and seeded as a first start does
 * (openDatabase), then `Article` grown to `articles` rows and `User` by
 * `users` rows. Growing goes straight through better-sqlite3 in one
 * transaction (HTTP or Prisma would take minutes); triggers of the schema
 * (the keyword index) fire as for any writer. The result is a template kept
 * in a cache folder keyed by the migrations and the sizes; every run works on
 * a copy of it, so writes of one run never leak into the next.
 */
import { createHash } from 'node:crypto';
import { copyFileSync, existsSync, mkdirSync, readdirSync, renameSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { MIGRATIONS_DIR, openDatabase } from '@edu/db';
import { seed, seedBulkUsers } from '@edu/db/seed';
import { keywordIndexes } from '@edu/mock-server/kit/keyword-search';
// The services declare the keyword indexes beside their lists: loading them fills keywordIndexes().
import '@edu/mock-server/services/index';
import { body, keywords, random, summary, title, UNIQUE_WORD } from './corpus.ts';

export interface PrepareOptions {
  articles: number;
  users: number;
  /** Every `bigBodyEvery`-th article has a 200 kB body. */
  bigBodyEvery?: number;
}

/** Bump when what `prepare` writes changes, so cached templates are rebuilt. */
const VERSION = 2;
export const CACHE_DIR = process.env.BENCH_CACHE ?? path.join(os.tmpdir(), 'edu-bench-cache');
export const BENCH_TENANT = 1;

/** The prepared template's path (built when missing). */
export async function prepareTemplate(o: PrepareOptions): Promise<string> {
  const migrations = readdirSync(MIGRATIONS_DIR).sort().join(',');
  const key = createHash('sha256')
    .update(`${VERSION}|${migrations}|${o.articles}|${o.users}|${o.bigBodyEvery ?? 500}`)
    .digest('hex')
    .slice(0, 12);
  mkdirSync(CACHE_DIR, { recursive: true });
  const file = path.join(CACHE_DIR, `bench-${key}.db`);
  if (existsSync(file)) return file;
  const building = `${file}.building`;
  for (const f of [building, `${building}-wal`, `${building}-shm`]) rmSync(f, { force: true });
  const t0 = performance.now();
  const prisma = await openDatabase(`file:${building}`, { seed, keywordIndexes: keywordIndexes() });
  if (o.users > 0) await seedBulkUsers(prisma, { tenantId: BENCH_TENANT, count: o.users, levels: 5 });
  await prisma.$disconnect();
  growArticles(building, o);
  const db = new Database(building);
  db.pragma('wal_checkpoint(TRUNCATE)');
  db.pragma('journal_mode = DELETE');
  db.close();
  renameSync(building, file);
  console.log(`prepared ${path.basename(file)}: ${o.articles} articles, +${o.users} users in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
  return file;
}

/** A fresh copy of the template for one run. */
export function copyTemplate(template: string, dir: string, name = 'bench.db'): string {
  const file = path.join(dir, name);
  copyFileSync(template, file);
  return file;
}

function growArticles(file: string, o: PrepareOptions): void {
  const db = new Database(file);
  db.pragma('journal_mode = WAL');
  const r = random(20261123);
  const categories = db
    .prepare<[number], { id: number }>('SELECT id FROM MultiLevelCategory WHERE tenantId = ? AND classTypeId = 1 AND isDeleted = 0')
    .all(BENCH_TENANT)
    .map((c) => c.id);
  const users = db
    .prepare<[number], { id: number }>('SELECT id FROM User WHERE tenantId = ? AND isDeleted = 0 LIMIT 200')
    .all(BENCH_TENANT)
    .map((u) => u.id);
  if (!categories.length || !users.length) throw new Error('prepare: the seed has no article categories or users in tenant 1');
  const insert = db.prepare(
    `INSERT INTO Article (tenantId, title, categoryId, summary, content, author, source, keywords, viewCount, isTop, topTime,
       auditStatus, reviewStep, auditorUserId, auditTime, creationTime, creatorUserId, isDeleted)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 0, ?, ?, ?, ?, ?)`,
  );
  const big = o.bigBodyEvery ?? 500;
  const start = Date.UTC(2024, 8, 1);
  const step = (Date.UTC(2026, 10, 20) - start) / Math.max(1, o.articles);
  const iso = (ms: number) => new Date(ms).toISOString().replace('Z', '+00:00');
  const unique = Math.floor(o.articles / 2);
  db.transaction(() => {
    for (let i = 0; i < o.articles; i++) {
      const created = start + i * step;
      const status = r.int(10) < 7 ? 1 : r.int(2) === 0 ? 0 : 2;
      const author = users[r.int(users.length)]!;
      insert.run(
        BENCH_TENANT,
        i === unique ? `浅谈${UNIQUE_WORD}在高中物理教学中的启示` : title(r),
        categories[r.int(categories.length)]!,
        summary(r),
        body(r, i % big === big - 1 ? 200_000 : 1500),
        r.pick(['教务处', '教研室', '张老师', '李老师', '王老师']),
        r.pick(['本校', '区教研室', '市教育局']),
        keywords(r),
        r.int(5000),
        0,
        null,
        status,
        status === 0 ? null : users[0]!,
        status === 0 ? null : iso(created + 3_600_000),
        iso(created),
        author,
        r.int(200) === 0 && i !== unique ? 1 : 0,
      );
    }
  })();
  db.close();
}
