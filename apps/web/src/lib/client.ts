import { createClient, type Client } from '@edu/sdk';
import { clientConfig } from './api-core.ts';

export { clientConfig, setApiBaseUrl } from './api-core.ts';

/**
 * The one way the signed-in app talks to the backend: `api.user.getAll({ SkipCount: 0, MaxResultCount: 10 })`.
 * It binds every SDK service, so only code behind the login imports it; boot
 * and login bind the few services they need (`serviceClient`, api-core.ts).
 */
export const api: Client = createClient(clientConfig);
