/**
 * Summarizes a V8 CPU profile (`node --cpu-prof`, e.g. the server's under
 * `BENCH_CPU_PROF=dir pnpm bench -- <case>`): self time by function and by
 * package, and the total time under a few frames of interest.
 *
 *   pnpm --filter @edu/bench exec tsx profile-summary.ts <file.cpuprofile> [top=25]
 */
import { readFileSync } from 'node:fs';

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

const [file, topArg] = process.argv.slice(2);
if (!file) throw new Error('usage: profile-summary.ts <file.cpuprofile> [top]');
const top = Number(topArg ?? 25);
const profile = JSON.parse(readFileSync(file, 'utf8')) as Profile;
const byId = new Map(profile.nodes.map((n) => [n.id, n]));
const parent = new Map<number, number>();
for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);

const self = new Map<number, number>();
profile.samples.forEach((id, i) => self.set(id, (self.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0)));
const total = [...self.values()].reduce((a, b) => a + b, 0);

/** Where a frame comes from: a package name, node's own modules, or the app's folder. */
function origin(url: string): string {
  if (!url) return '(native/vm)';
  const pkg = /node_modules\/(?:\.pnpm\/[^/]+\/node_modules\/)?((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (pkg) return pkg[1]!;
  if (url.startsWith('node:')) return 'node:*';
  const app = /\/work\/main\/(.+?\/src\/.+)$/.exec(url);
  return app ? app[1]! : url;
}

const label = (n: Node) => `${n.callFrame.functionName || '(anonymous)'} ${origin(n.callFrame.url)}:${n.callFrame.lineNumber + 1}`;
const sum = (m: Map<string, number>, k: string, v: number) => m.set(k, (m.get(k) ?? 0) + v);
const fns = new Map<string, number>();
const origins = new Map<string, number>();
for (const [id, t] of self) {
  const n = byId.get(id)!;
  sum(fns, label(n), t);
  sum(origins, origin(n.callFrame.url) === '(native/vm)' ? n.callFrame.functionName || '(native)' : origin(n.callFrame.url), t);
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
