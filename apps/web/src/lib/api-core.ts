import type { ClientConfig } from '@edu/sdk';
import { bindRoutes, publicRoutes } from '@edu/sdk/public-routes';
import { getAbpState } from './abp-store.ts';
import { appConfig } from './app-config.ts';
import { isGatewayFailure, reportReachable, reportUnreachable, setProbe } from './connectivity.ts';
import { getCultureCookie, getTenantIdCookie, getToken } from './cookies.ts';
import { isSessionEnding, renewSession } from './session-renewal.ts';
import { readLocal, STORAGE } from './storage.ts';

/** The configured request timeout (appconfig.json `requestTimeoutSeconds`) in milliseconds. */
const requestTimeoutMs = () => appConfig.requestTimeoutSeconds * 1000;

/** Sends one request and tells connectivity.ts whether the backend answered. */
async function reach(input: RequestInfo | URL, init: RequestInit): Promise<Response> {
  try {
    const res = await globalThis.fetch(input, init);
    if (isGatewayFailure(res.status) && !res.headers.get('content-type')?.includes('json')) reportUnreachable('network');
    else reportReachable();
    return res;
  } catch (e) {
    // The SDK's own timeout aborts the request: it reports itself through the error (kind timeout).
    if (!(e instanceof DOMException && e.name === 'AbortError'))
      reportUnreachable(e instanceof DOMException && e.name === 'TimeoutError' ? 'timeout' : 'network');
    throw e;
  }
}

/** A signed-in, unlocked session whose token the server refused can be renewed in place. */
function canRenew(init: RequestInit): boolean {
  const sentToken = new Headers(init.headers).has('Authorization');
  return sentToken && !isSessionEnding() && Boolean(getAbpState().session?.user) && readLocal(STORAGE.locking) !== '1';
}

/**
 * The fetch of every SDK call: reports whether the backend answers, and a 401
 * to a signed-in user's call (token expired or revoked) waits for the sign-in
 * dialog and is sent again with the new token and a new timeout (a 401 means
 * the server did nothing, so a write is safe to send again). When the user
 * signs out instead, the 401 goes to the caller.
 */
export async function appFetch(input: RequestInfo | URL, init: RequestInit = {}): Promise<Response> {
  const res = await reach(input, init);
  if (res.status !== 401 || !canRenew(init) || !(await renewSession())) return res;
  const headers = new Headers(init.headers);
  const token = getToken();
  if (token) headers.set('Authorization', `Bearer ${token}`);
  return reach(input, { ...init, headers, signal: AbortSignal.timeout(requestTimeoutMs()) });
}

/**
 * The SDK client's configuration. `baseUrl` is read on every call, so boot sets
 * it from `/appconfig.json` (`setApiBaseUrl`) before the first request.
 */
export const clientConfig: ClientConfig = {
  baseUrl: appConfig.remoteServiceBaseUrl,
  getToken,
  getCulture: getCultureCookie,
  getTenantId: getTenantIdCookie,
  fetch: appFetch,
  // Read per call: boot sets appConfig from /appconfig.json before the first request.
  get timeoutMs() {
    return requestTimeoutMs();
  },
  // Drift between SDK and backend fails loudly in development and tests; production trusts the server.
  validateResponses: import.meta.env.DEV || import.meta.env.MODE === 'test',
};

export function setApiBaseUrl(url: string): void {
  clientConfig.baseUrl = url;
}

/**
 * The calls boot, the login and lock screens and logout make, as zod-free
 * routes (`publicRoutes`): the full client (`api`, lib/client.ts) binds every
 * service and so loads every schema and zod, which the login page's first
 * load has no room for (docs/architecture/speed.md, "The console's first load"). Everything behind the login uses `api`.
 */
export const publicApi = {
  abpUserConfiguration: bindRoutes(clientConfig, publicRoutes.abpUserConfiguration),
  session: bindRoutes(clientConfig, publicRoutes.session),
  tokenAuth: bindRoutes(clientConfig, publicRoutes.tokenAuth),
  account: bindRoutes(clientConfig, publicRoutes.account),
};

// Whether the backend answers again: a cheap public read (the session answers anonymous callers too).
setProbe(() => publicApi.session.getCurrentLoginInformations({}));
