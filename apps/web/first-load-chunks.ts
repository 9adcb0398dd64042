import path from 'node:path';
import { build, type Plugin, type Rollup } from 'vite';

/**
 * Fewer files for a first load, with the same code in them.
 *
 * Split by use alone, the build cut the modules of a first load into a
 * hundred-odd files, most under a kilobyte (a Chakra anatomy, a layout
 * component, a small helper, each shared by its own set of screens): the login
 * page fetched 44 files, a signed-in screen about 120. Every file is a request
 * through the whole stack (the page's module loader, the browser, the server),
 * and on a cold load they queue six at a time ahead of the API calls.
 *
 * So the build runs twice. The first build, split by use alone, tells which
 * modules each first load fetches: the boot (the entry and its static imports),
 * the login page (the visitor's root and texts) and every signed-in page (the
 * shell, its texts, the client). The second build puts each load's modules in
 * one chunk (a code-splitting group), each load without what an earlier one
 * already took. A load's chunk thus holds what that load fetched anyway (the
 * login page's code does not grow), and it imports only the chunks of earlier
 * loads, which imported nothing of it in the first build: no cycle between
 * chunks, so every module still runs after its imports. The screens' own code
 * stays split by use.
 */

const SRC = path.join(import.meta.dirname, 'src');

/** The first loads, in order, by the modules they import dynamically (main.tsx's import() calls). */
export const FIRST_LOADS: readonly { name: string; roots: readonly string[] }[] = [
  { name: 'visitor', roots: ['app/visitor-app.tsx', 'lib/visitor-texts.ts'] },
  {
    name: 'signed-in',
    roots: ['app/app.tsx', 'app/signed-in-ui.ts', 'lib/i18n.ts', 'app/boot-shell.ts', 'app/shell-route.tsx', 'lib/client.ts', 'app/notices.ts'],
  },
];

/** Set during the first build, which neither plans again nor writes (plugins that only write skip it: `isPlanningBuild`). */
const PLANNING = 'EDU_WEB_FIRST_LOAD_PLANNING';
export const isPlanningBuild = (): boolean => Boolean(process.env[PLANNING]);

/**
 * Module id → the load that takes it, from the first build's chunks: the
 * entry's static closure is the boot's; then each load's roots' chunks and
 * their static closure, without the modules an earlier load took.
 */
export type PlannedChunk = Pick<Rollup.OutputChunk, 'fileName' | 'isEntry' | 'moduleIds' | 'imports'>;

export function planFirstLoads(
  chunks: readonly PlannedChunk[],
  loads: readonly { name: string; roots: readonly string[] }[],
  src = SRC,
): Map<string, string> {
  const byFile = new Map(chunks.map((c) => [c.fileName, c]));
  const owner = new Map<string, string>();
  const take = (name: string, start: readonly PlannedChunk[]) => {
    const seen = new Set<string>();
    const stack = [...start];
    while (stack.length) {
      const chunk = stack.pop()!;
      if (seen.has(chunk.fileName)) continue;
      seen.add(chunk.fileName);
      for (const id of chunk.moduleIds) if (!owner.has(id)) owner.set(id, name);
      for (const file of chunk.imports) {
        const next = byFile.get(file);
        if (next) stack.push(next);
      }
    }
  };
  take(
    'boot',
    chunks.filter((c) => c.isEntry),
  );
  for (const load of loads) {
    const roots = new Set(load.roots.map((r) => path.join(src, r)));
    // A root's chunk is the one holding it (the one its import() loads), its own or a shared one.
    const start = chunks.filter((c) => c.moduleIds.some((id) => roots.has(id)));
    const found = new Set(start.flatMap((c) => c.moduleIds.filter((id) => roots.has(id))));
    const missing = [...roots].filter((r) => !found.has(r));
    if (missing.length) throw new Error(`first-load-chunks: ${load.name}: no chunk holds ${missing.join(', ')}`);
    take(load.name, start);
  }
  return owner;
}

/** A cycle of static imports between chunks (file names, the first repeated at the end), or null. */
export function chunkCycle(chunks: readonly Pick<PlannedChunk, 'fileName' | 'imports'>[]): string[] | null {
  const imports = new Map(chunks.map((c) => [c.fileName, c.imports]));
  const done = new Set<string>();
  const visit = (file: string, path: string[]): string[] | null => {
    const at = path.indexOf(file);
    if (at >= 0) return [...path.slice(at), file];
    if (done.has(file)) return null;
    for (const next of imports.get(file) ?? []) {
      const cycle = visit(next, [...path, file]);
      if (cycle) return cycle;
    }
    done.add(file);
    return null;
  };
  for (const c of chunks) {
    const cycle = visit(c.fileName, []);
    if (cycle) return cycle;
  }
  return null;
}

/** The plugin: the first build in `buildStart`, then one code-splitting group per load, below vite.config.ts's vendor groups. */
export function firstLoadChunks(): Plugin {
  let plan: Map<string, string> | undefined;
  let configFile: string | undefined;
  let root: string | undefined;
  return {
    name: 'first-load-chunks',
    apply: (_config, env) => env.command === 'build' && !isPlanningBuild(),
    configResolved(config) {
      configFile = config.configFile;
      root = config.root;
    },
    async buildStart() {
      if (!this.meta.watchMode) {
        process.env[PLANNING] = '1';
        try {
          // Where modules go does not depend on minifying: the first build skips it.
          const output = await build({ configFile, root, logLevel: 'silent', build: { write: false, minify: false, reportCompressedSize: false } });
          const outputs = (Array.isArray(output) ? output : [output]) as Rollup.RolldownOutput[];
          const chunks = outputs.flatMap((o) => o.output).filter((o): o is Rollup.OutputChunk => o.type === 'chunk');
          plan = planFirstLoads(chunks, FIRST_LOADS);
        } finally {
          delete process.env[PLANNING];
        }
      }
    },
    generateBundle(_options, bundle) {
      // What makes the groups safe, checked on every build: chunks that import each other could run a module before
      // one it imports.
      const cycle = chunkCycle(Object.values(bundle).filter((o): o is Rollup.OutputChunk => o.type === 'chunk'));
      if (cycle) this.error(`first-load-chunks: the chunks import each other: ${cycle.join(' → ')}`);
    },
    outputOptions(options) {
      const splitting = typeof options.codeSplitting === 'object' ? options.codeSplitting : {};
      return {
        ...options,
        codeSplitting: {
          ...splitting,
          groups: [
            ...(splitting.groups ?? []),
            ...['boot', ...FIRST_LOADS.map((l) => l.name)].map((name, i) => ({
              name,
              test: (id: string) => plan?.get(id) === name,
              priority: 5 - i,
            })),
          ],
        },
      };
    },
  };
}
