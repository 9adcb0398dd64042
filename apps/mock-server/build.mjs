// Bundles the server for `pnpm start`: src/server.ts and the workspace packages it imports
// (@edu/db, @edu/sdk, TypeScript sources) into dist/, so the process runs plain JavaScript.
// Under tsx the same server holds ~70 MB more (module sources, transforms, source maps)
// and starts slower; `pnpm dev` keeps tsx for its watch mode. See
// docs/architecture/speed.md, "The server as users start it".
//
// `node build.mjs [outdir]` always builds (dist/ by default; the bundle test builds into a
// folder of its own); start.mjs imports `bundleIsCurrent` and `buildServer` and builds only
// when a source changed.
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
export const DEFAULT_OUTDIR = path.join(here, 'dist');

/**
 * Third-party packages stay outside the bundle, imported by the file they
 * resolve to from the importing source (pnpm gives each workspace package only
 * its own dependencies, so a bare name would not resolve from dist/). A
 * source's `import.meta.url` keeps naming that source, so paths it resolves
 * (the repository root, the migrations folder, font packages) stay the same.
 */
const sourcesInPlace = (outdir) => ({
  name: 'sources-in-place',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, async (args) => {
      if (args.path.startsWith('@edu/') || args.path.startsWith('node:') || args.pluginData?.resolving) return undefined;
      const found = await b.resolve(args.path, {
        kind: args.kind,
        importer: args.importer,
        resolveDir: args.resolveDir,
        pluginData: { resolving: true },
      });
      return found.errors.length ? { errors: found.errors } : { path: found.path, external: true };
    });
    b.onLoad({ filter: /\.ts$/ }, async (args) => {
      const source = await readFile(args.path, 'utf8');
      const fromBundle = JSON.stringify(path.relative(outdir, args.path));
      return { contents: source.replaceAll('import.meta.url', `new URL(${fromBundle}, import.meta.url).href`), loader: 'ts' };
    });
  },
});

/**
 * Prisma's query compiler comes as a module exporting its WebAssembly as one
 * base64 string (4.4 MB), which the generated client decodes once with
 * `Buffer.from(wasm, 'base64')`. Imported as it is, the process keeps that
 * string twice for its whole life (the module's source text and the string
 * it exports: 8.8 MB of V8's large-object space). The bundle imports instead
 * an object whose `valueOf` (which `Buffer.from` calls) reads the text from the
 * same file when the client decodes it, so both copies are garbage once the
 * WebAssembly module is compiled.
 */
const QUERY_COMPILER_BASE64 = /^@prisma\/client\/runtime\/query_compiler_[a-z]+_bg\.[a-z]+\.wasm-base64\.mjs$/;
const queryCompilerReadOnUse = {
  name: 'query-compiler-read-on-use',
  setup(b) {
    b.onResolve({ filter: QUERY_COMPILER_BASE64 }, async (args) => {
      if (args.pluginData?.resolving) return undefined;
      const found = await b.resolve(args.path, {
        kind: args.kind,
        importer: args.importer,
        resolveDir: args.resolveDir,
        pluginData: { resolving: true },
      });
      return found.errors.length ? { errors: found.errors } : { path: found.path };
    });
    b.onLoad({ filter: /[/\\]query_compiler_[a-z]+_bg\.[a-z]+\.wasm-base64\.mjs$/ }, async (args) => {
      const text = await readFile(args.path, 'latin1');
      // The file is `const wasm = "<base64>";` and `export { wasm }`: checked here, so a new Prisma that changes it fails the build.
      if (!/^const wasm = "[A-Za-z0-9+/=]+";\s*export \{ wasm \}\s*$/.test(text)) return { errors: [{ text: `unexpected form of ${args.path}` }] };
      return {
        contents: `import { readFileSync } from 'node:fs';
export const wasm = {
  valueOf() {
    const text = readFileSync(${JSON.stringify(args.path)}, 'latin1');
    return text.slice(text.indexOf('"') + 1, text.lastIndexOf('"'));
  },
};`,
        loader: 'js',
        resolveDir: here,
      };
    });
  },
};

/**
 * The read pool's worker (src/kit/import/read-worker.ts: uploaded files are
 * parsed in worker threads) is an entry of its own, emitted beside the
 * server's chunks as read-worker.mjs; read-pool.ts finds it from
 * `process.env.EDU_BUNDLED_READ_WORKER` (defined below: unset under tsx,
 * where it runs the TypeScript source) and `import.meta.dirname`, which the
 * plugin above leaves naming the chunk's own folder.
 */
const READ_WORKER = 'read-worker';

/**
 * What a bundle is made of besides the sources esbuild reads (its metafile's
 * inputs): this script, the lockfile (third-party imports are written as the
 * paths they resolve to, which change with a dependency's version), the
 * manifests whose `exports` resolve the workspace packages, and the tsconfigs
 * esbuild reads. Paths relative to this folder.
 */
const BUILD_INPUTS = [
  'build.mjs',
  'package.json',
  'tsconfig.json',
  '../../pnpm-lock.yaml',
  '../../tsconfig.base.json',
  '../../packages/sdk/package.json',
  '../../prisma/package.json',
];
/** Written beside the bundle: every input's path and one hash of their contents. */
const INPUTS_FILE = 'inputs.json';

/** A hash of `files`' paths and contents (paths relative to this folder, or absolute); undefined when one is missing. */
export function hashInputs(files) {
  const hash = createHash('sha256');
  for (const f of files) {
    const file = path.resolve(here, f);
    if (!existsSync(file)) return undefined;
    hash.update(`${f}\0`).update(readFileSync(file)).update('\0');
  }
  return hash.digest('hex');
}

/** Whether `outdir` holds a bundle built from the sources as they are now (same inputs, same contents). */
export function bundleIsCurrent(outdir = DEFAULT_OUTDIR) {
  try {
    const recorded = JSON.parse(readFileSync(path.join(outdir, INPUTS_FILE), 'utf8'));
    return existsSync(path.join(outdir, 'server.mjs')) && typeof recorded.hash === 'string' && hashInputs(recorded.files) === recorded.hash;
  } catch {
    return false;
  }
}

/** Bundles the server into `outdir` (emptied first) and records its inputs there. */
export async function buildServer(outdir = DEFAULT_OUTDIR) {
  // Loaded here, so a start that finds the bundle current never loads esbuild.
  const esbuild = await import('esbuild');
  await rm(outdir, { recursive: true, force: true });
  const result = await esbuild.build({
    entryPoints: { server: path.join(here, 'src/server.ts'), [READ_WORKER]: path.join(here, 'src/kit/import/read-worker.ts') },
    define: { 'process.env.EDU_BUNDLED_READ_WORKER': JSON.stringify(`${READ_WORKER}.mjs`) },
    outdir,
    absWorkingDir: here,
    bundle: true,
    // Dynamic imports (the spreadsheet and paper writers) stay separate chunks, loaded on first use.
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    outExtension: { '.js': '.mjs' },
    plugins: [queryCompilerReadOnUse, sourcesInPlace(outdir)],
    metafile: true,
    logLevel: 'warning',
  });
  // esbuild's service process would otherwise live as long as the process that built (start.mjs runs the server next).
  await esbuild.stop();
  const files = [...Object.keys(result.metafile.inputs).map((f) => path.relative(here, path.resolve(here, f))), ...BUILD_INPUTS].sort();
  writeFileSync(path.join(outdir, INPUTS_FILE), JSON.stringify({ files, hash: hashInputs(files) }));
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url))
  await buildServer(path.resolve(process.argv[2] ?? DEFAULT_OUTDIR));
