import { describe, expect, it } from 'vitest';
import { WriteVersions } from './write-versions.ts';

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

  it('ignores reads and bumps everything for unknown statements and transaction ends', () => {
    const w = new WriteVersions();
    const v = w.version('User');
    w.observe('SELECT COUNT(*) FROM "User"');
    w.observe('WITH RECURSIVE tree(id) AS (SELECT 1) SELECT id FROM tree');
    expect(w.version('User')).toBe(v);
    w.observe('CREATE TABLE "X" (id INTEGER)');
    const v2 = w.version('User');
    expect(v2).not.toBe(v);
    w.endTransaction();
    expect(w.version('User')).not.toBe(v2);
  });
});
