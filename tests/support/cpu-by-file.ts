import path from 'node:path';
import { afterAll, beforeAll, expect } from 'vitest';
import { recordFileCpu, treeCpuSeconds } from './cpu.ts';

// Set up for every test file (vitest.config.ts, setupFiles): the file's CPU from before its first hook to after its last
// (its database restore and the closing of its browser contexts included).
let started: { file: string; cpu: number; at: number } | undefined;

beforeAll(() => {
  const cpu = treeCpuSeconds();
  const file = path.relative(path.join(import.meta.dirname, '..'), expect.getState().testPath ?? '');
  started = cpu === undefined ? undefined : { file, cpu, at: Date.now() };
});

afterAll(() => {
  const cpu = treeCpuSeconds();
  if (started && cpu !== undefined) recordFileCpu(started.file, cpu - started.cpu, (Date.now() - started.at) / 1000);
  started = undefined;
});
