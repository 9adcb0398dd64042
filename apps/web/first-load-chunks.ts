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
 * shell, its texts, the client). The second build puts the boot's modules in
 * one chunk, and every other module fetched by a first load in the chunk of the
 * loads that fetch it (code-splitting groups): the login page's own, the
 * shell's own, and the ones both fetch. A chunk thus holds only modules that
 * each load fetching it ran in the first build, and it imports only chunks
 * fetched by the same loads or more, never a chunk of fewer (a module's static
 * imports are fetched wherever it is): no cycle between chunks, so every module
 * still runs after its imports. The screens' own code stays split by use.
 */

export interface FirstLoad {
  name: string;
  /** Modules under src/ the load imports dynamically (main.tsx's and boot's import() calls). */
  roots: readonly string[];
  /** The signed-in session's load: every chunk outside the first loads (a screen) is loaded after it. */
  session?: boolean;
}

const SRC = path.join(import.meta.dirname, 'src');

/** The first loads after the boot. */
export const FIRST_LOADS: readonly FirstLoad[] = [
  { name: 'visitor', roots: ['app/visitor-app.tsx', 'lib/visitor-texts.ts'] },
  {
    name: 'signed-in',
    session: true,
    roots: ['app/app.tsx', 'app/signed-in-ui.ts', 'lib/i18n.ts', 'app/boot-shell.ts', 'app/shell-route.tsx', 'lib/client.ts', 'app/notices.ts'],
  },
];

/** Set during the first build, which neither plans again nor writes (plugins that only write skip it: `isPlanningBuild`). */
const PLANNING = 'EDU_WEB_FIRST_LOAD_PLANNING';
export const isPlanningBuild = (): boolean => Boolean(process.env[PLANNING]);

export type PlannedChunk = Pick<Rollup.OutputChunk, 'fileName' | 'isEntry' | 'moduleIds' | 'imports'>;

/** The chunk of the modules fetched by exactly these loads (in FIRST_LOADS order): `visitor`, `signed-in`, `visitor+signed-in`. */
const groupName = (loads: readonly string[]) => loads.join('+');

/**
 * Every group a plan can name, for the given loads: the boot, then each non-empty set of loads, larger sets first.
 * That order is the bundler's: a group takes its modules' imports with them (rolldown's default), and a module's
 * imports are fetched by the same loads or more, so the groups of more loads must take theirs first.
 */
export function planGroups(loads: readonly FirstLoad[]): string[] {
  const sets = loads.reduce<string[][]>((all, load) => [...all, ...all.map((set) => [...set, load.name]), [load.name]], []);
  return ['boot', ...sets.sort((a, b) => b.length - a.length).map(groupName)];
}

/**
 * Module id → its group, from the first build's chunks: the entry's static
 * closure is the boot's; every other module fetched by a load (its roots'
 * chunks and their static closure) goes to the group of the loads that fetch
 * it, so a load's chunks hold nothing it does not run (the login page's own
 * modules, its Chakra system among them, are not in a signed-in page's). A
 * module of the login page that a screen imports counts as the session's too.
 */
export function planFirstLoads(chunks: readonly PlannedChunk[], loads: readonly FirstLoad[], src = SRC): Map<string, string> {
  const byFile = new Map(chunks.map((c) => [c.fileName, c]));
  const fetched = (start: readonly PlannedChunk[]) => {
    const modules = new Set<string>();
    const seen = new Set<string>();
    const stack = [...start];
    while (stack.length) {
      const chunk = stack.pop()!;
      if (seen.has(chunk.fileName)) continue;
      seen.add(chunk.fileName);
      for (const id of chunk.moduleIds) modules.add(id);
      for (const file of chunk.imports) {
        const next = byFile.get(file);
        if (next) stack.push(next);
      }
    }
    return modules;
  };
  const owner = new Map<string, string>();
  for (const id of fetched(chunks.filter((c) => c.isEntry))) owner.set(id, 'boot');
  const fetchedBy = new Map<string, string[]>();
  for (const load of loads) {
    const roots = new Set(load.roots.map((r) => path.join(src, r)));
    // A root's chunk is the one holding it (the one its import() loads), its own or a shared one.
    const start = chunks.filter((c) => c.moduleIds.some((id) => roots.has(id)));
    const found = new Set(start.flatMap((c) => c.moduleIds.filter((id) => roots.has(id))));
    const missing = [...roots].filter((r) => !found.has(r));
    if (missing.length) throw new Error(`first-load-chunks: ${load.name}: no chunk holds ${missing.join(', ')}`);
    for (const id of fetched(start)) if (!owner.has(id)) fetchedBy.set(id, [...(fetchedBy.get(id) ?? []), load.name]);
  }
  // The other chunks (the screens, and the few dialogs a visitor opens later) load in a session: a module of the
  // login page they import goes with the session's load too, or a screen would fetch the login page's own chunk.
  const session = loads.find((l) => l.session);
  if (session) {
    const later = fetched(chunks.filter((c) => c.moduleIds.every((id) => !owner.has(id) && !fetchedBy.has(id))));
    for (const id of later) {
      const names = fetchedBy.get(id);
      if (names && !names.includes(session.name))
        fetchedBy.set(
          id,
          loads.map((l) => l.name).filter((n) => n === session.name || names.includes(n)),
        );
    }
  }
  for (const [id, names] of fetchedBy) owner.set(id, groupName(names));
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

/** The plugin: the first build in `buildStart`, then a code-splitting group per set of loads (planGroups), below vite.config.ts's vendor groups. */
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
          // A watcher is what a watch build returns; this build never watches, and a watcher has no chunks to read.
          const outputs = (Array.isArray(output) ? output : [output]).filter((o): o is Rollup.RolldownOutput => 'output' in o);
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
            // Below the vendor groups (React, the router), which keep their modules; at one priority, in planGroups' order.
            ...planGroups(FIRST_LOADS).map((name) => ({ name, test: (id: string) => plan?.get(id) === name, priority: 5 })),
          ],
        },
      };
    },
  };
}
