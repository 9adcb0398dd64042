/**
 * @edu/db: the database of the mock backend, in one place (schema, migrations,
 * client, seed), imported by the server, the benchmarks and the tests through
 * this package's exports. The seed is `@edu/db/seed`; temp databases for tests
 * are `@edu/db/testing`.
 */
export { Prisma, PrismaClient } from '../generated/prisma/client.ts';
export {
  createPrismaClient,
  openDatabase,
  sqliteConnection,
  sqliteFilePath,
  writeVersions,
  type OpenDatabaseOptions,
  type Seeder,
} from './client.ts';
export { insertRows } from './bulk-insert.ts';
export { forgetPrismaDebugHistory } from './debug-history.ts';
export { applyMigrations, createMigration, diagnoseMigrations, MIGRATIONS_DIR, PRISMA_DIR } from './migrate.ts';
export { applyDataUpgrades, DATA_VERSION, dataVersion, type DataUpgrade } from './data-upgrades.ts';
export { ensureKeywordIndexes, keywordIndexTable, type KeywordIndexes } from './keyword-index.ts';
export { hashPassword, verifyPassword, type VerifyResult } from './password-hash.ts';
export {
  CONNECTION_PRAGMAS,
  inTransactionScope,
  outsideTransactionScope,
  ownStatement,
  SQLITE_MAX_BIND_VALUES,
  WriteOutsideTransactionError,
} from './sqlite.ts';
export { WriteVersions } from './write-versions.ts';
