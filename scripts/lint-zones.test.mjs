// The import zones of eslint.config.js catch what they promise: for each zone, a
// planted file that imports across it gets import-x/no-restricted-paths' error,
// and the same import from where it is allowed gets none. The planted files are
// linted as text (they never exist on disk) with the repository's own
// configuration, type-aware parsing off (the rule needs none). What they
// import is a real file, looked up when the test runs, so renames do not break it.
// Run by `pnpm lint` (node's test runner).
import assert from 'node:assert/strict';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { before, describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import tseslint from 'typescript-eslint';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const RULE = 'import-x/no-restricted-paths';

/** A source file directly in `dir` (relative to the root), the first by name: something real to import. */
function sourceIn(dir) {
  const name = readdirSync(path.join(root, dir), { withFileTypes: true })
    .filter((e) => e.isFile() && /\.tsx?$/.test(e.name) && !/\.(test|d)\.tsx?$/.test(e.name))
    .map((e) => e.name)
    .sort()[0];
  assert.ok(name, `no source file in ${dir}`);
  return `${dir}/${name}`;
}

/** A sub-folder of `dir` holding a source file: a feature other than `not`. */
function featureIn(dir, not) {
  const found = readdirSync(path.join(root, dir), { withFileTypes: true })
    .filter((e) => e.isDirectory() && e.name !== not)
    .map((e) => e.name)
    .sort()
    .find((name) => readdirSync(path.join(root, dir, name)).some((f) => /\.tsx?$/.test(f) && !/\.test\.tsx?$/.test(f)));
  assert.ok(found, `no feature folder in ${dir} besides ${not}`);
  return `${dir}/${found}`;
}

/** `import` of the file `target` (relative to the root) as written in `from` (relative to the root). */
function importLine(from, target) {
  let spec = path.relative(path.dirname(from), target).split(path.sep).join('/');
  if (!spec.startsWith('.')) spec = `./${spec}`;
  return `import * as planted from '${spec}';\nexport { planted };\n`;
}

let eslint;
async function zoneErrors(file, code) {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
  assert.ok(result, `no lint result for ${file}`);
  const fatal = result.messages.filter((m) => m.fatal);
  assert.deepEqual(fatal, [], `${file} did not parse`);
  return result.messages.filter((m) => m.ruleId === RULE);
}

describe('lint zones (eslint.config.js)', () => {
  before(() => {
    // The rule resolves its zones against the working directory, as `pnpm lint` runs at the root.
    process.chdir(root);
    eslint = new ESLint({
      cwd: root,
      overrideConfigFile: path.join(root, 'eslint.config.js'),
      overrideConfig: [{ files: ['**/*.{ts,tsx}'], ...tseslint.configs.disableTypeChecked }],
      ruleFilter: ({ ruleId }) => ruleId === RULE,
    });
  });

  const features = 'apps/web/src/features';
  const feature = () => featureIn(features);
  const cases = [
    {
      zone: 'SDK core ↛ SDK services',
      planted: 'packages/sdk/src/core/zone-probe.ts',
      forbidden: () => sourceIn('packages/sdk/src/services'),
      allowedFrom: 'packages/sdk/src/zone-probe.ts',
    },
    {
      zone: 'server kit ↛ services',
      planted: 'apps/mock-server/src/kit/zone-probe.ts',
      forbidden: () => sourceIn('apps/mock-server/src/services'),
      allowedFrom: 'apps/mock-server/src/zone-probe.ts',
    },
    {
      zone: 'server kit ↛ plugins',
      planted: 'apps/mock-server/src/kit/zone-probe.ts',
      forbidden: () => sourceIn('apps/mock-server/src/plugins'),
      allowedFrom: 'apps/mock-server/src/services/zone-probe.ts',
    },
    {
      zone: 'web resources ↛ features',
      planted: 'apps/web/src/resources/zone-probe.tsx',
      forbidden: () => sourceIn(feature()),
      allowedFrom: 'apps/web/src/app/zone-probe.tsx',
    },
    {
      zone: 'web feature ↛ another feature',
      planted: () => `${feature()}/zone-probe.tsx`,
      forbidden: () => sourceIn(featureIn(features, path.basename(feature()))),
      // Within its own feature a file imports freely.
      allowedFrom: () => `${featureIn(features, path.basename(feature()))}/zone-probe.tsx`,
    },
    {
      zone: 'database client ↛ seed',
      planted: 'prisma/src/client-zone-probe.ts',
      forbidden: () => 'prisma/seed/index.ts',
      // The test helpers (`@edu/db/testing`) build seeded databases.
      allowedFrom: 'prisma/src/testing.ts',
    },
  ];

  for (const c of cases) {
    const value = (v) => (typeof v === 'function' ? v() : v);
    it(`${c.zone}: the crossing import is an error`, async () => {
      const planted = value(c.planted);
      const target = c.forbidden();
      const errors = await zoneErrors(planted, importLine(planted, target));
      assert.equal(errors.length, 1, `${planted} importing ${target}: expected one ${RULE} error, got ${JSON.stringify(errors)}`);
      assert.equal(errors[0].severity, 2, 'the zone is configured as an error');
    });
    it(`${c.zone}: the same import from outside the zone passes`, async () => {
      const from = value(c.allowedFrom);
      const target = c.forbidden();
      assert.deepEqual(await zoneErrors(from, importLine(from, target)), []);
    });
  }

  it('a package import resolving into a zone is caught too (@edu/db/seed in the client)', async () => {
    const errors = await zoneErrors('prisma/src/client.ts', "export { seed } from '@edu/db/seed';\n");
    assert.equal(errors.length, 1, JSON.stringify(errors));
  });
});

// Transactions are opened through ctx.transaction, which marks the callback for the database connection's gate
// (docs/architecture/data-access.md); the rule lives in eslint.config.js beside the zones.
describe('transactions through ctx.transaction (eslint.config.js)', () => {
  let linter;
  before(() => {
    process.chdir(root);
    linter = new ESLint({
      cwd: root,
      overrideConfigFile: path.join(root, 'eslint.config.js'),
      overrideConfig: [{ files: ['**/*.{ts,tsx}'], ...tseslint.configs.disableTypeChecked }],
      ruleFilter: ({ ruleId }) => ruleId === 'no-restricted-syntax',
    });
  });
  const code = 'export const run = (db: { $transaction(f: (tx: unknown) => Promise<number>): Promise<number> }) => db.$transaction(async () => 1);\n';
  const errors = async (file) => {
    const [result] = await linter.lintText(code, { filePath: path.join(root, file) });
    return result.messages.filter((m) => m.ruleId === 'no-restricted-syntax');
  };
  it('a server file opening $transaction with a callback is an error', async () => {
    assert.equal((await errors('apps/mock-server/src/services/transaction-probe.ts')).length, 1);
  });
  it('the request context, which marks the callback, and tests may', async () => {
    assert.deepEqual(await errors('apps/mock-server/src/kit/context.ts'), []);
    assert.deepEqual(await errors('apps/mock-server/src/services/transaction-probe.test.ts'), []);
  });
});
