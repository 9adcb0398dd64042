import type { ClientConfig } from '@edu/sdk';
import { bindRoutes, publicRoutes } from '@edu/sdk/public-routes';
import { appConfig } from './app-config.ts';
import { getCultureCookie, getTenantIdCookie, getToken } from './cookies.ts';

/**
 * The SDK client's configuration. `baseUrl` is read on every call, so boot sets
 * it from `/appconfig.json` (`setApiBaseUrl`) before the first request.
 */
export const clientConfig: ClientConfig = {
  baseUrl: appConfig.remoteServiceBaseUrl,
  getToken,
  getCulture: getCultureCookie,
  getTenantId: getTenantIdCookie,
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
 * load has no room for (issue 13). Everything behind the login uses `api`.
 */
export const publicApi = {
  abpUserConfiguration: bindRoutes(clientConfig, publicRoutes.abpUserConfiguration),
  session: bindRoutes(clientConfig, publicRoutes.session),
  tokenAuth: bindRoutes(clientConfig, publicRoutes.tokenAuth),
  account: bindRoutes(clientConfig, publicRoutes.account),
};
