// `tsc -b` with the package's incremental state kept outside the clone, so that
// the next run on the same machine (a developer's next check, or another clone
// in another folder) rechecks only what changed. CI's machine is new for every
// run: it checks everything.
// `node <root>/scripts/tsc-cached.mjs [tsc -b arguments]`, run in the package;
// default argument tsconfig.check.json.
//
// The state is what tsc -b writes to node_modules/.cache/tsc (tsconfig.check.base.json):
// the build info, which holds every input's content hash and its diagnostics,
// and the declarations. A clone without its own state gets the stored one with
// every file's time set to 1970, so tsc -b never takes the state as newer than
// the sources: it compares the inputs' contents with the hashes and rechecks
// the files whose content, or whose imports' declarations, changed. Paths in the
// build info are relative to it and the lockfile pins node_modules/.pnpm, so the
// state fits any clone of the repository. It is stored after a successful
// check only. TSC_CACHE=0 leaves the stored state alone; it lives in
// ${XDG_CACHE_HOME:-~/.cache}/edu-admin/tsc.
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readdirSync, renameSync, rmSync, utimesSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const pkg = process.cwd();
const args = process.argv.length > 2 ? process.argv.slice(2) : ['tsconfig.check.json'];
const local = path.join(pkg, 'node_modules', '.cache', 'tsc');
const cacheRoot = process.env.XDG_CACHE_HOME || path.join(os.homedir(), '.cache');
const stored = path.join(cacheRoot, 'edu-admin', 'tsc', path.relative(root, pkg).replaceAll(path.sep, '+') || 'root');
const useCache = process.env.TSC_CACHE !== '0';

if (useCache && !existsSync(local) && existsSync(stored)) {
  cpSync(stored, local, { recursive: true });
  ageTree(local);
}
const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');
const { status } = spawnSync(process.execPath, [tsc, '-b', ...args], { stdio: 'inherit' });
if (useCache && status === 0 && existsSync(local)) store();
process.exit(status ?? 1);

/** Sets every file's times to 1970 (a second after the epoch). */
function ageTree(dir) {
  const then = new Date(1000);
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) ageTree(file);
    utimesSync(file, then, then);
  }
}

/** Replaces the stored state with this run's, through a copy of its own: two runs at once never mix their files. */
function store() {
  const next = `${stored}.${process.pid}`;
  mkdirSync(path.dirname(stored), { recursive: true });
  cpSync(local, next, { recursive: true });
  rmSync(stored, { recursive: true, force: true });
  try {
    renameSync(next, stored);
  } catch {
    // Another run stored its state in between: keep that one.
    rmSync(next, { recursive: true, force: true });
  }
}
