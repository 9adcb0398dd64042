import { afterEach, describe, expect, it } from 'vitest';
import type { PrismaClient } from '../generated/prisma/client.ts';
import { openDatabase } from './client.ts';
import { DATA_VERSION, dataVersion, type DataUpgrade } from './data-upgrades.ts';
import { tempDatabase, type TempDatabase } from './testing.ts';

const cleanup: Array<TempDatabase | PrismaClient> = [];
afterEach(async () => {
  for (const x of cleanup.splice(0).reverse()) {
    if ('remove' in x) x.remove();
    else await x.$disconnect();
  }
});

/** Upgrades that record their runs; number `failing` throws once. */
function upgrades(count: number, ran: string[], failing?: number): DataUpgrade[] {
  let failed = false;
  return Array.from({ length: count }, (_, i) => ({
    version: i + 1,
    name: `u${i + 1}`,
    run: async () => {
      if (i + 1 === failing && !failed) {
        failed = true;
        throw new Error('cut short');
      }
      ran.push(`u${i + 1}`);
    },
  }));
}

async function open(url: string, dataUpgrades: readonly DataUpgrade[], seed?: (p: PrismaClient) => Promise<void>) {
  const prisma = await openDatabase(url, { dataUpgrades, ...(seed && { seed }) });
  cleanup.push(prisma);
  return prisma;
}

describe('data upgrades', () => {
  it('run once each, in order, and a later open runs only the new ones', async () => {
    const db = tempDatabase();
    cleanup.push(db);
    const ran: string[] = [];
    const first = await open(db.url, upgrades(2, ran));
    expect(ran).toEqual(['u1', 'u2']);
    expect(await dataVersion(first)).toBe(2);
    await first.$disconnect();

    const second = await open(db.url, upgrades(3, ran));
    expect(ran).toEqual(['u1', 'u2', 'u3']);
    expect(await dataVersion(second)).toBe(3);
  });

  it('an upgrade cut short runs again at the next open, and those before it do not', async () => {
    const db = tempDatabase();
    cleanup.push(db);
    const ran: string[] = [];
    const list = upgrades(2, ran, 2);
    await expect(openDatabase(db.url, { dataUpgrades: list })).rejects.toThrow('cut short');
    expect(ran).toEqual(['u1']);
    const reopened = await open(db.url, list);
    expect(ran).toEqual(['u1', 'u2']);
    expect(await dataVersion(reopened)).toBe(2);
  });

  it('a database the seed has just filled records them without running them', async () => {
    const db = tempDatabase();
    cleanup.push(db);
    const ran: string[] = [];
    const prisma = await open(db.url, upgrades(2, ran), async (p) => {
      await p.tenant.create({ data: { tenancyName: 'seeded', name: 'seeded' } });
    });
    expect(ran).toEqual([]);
    expect(await dataVersion(prisma)).toBe(Math.max(2, DATA_VERSION));
  });

  it('a seeded database with no list given is at the version the code writes', async () => {
    const db = tempDatabase();
    cleanup.push(db);
    const prisma = await open(db.url, [], async (p) => {
      await p.tenant.create({ data: { tenancyName: 'seeded', name: 'seeded' } });
    });
    expect(await dataVersion(prisma)).toBe(DATA_VERSION);
  });

  it('refuses a list that is not numbered 1…n', async () => {
    const db = tempDatabase();
    cleanup.push(db);
    const skip: DataUpgrade[] = [{ version: 2, name: 'two', run: () => Promise.resolve() }];
    await expect(openDatabase(db.url, { dataUpgrades: skip })).rejects.toThrow('must be number 1');
  });
});
