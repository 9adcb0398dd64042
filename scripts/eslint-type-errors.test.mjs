// The lint reports TypeScript's errors (scripts/eslint-type-errors.mjs), which is what lets `pnpm test` run no
// separate `tsc`: a type error in the linted file, one that comes from the types of another package, and one in a
// project's generated sources are each reported as `typescript/type-errors`, and a correct file gets none.
// The probes are real files for the run (typescript-eslint's project service reads files from disk), removed after.
// Run by `pnpm lint` (node's test runner).
import assert from 'node:assert/strict';
import { rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const RULE = 'typescript/type-errors';
const probes = [];

/** Writes a probe file (relative to the root) and returns its absolute path. */
function plant(file, code) {
  const absolute = path.join(root, file);
  writeFileSync(absolute, code);
  probes.push(absolute);
  return absolute;
}

let eslint;
async function typeErrors(file) {
  const [result] = await eslint.lintFiles([file]);
  assert.ok(result, `no lint result for ${file}`);
  assert.deepEqual(
    result.messages.filter((m) => m.fatal),
    [],
    `${file} did not parse`,
  );
  return result.messages.filter((m) => m.ruleId === RULE);
}

describe('TypeScript errors reported by the lint (scripts/eslint-type-errors.mjs)', () => {
  before(() => {
    process.chdir(root);
    eslint = new ESLint({ cwd: root, overrideConfigFile: path.join(root, 'eslint.config.js'), ruleFilter: ({ ruleId }) => ruleId === RULE });
  });
  after(() => {
    for (const file of probes) rmSync(file, { force: true });
  });

  it("reports an error in the file at its place, with TypeScript's code and message", async () => {
    const file = plant('packages/sdk/src/type-error-probe.ts', "export const count: number = 'three';\n");
    const errors = await typeErrors(file);
    assert.equal(errors.length, 1, JSON.stringify(errors));
    assert.match(errors[0].message, /^TS2322: Type 'string' is not assignable to type 'number'/);
    assert.deepEqual([errors[0].line, errors[0].column], [1, 14]);
  });

  it('reports nothing for a correct file', async () => {
    const file = plant('packages/sdk/src/type-correct-probe.ts', 'export const count: number = 3;\n');
    assert.deepEqual(await typeErrors(file), []);
  });

  it("reports an error that comes from another package's types, and the errors of the project's generated sources", async () => {
    // clientMethodName (the SDK) returns a string: this file is wrong only through what it imports.
    const file = plant(
      'prisma/src/type-error-probe.ts',
      "import { clientMethodName } from '@edu/sdk';\n\nexport const n: number = clientMethodName('GetAll');\n",
    );
    // Generated sources (Prisma's client), which ESLint ignores: reported with the first file linted in their project.
    plant('prisma/generated/type-error-probe.ts', "export const generated: boolean = 'yes';\n");
    const errors = await typeErrors(file);
    const own = errors.filter((e) => e.line === 3);
    assert.equal(own.length, 1, JSON.stringify(errors));
    assert.match(own[0].message, /^TS2322: /);
    const generated = errors.filter((e) => e.line === 1 && e.message.includes('prisma/generated/type-error-probe.ts:1:14: TS2322: '));
    assert.equal(generated.length, 1, JSON.stringify(errors));
    assert.equal(errors.length, 2, JSON.stringify(errors));
  });
});
