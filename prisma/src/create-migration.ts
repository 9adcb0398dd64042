/**
 * Creates a migration from the difference between prisma/migrations and the
 * current schema, like `prisma migrate dev --create-only --name <name>`, but
 * through the wasm schema engine (the native one cannot be downloaded here).
 *
 *   pnpm --filter @edu/db db:migration --name add_articles
 *   pnpm --filter @edu/db db:migration --name backfill_x --allow-empty
 *
 * Review the SQL, then commit it with the schema change. Databases pick it up
 * on their next start (openDatabase applies pending migrations).
 */
import path from 'node:path';
import { parseArgs } from 'node:util';
import { createMigration } from './migrate.ts';

const USAGE = 'Usage: db:migration --name <name> [--allow-empty] [--schema <file|dir>] [--migrations <dir>]';

async function main() {
  const { values, positionals } = parseArgs({
    options: {
      name: { type: 'string', short: 'n' },
      'allow-empty': { type: 'boolean', default: false },
      schema: { type: 'string' },
      migrations: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
    allowPositionals: true,
  });
  if (values.help) return void console.log(USAGE);
  const name = values.name ?? positionals[0];
  if (!name) throw new Error(`A name is required.\n${USAGE}`);

  // pnpm runs scripts in the package folder; paths typed by the user are relative to where they typed them.
  const cwd = process.env.INIT_CWD ?? process.cwd();
  const created = await createMigration(name, {
    allowEmpty: values['allow-empty'],
    ...(values.schema && { schemaPath: path.resolve(cwd, values.schema) }),
    ...(values.migrations && { migrationsDir: path.resolve(cwd, values.migrations) }),
  });
  if (!created) {
    console.log('The schema matches the migrations: nothing to create (pass --allow-empty for a hand-written migration).');
    return;
  }
  if (created.summary) console.log(created.summary.trimEnd());
  console.log(`\nCreated ${path.relative(cwd, created.file)}`);
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exitCode = 1;
});
