// One lint configuration for the whole monorepo: type-aware TypeScript rules,
// React hooks, no import cycles, and the layer rules of docs/architecture/README.md enforced by
// the linter rather than by goodwill (sdk imports nothing of ours; ui never
// imports web; the server and the web never import each other), plus the zones
// inside packages (the SDK's core, the server's kit, the web's resources and
// features, the database client). scripts/lint-zones.test.mjs plants a
// violation of each zone and expects the error.
//
// No absolute path of the checkout belongs in the configuration: ESLint's cache
// is kept outside the clone (scripts/lint.mjs) and is dropped whenever the
// configuration differs, so a path of the clone would void it in every new CI
// clone. Paths here are relative to the repository root (the linter's working
// directory); typescript-eslint finds the root itself (this file's folder).
import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import { importX } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import { typescriptErrors } from './scripts/eslint-type-errors.mjs';

/** A package may not reach into these folders, by relative path or by package name. */
const layers = [
  { target: './packages/sdk', from: ['./packages/ui', './apps', './tests', './bench', './prisma'], message: 'The SDK depends on nothing of ours.' },
  { target: './packages/ui', from: ['./apps', './tests', './bench', './prisma'], message: 'ui never imports the apps.' },
  {
    target: './apps/web',
    from: ['./apps/mock-server', './prisma', './tests', './bench'],
    message: 'The web app talks to the backend only through the SDK.',
  },
  {
    target: './apps/mock-server',
    from: ['./apps/web', './packages/ui', './tests', './bench'],
    message: 'The server does not import the web app or its tests.',
  },
];

/** Each folder of the web app's features (a file directly in features/ is shared, not a feature). */
const webFeatures = readdirSync(new URL('./apps/web/src/features', import.meta.url), { withFileTypes: true })
  .filter((e) => e.isDirectory())
  .map((e) => e.name);

/**
 * Zones inside a package: the lower layer never imports the higher one, so the
 * lower layer stays reusable and the import graph stays a tree (docs/architecture/README.md, "Packages and the direction of
 * imports").
 */
const zones = [
  {
    target: './packages/sdk/src/core',
    from: './packages/sdk/src/services',
    message: 'The SDK core (defineService, schemas, review) knows no service: services import the core, never the reverse.',
  },
  {
    target: './apps/mock-server/src/kit',
    from: ['./apps/mock-server/src/services', './apps/mock-server/src/plugins'],
    message: 'The kit is the framework the services and plugins use: it imports neither (pass what it needs in, or move the shared piece into kit/).',
  },
  {
    target: './apps/web/src/resources',
    from: './apps/web/src/features',
    message: 'The resource framework knows no feature: features import resources, never the reverse.',
  },
  ...webFeatures
    .map((feature) => ({
      target: `./apps/web/src/features/${feature}`,
      from: webFeatures.filter((other) => other !== feature).map((other) => `./apps/web/src/features/${other}`),
      message: 'A feature does not import another feature: move what both need into resources/, lib/ or packages/ui, or compose them in app/.',
    }))
    .filter((zone) => zone.from.length > 0),
  {
    // `@edu/db` is loaded by every server process, test and benchmark; the seed (`@edu/db/seed`) is passed to
    // openDatabase by whoever seeds. testing.ts (`@edu/db/testing`, seeded test databases) and tests may import it.
    target: './prisma/src/!(testing|*.test).ts',
    from: './prisma/seed',
    message: "The database client does not load the seed: import it from '@edu/db/seed' where a database is seeded and pass it to openDatabase.",
  },
];

/** Config files no tsconfig includes: typescript-eslint's default project parses them (a file both listed here and in a project is a parsing error). */
const filesOfNoProject = ['packages/sdk/vitest.config.ts', 'tests/vitest.config.ts'];

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', '**/generated/**', 'prisma/migrations/**', '**/artifacts/**', 'data/**', '**/*.d.ts'] },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: {
        projectService: { allowDefaultProject: filesOfNoProject },
      },
      globals: { ...globals.node, ...globals.browser },
    },
    plugins: { 'import-x': importX, typescript: typescriptErrors },
    settings: {
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [
        createTypeScriptImportResolver({
          alwaysTryTypes: true,
          noWarnOnMultipleProjects: true,
          project: ['apps/*/tsconfig.json', 'packages/*/tsconfig.json', 'prisma/tsconfig.json', 'tests/tsconfig.json', 'bench/tsconfig.json'],
        }),
      ],
    },
    rules: {
      // TypeScript's own errors from the lint's program: CI type-checks each file once (scripts/eslint-type-errors.mjs).
      'typescript/type-errors': 'error',
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'import-x/no-restricted-paths': ['error', { zones: [...layers, ...zones] }],
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/prisma/seed/*', '../**/apps/*/src/*'],
              message: 'Import a package by its name and public exports, not its files by relative path.',
            },
          ],
        },
      ],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      // Handlers are typed async by contract (the kit awaits them), so an async function without await is expected.
      '@typescript-eslint/require-await': 'off',
    },
  },
  {
    // A transaction's callback is marked for the database connection's gate only when opened through ctx.transaction
    // (docs/architecture/data-access.md): a write there that skips `tx` then fails at once instead of waiting for itself.
    files: ['apps/mock-server/src/**/*.ts'],
    ignores: ['**/*.test.ts', '**/testing/**', 'apps/mock-server/src/kit/context.ts', 'apps/mock-server/src/audit/entity-history.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "CallExpression[callee.property.name='$transaction'][arguments.0.type=/FunctionExpression$/]",
          message: 'Open an interactive transaction with ctx.transaction (it marks the callback for the connection gate), not $transaction.',
        },
      ],
    },
  },
  {
    files: ['packages/sdk/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [{ group: ['@edu/*'], message: 'The SDK depends on nothing of ours.' }] }] },
  },
  {
    files: ['packages/ui/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['@edu/web', '@edu/web/*', '@edu/mock-server', '@edu/mock-server/*'], message: 'ui never imports the apps.' }] },
      ],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}', 'packages/ui/**/*.{ts,tsx}'],
    ...reactHooks.configs.flat['recommended-latest'],
  },
  {
    // Tests use loose fixtures and mocks; the type-aware unsafe-* rules add noise there, not safety.
    files: ['**/*.test.{ts,tsx}', 'tests/**/*.ts', 'bench/**/*.ts', '**/testing/**/*.ts', '**/test/**/*.{ts,tsx}'],
    rules: {
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
      '@typescript-eslint/no-non-null-assertion': 'off',
      '@typescript-eslint/unbound-method': 'off',
    },
  },
  {
    // Files of no project (typescript-eslint's default project, with TypeScript's default options): `tsc` checks none of them.
    files: filesOfNoProject,
    rules: { 'typescript/type-errors': 'off' },
  },
  {
    // Plain JavaScript and the Prisma CLI's config (no project of its own) are linted without types.
    files: ['**/*.js', '**/*.mjs', 'prisma.config.ts'],
    ...tseslint.configs.disableTypeChecked,
  },
);
