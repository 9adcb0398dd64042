import { describe, expect, it } from 'vitest';
import { chunkCycle, planFirstLoads, planGroups, type PlannedChunk } from './first-load-chunks.ts';

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
  { name: 'signed-in', roots: ['app.tsx'], session: true },
];

describe('planFirstLoads', () => {
  it("gives the boot the entry's static imports, and every other module the group of the loads that fetch it", () => {
    const plan = Object.fromEntries([...planFirstLoads(CHUNKS, LOADS, '/src')].map(([id, name]) => [id.slice('/src/'.length), name]));
    expect(plan).toEqual({
      'main.tsx': 'boot',
      'boot.ts': 'boot',
      'react.js': 'boot',
      'cookies.ts': 'boot',
      'visitor-app.tsx': 'visitor',
      'login-page.tsx': 'visitor',
      // Fetched by the login page and by the shell: one chunk both load.
      'box.tsx': 'visitor+signed-in',
      'app.tsx': 'signed-in',
      'dialog.tsx': 'signed-in',
      'router.js': 'signed-in',
    });
    expect(new Set(Object.values(plan))).toEqual(new Set(planGroups(LOADS)));
  });

  it("gives a login page module a screen imports to the session's load too, so a screen never fetches the login page's own chunk", () => {
    const withField = [
      ...CHUNKS.filter((c) => c.fileName !== 'visitor-app.js' && c.fileName !== 'screen.js'),
      chunk('visitor-app.js', ['visitor-app.tsx', 'login-page.tsx'], ['box.js', 'cookies.js', 'field.js']),
      chunk('field.js', ['field.tsx']),
      chunk('screen.js', ['screen.tsx'], ['dialog.js', 'chart.js', 'field.js']),
    ];
    const plan = planFirstLoads(withField, LOADS, '/src');
    expect(plan.get('/src/field.tsx')).toBe('visitor+signed-in');
    expect(plan.get('/src/login-page.tsx')).toBe('visitor');
    expect(plan.has('/src/screen.tsx')).toBe(false);
  });

  it('starts a load at the chunk holding its root when the root has no chunk of its own', () => {
    const merged = [...CHUNKS.filter((c) => c.fileName !== 'app.js'), chunk('shared.js', ['app.tsx', 'notices.ts'], ['box.js'])];
    const plan = planFirstLoads(merged, [{ name: 'signed-in', roots: ['app.tsx'] }], '/src');
    expect(plan.get('/src/notices.ts')).toBe('signed-in');
    expect(plan.get('/src/box.tsx')).toBe('signed-in');
  });

  it("names a group for the boot and for every set of loads (in the loads' order), larger sets first", () => {
    const loads = ['a', 'b', 'c'].map((name) => ({ name, roots: [] }));
    expect(planGroups(loads)).toEqual(['boot', 'a+b+c', 'a+b', 'a+c', 'b+c', 'a', 'b', 'c']);
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
