import { beforeEach, describe, expect, it, vi } from 'vitest';
import { api } from './client.ts';
import { AbpError } from '@edu/sdk';
import { authApi, changeLanguage, lockedOutUntil, lockoutTime, lockScreen, login, logout, switchTenant, unlock } from './auth.ts';
import { getCookie, getTenantIdCookie } from './cookies.ts';
import { resetAbpState, setAbpState } from './abp-store.ts';
import i18n from './i18n.ts';
import type { AbpUserConfigurationDto } from '@edu/sdk';

const token = { accessToken: 'jwt', encryptedAccessToken: 'enc', expireInSeconds: 86400, userId: 2, isGeneral: false };

function clearCookies() {
  for (const c of document.cookie.split(';')) document.cookie = `${c.split('=')[0]!.trim()}=; path=/; expires=Thu, 01 Jan 1970 00:00:00 GMT`;
}

describe('auth actions', () => {
  beforeEach(() => {
    vi.restoreAllMocks();
    clearCookies();
    localStorage.clear();
    sessionStorage.clear();
    resetAbpState();
  });

  it('login stores the token cookies and the session keys', async () => {
    const spy = vi.spyOn(authApi.tokenAuth, 'usersLogin').mockResolvedValue(token);
    const setCookie = vi.spyOn(document, 'cookie', 'set');
    await login({ userNameOrEmailAddress: 'admin', password: '123qwe', rememberMe: true });
    expect(spy).toHaveBeenCalledWith({ userNameOrEmailAddress: 'admin', password: '123qwe', rememberMe: true });
    expect(getCookie('Abp.AuthToken')).toBe('jwt');
    expect(getCookie('enc_auth_token')).toBe('enc');
    // remember me: persistent for expireInSeconds
    expect(setCookie.mock.calls.some(([v]) => String(v).startsWith('Abp.AuthToken=jwt') && String(v).includes('expires='))).toBe(true);
    expect(sessionStorage.getItem('userId')).toBe('2');
    expect(sessionStorage.getItem('isGeneral')).toBe('false');
    expect(sessionStorage.getItem('rememberMe')).toBe('true');
  });

  it('login without remember me sets session cookies', async () => {
    vi.spyOn(authApi.tokenAuth, 'usersLogin').mockResolvedValue(token);
    const setCookie = vi.spyOn(document, 'cookie', 'set');
    await login({ userNameOrEmailAddress: 'admin', password: '123qwe', rememberMe: false });
    const written = setCookie.mock.calls.map(([v]) => String(v)).filter((v) => v.startsWith('Abp.AuthToken') || v.startsWith('enc_auth_token'));
    expect(written).toHaveLength(2);
    for (const w of written) expect(w).not.toContain('expires=');
  });

  it('logout calls the service, clears storages and token cookies, and reloads', async () => {
    const out = vi.spyOn(authApi.account, 'loginOut').mockRejectedValue(new Error('offline'));
    document.cookie = 'Abp.AuthToken=jwt; path=/';
    localStorage.setItem('tabs:1:2', '[]');
    sessionStorage.setItem('userId', '2');
    const reload = vi.fn();
    await logout(reload);
    expect(out).toHaveBeenCalled();
    expect(localStorage.length).toBe(0);
    expect(sessionStorage.length).toBe(0);
    expect(getCookie('Abp.AuthToken')).toBeNull();
    expect(reload).toHaveBeenCalledOnce();
  });

  it('tenant switch: empty name is the host; a found tenant sets the cookie; others fail', async () => {
    const spy = vi.spyOn(authApi.account, 'isTenantAvailable');
    spy.mockResolvedValueOnce({ state: 1, tenantId: 1 });
    expect(await switchTenant('Default')).toEqual({ ok: true, tenantId: 1 });
    expect(getTenantIdCookie()).toBe(1);
    spy.mockResolvedValueOnce({ state: 3, tenantId: null });
    expect(await switchTenant('Nope')).toEqual({ ok: false, reason: 'notFound' });
    spy.mockResolvedValueOnce({ state: 2, tenantId: null });
    expect(await switchTenant('Old')).toEqual({ ok: false, reason: 'inactive' });
    expect(getTenantIdCookie()).toBe(1);
    expect(await switchTenant('  ')).toEqual({ ok: true, tenantId: null });
    expect(getTenantIdCookie()).toBeNull();
  });

  it('lock saves the page and sets the flag; unlock signs in again and clears it', async () => {
    lockScreen('manager');
    expect(localStorage.getItem('locking')).toBe('1');
    expect(localStorage.getItem('last_page_name')).toBe('manager');
    const spy = vi.spyOn(authApi.tokenAuth, 'usersLogin').mockResolvedValue({ ...token, accessToken: 'new' });
    expect(await unlock('admin', '123qwe')).toBe('manager');
    expect(spy).toHaveBeenCalledWith({ userNameOrEmailAddress: 'admin', password: '123qwe', rememberMe: false });
    expect(getCookie('Abp.AuthToken')).toBe('new');
    expect(localStorage.getItem('locking')).toBe('0');
  });

  it('a wrong unlock password keeps the screen locked', async () => {
    lockScreen('manager');
    vi.spyOn(authApi.tokenAuth, 'usersLogin').mockRejectedValue(new Error('Login failed!'));
    await expect(unlock('admin', 'nope')).rejects.toThrow('Login failed!');
    expect(localStorage.getItem('locking')).toBe('1');
  });

  it('changeLanguage tells the server when signed in, sets the culture cookie and switches i18next', async () => {
    const spy = vi.spyOn(api.user, 'changeLanguage').mockResolvedValue(null);
    await changeLanguage('en');
    expect(spy).not.toHaveBeenCalled();
    expect(getCookie('Abp.Localization.CultureName')).toBe('en');
    expect(i18n.language).toBe('en');
    setAbpState({ config: { session: { userId: 2 } } as unknown as AbpUserConfigurationDto });
    await changeLanguage('zh-CN');
    expect(spy).toHaveBeenCalledWith({ languageName: 'zh-Hans' });
    expect(getCookie('Abp.Localization.CultureName')).toBe('zh-Hans');
    expect(i18n.language).toBe('zh-CN');
  });

  it('reads the lockout end from a locked-out sign-in failure, and nothing from other failures', () => {
    const failure = (code: number, details: string | null) =>
      new AbpError({ kind: 'userFriendly', status: 500, code, message: 'Login failed!', details });
    const until = lockedOutUntil(failure(9, 'The user account is locked out until 2026-11-27T14:05:00Z (UTC). Please try again later.'));
    expect(until?.toISOString()).toBe('2026-11-27T14:05:00.000Z');
    expect(lockoutTime(until!)).toBe('22:05');
    expect(lockoutTime(new Date('2026-11-27T16:30:00Z'))).toBe('00:30');
    expect(lockedOutUntil(failure(0, 'Invalid user name or password'))).toBeNull();
    expect(lockedOutUntil(failure(0, 'until 2026-11-27T14:05:00Z'))).toBeNull();
    expect(lockedOutUntil(failure(9, null))).toBeNull();
    expect(lockedOutUntil(new Error('until 2026-11-27T14:05:00Z'))).toBeNull();
  });
});
