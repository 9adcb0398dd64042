import { describe, expect, it } from 'vitest';
import { dependentsOf, WriteVersions } from './write-versions.ts';

describe('WriteVersions', () => {
  it('bumps only the written table for single-table writes', () => {
    const w = new WriteVersions();
    const user0 = w.version('User');
    const role0 = w.version('Role');
    w.observe('INSERT INTO "main"."User" ("name") VALUES (?) RETURNING "id"');
    expect(w.version('User')).not.toBe(user0);
    expect(w.version('Role')).toBe(role0);
    w.observe('UPDATE "Role" SET "name" = ? WHERE "id" = ?');
    w.observe('DELETE FROM `UserRole` WHERE 1');
    w.observe('INSERT OR REPLACE INTO Setting VALUES (1)');
    expect(w.version('Role')).not.toBe(role0);
  });

  it('ignores reads and bumps everything for unknown statements', () => {
    const w = new WriteVersions();
    const v = w.version('User');
    w.observe('SELECT COUNT(*) FROM "User"');
    w.observe('WITH RECURSIVE tree(id) AS (SELECT 1) SELECT id FROM tree');
    expect(w.version('User')).toBe(v);
    w.observe('CREATE TABLE "X" (id INTEGER)');
    expect(w.version('User')).not.toBe(v);
  });

  it('changes every version when the database changed beneath the connection', () => {
    const w = new WriteVersions();
    const user = w.version('User');
    const role = w.version('Role');
    w.changedBeneath();
    expect(w.version('User')).not.toBe(user);
    expect(w.version('Role')).not.toBe(role);
  });

  it('bumps the tables written during a transaction again at its end, and only those', () => {
    const w = new WriteVersions();
    w.beginTransaction();
    w.observe('INSERT INTO "Article" ("title") VALUES (?)');
    // A value computed now (it may include the uncommitted row) is stamped with this version.
    const during = w.version('Article');
    const user = w.version('User');
    w.endTransaction(); // a rollback takes the row back: the value must not be reused
    expect(w.version('Article')).not.toBe(during);
    expect(w.version('User')).toBe(user);
    // After the end, nothing is carried into the next transaction.
    const after = w.version('Article');
    w.beginTransaction();
    w.endTransaction();
    expect(w.version('Article')).toBe(after);
  });

  it('an unknown statement inside a transaction bumps everything again at its end', () => {
    const w = new WriteVersions();
    w.beginTransaction();
    w.observe('CREATE TABLE "X" (id INTEGER)');
    const during = w.version('User');
    w.endTransaction();
    expect(w.version('User')).not.toBe(during);
  });

  it('bumps the tables the database writes on a write: cascades and triggers', () => {
    const w = new WriteVersions();
    w.setDependents(
      dependentsOf(
        [
          { child: 'UserRole', parent: 'User', onDelete: 'CASCADE', onUpdate: 'CASCADE' },
          { child: 'User', parent: 'User', onDelete: 'SET NULL', onUpdate: 'CASCADE' },
          { child: 'Payment', parent: 'User', onDelete: 'RESTRICT', onUpdate: 'NO ACTION' },
        ],
        [
          {
            table: 'Article',
            sql: 'CREATE TRIGGER "t" AFTER UPDATE ON "Article" BEGIN DELETE FROM "Article_fts" WHERE rowid = old."id"; INSERT INTO "Article_fts" (rowid) VALUES (new."id"); END',
          },
        ],
      ),
    );
    const [userRole, payment, fts] = [w.version('UserRole'), w.version('Payment'), w.version('Article_fts')];
    w.observe('DELETE FROM "User" WHERE "id" = ?');
    expect(w.version('UserRole')).not.toBe(userRole);
    expect(w.version('Payment')).toBe(payment);
    w.observe('UPDATE "Article" SET "title" = ?');
    expect(w.version('Article_fts')).not.toBe(fts);
  });
});
