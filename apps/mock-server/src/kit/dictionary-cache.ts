import { DICTIONARY_TYPES } from '@edu/sdk';
import type { PrismaClient } from '@edu/db';
import { scanText, sensitiveAction, type ScanOptions, type SensitiveWord } from './sensitive-words.ts';

declare module 'fastify' {
  interface FastifyInstance {
    dictionaryCache: DictionaryCache;
  }
}

export interface DictionaryEntry {
  id: number;
  dictionaryType: string;
  name: string;
  value: string | null;
  sort: number;
}

export interface DictionarySnapshot {
  readonly refreshTime: Date;
  readonly entries: readonly DictionaryEntry[];
  /** Active sensitive words, lower-cased for matching, in sort order; `action` from the entry's value (kit/sensitive-words.ts). */
  readonly sensitiveWords: ReadonlyArray<SensitiveWord>;
}

export interface DictionaryCacheInfo {
  refreshTime: Date;
  entryCount: number;
  countsByType: Record<string, number>;
}

/**
 * The server's dictionary cache (SystemDictionary/SettingUpdateCache): the
 * active entries of each tenant, loaded on first use and kept until an
 * administrator refreshes it. Writes through the dictionary CRUD do not
 * refresh it, as on the real platform, where the header's clear-cache button
 * makes edits take effect.
 */
export class DictionaryCache {
  private readonly tenants = new Map<number | null, Promise<DictionarySnapshot>>();

  constructor(private readonly prisma: PrismaClient) {}

  /** The tenant's snapshot, read from the database on first use. */
  load(tenantId: number | null): Promise<DictionarySnapshot> {
    let snapshot = this.tenants.get(tenantId);
    if (!snapshot) {
      snapshot = this.read(tenantId);
      this.tenants.set(tenantId, snapshot);
      snapshot.catch(() => this.tenants.delete(tenantId));
    }
    return snapshot;
  }

  /** Re-reads the tenant's active entries and reports what the cache now holds. */
  async refresh(tenantId: number | null): Promise<DictionaryCacheInfo> {
    const snapshot = this.read(tenantId);
    this.tenants.set(tenantId, snapshot);
    snapshot.catch(() => this.tenants.delete(tenantId));
    return DictionaryCache.info(await snapshot);
  }

  /** What the tenant's cache holds now (loading it if needed). */
  async info(tenantId: number | null): Promise<DictionaryCacheInfo> {
    return DictionaryCache.info(await this.load(tenantId));
  }

  /** The active entries of one type, in sort order. */
  async entries(tenantId: number | null, dictionaryType: string): Promise<DictionaryEntry[]> {
    return (await this.load(tenantId)).entries.filter((e) => e.dictionaryType === dictionaryType);
  }

  /**
   * The first active sensitive word in `text` (in text order), whatever its
   * entry says (mask words too), by the one scanner (kit/sensitive-words.ts
   * `scanText`: disguises seen through; `rich` reads HTML as its text), or
   * null: the rule of texts that refuse every word (editorial content, staff
   * messages, answers).
   */
  async findSensitiveWord(tenantId: number, text: string, options: ScanOptions = {}): Promise<string | null> {
    if (!text) return null;
    const { sensitiveWords } = await this.load(tenantId);
    return scanText(sensitiveWords, text, options).matches[0]?.word ?? null;
  }

  private async read(tenantId: number | null): Promise<DictionarySnapshot> {
    const entries =
      tenantId === null
        ? []
        : await this.prisma.systemDictionary.findMany({
            where: { tenantId, isDeleted: false, isActive: true },
            select: { id: true, dictionaryType: true, name: true, value: true, sort: true },
            orderBy: [{ dictionaryType: 'asc' }, { sort: 'asc' }, { id: 'asc' }],
          });
    const sensitiveWords = entries
      .filter((e) => e.dictionaryType === 'sensitiveWord' && e.name.trim())
      .map((e) => ({ name: e.name, lower: e.name.trim().toLowerCase(), action: sensitiveAction(e.value) }));
    return { refreshTime: new Date(), entries, sensitiveWords };
  }

  private static info(s: DictionarySnapshot): DictionaryCacheInfo {
    const countsByType: Record<string, number> = Object.fromEntries(DICTIONARY_TYPES.map((t) => [t, 0]));
    for (const e of s.entries) countsByType[e.dictionaryType] = (countsByType[e.dictionaryType] ?? 0) + 1;
    return { refreshTime: s.refreshTime, entryCount: s.entries.length, countsByType };
  }
}
