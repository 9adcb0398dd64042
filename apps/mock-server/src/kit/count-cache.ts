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

/** Names kept per table and scope before the oldest scope goes (tenants active at once, roughly). */
const NAME_SCOPES = 1000;
/** Names kept per table and scope; beyond, the scope starts over (bounded memory, one reload). */
const NAMES_PER_SCOPE = 50_000;

/**
 * Exact cache of display names by id (category and user names on list rows):
 * per table and scope (a tenant), stamped with the table's write version like
 * the counts, so a rename shows on the next request. Ids looked up and not
 * found are kept too (as null). A page asks only for the ids it has not seen
 * since the table was last written: a list read after no write makes no
 * query for its names.
 */
export class NameCache {
  private readonly scopes = new Map<string, { stamp: string; names: Map<number, string | null> }>();

  constructor(private readonly prisma: PrismaClient) {}

  async names(
    table: string,
    scope: string,
    ids: readonly number[],
    load: (missing: number[]) => Promise<ReadonlyArray<readonly [number, string]>>,
  ): Promise<ReadonlyMap<number, string | null>> {
    const key = `${table}|${scope}`;
    // Read before loading: a write racing the load leaves the entry stale, never wrong.
    const stamp = writeVersions(this.prisma).version(table);
    let entry = this.scopes.get(key);
    if (!entry || entry.stamp !== stamp || entry.names.size > NAMES_PER_SCOPE) {
      entry = { stamp, names: new Map() };
      this.scopes.set(key, entry);
      if (this.scopes.size > NAME_SCOPES) this.scopes.delete(this.scopes.keys().next().value!);
    }
    const names = entry.names;
    const missing = [...new Set(ids)].filter((id) => !names.has(id));
    if (missing.length) {
      const found = new Map(await load(missing));
      for (const id of missing) names.set(id, found.get(id) ?? null);
    }
    return names;
  }
}
