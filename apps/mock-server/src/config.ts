import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository root (apps/mock-server/src -> ../../..). */
export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

export const DEFAULT_PORT = 21021;
export const DEFAULT_DATABASE_URL = `file:${path.join(REPO_ROOT, 'data', 'dev.db')}`;
export const DEFAULT_WEB_ROOT = path.join(REPO_ROOT, 'apps', 'web', 'dist');
/** The Vite dev server (apps/web/vite.config.ts): allowed as a cross-origin caller outside production. */
export const VITE_DEV_ORIGINS = ['http://localhost:5173', 'http://127.0.0.1:5173'] as const;
/** The file beside the database that keeps a generated signing key. */
export const JWT_SECRET_FILE = 'jwt-secret';

export interface ServerConfig {
  port: number;
  host: string;
  databaseUrl: string;
  jwtSecret: string;
  production: boolean;
  webRoot: string;
  /** Origins allowed to call the API from another origin (CORS, with credentials). */
  corsOrigins: string[];
  /** `PUBLIC_BASE_URL`: where links to stored uploads point (`scheme://host[/path]`, no trailing slash). */
  publicBaseUrl: string | undefined;
  /** Check every response against the SDK's output schema (`VALIDATE_OUTPUT`; `pnpm dev` and the tests turn it on). */
  validateOutput: boolean;
  /** Rows the list page cache keeps (`PAGE_CACHE_ROWS`; 0 turns it off); the kit's default when unset. */
  pageCacheRows: number | undefined;
  /** Record every service call in the audit log (`AUDITING`, default 1; ABP's `Configuration.Auditing.IsEnabled`). */
  auditing: boolean;
}

/** The SQLite file a `file:` URL names (relative paths against the working directory). */
export function databaseFile(databaseUrl: string): string {
  return path.resolve(databaseUrl.slice('file:'.length).split('?')[0]!);
}

/**
 * The signing key for a database when none is configured: generated randomly on
 * first start and kept beside the database (mode 0600), so a developer's tokens
 * survive restarts and nobody else knows the key. Production never gets here.
 */
export function persistentJwtSecret(databaseUrl: string): string {
  const file = path.join(path.dirname(databaseFile(databaseUrl)), JWT_SECRET_FILE);
  mkdirSync(path.dirname(file), { recursive: true });
  try {
    // 'wx': two processes starting at once cannot both write; the loser reads the winner's key.
    writeFileSync(file, randomBytes(48).toString('base64url'), { mode: 0o600, flag: 'wx' });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
  }
  const secret = readFileSync(file, 'utf8').trim();
  if (secret.length < 32) throw new Error(`${file} must hold a key of at least 32 characters; delete it to generate a new one.`);
  return secret;
}

/** The key to sign with: the configured one, else (not in production) the database's own. */
export function resolveJwtSecret(configured: string | undefined, databaseUrl: string, production: boolean): string {
  if (configured === undefined) {
    if (production) throw new Error('Refusing to start in production without JWT_SECRET: set it to a private key of at least 32 characters.');
    return persistentJwtSecret(databaseUrl);
  }
  if (configured.length < 32) throw new Error('JWT_SECRET must be at least 32 characters (HS256 key).');
  return configured;
}

/** `CORS_ORIGINS` (comma-separated); by default only the Vite dev server outside production. */
export function corsOriginsOf(raw: string | undefined, production: boolean): string[] {
  if (raw === undefined) return production ? [] : [...VITE_DEV_ORIGINS];
  return raw
    .split(',')
    .map((o) => o.trim().replace(/\/+$/, ''))
    .filter(Boolean);
}

/**
 * `PUBLIC_BASE_URL`: the address the site is reached at from outside (behind a
 * proxy, say), for the links uploads answer. An absolute http(s) URL without
 * query or fragment; a trailing slash is dropped. Unset or empty: none.
 */
export function publicBaseUrlOf(raw: string | undefined): string | undefined {
  if (raw === undefined || raw.trim() === '') return undefined;
  let url: URL;
  try {
    url = new URL(raw.trim());
  } catch {
    throw new Error(`PUBLIC_BASE_URL must be an absolute http(s) URL, got ${raw}`);
  }
  if ((url.protocol !== 'http:' && url.protocol !== 'https:') || url.search || url.hash || url.username || url.password)
    throw new Error(`PUBLIC_BASE_URL must be an http(s) URL without credentials, query or fragment, got ${raw}`);
  return `${url.origin}${url.pathname}`.replace(/\/+$/, '');
}

/** A boolean variable: `1`/`true` or `0`/`false` (unset is false). */
function flag(name: string, raw: string | undefined): boolean {
  if (raw === undefined || raw === '' || raw === '0' || raw.toLowerCase() === 'false') return false;
  if (raw === '1' || raw.toLowerCase() === 'true') return true;
  throw new Error(`${name} must be 1 or 0, got ${raw}`);
}

function count(name: string, raw: string | undefined): number | undefined {
  if (raw === undefined || raw === '') return undefined;
  const n = Number(raw);
  if (!Number.isSafeInteger(n) || n < 0) throw new Error(`${name} must be a whole number ≥ 0, got ${raw}`);
  return n;
}

/** Reads configuration from the environment; throws with a clear message when it is unsafe. */
export function configFromEnv(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  const production = env.NODE_ENV === 'production';
  const port = Number(env.PORT ?? DEFAULT_PORT);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`PORT must be a port number, got ${env.PORT}`);
  const databaseUrl = env.DATABASE_URL ?? DEFAULT_DATABASE_URL;
  if (!databaseUrl.startsWith('file:')) throw new Error('DATABASE_URL must be a SQLite file: URL');
  const jwtSecret = resolveJwtSecret(env.JWT_SECRET, databaseUrl, production);
  return {
    port,
    host: env.HOST ?? '127.0.0.1',
    databaseUrl,
    jwtSecret,
    production,
    webRoot: env.WEB_ROOT ?? DEFAULT_WEB_ROOT,
    corsOrigins: corsOriginsOf(env.CORS_ORIGINS, production),
    publicBaseUrl: publicBaseUrlOf(env.PUBLIC_BASE_URL),
    validateOutput: flag('VALIDATE_OUTPUT', env.VALIDATE_OUTPUT),
    pageCacheRows: count('PAGE_CACHE_ROWS', env.PAGE_CACHE_ROWS),
    auditing: env.AUDITING === undefined || env.AUDITING === '' ? true : flag('AUDITING', env.AUDITING),
  };
}
