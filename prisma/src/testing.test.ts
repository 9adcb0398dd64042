import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createPrismaClient, writeVersions } from './client.ts';
import { restoreDatabase, snapshotDatabase, tempDatabase } from './testing.ts';

describe('snapshotDatabase and restoreDatabase', () => {
  it('put a snapshot back under an open client: its rows and schema, every version changed, writes go on', async () => {
    const db = tempDatabase();
    const client = createPrismaClient(db.url);
    const bodies = async () => (await client.$queryRawUnsafe<{ body: string }[]>('SELECT body FROM "Note" ORDER BY id')).map((r) => r.body);
    try {
      await client.$executeRawUnsafe('CREATE TABLE "Note" (id INTEGER PRIMARY KEY AUTOINCREMENT, body TEXT NOT NULL)');
      await client.$executeRawUnsafe(`INSERT INTO "Note" (body) VALUES ('seeded')`);
      const snapshot = path.join(db.dir, 'snapshot.db');
      await snapshotDatabase(client, snapshot);

      await client.$executeRawUnsafe(`INSERT INTO "Note" (body) VALUES ('written by a test')`);
      await client.$executeRawUnsafe(`UPDATE "Note" SET body = 'changed' WHERE id = 1`);
      await client.$executeRawUnsafe('CREATE TABLE "Extra" (id INTEGER)');
      expect(await bodies()).toEqual(['changed', 'written by a test']);
      const version = writeVersions(client).version('Note');

      await restoreDatabase(client, db.url, snapshot);
      expect(writeVersions(client).version('Note')).not.toBe(version);
      expect(await bodies()).toEqual(['seeded']);
      expect(await client.$queryRawUnsafe(`SELECT name FROM sqlite_master WHERE name = 'Extra'`)).toEqual([]);
      // The id sequence is the snapshot's too.
      await client.$executeRawUnsafe(`INSERT INTO "Note" (body) VALUES ('after')`);
      expect(await client.$queryRawUnsafe<{ n: string }[]>(`SELECT CAST(id AS TEXT) AS n FROM "Note" WHERE body = 'after'`)).toEqual([{ n: '2' }]);
    } finally {
      await client.$disconnect();
      db.remove();
    }
  });
});
