// ESLint with its cache kept outside the clone, so that the next run on the same
// machine (a developer's next `pnpm lint`, or CI, which lints a fresh clone in
// another folder each time) lints only the files whose content changed.
// `node scripts/eslint-cached.mjs [eslint arguments]`, e.g. `.` or `--fix .`.
//
// ESLint keys its cache by absolute file path, so the cache is stored with the
// clone's root replaced by a placeholder and put back for the clone at hand;
// `--cache-strategy content` compares contents (a fresh clone gives every file
// a new modification time). An entry is reused only for the same content under
// the same configuration (eslint.config.js holds no path of the clone for that
// reason) and the same ESLint and Node versions.
//
// Caveat of any ESLint cache with type-aware rules: a file whose own content did
// not change keeps its earlier result even if a file it imports changed types
// (the type errors themselves are `pnpm typecheck`'s). ESLINT_CACHE=0 lints
// everything; the cache lives in ${XDG_CACHE_HOME:-~/.cache}/edu-admin/eslint.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const eslintBin = path.join(path.dirname(createRequire(import.meta.url).resolve('eslint/package.json')), 'bin', 'eslint.js');
const args = process.argv.slice(2);

if (process.env.ESLINT_CACHE === '0') process.exit(run(args));

const cacheDir = path.join(process.env.XDG_CACHE_HOME || path.join(os.homedir(), '.cache'), 'edu-admin', 'eslint');
const stored = path.join(cacheDir, 'cache.json');
/** This run's own copy: runs of two clones at once never write the same file. */
const working = path.join(cacheDir, `run-${process.pid}.json`);
const PLACEHOLDER = '"<clone>/';
const quotedRoot = `${JSON.stringify(root).slice(0, -1)}/`;

mkdirSync(cacheDir, { recursive: true });
if (existsSync(stored)) writeFileSync(working, readFileSync(stored, 'utf8').replaceAll(PLACEHOLDER, quotedRoot));
const status = run(['--cache', '--cache-strategy', 'content', '--cache-location', working, ...args]);
if (existsSync(working)) {
  // Kept whatever the outcome: a file's findings are cached with it and reported again while it is unchanged.
  const next = `${stored}.${process.pid}`;
  writeFileSync(next, readFileSync(working, 'utf8').replaceAll(quotedRoot, PLACEHOLDER));
  renameSync(next, stored);
  rmSync(working, { force: true });
}
process.exit(status);

function run(eslintArgs) {
  const result = spawnSync(process.execPath, [eslintBin, ...eslintArgs], { cwd: root, stdio: 'inherit' });
  if (result.error) throw result.error;
  return result.status ?? 1;
}
