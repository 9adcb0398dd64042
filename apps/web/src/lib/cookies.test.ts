import { describe, expect, it } from 'vitest';
import { FIVE_YEARS_MS, cookieString, fromNow, getCookie, getTenantIdCookie, setCookie, setTenantIdCookie } from './cookies.ts';

describe('cookie lifetimes', () => {
  const now = Date.UTC(2025, 0, 1);

  it('five years is 15768e7 ms', () => {
    expect(FIVE_YEARS_MS).toBe(157_680_000_000);
    expect(fromNow(FIVE_YEARS_MS, now).toISOString()).toBe('2029-12-31T00:00:00.000Z');
  });

  it('session cookies have no expiry; persistent ones do', () => {
    expect(cookieString('Abp.AuthToken', 'x')).toBe('Abp.AuthToken=x; path=/');
    expect(cookieString('Abp.AuthToken', 'x', fromNow(86400 * 1000, now))).toBe('Abp.AuthToken=x; path=/; expires=Thu, 02 Jan 2025 00:00:00 GMT');
  });

  it('URI-encodes values and reads them back', () => {
    setCookie('enc_auth_token', 'a+b/c==');
    expect(document.cookie).toContain('enc_auth_token=a%2Bb%2Fc%3D%3D');
    expect(getCookie('enc_auth_token')).toBe('a+b/c==');
  });

  it('the tenant cookie holds an int; a falsy id deletes it', () => {
    setTenantIdCookie(1);
    expect(getTenantIdCookie()).toBe(1);
    setTenantIdCookie(null);
    expect(getTenantIdCookie()).toBeNull();
  });
});
