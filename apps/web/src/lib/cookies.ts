/**
 * Cookie helpers as abp.js writes them: values are
 * URI-encoded, path `/`. An `expires` of undefined makes a session cookie.
 */

/** The spec's long cookie lifetime: 15768e7 ms (about 5 years). */
export const FIVE_YEARS_MS = 15768e7;

export const COOKIE = {
  authToken: 'Abp.AuthToken',
  encAuthToken: 'enc_auth_token',
  tenantId: 'Abp.TenantId',
  culture: 'Abp.Localization.CultureName',
  /** Ours: the tenancy name shown on the login page, beside the tenant id cookie. */
  tenancyName: 'Abp.TenancyName',
} as const;

export function getCookie(name: string): string | null {
  const prefix = `${encodeURIComponent(name)}=`;
  for (const part of document.cookie.split(';')) {
    const c = part.trim();
    if (c.startsWith(prefix)) {
      try {
        return decodeURIComponent(c.slice(prefix.length));
      } catch {
        return c.slice(prefix.length);
      }
    }
  }
  return null;
}

/** Builds the cookie string (exported for tests of the lifetimes). */
export function cookieString(name: string, value: string, expires?: Date): string {
  let s = `${encodeURIComponent(name)}=${encodeURIComponent(value)}; path=/`;
  if (expires) s += `; expires=${expires.toUTCString()}`;
  return s;
}

export function setCookie(name: string, value: string, expires?: Date): void {
  document.cookie = cookieString(name, value, expires);
}

export function deleteCookie(name: string): void {
  document.cookie = `${encodeURIComponent(name)}=; path=/; expires=Thu, 01 Jan 1970 00:00:00 GMT`;
}

/** A date `ms` milliseconds from now. */
export function fromNow(ms: number, now: number = Date.now()): Date {
  return new Date(now + ms);
}

// --- the project's cookies --------------------------------------------------

export function getToken(): string | null {
  return getCookie(COOKIE.authToken);
}

/**
 * Stores the access token and the encrypted one (spec section 4): persistent for
 * `expireInSeconds` with remember me, session cookies otherwise.
 */
export function setAuthCookies(
  token: { accessToken: string; encryptedAccessToken: string; expireInSeconds: number },
  rememberMe: boolean,
  now: number = Date.now(),
): void {
  const expires = rememberMe ? fromNow(token.expireInSeconds * 1000, now) : undefined;
  setCookie(COOKIE.authToken, token.accessToken, expires);
  setCookie(COOKIE.encAuthToken, token.encryptedAccessToken, expires);
}

export function clearAuthCookies(): void {
  deleteCookie(COOKIE.authToken);
  deleteCookie(COOKIE.encAuthToken);
}

/** The tenant cookie as abp.js reads it: an integer, or null for the host. */
export function getTenantIdCookie(): number | null {
  const v = getCookie(COOKIE.tenantId);
  if (!v) return null;
  const n = Number.parseInt(v, 10);
  return Number.isFinite(n) ? n : null;
}

/** abp.js `setTenantIdCookie`: 5 years; a falsy id (host) deletes it. */
export function setTenantIdCookie(id: number | null | undefined, now: number = Date.now()): void {
  if (!id) deleteCookie(COOKIE.tenantId);
  else setCookie(COOKIE.tenantId, String(id), fromNow(FIVE_YEARS_MS, now));
}

export function getCultureCookie(): string | null {
  return getCookie(COOKIE.culture);
}

export function setCultureCookie(culture: string, now: number = Date.now()): void {
  setCookie(COOKIE.culture, culture, fromNow(FIVE_YEARS_MS, now));
}

export function getTenancyNameCookie(): string | null {
  return getCookie(COOKIE.tenancyName);
}

export function setTenancyNameCookie(name: string | null, now: number = Date.now()): void {
  if (!name) deleteCookie(COOKIE.tenancyName);
  else setCookie(COOKIE.tenancyName, name, fromNow(FIVE_YEARS_MS, now));
}
