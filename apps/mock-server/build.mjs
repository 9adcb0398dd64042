// Bundles the server for `pnpm start`: src/server.ts and the workspace packages it imports
// (@edu/db, @edu/sdk, TypeScript sources) into dist/, so the process runs plain JavaScript.
// Under tsx the same server holds ~70 MB more (module sources, transforms, source maps)
// and starts slower; `pnpm dev` keeps tsx for its watch mode. See
// docs/architecture/speed.md, "The server as users start it".
import { build } from 'esbuild';
import { readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
/** `node build.mjs [outdir]`: dist/ by default; the bundle test builds into a folder of its own. */
const outdir = path.resolve(process.argv[2] ?? path.join(here, 'dist'));

/**
 * Third-party packages stay outside the bundle, imported by the file they
 * resolve to from the importing source (pnpm gives each workspace package only
 * its own dependencies, so a bare name would not resolve from dist/). A
 * source's `import.meta.url` keeps naming that source, so paths it resolves
 * (the repository root, the migrations folder, font packages) stay the same.
 */
const sourcesInPlace = {
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

await rm(outdir, { recursive: true, force: true });
await build({
  entryPoints: { server: path.join(here, 'src/server.ts'), [READ_WORKER]: path.join(here, 'src/kit/import/read-worker.ts') },
  define: { 'process.env.EDU_BUNDLED_READ_WORKER': JSON.stringify(`${READ_WORKER}.mjs`) },
  outdir,
  bundle: true,
  // Dynamic imports (the spreadsheet and paper writers) stay separate chunks, loaded on first use.
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  outExtension: { '.js': '.mjs' },
  plugins: [sourcesInPlace],
  logLevel: 'warning',
});
