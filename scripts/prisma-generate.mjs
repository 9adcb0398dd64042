// Runs `prisma generate` for the mock server. Generation never uses the schema
// engine, but the CLI insists on locating one at start and tries to download it
// when absent (which fails on machines without internet access). Pointing
// PRISMA_SCHEMA_ENGINE_BINARY at any existing executable skips that download and
// is harmless where the download would have worked.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

if (!existsSync('prisma/schema.prisma') && !existsSync('prisma/schema')) process.exit(0);
const env = { ...process.env };
env.PRISMA_SCHEMA_ENGINE_BINARY ??= process.execPath;
const result = spawnSync('pnpm', ['exec', 'prisma', 'generate'], { stdio: 'inherit', env, shell: process.platform === 'win32' });
process.exit(result.status ?? 1);
