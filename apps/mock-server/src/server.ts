import { buildApp } from './app.ts';
import { configFromEnv } from './config.ts';

/** Starts the mock backend from environment configuration (README, "Configuration"). */
async function main() {
  const config = configFromEnv();
  const app = await buildApp({
    databaseUrl: config.databaseUrl,
    jwtSecret: config.jwtSecret,
    production: config.production,
    webRoot: config.webRoot,
    corsOrigins: config.corsOrigins,
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
