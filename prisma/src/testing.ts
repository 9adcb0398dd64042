/** Test helpers: every test gets its own SQLite file under the OS temp folder. */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

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
