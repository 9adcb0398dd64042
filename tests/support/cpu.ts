import { appendFileSync, mkdirSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * CPU seconds each test file burns, for .ci/summary.mjs: on two shared cores a file's wall time
 * says mostly how busy the machine was, its CPU what it costs. Measured from Linux's /proc as the
 * worker's whole process tree (the test process with its in-process mock server, and the Chromium
 * it launched, renderers included: an exited child's time is added to its parent's when reaped).
 */
export const CPU_LOG = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'test-results', 'cpu-by-file.jsonl');

const TICKS_PER_SECOND = 100;

/** The process tree's CPU seconds under `root` (user + system, reaped children's included); undefined without /proc. */
export function treeCpuSeconds(root = process.pid): number | undefined {
  let entries: string[];
  try {
    entries = readdirSync('/proc').filter((e) => /^\d+$/.test(e));
  } catch {
    return undefined;
  }
  const parent = new Map<number, number>();
  const ticks = new Map<number, number>();
  for (const e of entries) {
    try {
      const stat = readFileSync(`/proc/${e}/stat`, 'utf8');
      // The command name is in parentheses and may hold spaces: fields are counted after its closing one.
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      parent.set(Number(e), Number(fields[1]));
      // utime, stime, cutime, cstime: fields 14 to 17 of proc(5), 11 to 14 after the name.
      ticks.set(Number(e), Number(fields[11]) + Number(fields[12]) + Number(fields[13]) + Number(fields[14]));
    } catch {
      // The process ended between the listing and the read.
    }
  }
  const inTree = (pid: number): boolean => {
    for (let p: number | undefined = pid, hops = 0; p !== undefined && hops < 64; p = parent.get(p), hops++) if (p === root) return true;
    return false;
  };
  let total = 0;
  for (const [pid, t] of ticks) if (inTree(pid)) total += t;
  return total / TICKS_PER_SECOND;
}

/** Empties the log; the suite's global setup calls it once per run. */
export function clearCpuLog(): void {
  rmSync(CPU_LOG, { force: true });
}

/** Appends one file's CPU and wall seconds. */
export function recordFileCpu(file: string, cpuSeconds: number, wallSeconds: number): void {
  mkdirSync(path.dirname(CPU_LOG), { recursive: true });
  appendFileSync(
    CPU_LOG,
    `${JSON.stringify({ file, cpuSeconds: Math.round(cpuSeconds * 10) / 10, wallSeconds: Math.round(wallSeconds * 10) / 10 })}\n`,
  );
}
