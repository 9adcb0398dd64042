import { createClient, type Client, type ClientConfig } from '@edu/sdk';
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

/** The one way the web app talks to the backend: `api.user.getAll({ SkipCount: 0, MaxResultCount: 10 })`. */
export const api: Client = createClient(clientConfig);

export function setApiBaseUrl(url: string): void {
  clientConfig.baseUrl = url;
}
