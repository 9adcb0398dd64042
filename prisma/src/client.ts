/**
 * The Prisma client of the mock server: SQLite through the better-sqlite3
 * driver adapter (engine-free), in WAL mode with a busy timeout and foreign
 * keys on, plus `openDatabase`, the one call a server or a test needs.
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { PrismaClient } from '../generated/prisma/client.ts';
import { ensureKeywordIndexes, type KeywordIndexes } from './keyword-index.ts';
import { applyDataUpgrades, markDataUpgraded, type DataUpgrade } from './data-upgrades.ts';
import { applyMigrations } from './migrate.ts';
import type Database from 'better-sqlite3';
import { sqliteAdapterFactory, sqliteFilePath, type SqliteAdapterFactory } from './sqlite.ts';
import type { WriteVersions } from './write-versions.ts';

export { sqliteFilePath } from './sqlite.ts';

/**
 * A client for the SQLite database at `databaseUrl` (a `file:` URL; a relative
 * path resolves against the current working directory). Pragmas
 * (`journal_mode=WAL`, `busy_timeout`, `foreign_keys=ON`) are set on the
 * connection before its first query. Does not create or migrate anything.
 */
export function createPrismaClient(databaseUrl: string): PrismaClient {
  const adapter = sqliteAdapterFactory(sqliteFilePath(databaseUrl));
  const client = new PrismaClient({ adapter });
  writeVersionsOf.set(client, adapter.writes);
  factories.set(client, adapter);
  return client;
}

const writeVersionsOf = new WeakMap<PrismaClient, WriteVersions>();
const factories = new WeakMap<PrismaClient, SqliteAdapterFactory>();

/**
 * The better-sqlite3 connection a client made by createPrismaClient queries
 * through, once connected (undefined before the first query and after
 * `$disconnect`). For statements compiled beside Prisma on the same
 * connection, so they see exactly what Prisma's queries see (transactions
 * included). A write through it must tell the write versions first
 * (`writeVersions(client).observe(sql)`), as the adapter does for Prisma's.
 */
export function sqliteConnection(client: PrismaClient): Database.Database | undefined {
  return factories.get(client)?.connection();
}

/** The write versions of a client made by createPrismaClient (for exact caches of derived values). */
export function writeVersions(client: PrismaClient): WriteVersions {
  const v = writeVersionsOf.get(client);
  if (!v) throw new Error('Not a client made by createPrismaClient');
  return v;
}

/** Fills an empty database (the demo data is `seed` of `@edu/db/seed`). */
export type Seeder = (prisma: PrismaClient) => Promise<void>;

export interface OpenDatabaseOptions {
  /**
   * Called when the database is empty (no tenants and no users); without it an
   * empty database stays empty. The caller passes the seed, so the client's
   * import graph never holds it: every user of `@edu/db` would load the seed's
   * modules otherwise, and only a first start needs them.
   */
  seed?: Seeder;
  /** The keyword indexes to create or repair (keyword-index.ts); the server declares them beside its lists. */
  keywordIndexes?: KeywordIndexes;
  /** Stored derived values to recompute when their rule changed (data-upgrades.ts); the server declares them. */
  dataUpgrades?: readonly DataUpgrade[];
}

/**
 * Creates the database file and its folder if missing, applies pending
 * migrations, creates or repairs the given keyword indexes (keyword-index.ts), seeds it when empty
 * and a seed is given, runs the data upgrades it has not had (data-upgrades.ts; a database just
 * seeded only records them), and returns a connected client.
 * The caller decides the URL (and its default); the caller disconnects.
 */
export async function openDatabase(databaseUrl: string, options: OpenDatabaseOptions = {}): Promise<PrismaClient> {
  const file = sqliteFilePath(databaseUrl);
  mkdirSync(path.dirname(file), { recursive: true });
  await applyMigrations(databaseUrl);
  const prisma = createPrismaClient(databaseUrl);
  try {
    await ensureKeywordIndexes(prisma, options.keywordIndexes ?? {});
    const upgrades = options.dataUpgrades ?? [];
    if (options.seed && (await isEmpty(prisma))) {
      await options.seed(prisma);
      await markDataUpgraded(prisma, upgrades);
    } else await applyDataUpgrades(prisma, upgrades);
    await refreshPlannerStatistics(prisma);
    return prisma;
  } catch (err) {
    await prisma.$disconnect();
    throw err;
  }
}

/**
 * Table statistics for SQLite's query planner (`PRAGMA optimize`, as SQLite
 * advises on opening a long-lived connection; `analysis_limit` keeps it to
 * milliseconds). Without them the planner judges indexes by their shape only
 * and, with the tenant filter on every query, picks the tenant index over a
 * parent's or the primary key (a page of a million-row ledger took 1.8 s).
 */
async function refreshPlannerStatistics(prisma: PrismaClient): Promise<void> {
  await prisma.$queryRawUnsafe('PRAGMA analysis_limit = 1000');
  await prisma.$executeRawUnsafe('PRAGMA optimize = 0x10002');
}

/** Empty as the seed understands it: no tenant and no user, deleted or not. */
async function isEmpty(prisma: PrismaClient): Promise<boolean> {
  const [tenants, users] = await Promise.all([prisma.tenant.count(), prisma.user.count()]);
  return tenants === 0 && users === 0;
}
