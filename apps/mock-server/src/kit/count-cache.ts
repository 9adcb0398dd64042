import { writeVersions } from '@edu/db';
import type { PrismaClient } from '@edu/db';

/**
 * Exact cache of list totals. Counting a filtered table is the cost that grows
 * with the table (a paged list reads 10 rows but counts all of them), while
 * lists are read far more often than written. An entry is keyed by the query
 * and the session's tenant, and stamped with the write versions of the tables
 * it depends on: any write to them (seen at the driver, see db/write-versions.ts)
 * makes it stale. Bounded, least recently used out first.
 */
export class CountCache {
  private readonly entries = new Map<string, { stamp: string; count: number | Promise<number> }>();
  hits = 0;
  misses = 0;

  constructor(
    private readonly prisma: PrismaClient,
    private readonly capacity = 2000,
  ) {}

  async count(key: string, tables: readonly string[], compute: () => Promise<number>): Promise<number> {
    const versions = writeVersions(this.prisma);
    const stamp = tables.map((t) => versions.version(t)).join('|');
    const hit = this.entries.get(key);
    if (hit && hit.stamp === stamp) {
      this.hits++;
      this.entries.delete(key);
      this.entries.set(key, hit);
      return hit.count;
    }
    this.misses++;
    // The count in progress is shared: fifty requests for a new keyword make one scan, not fifty.
    const counting = compute();
    // Stamp with the versions read before counting: a write racing the count leaves the entry stale, never wrong.
    const entry: { stamp: string; count: number | Promise<number> } = { stamp, count: counting };
    this.entries.set(key, entry);
    if (this.entries.size > this.capacity) this.entries.delete(this.entries.keys().next().value!);
    try {
      const count = await counting;
      entry.count = count;
      return count;
    } catch (err) {
      if (this.entries.get(key) === entry) this.entries.delete(key);
      throw err;
    }
  }
}
