import { rmSync } from 'node:fs';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { seededDatabase, snapshotDatabase } from '@edu/db/testing';
import { buildApp } from '../app.ts';
import { TEST_JWT_SECRET } from './test-app.ts';

/**
 * Runs once per `vitest run`, before any test file: opens a copy of the seeded
 * template with the server once, so that what the server does to a database as
 * it opens one (keyword indexes built, data upgrades run, planner statistics)
 * is done here once instead of in every file, and keeps the result as the
 * template `createTestApp` copies (a file copy, milliseconds). Built per run,
 * so it always matches the server's code as it is.
 */
export default async function setup(project: TestProject): Promise<() => void> {
  const db = await seededDatabase('server-template');
  const template = path.join(db.dir, 'prepared.db');
  const app = await buildApp({ databaseUrl: db.url, jwtSecret: TEST_JWT_SECRET });
  try {
    await app.ready();
    await snapshotDatabase(app.prisma, template);
  } finally {
    await app.close();
  }
  project.provide('serverTemplate', template);
  return () => rmSync(db.dir, { recursive: true, force: true });
}
