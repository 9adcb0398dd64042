import Fastify, { LogController, type FastifyInstance, type FastifyReply, type FastifyRequest, type FastifyServerOptions } from 'fastify';
import fastifyCookie from '@fastify/cookie';
import fastifyCors from '@fastify/cors';
import fastifyMultipart from '@fastify/multipart';
import fastifySwagger, { type StaticDocumentSpec } from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import { generateOpenApi, type ReviewFlow } from '@edu/sdk';
import { openDatabase } from '@edu/db';
import type { PrismaClient, Seeder } from '@edu/db';
import { auditPlugin } from './audit/plugin.ts';
import { corsOriginsOf, resolveJwtSecret } from './config.ts';
import { DEFAULT_PASS_PHRASE } from './identity/string-cipher.ts';
import { CountCache, NameCache } from './kit/count-cache.ts';
import { DictionaryCache } from './kit/dictionary-cache.ts';
import { JobRunner, failInterruptedJobs } from './kit/jobs.ts';
import { PermissionChecker } from './kit/permission-checker.ts';
import { keywordIndexes } from './kit/keyword-search.ts';
import { dataUpgrades } from './data-upgrades.ts';
import { registerServices } from './kit/register-service.ts';
import { registerReviewFlows } from './kit/review.ts';
import { configurePageCache, DEFAULT_PAGE_CACHE_ROWS } from './kit/sql-list.ts';
import { authPlugin } from './plugins/auth.ts';
import { envelopePlugin } from './plugins/envelope.ts';
import { realtimePlugin } from './plugins/realtime.ts';
import { tenantPlugin } from './plugins/tenant.ts';
import { implementations } from './services/index.ts';
import { serveWebConsole } from './web-console.ts';

/*
 * The files that add to FastifyInstance and FastifyRequest (`declare module 'fastify'`), named in this
 * entry's declarations so that a package checking against them (tests, bench: project references)
 * sees `app.jobs`, `app.realtime`, `request.session` as the server does.
 */
export type { ReviewRow } from './kit/review.ts';
export type { DictionaryEntry } from './kit/dictionary-cache.ts';
export type { FileTooLargeError } from './kit/files.ts';
export type { JobContext } from './kit/jobs.ts';
export type { AuditOptions } from './audit/plugin.ts';
export type { AuthOptions } from './plugins/auth.ts';
export type { tenantPlugin } from './plugins/tenant.ts';
export type { LocalizableStringPayload } from './plugins/realtime.ts';

export interface BuildOptions {
  /** SQLite `file:` URL; created, migrated and seeded when missing. */
  databaseUrl: string;
  /** HS256 key; without it, a key generated once and kept beside the database (refused in production). */
  jwtSecret?: string;
  /** Origins allowed cross-origin (default: the Vite dev server outside production, none in production). */
  corsOrigins?: readonly string[];
  /** Where links to stored uploads point (`PUBLIC_BASE_URL`); without it, the server's own or a CORS origin, else root-relative (kit/files.ts). */
  publicBaseUrl?: string;
  /** Seed an empty database (default true). */
  seed?: boolean;
  /** Folder of the built web app to serve at `/` (skipped when missing). */
  webRoot?: string;
  /** Parse handler results with the SDK's output schemas (default: not in production). */
  validateOutput?: boolean;
  /** Rows the list page cache keeps (kit/sql-list.ts; default `DEFAULT_PAGE_CACHE_ROWS`, 0 turns it off). */
  pageCacheRows?: number;
  /** Record every service call in the audit log (default true; `AUDITING=0`, as ABP's `Configuration.Auditing.IsEnabled`). */
  auditing?: boolean;
  production?: boolean;
  logger?: FastifyServerOptions['logger'];
  tokenLifetimeSeconds?: number;
  /** SimpleStringCipher pass phrase for `encryptedAccessToken`. */
  passPhrase?: string;
  /** Request body limit in bytes (default 1 MiB); larger bodies get 413. */
  bodyLimit?: number;
  /** Review flows in place of the SDK registry's, by entity name (a two-step flow for a test, a deployment's own). */
  reviewFlows?: Readonly<Record<string, ReviewFlow>>;
  /** How often the hub checks its connections' tokens again (plugins/realtime.ts; default 60 s, 0 never). */
  realtimeRevalidateEveryMs?: number;
}

declare module 'fastify' {
  interface FastifyInstance {
    prisma: PrismaClient;
    permissions: PermissionChecker;
    countCache: CountCache;
    nameCache: NameCache;
  }
}

/**
 * One log line per request, written when it completes (method, URL, status,
 * time), instead of Fastify's two (the request on arrival, the status at the
 * end): the log writes were about a twentieth of a list request's CPU.
 */
class OneLineRequestLog extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(error: Error | null, request: FastifyRequest, reply: FastifyReply): void {
    const line = { method: request.method, url: request.url, statusCode: reply.statusCode, responseTime: reply.elapsedTime };
    if (error) reply.log.error({ ...line, err: error }, 'request errored');
    else reply.log.info(line, 'request completed');
  }
}

/** The demo data, loaded only when a database is new (no server start after the first needs the seed's modules). */
const seedOnFirstStart: Seeder = async (prisma) => (await import('@edu/db/seed')).seed(prisma);

/** Builds the mock ABP backend, ready to `listen` or `inject`. */
export async function buildApp(options: BuildOptions): Promise<FastifyInstance> {
  const jwtSecret = resolveJwtSecret(options.jwtSecret, options.databaseUrl, options.production ?? false);
  const corsOrigins = new Set(options.corsOrigins ?? corsOriginsOf(undefined, options.production ?? false));

  const app = Fastify({
    logger: options.logger ?? false,
    logController: new OneLineRequestLog(),
    bodyLimit: options.bodyLimit ?? 1024 * 1024,
    routerOptions: { caseSensitive: false, ignoreTrailingSlash: true },
  });
  // The keyword indexes the services' lists declared (kit/keyword-search.ts), created or repaired as the database opens.
  const prisma = await openDatabase(options.databaseUrl, {
    keywordIndexes: keywordIndexes(),
    dataUpgrades,
    ...(options.seed !== false && { seed: seedOnFirstStart }),
  });
  app.decorate('prisma', prisma);
  app.decorate('permissions', new PermissionChecker(prisma));
  app.decorate('countCache', new CountCache(prisma));
  configurePageCache(prisma, options.pageCacheRows ?? DEFAULT_PAGE_CACHE_ROWS);
  app.decorate('nameCache', new NameCache(prisma));
  app.decorate('dictionaryCache', new DictionaryCache(prisma));
  registerReviewFlows(app, options.reviewFlows);
  app.addHook('onClose', async () => prisma.$disconnect());
  // Jobs of a previous process cannot resume: their owners see them failed, not stuck.
  await failInterruptedJobs(prisma);
  app.decorate('jobs', new JobRunner(app));
  app.addHook('preClose', async () => app.jobs.stop());

  await app.register(fastifyCookie);
  // Multipart is read only by upload endpoints, each with its own file limit (kit/files.ts).
  await app.register(fastifyMultipart);
  app.decorate('publicLinks', { baseUrl: options.publicBaseUrl, trustedOrigins: corsOrigins });
  await app.register(fastifyCors, {
    // Only configured origins get CORS headers (with credentials); same-origin calls need none.
    origin: (origin, cb) => cb(null, origin !== undefined && corsOrigins.has(origin)),
    credentials: true,
    // As ABP's templates do (AllowAnyHeader, AllowAnyMethod): a configured origin may send any request header (the
    // SignalR client adds X-SignalR-User-Agent and others), and reads the headers the console needs.
    methods: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'],
    exposedHeaders: ['Content-Disposition', '_AbpErrorFormat', 'Retry-After'],
    maxAge: 600,
  });
  const passPhrase = options.passPhrase ?? DEFAULT_PASS_PHRASE;
  const revoked = await prisma.revokedToken.findMany({ where: { expiresAt: { gt: new Date() } } });
  await app.register(authPlugin, {
    jwtSecret,
    issuer: 'Education',
    audience: 'Education',
    tokenLifetimeSeconds: options.tokenLifetimeSeconds ?? 86_400,
    passPhrase,
    revoked,
    isCurrent: async (s) => s.userId !== null && (await app.permissions.sessionUser(s.userId, s.tenantId, s.securityStamp)) !== null,
    persistRevocation: async (jti, expiresAt) => {
      await prisma.revokedToken.upsert({ where: { jti }, create: { jti, expiresAt }, update: {} });
    },
  });
  await app.register(tenantPlugin);
  await app.register(envelopePlugin);
  // Every service call becomes an audit row after its response, written in batches (audit/plugin.ts).
  await app.register(auditPlugin, { enabled: options.auditing !== false });
  await app.register(realtimePlugin, {
    passPhrase,
    revalidateEveryMs: options.realtimeRevalidateEveryMs,
    authenticate: async (token) => {
      const s = app.tokens.verify(token);
      if (!s || s.userId === null) return null;
      const user = await app.permissions.sessionUser(s.userId, s.tenantId, s.securityStamp);
      // The token's id: signing out (Account/LoginOut) closes this session's connections.
      return user ? { userId: user.id, tenantId: s.tenantId, sessionId: s.jti } : null;
    },
  });

  // The document is built on its first read (`/swagger/json`), not at start: it was a tenth of a start's CPU.
  await app.register(fastifySwagger, { mode: 'static', specification: { document: lazyOpenApiDocument() } });
  await app.register(fastifySwaggerUi, { routePrefix: '/swagger' });

  registerServices(app, implementations, { validateOutput: options.validateOutput ?? !options.production });

  await serveWebConsole(app, options.webRoot);
  return app;
}

/**
 * The SDK's OpenAPI document in @fastify/swagger's type. The SDK builds it as
 * plain JSON (it has no OpenAPI typings); the guard checks the fields the
 * plugin reads.
 */
function openApiDocument(): StaticDocumentSpec['document'] {
  const doc = generateOpenApi();
  if (!isOpenApiDocument(doc)) throw new Error('The SDK did not produce an OpenAPI document');
  return doc;
}
function isOpenApiDocument(doc: unknown): doc is StaticDocumentSpec['document'] {
  return typeof doc === 'object' && doc !== null && 'openapi' in doc && 'info' in doc && 'paths' in doc;
}

/**
 * The SDK's OpenAPI document as an object that builds it on first access
 * (@fastify/swagger's static mode only keeps the object and hands it to its
 * readers: JSON and YAML serialization, Swagger UI's clone), so a start
 * never pays for building schemas no one asked for. The target is a stand-in
 * the proxy never reads.
 */
function lazyOpenApiDocument(): StaticDocumentSpec['document'] {
  let doc: StaticDocumentSpec['document'] | undefined;
  const built = () => (doc ??= openApiDocument());
  return new Proxy<StaticDocumentSpec['document']>(
    { openapi: '3.0.3', info: { title: '', version: '' }, paths: {} },
    {
      get: (_, key) => Reflect.get(built(), key) as unknown,
      has: (_, key) => Reflect.has(built(), key),
      ownKeys: () => Reflect.ownKeys(built()),
      getOwnPropertyDescriptor: (_, key) => Reflect.getOwnPropertyDescriptor(built(), key),
    },
  );
}
