import { randomUUID } from 'node:crypto';
import fp from 'fastify-plugin';
import fastifyJwt from '@fastify/jwt';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AbpSession } from '../identity/session.ts';
import { decryptString, encryptString } from '../identity/string-cipher.ts';

/** ABP's claim types (long URI names, since the template builds `JwtSecurityToken` directly). */
export const Claims = {
  nameId: 'http://schemas.xmlsoap.org/ws/2005/05/identity/claims/nameidentifier',
  name: 'http://schemas.xmlsoap.org/ws/2005/05/identity/claims/name',
  role: 'http://schemas.microsoft.com/ws/2008/06/identity/claims/role',
  securityStamp: 'AspNet.Identity.SecurityStamp',
  tenantId: 'http://www.aspnetboilerplate.com/identity/claims/tenantId',
  impersonatorUserId: 'http://www.aspnetboilerplate.com/identity/claims/impersonatorUserId',
  impersonatorTenantId: 'http://www.aspnetboilerplate.com/identity/claims/impersonatorTenantId',
} as const;

/** Verified tokens fast-jwt keeps (signed-in users at once, roughly; about 1 kB each). */
const VERIFIED_TOKENS = 10_000;

export interface TokenSubject {
  id: number;
  userName: string;
  securityStamp: string;
  tenantId: number | null;
  roleNames: string[];
  /** Who signs in as the user (ASP.NET Zero's impersonation); absent otherwise. */
  impersonator?: { userId: number; tenantId: number | null };
}

export interface IssuedToken {
  accessToken: string;
  encryptedAccessToken: string;
  expireInSeconds: number;
}

export interface AuthOptions {
  jwtSecret: string;
  issuer: string;
  audience: string;
  tokenLifetimeSeconds: number;
  passPhrase: string;
  /** Tokens revoked earlier (from the database), loaded at start. */
  revoked: Iterable<{ jti: string; expiresAt: Date }>;
  persistRevocation(jti: string, expiresAt: Date): Promise<void>;
  /**
   * Whether a verified token's user still stands behind it (exists, is active,
   * same security stamp): a password reset changes the stamp, so every token
   * issued before it makes the request anonymous.
   */
  isCurrent(session: AbpSession): Promise<boolean>;
}

declare module 'fastify' {
  interface FastifyInstance {
    tokens: {
      issue(subject: TokenSubject): IssuedToken;
      /** Verifies a JWT (signature, issuer, audience, lifetime, not revoked). */
      verify(token: string): AbpSession | null;
      revoke(jti: string, exp: number): Promise<void>;
      encrypt(plain: string): string;
      decrypt(cipher: string): string | null;
    };
  }
  interface FastifyRequest {
    abpSession: AbpSession;
  }
}

/**
 * JWT bearer auth as the ABP template configures it: HS256 with the configured
 * key, issuer/audience checked, no clock skew. An invalid or expired token makes
 * the request anonymous (which then ends in 401 where auth is needed).
 */
export const authPlugin = fp<AuthOptions>(async (app: FastifyInstance, opts) => {
  await app.register(fastifyJwt, {
    secret: opts.jwtSecret,
    sign: { algorithm: 'HS256' },
    verify: {
      algorithms: ['HS256'],
      allowedIss: opts.issuer,
      allowedAud: opts.audience,
      // A signed-in console sends the same token with every request; verifying it again (HMAC, base64, JSON)
      // was a sixth of an authenticated request's CPU. fast-jwt keeps verified tokens until they expire,
      // keyed by its own SHA-256 of the token (about 2 µs; a custom key makes it warn at every start).
      // Revocation and the user's security stamp are still checked on every request (below and `isCurrent`).
      cache: VERIFIED_TOKENS,
    },
  });

  const revoked = new Map<string, number>();
  for (const r of opts.revoked) revoked.set(r.jti, Math.floor(r.expiresAt.getTime() / 1000));

  const verify = (token: string): AbpSession | null => {
    try {
      const p = app.jwt.verify<Record<string, unknown>>(token);
      const jti = typeof p.jti === 'string' ? p.jti : undefined;
      const securityStamp = p[Claims.securityStamp];
      if (!jti || revoked.has(jti) || typeof securityStamp !== 'string') return null;
      const userId = Number(p[Claims.nameId]);
      if (!Number.isInteger(userId)) return null;
      const tenantRaw = p[Claims.tenantId];
      const tenantId = tenantRaw === undefined ? null : Number(tenantRaw);
      const session: AbpSession = { userId, tenantId: Number.isInteger(tenantId) ? tenantId : null, jti, exp: Number(p.exp), securityStamp };
      const impersonatorUserId = Number(p[Claims.impersonatorUserId]);
      if (p[Claims.impersonatorUserId] !== undefined && Number.isInteger(impersonatorUserId)) {
        const impersonatorTenantId = Number(p[Claims.impersonatorTenantId]);
        session.impersonatorUserId = impersonatorUserId;
        session.impersonatorTenantId =
          p[Claims.impersonatorTenantId] !== undefined && Number.isInteger(impersonatorTenantId) ? impersonatorTenantId : null;
      }
      return session;
    } catch {
      return null;
    }
  };

  app.decorate('tokens', {
    issue(subject: TokenSubject): IssuedToken {
      const now = Math.floor(Date.now() / 1000);
      const claims: Record<string, unknown> = {
        [Claims.nameId]: String(subject.id),
        [Claims.name]: subject.userName,
        [Claims.securityStamp]: subject.securityStamp,
        ...(subject.roleNames.length && { [Claims.role]: subject.roleNames.length === 1 ? subject.roleNames[0] : subject.roleNames }),
        ...(subject.tenantId !== null && { [Claims.tenantId]: String(subject.tenantId) }),
        ...(subject.impersonator && { [Claims.impersonatorUserId]: String(subject.impersonator.userId) }),
        ...(subject.impersonator?.tenantId != null && { [Claims.impersonatorTenantId]: String(subject.impersonator.tenantId) }),
        sub: String(subject.id),
        jti: randomUUID(),
        iat: now,
        nbf: now,
        exp: now + opts.tokenLifetimeSeconds,
        iss: opts.issuer,
        aud: opts.audience,
      };
      const accessToken = app.jwt.sign(claims);
      return {
        accessToken,
        encryptedAccessToken: encryptString(accessToken, opts.passPhrase),
        expireInSeconds: opts.tokenLifetimeSeconds,
      };
    },
    verify,
    async revoke(jti: string, exp: number) {
      revoked.set(jti, exp);
      await opts.persistRevocation(jti, new Date(exp * 1000));
    },
    encrypt: (plain: string) => encryptString(plain, opts.passPhrase),
    decrypt: (cipher: string) => decryptString(cipher, opts.passPhrase),
  });

  // Forget revocations once the token would have expired anyway.
  const sweep = setInterval(() => {
    const now = Date.now() / 1000;
    for (const [jti, exp] of revoked) if (exp < now) revoked.delete(jti);
  }, 60_000);
  sweep.unref();
  app.addHook('onClose', async () => clearInterval(sweep));

  // Declared without a value (set per request below): a shared object would leak between requests.
  app.decorateRequest('abpSession');
  app.addHook('onRequest', async (request: FastifyRequest) => {
    request.abpSession = { userId: null, tenantId: null };
    const header = request.headers.authorization;
    if (header?.startsWith('Bearer ')) {
      const session = verify(header.slice(7).trim());
      if (session && (await opts.isCurrent(session))) request.abpSession = session;
    }
  });
});
