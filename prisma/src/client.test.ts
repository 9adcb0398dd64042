import { existsSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { PrismaClient } from '../generated/prisma/client.ts';
import { seed } from '../seed/index.ts';
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
const open = async (url: string, options: OpenDatabaseOptions = { seed }) => {
  const prisma = await openDatabase(url, options);
  cleanup.push(prisma);
  return prisma;
};
const counts = async (p: PrismaClient) => ({
  tenants: await p.tenant.count(),
  users: await p.user.count(),
  roles: await p.role.count(),
  grants: await p.permissionGrant.count(),
  userRoles: await p.userRole.count(),
  attempts: await p.userLoginAttempt.count(),
  settings: await p.setting.count(),
  languages: await p.applicationLanguage.count(),
});

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
    const first = await open(url);
    expect(existsSync(path.join(t.dir, 'nested', 'app.db'))).toBe(true);
    const before = await counts(first);
    expect(before.tenants).toBe(1);
    expect(before.users).toBeGreaterThanOrEqual(30);
    await first.$disconnect();

    const second = await open(url);
    expect(await counts(second)).toEqual(before);
  });

  it('leaves the database empty without a seed, and seeds it on a later open with one', async () => {
    const t = temp();
    const empty = await open(t.url, {});
    expect(await empty.user.count()).toBe(0);
    await empty.$disconnect();
    const seeded = await open(t.url);
    expect(await seeded.user.count()).toBeGreaterThan(0);
  });

  it('runs in WAL mode with a busy timeout and foreign keys on', async () => {
    const t = temp();
    const prisma = await open(t.url, {});
    expect(await prisma.$queryRawUnsafe('PRAGMA journal_mode')).toEqual([{ journal_mode: 'wal' }]);
    const [fk] = await prisma.$queryRawUnsafe<Array<{ foreign_keys: bigint | number }>>('PRAGMA foreign_keys');
    expect(Number(fk!.foreign_keys)).toBe(1);
    const [busy] = await prisma.$queryRawUnsafe<Array<{ timeout: bigint | number }>>('PRAGMA busy_timeout');
    expect(Number(busy!.timeout)).toBeGreaterThanOrEqual(1000);
    expect(existsSync(`${sqliteFilePath(t.url)}-wal`)).toBe(true);
  });

  it('enforces foreign keys', async () => {
    const t = temp();
    const prisma = await open(t.url, {});
    await expect(prisma.userRole.create({ data: { userId: 999, roleId: 999 } })).rejects.toThrow();
  });

  it('lets a second client on the same file read what the first wrote', async () => {
    const t = temp();
    const a = await open(t.url, {});
    const b = createPrismaClient(t.url);
    cleanup.push(b);
    await a.tenant.create({ data: { tenancyName: 'Other', name: 'Other' } });
    expect(await b.tenant.count()).toBe(1);
  });
});
