import { defineConfig } from 'prisma/config';

// The CLI is used only for `prisma generate`; migrations are created and applied
// through the wasm schema engine (prisma/src/migrate.ts, package @edu/db).
export default defineConfig({
  schema: 'prisma/schema',
  migrations: { path: 'prisma/migrations' },
  datasource: { url: process.env.DATABASE_URL ?? 'file:./data/dev.db' },
});
