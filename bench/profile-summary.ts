/**
 * Summarizes a V8 CPU profile (`node --cpu-prof`, e.g. the server's under
 * `BENCH_CPU_PROF=dir pnpm bench -- <case>`): self time by function and by
 * package, and the total time under a few frames of interest.
 *
 *   pnpm --filter @edu/bench exec tsx profile-summary.ts <file.cpuprofile> [top=25] [--share=src/audit/ …]
 *
 * `--share=<prefix>`: the self time of the frames whose origin starts with the
 * prefix, as a part of the busy (not idle) time: e.g. what recording audit rows
 * costs an audited server, told from one profile whatever else loads the machine.
 */
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

interface Node {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
interface Profile {
  nodes: Node[];
  samples: number[];
  timeDeltas: number[];
}

const args = process.argv.slice(2);
const shares = args.filter((a) => a.startsWith('--share=')).map((a) => a.slice('--share='.length));
const [file, topArg] = args.filter((a) => !a.startsWith('--'));
if (!file) throw new Error('usage: profile-summary.ts <file.cpuprofile> [top] [--share=<origin prefix>]');
const top = Number(topArg ?? 25);
const profile = JSON.parse(readFileSync(file, 'utf8')) as Profile;
const byId = new Map(profile.nodes.map((n) => [n.id, n]));
const parent = new Map<number, number>();
for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);

const self = new Map<number, number>();
profile.samples.forEach((id, i) => self.set(id, (self.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0)));
const total = [...self.values()].reduce((a, b) => a + b, 0);

/**
 * The source module of each line of a bundled file (esbuild, not minified,
 * opens each module with a `// <its path>` comment), so a profile of the server's
 * bundle (apps/mock-server/dist) is told by source module, not by bundle line.
 */
const bundleModules = new Map<string, (line: number) => string | undefined>();
function bundleModuleAt(url: string, line: number): string | undefined {
  let lookup = bundleModules.get(url);
  if (!lookup) {
    const file = url.startsWith('file:') ? fileURLToPath(url) : url;
    const starts: Array<[number, string]> = [];
    if (/\/dist\/[^/]+\.mjs$/.test(file) && existsSync(file))
      readFileSync(file, 'utf8')
        .split('\n')
        .forEach((text, i) => {
          const m = /^\/\/ (?:\.\.\/)*(\S+\.[cm]?[jt]sx?)$/.exec(text);
          if (m) starts.push([i + 1, m[1]!]);
        });
    lookup = (l) => {
      let found: string | undefined;
      for (const [start, name] of starts) if (start <= l) found = name;
      return found;
    };
    bundleModules.set(url, lookup);
  }
  return lookup(line);
}

/** Where a frame comes from: a package name, node's own modules, the app's source module (also inside the server's bundle), or its file. */
function origin(url: string, line = 0): string {
  if (!url) return '(native/vm)';
  const pkg = /node_modules\/(?:\.pnpm\/[^/]+\/node_modules\/)?((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (pkg) return pkg[1]!;
  if (url.startsWith('node:')) return 'node:*';
  const bundled = bundleModuleAt(url, line);
  if (bundled) return bundled;
  const app = /\/(?:apps|packages)\/(.+?\/src\/.+)$/.exec(url) ?? /\/(prisma\/src\/.+)$/.exec(url);
  return app ? app[1]! : url;
}

const label = (n: Node) =>
  `${n.callFrame.functionName || '(anonymous)'} ${origin(n.callFrame.url, n.callFrame.lineNumber + 1)}:${n.callFrame.lineNumber + 1}`;
const sum = (m: Map<string, number>, k: string, v: number) => m.set(k, (m.get(k) ?? 0) + v);
const fns = new Map<string, number>();
const origins = new Map<string, number>();
for (const [id, t] of self) {
  const n = byId.get(id)!;
  sum(fns, label(n), t);
  const from = origin(n.callFrame.url, n.callFrame.lineNumber + 1);
  sum(origins, from === '(native/vm)' ? n.callFrame.functionName || '(native)' : from, t);
}
const pct = (t: number) => `${((100 * t) / total).toFixed(1)}%`;
const print = (title: string, m: Map<string, number>) => {
  console.log(`\n${title}`);
  for (const [k, t] of [...m].sort((a, b) => b[1] - a[1]).slice(0, top)) console.log(`${pct(t).padStart(6)}  ${k}`);
};
console.log(`${file}: ${(total / 1e6).toFixed(2)} s sampled`);
print('self time by package / source folder', origins);
print('self time by function', fns);

// Inclusive time: each sample counts once for every distinct function on its stack.
const inclusive = new Map<string, number>();
for (const [id, t] of self) {
  const seen = new Set<string>();
  for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) {
    const k = label(byId.get(at)!);
    if (!seen.has(k)) sum(inclusive, k, t);
    seen.add(k);
  }
}
print('inclusive time by function', inclusive);

const busy = total - (origins.get('(idle)') ?? 0);
for (const prefix of shares) {
  const t = [...origins].filter(([k]) => k.startsWith(prefix)).reduce((a, [, v]) => a + v, 0);
  console.log(`\n${prefix}: ${((100 * t) / busy).toFixed(1)} % of the busy time (${(t / 1e6).toFixed(2)} of ${(busy / 1e6).toFixed(2)} s)`);
}
