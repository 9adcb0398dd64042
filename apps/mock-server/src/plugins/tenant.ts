import fp from 'fastify-plugin';
import type { FastifyRequest } from 'fastify';
import { DEFAULT_CULTURE, resolveCulture, type Culture } from '../localization/texts.ts';

/** Both spellings ABP has used: `Abp.TenantId` before v10, `Abp-TenantId` after. */
export const TENANT_KEYS = ['Abp.TenantId', 'Abp-TenantId'] as const;

declare module 'fastify' {
  interface FastifyRequest {
    culture: Culture;
  }
}

/** The largest value of .NET's `int` (Int32.MaxValue): `int.TryParse` fails above it. */
const INT32_MAX = 2_147_483_647;

/**
 * `int.TryParse` semantics: `"null"`, empty, junk or a number beyond Int32
 * means no tenant (host), as ABP ignores what it cannot parse.
 */
export function parseTenantId(raw: unknown): number | null | undefined {
  if (raw === undefined) return undefined;
  const s = String(Array.isArray(raw) ? raw[0] : raw).trim();
  if (!/^\d{1,10}$/.test(s)) return null;
  const n = Number(s);
  return n > 0 && n <= INT32_MAX ? n : null;
}

function firstDefined(request: FastifyRequest): number | null {
  for (const key of TENANT_KEYS) {
    const v = parseTenantId(request.headers[key.toLowerCase()]);
    if (v !== undefined) return v;
  }
  for (const key of TENANT_KEYS) {
    const v = parseTenantId(request.cookies?.[key]);
    if (v !== undefined) return v;
  }
  return null;
}

/**
 * Tenant and culture resolution. A signed-in user's tenant comes from the token
 * (the header is ignored, as ClaimsAbpSession does); otherwise from the header,
 * then the cookie. Culture: `?culture=`, then the `.AspNetCore.Culture` header
 * and cookie, then Accept-Language, then the default (zh-Hans). The user's own
 * language setting is applied where it matters (GetAll), see
 * docs/architecture/identity-and-permissions.md, "Culture".
 */
export const tenantPlugin = fp(async (app) => {
  app.decorateRequest('culture', DEFAULT_CULTURE);
  app.addHook('onRequest', async (request) => {
    if (request.abpSession.userId === null) request.abpSession.tenantId = firstDefined(request);
    const q = request.query as Record<string, unknown> | undefined;
    const accept = request.headers['accept-language']?.split(',')[0]?.split(';')[0];
    request.culture =
      resolveCulture(typeof q?.culture === 'string' ? q.culture : undefined) ??
      resolveCulture(request.headers['.aspnetcore.culture'] as string | undefined) ??
      resolveCulture(request.cookies?.['.AspNetCore.Culture']) ??
      resolveCulture(accept) ??
      DEFAULT_CULTURE;
  });
});
