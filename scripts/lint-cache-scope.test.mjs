// The scope of a change for the ESLint cache (scripts/lint-cache-scope.mjs). Run by `pnpm lint`.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { dependencyGraph, lintRelevantText, specifiersOf, staleFiles } from './lint-cache-scope.mjs';

describe('specifiersOf', () => {
  it('finds static, type-only, re-export, side-effect, dynamic, mocked and referenced imports', () => {
    const text = [
      "import a, { b } from './a.js';",
      "import type {\n  C,\n} from '../c.ts';",
      "export * from './d';",
      "export { e } from '@edu/sdk/e';",
      "import './side.css';",
      "const f = await import('./f.ts');",
      "vi.mock('./g.js', () => ({}));",
      '/// <reference path="./h.d.ts" />',
      "const s = 'from nowhere';",
    ].join('\n');
    assert.deepEqual(specifiersOf(text).sort(), ['../c.ts', './a.js', './d', './f.ts', './g.js', './h.d.ts', './side.css', '@edu/sdk/e'].sort());
  });
});

describe('staleFiles', () => {
  const packages = new Map([
    ['@edu/sdk', 'packages/sdk'],
    ['@edu/web', 'apps/web'],
  ]);
  const files = new Map([
    ['packages/sdk/src/index.ts', "export * from './user.js';"],
    ['packages/sdk/src/user.ts', 'export type User = { id: number };'],
    ['apps/web/src/main.tsx', "import { App } from './app';"],
    ['apps/web/src/app.tsx', "import type { User } from '@edu/sdk';\nimport texts from './texts.json';"],
    ['apps/web/src/texts.json', '{}'],
    ['apps/web/src/alone.ts', 'export const x = 1;'],
    ['apps/web/src/env.d.ts', "declare module 'virtual:x' { export const y: number; }"],
    ['apps/mock-server/src/server.ts', 'export {};'],
  ]);
  const graph = dependencyGraph(files, packages);
  const stale = (changed) => [...staleFiles(graph, changed)].sort();

  it('a changed file makes stale itself and every file that reaches it through imports, across packages', () => {
    assert.deepEqual(stale(['packages/sdk/src/user.ts']), [
      'apps/web/src/app.tsx',
      'apps/web/src/main.tsx',
      'packages/sdk/src/index.ts',
      'packages/sdk/src/user.ts',
    ]);
  });

  it('leaves the files that do not reach the change', () => {
    assert.deepEqual(stale(['apps/web/src/alone.ts']), ['apps/web/src/alone.ts']);
    assert.deepEqual(stale(['apps/web/src/texts.json']), ['apps/web/src/app.tsx', 'apps/web/src/main.tsx', 'apps/web/src/texts.json']);
  });

  it('a module or global augmentation makes its whole package stale, and no other', () => {
    const s = stale(['apps/web/src/env.d.ts']);
    assert.ok(s.includes('apps/web/src/alone.ts') && s.includes('apps/web/src/main.tsx'));
    assert.ok(!s.some((f) => f.startsWith('packages/') || f.startsWith('apps/mock-server/')));
  });
});

describe('lintRelevantText', () => {
  const manifest = (scripts, devDependencies) => JSON.stringify({ name: 'x', scripts, devDependencies });

  it('a package manifest counts without its scripts: a new command keeps the cache, a new dependency drops it', () => {
    const before = lintRelevantText('package.json', manifest({ lint: 'eslint .' }, { eslint: '10.0.0' }));
    assert.equal(lintRelevantText('package.json', manifest({ lint: 'eslint . && prettier --check --cache .' }, { eslint: '10.0.0' })), before);
    assert.notEqual(lintRelevantText('package.json', manifest({ lint: 'eslint .' }, { eslint: '10.1.0' })), before);
    assert.notEqual(lintRelevantText('apps/web/package.json', manifest({}, { eslint: '10.0.0' })), before.replace('"x"', '"y"'));
  });

  it('keeps other files, and a manifest that does not parse, whole', () => {
    assert.equal(lintRelevantText('tsconfig.json', '{"compilerOptions":{}}'), '{"compilerOptions":{}}');
    assert.equal(lintRelevantText('package.json', '{ not json'), '{ not json');
  });
});
