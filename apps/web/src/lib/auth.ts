import { AbpError } from '@edu/sdk';
import { publicApi } from './api-core.ts';
import { getAbpState } from './abp-store.ts';
import { clearAuthCookies, setAuthCookies, setCultureCookie, setTenantIdCookie, setTenancyNameCookie } from './cookies.ts';
import { ABP_LANGUAGE, type AppLanguage } from './language.ts';
import { textSource } from './texts.ts';
import { endSession } from './session-renewal.ts';
import { STORAGE, writeLocal, writeSession } from './storage.ts';

/** The calls of the login and lock screens (zod-free, see `publicApi`): the full client (`api`) stays out of the first load. */
export const authApi = { tokenAuth: publicApi.tokenAuth, account: publicApi.account };

/** The signed-in user's id from the session configuration, or null (the guard's "session user id"). */
export function sessionUserId(): number | null {
  const { config, session } = getAbpState();
  return config?.session.userId ?? session?.user?.id ?? null;
}

export interface LoginInput {
  userNameOrEmailAddress: string;
  password: string;
  rememberMe: boolean;
}

/**
 * Signs in (spec section 4): stores the token cookies (persistent for
 * expireInSeconds with remember me, session cookies otherwise) and isGeneral,
 * userId and rememberMe in sessionStorage. The caller reloads so boot runs signed in.
 */
export async function login(input: LoginInput) {
  const r = await authApi.tokenAuth.usersLogin(input);
  setAuthCookies(r, input.rememberMe);
  writeSession(STORAGE.isGeneral, String(r.isGeneral));
  writeSession(STORAGE.userId, String(r.userId));
  writeSession(STORAGE.rememberMe, String(input.rememberMe));
  return r;
}

/**
 * Spec section 4: the logout service, then local and session storage and the
 * token cookies are cleared, and the page reloads. The tenant cookie stays (as
 * in the ABP templates), so the next sign-in targets the same tenant.
 */
export async function logout(reload: () => void = () => window.location.assign('/')): Promise<void> {
  // The session ends on purpose: its calls' 401s from here on open neither the sign-in dialog nor a modal.
  endSession();
  try {
    await authApi.account.loginOut({});
  } catch {
    // Signing out locally must work even when the server call fails (expired token, offline).
  }
  try {
    localStorage.clear();
    sessionStorage.clear();
  } catch {
    // ignored
  }
  clearAuthCookies();
  reload();
}

/** Where the login page goes after signing in: `/main/home`. */
export const AFTER_LOGIN_PATH = '/main/home';

/** The login page's address that comes back to `here` (path, query, hash) after signing in. */
export function returnToLoginUrl(here: Pick<Location, 'pathname' | 'search' | 'hash'>): string {
  return `/?returnUrl=${encodeURIComponent(here.pathname + here.search + here.hash)}`;
}

/**
 * Where to go after signing in: the login address's `returnUrl` when it is a
 * path of this site (`/...`; not `//host`, nor a slash and a backslash, which
 * browsers read as another origin), else `/main/home`.
 */
export function afterLoginPath(search: string): string {
  const target = new URLSearchParams(search).get('returnUrl');
  return target && target.startsWith('/') && !/^\/[/\\]/.test(target) ? target : AFTER_LOGIN_PATH;
}

export type TenantCheck = { ok: true; tenantId: number | null } | { ok: false; reason: 'notFound' | 'inactive' };

/** Switches the tenant: an empty name is the host; otherwise the tenant must exist and be active. */
export async function switchTenant(tenancyName: string): Promise<TenantCheck> {
  const name = tenancyName.trim();
  if (!name) {
    setTenantIdCookie(null);
    setTenancyNameCookie(null);
    return { ok: true, tenantId: null };
  }
  const r = await authApi.account.isTenantAvailable({ tenancyName: name });
  if (r.state === 1 && r.tenantId) {
    setTenantIdCookie(r.tenantId);
    setTenancyNameCookie(name);
    return { ok: true, tenantId: r.tenantId };
  }
  return { ok: false, reason: r.state === 2 ? 'inactive' : 'notFound' };
}

/** ABP's AbpLoginResultType.LockedOut: the error code of a sign-in refused because the account is locked. */
export const LOCKED_OUT_CODE = 9;

/**
 * When a sign-in failed because the account is locked: the lockout end the
 * server names in the error's details (ISO 8601 UTC), else null.
 */
export function lockedOutUntil(error: unknown): Date | null {
  if (!(error instanceof AbpError) || error.code !== LOCKED_OUT_CODE || !error.details) return null;
  const iso = /\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(?:\.\d+)?Z/.exec(error.details)?.[0];
  return iso ? new Date(iso) : null;
}

/**
 * A lockout end as the sign-in screens show it: `HH:mm` in UTC+8, as every time
 * the console shows. Computed here rather than with @edu/ui's formatDateTimeUtc8,
 * whose ISO parser would join the login page's first load (docs/architecture/speed.md, "The console's first load").
 */
export const lockoutTime = (until: Date): string => new Date(until.getTime() + 8 * 3600_000).toISOString().slice(11, 16);

/** The lock animation's length (spec section 9). */
export const LOCK_ANIMATION_MS = 800;

/** Locks: saves the current page name and sets the flag to 1 (the caller animates, then goes to locking). */
export function lockScreen(currentPageName: string): void {
  writeLocal(STORAGE.lastPageName, currentPageName);
  writeLocal(STORAGE.locking, '1');
}

/**
 * Unlocks by signing in again with the current user's name and the typed
 * password (same tenant: the tenant cookie is unchanged). On success the new
 * token is stored and the flag set to 0; returns the page name to go back to.
 * Failures reject with the server's error (the screen stays locked).
 */
export async function unlock(userName: string, password: string): Promise<string | null> {
  const rememberMe = sessionStorage.getItem(STORAGE.rememberMe) === 'true';
  await login({ userNameOrEmailAddress: userName, password, rememberMe });
  writeLocal(STORAGE.locking, '0');
  return localStorage.getItem(STORAGE.lastPageName);
}

/**
 * Switches the language at runtime: stores it on the server when signed in
 * (`User/ChangeLanguage`), sets the culture cookie for 5 years and changes
 * the texts (lib/texts.ts). The server localizes some data per request culture (built-in role
 * names, permission names), so every cached read is then fetched again.
 */
export async function changeLanguage(lng: AppLanguage): Promise<void> {
  const languageName = ABP_LANGUAGE[lng];
  if (sessionUserId() !== null) {
    // Signed in only, so the full client is loaded on demand.
    const { api } = await import('./client.ts');
    await api.user.changeLanguage({ languageName });
  }
  setCultureCookie(languageName);
  await textSource().changeLanguage(lng);
  document.documentElement.lang = lng;
  if (sessionUserId() !== null) {
    // SWR is loaded with the signed-in screens; the import only reaches it.
    const { mutate } = await import('swr');
    await mutate(() => true);
  }
}
