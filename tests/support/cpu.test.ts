import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { treeCpuSeconds } from './cpu.ts';

describe.runIf(process.platform === 'linux')('treeCpuSeconds', () => {
  it("counts a child's CPU once the child has ended (as a Chromium's renderers are counted)", async () => {
    const before = treeCpuSeconds()!;
    // A child that keeps a core busy for 0.6 s of its own, then ends and is reaped.
    await promisify(execFile)(process.execPath, ['-e', 'const u = () => process.cpuUsage().user; while (u() < 600_000);']);
    expect(treeCpuSeconds()! - before).toBeGreaterThanOrEqual(0.55);
  });

  it('counts nothing for a process that does not exist', () => {
    expect(treeCpuSeconds(2 ** 30)).toBe(0);
  });
});
