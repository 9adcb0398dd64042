// `pnpm start` (the root package.json runs `node apps/mock-server/start.mjs`): builds what is
// out of date, then runs the server in this process, with no pnpm or turbo launch and no second
// node process when nothing changed.
//
// 1. The web console (apps/web/dist): current when its inputs (every file of apps/web,
//    packages/ui and packages/sdk outside node_modules and build output, the lockfile and the
//    root tsconfig) and the built index.html (which names every content-hashed asset) hash as
//    they did after the last build this script ran; otherwise `turbo run build --filter=@edu/web`
//    (turbo replays its cache when the same inputs were built before).
// 2. The server bundle (dist/): current when the sources esbuild read for it and build.mjs's own
//    inputs hash as recorded beside it (`bundleIsCurrent` in build.mjs); otherwise bundled again.
// 3. The server, imported into this process (a parent waiting on a child server held about
//    50 MB of its own). `node start.mjs --build` stops before it (the benchmarks prepare so).
//
// See docs/architecture/speed.md, "The server as users start it".
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { buildServer, bundleIsCurrent, DEFAULT_OUTDIR } from './build.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '../..');

/** Folders whose files the web build reads (turbo.json's build inputs of @edu/web), relative to the root. */
const WEB_SOURCE_DIRS = ['apps/web', 'packages/ui', 'packages/sdk'];
/** Root files the web build depends on. */
const WEB_ROOT_FILES = ['package.json', 'pnpm-lock.yaml', 'tsconfig.base.json'];
/** Folders and files in those that are not sources (dependencies, build output, caches, test output; .gitignore's). */
const SKIPPED_DIRS = new Set(['node_modules', 'dist', '.turbo', 'test-results', 'coverage', 'data']);
const SKIPPED_FILES = /\.(db|db-journal|db-wal|db-shm|tsbuildinfo)$/;
const WEB_INDEX = path.join(root, 'apps/web/dist/index.html');
const WEB_STAMP = path.join(root, 'node_modules/.cache/edu-start/web.json');

/** Every source file under `dir` (absolute), sorted. */
function sourceFiles(dir) {
  const out = [];
  for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : 1))) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      if (!SKIPPED_DIRS.has(entry.name)) out.push(...sourceFiles(full));
    } else if (entry.isFile() && !SKIPPED_FILES.test(entry.name)) out.push(full);
  }
  return out;
}

function webInputsHash() {
  const hash = createHash('sha256');
  const files = [...WEB_ROOT_FILES.map((f) => path.join(root, f)), ...WEB_SOURCE_DIRS.flatMap((d) => sourceFiles(path.join(root, d)))];
  for (const file of files)
    hash
      .update(`${path.relative(root, file)}\0`)
      .update(readFileSync(file))
      .update('\0');
  return hash.digest('hex');
}

const fileHash = (file) => createHash('sha256').update(readFileSync(file)).digest('hex');

function buildWebIfStale() {
  const inputs = webInputsHash();
  try {
    const stamp = JSON.parse(readFileSync(WEB_STAMP, 'utf8'));
    if (stamp.inputs === inputs && existsSync(WEB_INDEX) && stamp.index === fileHash(WEB_INDEX)) return;
  } catch {
    // No stamp yet (a fresh clone, or the cache folder removed): build.
  }
  const turbo = path.join(root, 'node_modules/turbo/bin/turbo');
  const built = spawnSync(process.execPath, [turbo, 'run', 'build', '--filter=@edu/web', '--output-logs=errors-only'], {
    cwd: root,
    stdio: 'inherit',
  });
  if (built.status !== 0) process.exit(built.status ?? 1);
  mkdirSync(path.dirname(WEB_STAMP), { recursive: true });
  // The hash taken before the build: a source changed while it ran makes the next start build again.
  writeFileSync(WEB_STAMP, JSON.stringify({ inputs, index: fileHash(WEB_INDEX) }));
}

buildWebIfStale();
if (!bundleIsCurrent()) await buildServer();
if (process.argv.includes('--build')) process.exit(0);

// Relative paths in the configuration (a `file:` DATABASE_URL, WEB_ROOT) resolve from this folder, as under `pnpm --filter @edu/mock-server start`.
process.chdir(here);
await import(pathToFileURL(path.join(DEFAULT_OUTDIR, 'server.mjs')).href);
