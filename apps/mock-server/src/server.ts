import { setFlagsFromString } from 'node:v8';
import { buildApp } from './app.ts';
import { configFromEnv } from './config.ts';

/** Starts the mock backend from environment configuration (README, "Configuration"). */
async function main() {
  // V8 lets the old generation grow up to fourfold between full collections, and
  // under load it fills with short-lived request garbage: 400-470 MB of RSS for a
  // 57 MB live heap. Growing by a fifth keeps it near 230 MB at no measurable CPU
  // cost (docs/architecture/speed.md, "The server as users start it"). It bounds no size:
  // a large import still gets the memory it needs.
  setFlagsFromString('--heap-growing-percent=20');
  // Prisma's query compiler is WebAssembly; V8's optimizing tier compiles it on
  // background threads and their malloc arenas kept ~45 MB for the process's
  // life. The baseline compiler alone costs no measurable CPU: the client
  // compiles a query shape once and keeps its plan.
  setFlagsFromString('--liftoff-only');
  const config = configFromEnv();
  const app = await buildApp({
    databaseUrl: config.databaseUrl,
    jwtSecret: config.jwtSecret,
    production: config.production,
    webRoot: config.webRoot,
    corsOrigins: config.corsOrigins,
    ...(config.publicBaseUrl !== undefined && { publicBaseUrl: config.publicBaseUrl }),
    validateOutput: config.validateOutput,
    ...(config.pageCacheRows !== undefined && { pageCacheRows: config.pageCacheRows }),
    auditing: config.auditing,
    logger: { level: process.env.LOG_LEVEL ?? 'info' },
  });
  for (const signal of ['SIGINT', 'SIGTERM'] as const)
    process.once(signal, () => {
      void app.close().then(() => process.exit(0));
    });
  const address = await app.listen({ port: config.port, host: config.host });
  app.log.info(`Console and API on ${address} (Swagger UI at ${address}/swagger)`);
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
