import { describe, expect, it } from 'vitest';
import { chunkCycle, planFirstLoads, type PlannedChunk } from './first-load-chunks.ts';

const chunk = (fileName: string, moduleIds: string[], imports: string[] = [], isEntry = false): PlannedChunk => ({
  fileName,
  isEntry,
  moduleIds: moduleIds.map((m) => `/src/${m}`),
  imports,
});

/** A first build's chunks: the entry, the login page, the shell, a screen, and the chunks they share. */
const CHUNKS = [
  chunk('index.js', ['main.tsx', 'boot.ts'], ['react.js', 'cookies.js'], true),
  chunk('react.js', ['react.js']),
  chunk('cookies.js', ['cookies.ts']),
  chunk('visitor-app.js', ['visitor-app.tsx', 'login-page.tsx'], ['box.js', 'cookies.js']),
  chunk('box.js', ['box.tsx']),
  chunk('app.js', ['app.tsx'], ['box.js', 'dialog.js', 'router.js']),
  chunk('router.js', ['router.js']),
  chunk('dialog.js', ['dialog.tsx'], ['box.js']),
  chunk('screen.js', ['screen.tsx'], ['dialog.js', 'chart.js']),
  chunk('chart.js', ['chart.tsx']),
];
const LOADS = [
  { name: 'visitor', roots: ['visitor-app.tsx'] },
  { name: 'signed-in', roots: ['app.tsx'] },
];

describe('planFirstLoads', () => {
  it("gives each load the modules its chunks reach by static imports, without an earlier load's, and leaves the screens' own", () => {
    const plan = Object.fromEntries([...planFirstLoads(CHUNKS, LOADS, '/src')].map(([id, name]) => [id.slice('/src/'.length), name]));
    expect(plan).toEqual({
      'main.tsx': 'boot',
      'boot.ts': 'boot',
      'react.js': 'boot',
      'cookies.ts': 'boot',
      'visitor-app.tsx': 'visitor',
      'login-page.tsx': 'visitor',
      // Shared with the shell, but the login page fetched it first: the shell imports it from the visitor's chunk.
      'box.tsx': 'visitor',
      'app.tsx': 'signed-in',
      'dialog.tsx': 'signed-in',
      'router.js': 'signed-in',
    });
  });

  it('starts a load at the chunk holding its root when the root has no chunk of its own', () => {
    const merged = [...CHUNKS.filter((c) => c.fileName !== 'app.js'), chunk('shared.js', ['app.tsx', 'notices.ts'], ['box.js'])];
    const plan = planFirstLoads(merged, [{ name: 'signed-in', roots: ['app.tsx'] }], '/src');
    expect(plan.get('/src/notices.ts')).toBe('signed-in');
    expect(plan.get('/src/box.tsx')).toBe('signed-in');
  });

  it('fails the build when a root is in no chunk (a renamed module), rather than group nothing unnoticed', () => {
    expect(() => planFirstLoads(CHUNKS, [{ name: 'signed-in', roots: ['app/renamed.tsx'] }], '/src')).toThrow(
      /no chunk holds \/src\/app\/renamed\.tsx/,
    );
  });
});

describe('chunkCycle', () => {
  it('finds chunks that import each other, and nothing in a tree', () => {
    expect(chunkCycle(CHUNKS)).toBeNull();
    const looped = [...CHUNKS.filter((c) => c.fileName !== 'box.js'), chunk('box.js', ['box.tsx'], ['dialog.js'])];
    expect(chunkCycle(looped)).toEqual(['box.js', 'dialog.js', 'box.js']);
  });
});
