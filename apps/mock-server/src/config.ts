import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository root (apps/mock-server/src -> ../../..). */
export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

/** The development signing key. Starting with it in production is refused. */
export const DEVELOPMENT_JWT_SECRET = 'Education_8B5C1A2F0D114E9C_development_only';

export const DEFAULT_PORT = 21021;
export const DEFAULT_DATABASE_URL = `file:${path.join(REPO_ROOT, 'data', 'dev.db')}`;
export const DEFAULT_WEB_ROOT = path.join(REPO_ROOT, 'apps', 'web', 'dist');

export interface ServerConfig {
  port: number;
  host: string;
  databaseUrl: string;
  jwtSecret: string;
  production: boolean;
  webRoot: string;
}

/** Reads configuration from the environment; throws with a clear message when it is unsafe. */
export function configFromEnv(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  const production = env.NODE_ENV === 'production';
  const jwtSecret = env.JWT_SECRET ?? DEVELOPMENT_JWT_SECRET;
  if (production && jwtSecret === DEVELOPMENT_JWT_SECRET)
    throw new Error('Refusing to start in production with the development JWT secret: set JWT_SECRET.');
  if (jwtSecret.length < 32) throw new Error('JWT_SECRET must be at least 32 characters (HS256 key).');
  const port = Number(env.PORT ?? DEFAULT_PORT);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`PORT must be a port number, got ${env.PORT}`);
  const databaseUrl = env.DATABASE_URL ?? DEFAULT_DATABASE_URL;
  if (!databaseUrl.startsWith('file:')) throw new Error('DATABASE_URL must be a SQLite file: URL');
  return { port, host: env.HOST ?? '127.0.0.1', databaseUrl, jwtSecret, production, webRoot: env.WEB_ROOT ?? DEFAULT_WEB_ROOT };
}
