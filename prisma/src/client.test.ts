import { existsSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { PrismaClient } from '../generated/prisma/client.ts';
import { createPrismaClient, openDatabase, sqliteFilePath, type OpenDatabaseOptions } from './client.ts';
import { tempDatabase, type TempDatabase } from './testing.ts';

const cleanup: Array<TempDatabase | PrismaClient> = [];
afterEach(async () => {
  for (const x of cleanup.splice(0).reverse()) {
    if ('remove' in x) x.remove();
    else await x.$disconnect();
  }
});
const temp = () => {
  const t = tempDatabase();
  cleanup.push(t);
  return t;
};
const open = async (url: string, options: OpenDatabaseOptions = {}) => {
  const prisma = await openDatabase(url, options);
  cleanup.push(prisma);
  return prisma;
};
/**
 * A seed that counts its runs and writes a tenant (a database with a tenant is not empty to openDatabase).
 * What openDatabase decides is whether to call the seed, which this tells exactly (the real seed is
 * idempotent, so a second run of it would leave the same counts); the real seed through openDatabase is
 * ../seed/seed.test.ts's.
 */
function countingSeed() {
  const seed = {
    runs: 0,
    run: async (p: PrismaClient) => {
      seed.runs += 1;
      await p.tenant.create({ data: { tenancyName: 'Seeded', name: 'Seeded' } });
    },
  };
  return seed;
}

describe('sqliteFilePath', () => {
  it('resolves relative paths against the working directory and accepts absolute forms', () => {
    expect(sqliteFilePath('file:./data/dev.db')).toBe(path.resolve(process.cwd(), 'data/dev.db'));
    expect(sqliteFilePath('file:data/dev.db')).toBe(path.resolve(process.cwd(), 'data/dev.db'));
    expect(sqliteFilePath('file:/var/db/x.db')).toBe(path.resolve('/var/db/x.db'));
    expect(sqliteFilePath('file:///var/db/x.db?mode=rwc')).toBe(path.resolve('/var/db/x.db'));
  });

  it('refuses what is not a SQLite file', () => {
    expect(() => sqliteFilePath('postgresql://localhost/db')).toThrow(/file: URL/);
    expect(() => sqliteFilePath('file::memory:')).toThrow(/In-memory/);
  });
});

describe('openDatabase', () => {
  it('creates the folder, migrates and seeds once; a second open does not reseed', async () => {
    const t = temp();
    const url = `file:${path.join(t.dir, 'nested', 'app.db')}`;
    const seed = countingSeed();
    const first = await open(url, { seed: seed.run });
    expect(existsSync(path.join(t.dir, 'nested', 'app.db'))).toBe(true);
    expect(seed.runs).toBe(1);
    expect(await first.tenant.count()).toBe(1);
    await first.$disconnect();

    const second = await open(url, { seed: seed.run });
    expect(seed.runs).toBe(1);
    expect(await second.tenant.count()).toBe(1);
  });

  it('leaves the database empty without a seed, and seeds it on a later open with one', async () => {
    const t = temp();
    const empty = await open(t.url);
    expect(await empty.tenant.count()).toBe(0);
    expect(await empty.user.count()).toBe(0);
    await empty.$disconnect();
    const seed = countingSeed();
    const seeded = await open(t.url, { seed: seed.run });
    expect(seed.runs).toBe(1);
    expect(await seeded.tenant.count()).toBe(1);
  });

  it('runs in WAL mode with a busy timeout and foreign keys on', async () => {
    const t = temp();
    const prisma = await open(t.url);
    expect(await prisma.$queryRawUnsafe('PRAGMA journal_mode')).toEqual([{ journal_mode: 'wal' }]);
    const [fk] = await prisma.$queryRawUnsafe<Array<{ foreign_keys: bigint | number }>>('PRAGMA foreign_keys');
    expect(Number(fk!.foreign_keys)).toBe(1);
    const [busy] = await prisma.$queryRawUnsafe<Array<{ timeout: bigint | number }>>('PRAGMA busy_timeout');
    expect(Number(busy!.timeout)).toBeGreaterThanOrEqual(1000);
    expect(existsSync(`${sqliteFilePath(t.url)}-wal`)).toBe(true);
  });

  it('enforces foreign keys', async () => {
    const t = temp();
    const prisma = await open(t.url);
    await expect(prisma.userRole.create({ data: { userId: 999, roleId: 999 } })).rejects.toThrow();
  });

  it('lets a second client on the same file read what the first wrote', async () => {
    const t = temp();
    const a = await open(t.url);
    const b = createPrismaClient(t.url);
    cleanup.push(b);
    await a.tenant.create({ data: { tenancyName: 'Other', name: 'Other' } });
    expect(await b.tenant.count()).toBe(1);
  });
});
