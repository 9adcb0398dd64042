import { defineConfig } from 'prisma/config';

// The CLI is used only for `prisma generate`; migrations are created and applied
// through the wasm schema engine (apps/mock-server/src/db/migrate.ts).
export default defineConfig({
  schema: 'prisma/schema',
  migrations: { path: 'prisma/migrations' },
  datasource: { url: process.env.DATABASE_URL ?? 'file:./data/dev.db' },
});
