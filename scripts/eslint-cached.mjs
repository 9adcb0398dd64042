// ESLint with its cache kept outside the clone, so that the next run on the same
// machine (a developer's next `pnpm lint`, or a second clone in another folder)
// lints only the files whose content changed. CI's machine is new for every run:
// it lints everything.
// `node scripts/eslint-cached.mjs [eslint arguments]`, e.g. `.` or `--fix .`.
//
// ESLint keys its cache by absolute file path, so the cache is stored with the
// clone's root replaced by a placeholder and put back for the clone at hand;
// `--cache-strategy content` compares contents (a fresh clone gives every file
// a new modification time). An entry is reused only for the same content under
// the same configuration (eslint.config.js holds no path of the clone for that
// reason) and the same ESLint and Node versions.
//
// ESLint alone would keep a file's findings while its own content is unchanged,
// even when a file it imports changed the types its type-aware rules read. So
// before each run the entries a change made stale are dropped: the file changed,
// or a file it reaches through its imports did (scripts/lint-cache-scope.mjs).
// What changed is known from a manifest of every source's content hash, written
// beside the cache for the run that wrote it (its name holds the cache's own
// hash, so the two always belong together); without one, or when the lockfile, a
// tsconfig or a package manifest (its scripts aside) changed, the whole cache is dropped.
// ESLINT_CACHE=0 lints everything; the cache lives in
// ${XDG_CACHE_HOME:-~/.cache}/edu-admin/eslint.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { dependencyGraph, hashOf, lintRelevantText, readSources, staleFiles } from './lint-cache-scope.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
/** ESLint's cache format: flat-cache writes it with flatted, found through ESLint's own dependencies. */
const fromEslint = createRequire(createRequire(import.meta.url).resolve('eslint/package.json'));
const fromFileEntryCache = createRequire(fromEslint.resolve('file-entry-cache'));
const flatted = createRequire(fromFileEntryCache.resolve('flat-cache'))('flatted');
const eslintBin = path.join(path.dirname(createRequire(import.meta.url).resolve('eslint/package.json')), 'bin', 'eslint.js');
const args = process.argv.slice(2);

/**
 * V8's heap for ESLint: the type-aware lint of the whole repository peaked at 3.8 GB, just under Node's default old-space
 * limit (about 4 GB here), where the collector runs again and again; with 8 GB and a 64 MB young generation it took
 * 285 instead of 327 CPU s (5.6 GB peak), alone on a two-core machine.
 */
const V8_FLAGS = ['--max-old-space-size=8192', '--max-semi-space-size=64'];

if (process.env.ESLINT_CACHE === '0') process.exit(run(args));

const cacheDir = path.join(process.env.XDG_CACHE_HOME || path.join(os.homedir(), '.cache'), 'edu-admin', 'eslint');
const stored = path.join(cacheDir, 'cache.json');
/** This run's own copy: runs of two clones at once never write the same file. */
const working = path.join(cacheDir, `run-${process.pid}.json`);
const PLACEHOLDER = '"<clone>/';
const quotedRoot = `${JSON.stringify(root).slice(0, -1)}/`;

mkdirSync(cacheDir, { recursive: true });
const scope = sourceScope();
if (existsSync(stored)) {
  const cacheText = readFileSync(stored, 'utf8');
  writeFileSync(working, withoutStaleEntries(cacheText, scope).replaceAll(PLACEHOLDER, quotedRoot));
}
const status = run(['--cache', '--cache-strategy', 'content', '--cache-location', working, ...args]);
if (existsSync(working)) {
  // Kept whatever the outcome: a file's findings are cached with it and reported again while it is unchanged.
  const text = readFileSync(working, 'utf8').replaceAll(quotedRoot, PLACEHOLDER);
  if (scope) writeFileSync(manifestOf(text), JSON.stringify(scope.manifest));
  const next = `${stored}.${process.pid}`;
  writeFileSync(next, text);
  renameSync(next, stored);
  rmSync(working, { force: true });
  pruneManifests(text);
}
process.exit(status);

/** The manifest written for the cache whose text is `cacheText`. */
function manifestOf(cacheText) {
  return path.join(cacheDir, `manifest-${hashOf(cacheText)}.json`);
}

/**
 * The sources git knows (tracked or not ignored), their dependency graph and this run's manifest: every source's content hash, and one
 * hash of what the graph leaves out (lockfile, tsconfig files, package manifests). Undefined without git.
 */
function sourceScope() {
  const listed = spawnSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], {
    cwd: root,
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  if (listed.status !== 0) return undefined;
  const tracked = listed.stdout.split('\0').filter(Boolean);
  const texts = readSources(
    root,
    tracked.filter((f) => /\.(c|m)?[jt]sx?$|\.json$/.test(f)),
  );
  const outside = tracked.filter((f) => /(^|\/)(pnpm-lock\.yaml|package\.json|tsconfig[^/]*\.json)$/.test(f)).sort();
  const global = hashOf(outside.map((f) => `${f}\0${lintRelevantText(f, texts.get(f) ?? readSources(root, [f]).get(f) ?? '')}`).join('\0'));
  const packages = new Map();
  for (const f of tracked.filter((t) => t.endsWith('/package.json'))) {
    const name = JSON.parse(texts.get(f) ?? '{}').name;
    if (name) packages.set(name, path.posix.dirname(f));
  }
  const hashes = Object.fromEntries([...texts].map(([f, text]) => [f, hashOf(text)]));
  return { manifest: { global, hashes }, graph: dependencyGraph(texts, packages) };
}

/** The stored cache without the entries whose file, or a file it imports, changed since the run that wrote it. */
function withoutStaleEntries(cacheText, scope) {
  const manifestFile = manifestOf(cacheText);
  const earlier = scope && existsSync(manifestFile) ? JSON.parse(readFileSync(manifestFile, 'utf8')) : undefined;
  if (!earlier || earlier.global !== scope.manifest.global) return flatted.stringify([]);
  const now = scope.manifest.hashes;
  const changed = [...new Set([...Object.keys(now), ...Object.keys(earlier.hashes)])].filter((f) => now[f] !== earlier.hashes[f]);
  const stale = staleFiles(scope.graph, changed);
  const prefix = PLACEHOLDER.slice(1);
  return flatted.stringify(flatted.parse(cacheText).filter((entry) => !stale.has(String(entry.key).slice(prefix.length))));
}

/** Drops the manifests of caches no longer stored (an hour's grace for a run of another clone still under way). */
function pruneManifests(cacheText) {
  const keep = path.basename(manifestOf(cacheText));
  for (const name of readdirSync(cacheDir))
    if (name.startsWith('manifest-') && name !== keep && Date.now() - statSync(path.join(cacheDir, name)).mtimeMs > 3_600_000)
      rmSync(path.join(cacheDir, name), { force: true });
}

function run(eslintArgs) {
  const result = spawnSync(process.execPath, [...V8_FLAGS, eslintBin, ...eslintArgs], { cwd: root, stdio: 'inherit' });
  if (result.error) throw result.error;
  return result.status ?? 1;
}
