import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from './client.ts';
import { forgetPrismaDebugHistory } from './debug-history.ts';
import { tempDatabase } from './testing.ts';

// A full collection on demand: the flag makes `gc` a global of contexts created after it.
setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;
const heapAfterGc = () => {
  gc();
  gc();
  return process.memoryUsage().heapUsed;
};
const MB = 1024 * 1024;

const temp = tempDatabase();
const prismaReady = openDatabase(temp.url);
afterAll(async () => {
  await (await prismaReady).$disconnect();
  temp.remove();
});

describe("Prisma's debug history", () => {
  it('keeps the bound values of the last queries with debugging off, and lets them go once forgotten', async () => {
    const prisma = await prismaReady;
    // Warm: the client, the adapter and their histories exist, and what a query leaves for good is already made.
    for (let i = 0; i < 3; i++) await prisma.$queryRawUnsafe('SELECT length(?) AS n', `warm${i}`);
    forgetPrismaDebugHistory();
    const base = heapAfterGc();
    // Four queries binding a distinct 2 MB text each; this test keeps none of them.
    for (let i = 0; i < 4; i++) {
      const rows = await prisma.$queryRawUnsafe<Array<{ n: number | bigint }>>('SELECT length(?) AS n', `${'x'.repeat(2 * MB)}${i}`);
      expect(Number(rows[0]!.n)).toBe(2 * MB + 1);
    }
    // Both copies hold them: the adapter logged each query with its values, the client its plan.
    expect(heapAfterGc() - base).toBeGreaterThan(6 * MB);
    forgetPrismaDebugHistory();
    expect(heapAfterGc() - base).toBeLessThan(2 * MB);
  });
});
