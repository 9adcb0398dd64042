// scripts/tsc-cached.mjs takes a stored state only for what it can vouch for: in a
// package without its own state (a fresh clone), a change of one file's types is
// still reported in the unchanged file that imports it, and a failed check is not
// stored. A small package in a temporary folder, checked by the real script and tsc.
// Run by `pnpm lint` (node's test runner).
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';

const script = path.join(path.dirname(fileURLToPath(import.meta.url)), 'tsc-cached.mjs');
const dir = mkdtempSync(path.join(os.tmpdir(), 'tsc-cached-'));
const pkg = path.join(dir, 'pkg');
const cache = path.join(dir, 'cache');
after(() => rmSync(dir, { recursive: true, force: true }));

const write = (file, text) => writeFileSync(path.join(pkg, file), text);
const check = () =>
  spawnSync(process.execPath, [script, 'tsconfig.json', '--verbose'], { cwd: pkg, encoding: 'utf8', env: { ...process.env, XDG_CACHE_HOME: cache } });
/** A fresh clone has no state of its own. */
const freshClone = () => rmSync(path.join(pkg, 'node_modules'), { recursive: true, force: true });
const storedBuildInfo = () => {
  const key = path.relative(path.resolve(path.dirname(script), '..'), pkg).replaceAll(path.sep, '+');
  return readFileSync(path.join(cache, 'edu-admin', 'tsc', key, 'tsconfig.tsbuildinfo'), 'utf8');
};

mkdirSync(path.join(pkg, 'src'), { recursive: true });
write('package.json', '{ "name": "pkg", "type": "module" }');
write(
  'tsconfig.json',
  JSON.stringify({
    compilerOptions: {
      composite: true,
      strict: true,
      module: 'nodenext',
      emitDeclarationOnly: true,
      outDir: 'node_modules/.cache/tsc',
      tsBuildInfoFile: 'node_modules/.cache/tsc/tsconfig.tsbuildinfo',
    },
    include: ['src'],
  }),
);
write('src/a.ts', 'export const n: number = 1;\n');
write('src/b.ts', "import { n } from './a.js';\nexport const m: number = n + 1;\n");

describe('tsc with its state kept outside the clone', () => {
  it('a clean check stores its state, and a fresh clone starts from it', () => {
    assert.equal(check().status, 0);
    freshClone();
    const again = check();
    assert.equal(again.status, 0, again.stdout);
    // The restored state is dated 1970: tsc compares contents rather than trusting it.
    assert.match(again.stdout, /is out of date because output .*tsbuildinfo' is older than input/);
  });

  it('a fresh clone whose file changed its types gets the error in the unchanged file that imports it, and the failure is not stored', () => {
    const before = storedBuildInfo();
    freshClone();
    write('src/a.ts', "export const n: string = 'x';\n");
    const broken = check();
    assert.notEqual(broken.status, 0);
    assert.match(broken.stdout, /src\/b\.ts.*error TS2322/);
    assert.equal(storedBuildInfo(), before);
  });
});
