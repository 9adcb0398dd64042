import { afterEach, describe, expect, it } from 'vitest';
import type { PrismaClient } from '../generated/prisma/client.ts';
import { openDatabase } from './client.ts';
import { inTransactionScope, WriteOutsideTransactionError } from './sqlite.ts';
import { tempDatabase, type TempDatabase } from './testing.ts';

/**
 * Prisma's better-sqlite3 adapter runs every query on one connection, and its
 * lock orders only transactions among themselves: a write outside any
 * transaction, sent while another request's transaction waits on something,
 * would run inside that transaction and vanish with its rollback.
 */
const cleanup: Array<TempDatabase | PrismaClient> = [];
afterEach(async () => {
  for (const x of cleanup.splice(0).reverse()) {
    if ('remove' in x) x.remove();
    else await x.$disconnect();
  }
});

describe('one connection shared by transactions and single writes', () => {
  it('a write outside a transaction waits for the open one, so its rollback does not take the write with it', async () => {
    const db = tempDatabase();
    cleanup.push(db);
    const prisma = await openDatabase(db.url);
    cleanup.push(prisma);

    let resume!: () => void;
    const paused = new Promise<void>((r) => (resume = r));
    let began!: () => void;
    const inside = new Promise<void>((r) => (began = r));
    const failed = prisma
      .$transaction(async (tx) => {
        await tx.tenant.create({ data: { tenancyName: 'rolled-back', name: 'rolled back' } });
        began();
        await paused;
        throw new Error('business rule');
      })
      .catch((e: unknown) => (e as Error).message);

    await inside;
    let written = false;
    const single = prisma.tenant.create({ data: { tenancyName: 'kept', name: 'kept' } }).then((t) => ((written = true), t));
    // Reads go on meanwhile (they do not wait for the transaction).
    expect(await prisma.tenant.count({ where: { tenancyName: 'kept' } })).toBe(0);
    await new Promise((r) => setTimeout(r, 50));
    expect(written).toBe(false);
    resume();

    expect(await failed).toBe('business rule');
    const kept = await single;
    expect(await prisma.tenant.findMany({ select: { id: true, tenancyName: true } })).toEqual([{ id: kept.id, tenancyName: 'kept' }]);
  });

  it('a write waits for each transaction queued before it ends, and a committed one keeps its rows', async () => {
    const db = tempDatabase();
    cleanup.push(db);
    const prisma = await openDatabase(db.url);
    cleanup.push(prisma);
    const names = ['a', 'b', 'c'];
    const runs = names.map((n) =>
      prisma.$transaction(async (tx) => {
        await tx.tenant.create({ data: { tenancyName: n, name: n } });
        await new Promise((r) => setTimeout(r, 10));
      }),
    );
    const single = prisma.tenant.create({ data: { tenancyName: 'single', name: 'single' } });
    await Promise.all([...runs, single]);
    expect((await prisma.tenant.findMany({ orderBy: { tenancyName: 'asc' } })).map((t) => t.tenancyName)).toEqual(['a', 'b', 'c', 'single']);
  });

  it('a write that skips the transaction client from inside its own transaction fails at once instead of waiting for itself', async () => {
    const db = tempDatabase();
    cleanup.push(db);
    const prisma = await openDatabase(db.url);
    cleanup.push(prisma);
    const outcome = await inTransactionScope(() =>
      prisma.$transaction(async (tx) => {
        await tx.tenant.create({ data: { tenancyName: 'inside', name: 'inside' } });
        return prisma.tenant.create({ data: { tenancyName: 'beside', name: 'beside' } }).then(
          () => 'written',
          (e: unknown) => e,
        );
      }),
    );
    expect(outcome).toBeInstanceOf(WriteOutsideTransactionError);
    expect((await prisma.tenant.findMany()).map((t) => t.tenancyName)).toEqual(['inside']);
  });
});
