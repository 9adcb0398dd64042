import { readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';
import { FILE_SECONDS, fileSeconds } from './parallel.ts';

const E2E = path.join(path.dirname(fileURLToPath(import.meta.url)), '..');

it('weighs every browser test file, so each starts in its measured place', () => {
  const files = readdirSync(E2E, { recursive: true, encoding: 'utf8' })
    .filter((f) => f.endsWith('.test.ts') && !f.startsWith('artifacts'))
    .map((f) => path.basename(f))
    .sort();
  expect(files.filter((f) => !(f in FILE_SECONDS))).toEqual([]);
  expect(Object.keys(FILE_SECONDS).filter((f) => !files.includes(f))).toEqual([]);
});

it('orders browser files by weight and puts contract files after them', () => {
  expect(fileSeconds('/repo/tests/e2e/a11y.test.ts')).toBeGreaterThan(fileSeconds('/repo/tests/e2e/users.test.ts'));
  expect(fileSeconds('/repo/tests/e2e/a-new.test.ts')).toBeGreaterThan(fileSeconds('/repo/tests/e2e/users.test.ts'));
  expect(fileSeconds('/repo/tests/contract/crud.contract.test.ts')).toBe(0);
});
