import { existsSync, readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ReadPool, READ_POOL_DEFAULTS, readerOf, readPool } from './read-pool.ts';

/** Threads of this process now (Linux: one entry per thread under /proc/self/task). */
const threads = () => readdirSync('/proc/self/task').length;
const csv = (rows: number) => new TextEncoder().encode(['用户名,姓名', ...Array.from({ length: rows }, (_, i) => `u${i},名${i}`)].join('\n'));

/** Waits (up to 5 s) until this process has no more threads than `count`. */
async function threadsDownTo(count: number): Promise<number> {
  for (let i = 0; i < 100 && threads() > count; i++) await new Promise((r) => setTimeout(r, 50));
  return threads();
}

/**
 * The process's thread count once nothing else changes it. Files share their worker process (vitest's `isolate: false`),
 * and an earlier file's imports leave the process's shared pool with an idle worker for its idle time: one ending in the
 * middle of a test would change the count that test reads. So the shared pool is closed first, and a first pool, closed
 * too, starts the threads a read starts for good (libuv's file threads).
 */
async function settledThreads(): Promise<number> {
  await readPool().close();
  const warm = new ReadPool();
  await warm.read({ kind: 'csv', name: 'warm.csv', bytes: csv(1) }, readerOf('en'));
  await warm.close();
  let last = threads();
  for (let i = 0; i < 100; i++) {
    await new Promise((r) => setTimeout(r, 50));
    const now = threads();
    if (now === last) return now;
    last = now;
  }
  return last;
}

describe.runIf(existsSync('/proc/self/task'))('the read pool', () => {
  it('keeps an idle worker for its idle time, and ends it when told an import started (at once, or after the pending reads)', async () => {
    const before = await settledThreads();
    const pool = new ReadPool(READ_POOL_DEFAULTS);
    pool.endWhenIdle(); // no pool yet: nothing to end, and the next read is not affected
    const first = await pool.read({ kind: 'csv', name: 'a.csv', bytes: csv(2_000) }, readerOf('en'));
    expect('grid' in first && first.grid.length).toBe(2_001);
    // With the default idle time the worker stays after its read.
    await new Promise((r) => setTimeout(r, 300));
    expect(threads()).toBeGreaterThan(before);
    pool.endWhenIdle();
    expect(await threadsDownTo(before)).toBe(before);
    // Told while a read is pending: that read is answered, then the worker ends.
    const pending = pool.read({ kind: 'csv', name: 'b.csv', bytes: csv(3_000) }, readerOf('en'));
    await new Promise((r) => setTimeout(r, 20));
    pool.endWhenIdle();
    const second = await pending;
    expect('grid' in second && second.grid.length).toBe(3_001);
    expect(await threadsDownTo(before)).toBe(before);
    // The pool reads again afterwards, and keeps that worker for its idle time.
    const third = await pool.read({ kind: 'csv', name: 'c.csv', bytes: csv(1) }, readerOf('en'));
    expect('grid' in third && third.grid.length).toBe(2);
    await new Promise((r) => setTimeout(r, 300));
    expect(threads()).toBeGreaterThan(before);
    await pool.close();
  });

  it('with no idle time, ends its workers as soon as no read is pending, so an import job never runs beside an idle worker', async () => {
    const before = await settledThreads();
    const pool = new ReadPool({ ...READ_POOL_DEFAULTS, idleTimeoutMs: 0 });
    const [a, b] = await Promise.all([
      pool.read({ kind: 'csv', name: 'a.csv', bytes: csv(2_000) }, readerOf('en')),
      pool.read({ kind: 'csv', name: 'b.csv', bytes: csv(3) }, readerOf('en')),
    ]);
    expect('grid' in a && a.grid.length).toBe(2_001);
    expect('grid' in b && b.grid.length).toBe(4);
    // A worker thread is gone once its isolate is torn down; with an idle timeout it stayed 30 s.
    expect(await threadsDownTo(before)).toBe(before);
    // The next read starts a worker again.
    const again = await pool.read({ kind: 'csv', name: 'c.csv', bytes: csv(1) }, readerOf('en'));
    expect('grid' in again && again.grid.length).toBe(2);
    await pool.close();
  });
});
