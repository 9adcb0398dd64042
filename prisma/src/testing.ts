/** Test helpers: every test gets its own SQLite file under the OS temp folder. */
import { createHash } from 'node:crypto';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, statSync, type Dirent } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import type { PrismaClient } from '../generated/prisma/client.ts';
import { openDatabase, sqliteFilePath, writeVersions } from './client.ts';
import { PRISMA_DIR } from './migrate.ts';
import { seed } from '../seed/index.ts';

export interface TempDatabase {
  /** `file:` URL of a database that does not exist yet (its folder does). */
  url: string;
  dir: string;
  /** Deletes the folder with the database and its WAL files. */
  remove(): void;
}

export function tempDatabase(name = 'test'): TempDatabase {
  const dir = mkdtempSync(path.join(tmpdir(), 'edu-db-'));
  return {
    url: `file:${path.join(dir, `${name}.db`)}`,
    dir,
    remove: () => rmSync(dir, { recursive: true, force: true }),
  };
}

/**
 * A fresh copy of a migrated and seeded database. Seeding takes seconds (a
 * question bank of two thousand questions among the rest) and every server
 * test starts from the same seed, so the seeded file is built once per machine
 * and day as a template and copied (milliseconds). The template's name is a
 * hash of everything that shapes it (migrations, seed sources, the SDK they
 * read, this package's code) plus the UTC day (the seed dates rows relative to
 * now), so a change to any of them builds a new one. Test processes running
 * at once build it under a lock; the others wait for it.
 */
export async function seededDatabase(name = 'test'): Promise<TempDatabase> {
  const template = await seedTemplate();
  const db = tempDatabase(name);
  copyFileSync(template, sqliteFilePath(db.url));
  return db;
}

/**
 * Writes a copy of a database in use to `file` (`VACUUM INTO`, through the
 * client: the copy holds what the client sees), for restoreDatabase.
 */
export async function snapshotDatabase(client: PrismaClient, file: string): Promise<void> {
  await client.$executeRawUnsafe(`VACUUM INTO '${file.replaceAll("'", "''")}'`);
}

/**
 * Puts a snapshot back into the database a client has open, without closing
 * it: SQLite's online backup copies the snapshot's pages into the file in one
 * write transaction (another connection, so the client's own sees the restored
 * pages and schema at its next statement), then every write version of the
 * client changes, so no value cached from before outlives the restore. For
 * test suites that share one server between files; the caller makes sure
 * nothing writes meanwhile.
 */
export async function restoreDatabase(client: PrismaClient, databaseUrl: string, snapshot: string): Promise<void> {
  const source = new Database(snapshot, { readonly: true, fileMustExist: true });
  try {
    await source.backup(sqliteFilePath(databaseUrl));
  } finally {
    source.close();
    writeVersions(client).changedBeneath();
  }
}

async function seedTemplate(): Promise<string> {
  const file = path.join(tmpdir(), `edu-seed-${templateKey()}.db`);
  if (existsSync(file)) return file;
  const lock = `${file}.lock`;
  for (const started = Date.now(); ; await sleep(200)) {
    if (existsSync(file)) return file;
    try {
      mkdirSync(lock);
      break;
    } catch {
      // Another process is building it; a lock older than two minutes was left by a crashed one.
      const held = statSync(lock, { throwIfNoEntry: false });
      if (held && Date.now() - held.mtimeMs > 120_000) rmSync(lock, { recursive: true, force: true });
      if (Date.now() - started > 300_000) throw new Error(`Timed out waiting for the seed template ${file}`);
    }
  }
  try {
    const build = tempDatabase('template');
    const prisma = await openDatabase(build.url, { seed });
    await prisma.$queryRawUnsafe('PRAGMA wal_checkpoint(TRUNCATE)');
    await prisma.$disconnect();
    renameSync(sqliteFilePath(build.url), file);
    build.remove();
    return file;
  } finally {
    rmSync(lock, { recursive: true, force: true });
  }
}

function templateKey(): string {
  const hash = createHash('sha256');
  const root = path.resolve(PRISMA_DIR, '..');
  for (const dir of [
    path.join(PRISMA_DIR, 'migrations'),
    path.join(PRISMA_DIR, 'seed'),
    path.join(PRISMA_DIR, 'src'),
    path.join(root, 'packages/sdk/src'),
  ])
    for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true }).sort((a, b) => fullPath(a).localeCompare(fullPath(b))))
      if (entry.isFile() && !entry.name.endsWith('.test.ts')) hash.update(fullPath(entry)).update(readFileSync(fullPath(entry)));
  hash.update(new Date().toISOString().slice(0, 10));
  return hash.digest('hex').slice(0, 16);
}

const fullPath = (e: Dirent) => path.join(e.parentPath, e.name);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
