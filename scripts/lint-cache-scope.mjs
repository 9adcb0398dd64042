// Which files' cached ESLint results a change makes stale (scripts/eslint-cached.mjs).
//
// ESLint's cache keys a file's findings by that file's content alone, but the
// type-aware rules read the types of everything the file imports: a file whose
// own text did not change can get new findings when a file it imports changes
// its types (30 errors hid that way behind a warm cache once). So a file's entry
// is stale when it, or any file it reaches through imports, changed since the
// run that cached it.
//
// The graph is read from the sources' import specifiers, erring towards stale:
// an import of a workspace package (`@edu/sdk`, `@edu/db/…`) depends on every
// file of that package, and a file that declares global or module augmentations
// (`declare global`, `declare module`), which change types without being
// imported, is depended on by every file of its package. Dependencies outside
// the repository, tsconfig files and package manifests are not in the graph: the
// caller drops the whole cache when any of them changes.

import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';

const SPECIFIER = [
  // import … from '…', export … from '…' (type-only ones too)
  /\b(?:import|export)\s[^'";]*?\bfrom\s*['"]([^'"]+)['"]/g,
  // import '…' (side effects)
  /\bimport\s*['"]([^'"]+)['"]/g,
  // import('…'), require('…'), vi.mock('…'), import.meta.glob-free dynamic imports
  /\b(?:import|require|mock|doMock|importActual)\s*\(\s*['"]([^'"]+)['"]/g,
  // /// <reference path="…" />
  /\/\/\/\s*<reference\s+path\s*=\s*['"]([^'"]+)['"]/g,
];

const EXTENSIONS = ['.ts', '.tsx', '.mts', '.cts', '.d.ts', '.js', '.mjs', '.cjs', '.jsx'];

/** Every module specifier a source names. */
export function specifiersOf(text) {
  const found = new Set();
  for (const pattern of SPECIFIER) for (const m of text.matchAll(pattern)) found.add(m[1]);
  return [...found];
}

/** The workspace folder a repository-relative file belongs to (`apps/web`, `packages/sdk`, `prisma`, … or '' for the root). */
export function packageOf(file) {
  const parts = file.split('/');
  if ((parts[0] === 'apps' || parts[0] === 'packages') && parts.length > 2) return `${parts[0]}/${parts[1]}`;
  return parts.length > 1 ? parts[0] : '';
}

/**
 * The repository-relative files each file depends on. `files` are repository-relative paths with
 * their text; `packages` maps a workspace package's name (`@edu/sdk`) to its folder (`packages/sdk`).
 */
export function dependencyGraph(files, packages) {
  const known = new Set(files.keys());
  const byPackage = new Map();
  for (const file of known) {
    const pkg = packageOf(file);
    if (!byPackage.has(pkg)) byPackage.set(pkg, []);
    byPackage.get(pkg).push(file);
  }
  const resolveRelative = (from, spec) => {
    const base = path.posix.normalize(path.posix.join(path.posix.dirname(from), spec));
    // TypeScript's ESM style names `./x.js` for `./x.ts`.
    const stem = base.replace(/\.(c|m)?jsx?$/, '');
    const candidates = [base, ...EXTENSIONS.map((e) => stem + e), ...EXTENSIONS.map((e) => `${base}/index${e}`)];
    return candidates.find((c) => known.has(c));
  };
  const graph = new Map();
  for (const [file, text] of files) {
    const deps = new Set();
    for (const spec of specifiersOf(text)) {
      if (spec.startsWith('.')) {
        const hit = resolveRelative(file, spec);
        if (hit) deps.add(hit);
        continue;
      }
      const name = spec.startsWith('@') ? spec.split('/').slice(0, 2).join('/') : spec.split('/')[0];
      const folder = packages.get(name);
      if (folder !== undefined) for (const f of byPackage.get(folder) ?? []) deps.add(f);
    }
    graph.set(file, deps);
  }
  // Augmentations change the types of files that never import them: every file of the package depends on them.
  for (const [file, text] of files) {
    if (!/\bdeclare\s+(global|module)\b/.test(text)) continue;
    for (const other of byPackage.get(packageOf(file)) ?? []) if (other !== file) graph.get(other).add(file);
  }
  return graph;
}

/** The changed files and every file that reaches one of them through the graph. */
export function staleFiles(graph, changed) {
  const importers = new Map();
  for (const [file, deps] of graph) for (const dep of deps) (importers.get(dep) ?? importers.set(dep, []).get(dep)).push(file);
  const stale = new Set(changed);
  const queue = [...changed];
  while (queue.length)
    for (const importer of importers.get(queue.pop()) ?? [])
      if (!stale.has(importer)) {
        stale.add(importer);
        queue.push(importer);
      }
  return stale;
}

/** A file's content hash, as the manifest stores it. */
export const hashOf = (text) => createHash('sha1').update(text).digest('hex');

/**
 * What of a file outside the graph (lockfile, tsconfig, package manifest) can change ESLint's findings: a package
 * manifest without its `scripts` (the commands a package runs change no type and no rule), anything else whole. Text
 * that does not parse is kept whole, so it still counts as a change.
 */
export function lintRelevantText(file, text) {
  if (!file.endsWith('package.json')) return text;
  try {
    const { scripts: _scripts, ...manifest } = JSON.parse(text);
    return JSON.stringify(manifest);
  } catch {
    return text;
  }
}

/** Reads the files as text (a file that vanished meanwhile is left out). */
export function readSources(root, files) {
  const texts = new Map();
  for (const file of files) {
    try {
      texts.set(file, readFileSync(path.join(root, file), 'utf8'));
    } catch {
      // Deleted between the listing and the read: it has no entry to keep.
    }
  }
  return texts;
}
