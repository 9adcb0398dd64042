import { createHash } from 'node:crypto';
import { cpSync, existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { applyMigrations, createMigration, diagnoseMigrations, MIGRATIONS_DIR, migrationSlug, PRISMA_DIR, readMigrations } from './migrate.ts';
import { tempDatabase, type TempDatabase } from './testing.ts';

const cleanup: TempDatabase[] = [];
const temp = (name?: string) => {
  const t = tempDatabase(name);
  cleanup.push(t);
  return t;
};
afterEach(() => {
  for (const t of cleanup.splice(0)) t.remove();
});

describe('applyMigrations', () => {
  it('creates the schema on a fresh file, and a second run is a no-op', async () => {
    const db = temp();
    const folders = readdirSync(MIGRATIONS_DIR, { withFileTypes: true })
      .filter((e) => e.isDirectory())
      .map((e) => e.name)
      .sort();
    expect(folders.length).toBeGreaterThan(0);
    expect(folders[0]).toMatch(/^\d{14}_init$/);

    expect(await applyMigrations(db.url)).toEqual(folders);
    expect(await applyMigrations(db.url)).toEqual([]);

    const file = db.url.slice('file:'.length);
    const sqlite = new Database(file, { readonly: true });
    try {
      const tables = sqlite
        .prepare(`SELECT name FROM sqlite_master WHERE type = 'table'`)
        .all()
        .map((r) => (r as { name: string }).name);
      expect(tables).toEqual(expect.arrayContaining(['Tenant', 'User', 'Role', 'UserRole', 'PermissionGrant', '_prisma_migrations']));
      // Prisma's bookkeeping: one finished row per migration, checksum = sha256 of the script (what `migrate status` compares).
      const rows = sqlite
        .prepare('SELECT migration_name, checksum, finished_at, rolled_back_at FROM _prisma_migrations ORDER BY migration_name')
        .all() as Array<{
        migration_name: string;
        checksum: string;
        finished_at: string | null;
        rolled_back_at: string | null;
      }>;
      expect(rows.map((r) => r.migration_name)).toEqual(folders);
      for (const r of rows) {
        const script = readFileSync(path.join(MIGRATIONS_DIR, r.migration_name, 'migration.sql'));
        expect(r.checksum).toBe(createHash('sha256').update(script).digest('hex'));
        expect(r.finished_at).not.toBeNull();
        expect(r.rolled_back_at).toBeNull();
      }
    } finally {
      sqlite.close();
    }

    const status = await diagnoseMigrations(db.url);
    expect(status.history).toBeNull();
    expect(status.failedMigrationNames).toEqual([]);
    expect(status.editedMigrationNames).toEqual([]);
  });

  it('creates the folder of a database in a directory that does not exist yet', async () => {
    const t = temp();
    const url = `file:${path.join(t.dir, 'a', 'b', 'nested.db')}`;
    await applyMigrations(url);
    expect(existsSync(path.join(t.dir, 'a', 'b', 'nested.db'))).toBe(true);
  });

  it("keeps Prisma's lock file", () => {
    expect(readFileSync(path.join(MIGRATIONS_DIR, 'migration_lock.toml'), 'utf8')).toContain('provider = "sqlite"');
  });
});

describe('bodies_last', () => {
  /** Long text columns, expected last in their tables in this order (migration 20261124004500_bodies_last). */
  const BODIES: Record<string, string[]> = {
    Article: ['content'],
    LearningCourse: ['content'],
    OneQuestionPerday: ['answer', 'content', 'analysis'],
    TestQuestion: ['stem', 'referenceAnswer', 'subQuestionsJson', 'analysis'],
    SiteMessage: ['content'],
    Discuss: ['content'],
    LeaveMessage: ['content', 'replyContent'],
    QuestionOfAsk: ['content'],
    QuestionOfAskReply: ['content'],
  };

  it('moves long text columns last and keeps every row, value, index and the id sequence', async () => {
    const t = temp();
    const before = path.join(t.dir, 'migrations-before');
    cpSync(MIGRATIONS_DIR, before, { recursive: true, filter: (src) => !src.includes('_bodies_last') });
    await applyMigrations(t.url, { migrationsDir: before });
    const file = t.url.slice('file:'.length);
    const columnsOf = (db: Database.Database, table: string) =>
      (db.prepare('SELECT name FROM pragma_table_info(?)').all(table) as Array<{ name: string }>).map((c) => c.name);
    const indexesOf = (db: Database.Database, table: string) =>
      db.prepare(`SELECT name, sql FROM sqlite_master WHERE type = 'index' AND tbl_name = ? ORDER BY name`).all(table);
    const old = new Database(file);
    const insert = old.prepare(
      `INSERT INTO Article (id, tenantId, title, categoryId, summary, content, author, keywords, creationTime) VALUES (?, 1, ?, 7, ?, ?, ?, ?, ?)`,
    );
    for (const id of [1, 2, 3])
      insert.run(id, `标题${id}`, `摘要${id}`, `<p>${'正文'.repeat(4000)}${id}</p>`, '张老师', '数学', '2026-11-24T00:00:00.000+00:00');
    old.prepare('DELETE FROM Article WHERE id = 3').run();
    const rows = old.prepare('SELECT * FROM Article ORDER BY id').all();
    const indexes = Object.fromEntries(Object.keys(BODIES).map((table) => [table, indexesOf(old, table)]));
    old.close();

    expect(await applyMigrations(t.url)).toEqual([expect.stringMatching(/_bodies_last$/)]);
    const db = new Database(file, { readonly: true });
    try {
      for (const [table, bodies] of Object.entries(BODIES)) {
        expect(columnsOf(db, table).slice(-bodies.length), table).toEqual(bodies);
        expect(indexesOf(db, table), table).toEqual(indexes[table]);
      }
      expect(db.prepare('SELECT * FROM Article ORDER BY id').all()).toEqual(rows);
      // The sequence stays past a deleted id: the next article is 4, never 3 again.
      expect((db.prepare(`SELECT seq FROM sqlite_sequence WHERE name = 'Article'`).get() as { seq: number }).seq).toBe(3);
      expect(db.pragma('foreign_key_check')).toEqual([]);
    } finally {
      db.close();
    }
  });
});

describe('createMigration', () => {
  it('has nothing to create while the schema matches the migrations', async () => {
    expect(await createMigration('nothing', { migrationsDir: MIGRATIONS_DIR })).toBeNull();
  });

  it('writes the difference between the migrations and a changed schema, which then applies', async () => {
    const t = temp();
    const migrationsDir = path.join(t.dir, 'migrations');
    cpSync(MIGRATIONS_DIR, migrationsDir, { recursive: true });
    // A copy of the multi-file schema with one more area file.
    const schemaPath = path.join(t.dir, 'schema');
    cpSync(path.join(PRISMA_DIR, 'schema'), schemaPath, { recursive: true });
    writeFileSync(
      path.join(schemaPath, 'links.prisma'),
      `model FriendlyLink {\n  id       Int    @id @default(autoincrement())\n  tenantId Int\n  title    String\n}\n`,
    );

    const created = await createMigration('Add friendly links!', { migrationsDir, schemaPath, now: new Date('2099-01-02T03:04:05Z') });
    expect(created?.name).toBe('20990102030405_add_friendly_links');
    expect(created?.script).toContain('CREATE TABLE "FriendlyLink"');
    expect(readFileSync(path.join(migrationsDir, created!.name, 'migration.sql'), 'utf8')).toBe(created!.script);
    expect((await readMigrations(migrationsDir)).migrationDirectories.at(-1)?.path).toBe(created!.name);

    expect(await applyMigrations(t.url, { migrationsDir })).toHaveLength((await readMigrations(migrationsDir)).migrationDirectories.length);
    expect(await createMigration('again', { migrationsDir, schemaPath })).toBeNull();
  });

  it('writes an empty migration only when asked to', async () => {
    const t = temp();
    const migrationsDir = path.join(t.dir, 'migrations');
    cpSync(MIGRATIONS_DIR, migrationsDir, { recursive: true });
    const created = await createMigration('backfill', { migrationsDir, allowEmpty: true, now: new Date('2099-01-01T00:00:00Z') });
    expect(created?.script).toBe('-- This is an empty migration.\n');
  });

  it('slugifies names as the CLI does', () => {
    expect(migrationSlug(' Add Users & Roles ')).toBe('add_users_roles');
    expect(migrationSlug('!!!')).toBe('');
  });
});
