import { existsSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, FastifyReply } from 'fastify';
import fastifyStatic from '@fastify/static';

/**
 * Serving the built console (`apps/web/dist`) the way a static host should:
 * - brotli or gzip variants written at build time (`apps/web/build/precompress.ts`)
 *   are sent to clients that accept them (`preCompressed`, with `Vary: Accept-Encoding`);
 * - content-hashed files under `assets/` are immutable for a year;
 * - everything else, `index.html` and the deployer-edited `appconfig.json` first,
 *   is revalidated on every load (`no-cache` with its ETag), so a new build or a
 *   changed backend address is seen at the next reload.
 */
export const HASHED_ASSET_CACHE = 'public, max-age=31536000, immutable';
export const REVALIDATE = 'no-cache';

/** Paths that belong to the API: an unknown one is a plain 404, never the web app. */
const API_PREFIXES = ['/api/', '/abpuserconfiguration/', '/signalr', '/swagger', '/file/'];

function cachePolicy(filePath: string): string {
  return filePath.split(path.sep).includes('assets') ? HASHED_ASSET_CACHE : REVALIDATE;
}

/** Registers the console under `/` when `webRoot` holds a build; every unmatched route gets the 404 or the app's shell. */
export async function serveWebConsole(app: FastifyInstance, webRoot: string | undefined): Promise<void> {
  const root = webRoot && existsSync(path.join(webRoot, 'index.html')) ? webRoot : undefined;
  if (root) {
    await app.register(fastifyStatic, {
      root,
      // Files are looked up per request, so a rebuilt console is served without a restart.
      wildcard: true,
      index: ['index.html'],
      preCompressed: true,
      cacheControl: false,
      setHeaders: (reply, filePath) => {
        reply.header('cache-control', cachePolicy(filePath));
      },
    });
  }
  app.setNotFoundHandler(async (request, reply: FastifyReply) => {
    const url = request.url.toLowerCase();
    // Client-side routes of the single-page app fall back to index.html.
    if (root && request.method === 'GET' && !API_PREFIXES.some((p) => url.startsWith(p)) && !path.extname(url.split('?')[0]!))
      return reply.header('cache-control', REVALIDATE).type('text/html').sendFile('index.html');
    return reply.code(404).send();
  });
}
