import { createClient, type Client } from '@edu/sdk';
import type { buildApp } from '@edu/mock-server';

type MockApp = Awaited<ReturnType<typeof buildApp>>;

/**
 * The backend the contract suite runs against: the mock server (default: the
 * vitest worker's in-process server, its seeded database restored for each
 * file) or any ABP backend named by
 * CONTRACT_BASE_URL with CONTRACT_USER / CONTRACT_PASSWORD / CONTRACT_TENANT.
 * Host-side checks need CONTRACT_HOST_USER / CONTRACT_HOST_PASSWORD there.
 */
export interface Backend {
  baseUrl: string;
  isMock: boolean;
  tenancyName: string;
  /** A signed-in client (tenant admin by default). */
  signIn(userName?: string, password?: string, tenancyName?: string | null): Promise<SignedIn>;
  /** A host admin client, or null when the backend's host credentials are not configured. */
  host(): Promise<SignedIn | null>;
  /**
   * Another user of the tenant's Admin role, made by `admin`: a later review
   * step must be decided by someone other than the earlier step's decider.
   */
  secondReviewer(admin: SignedIn): Promise<SignedIn>;
  anonymous(tenantId?: number | null): Client;
  /** The in-process mock server (undefined against another backend), for setting up what no endpoint makes yet. */
  mock?: MockApp;
  close(): Promise<void>;
}

export interface SignedIn {
  client: Client;
  token: string;
  userId: number;
  tenantId: number | null;
}

export const TEST_PASSWORD = 'Contract#2026';

function clientFor(baseUrl: string, token: string | null, tenantId: number | null): Client {
  return createClient({
    baseUrl,
    getToken: () => token,
    getTenantId: () => tenantId,
    getCulture: () => 'en',
    validateResponses: true,
  });
}

async function tenantIdOf(baseUrl: string, tenancyName: string | null): Promise<number | null> {
  if (!tenancyName) return null;
  const r = await clientFor(baseUrl, null, null).account.isTenantAvailable({ tenancyName });
  if (r.state !== 1 || r.tenantId === null) throw new Error(`Tenant ${tenancyName} is not available (state ${r.state})`);
  return r.tenantId;
}

export async function startBackend(): Promise<Backend> {
  const env = process.env;
  let baseUrl = env.CONTRACT_BASE_URL;
  let mock: MockApp | undefined;
  const isMock = !baseUrl;
  if (!baseUrl) {
    // The worker's mock server (shared with the other files this worker runs), on the seeded data again.
    const { workerServer } = await import('../../e2e/support/server.ts');
    const server = await workerServer();
    await server.reset();
    mock = server.app;
    baseUrl = server.baseUrl;
  }
  const url = baseUrl;
  const tenancyName = env.CONTRACT_TENANT ?? 'Default';
  const signIn: Backend['signIn'] = async (
    userName = env.CONTRACT_USER ?? 'admin',
    password = env.CONTRACT_PASSWORD ?? '123qwe',
    tenant = tenancyName,
  ) => {
    const tenantId = await tenantIdOf(url, tenant);
    const r = await clientFor(url, null, tenantId).tokenAuth.authenticate({ userNameOrEmailAddress: userName, password, rememberClient: false });
    return { client: clientFor(url, r.accessToken, tenantId), token: r.accessToken, userId: r.userId, tenantId };
  };
  return {
    baseUrl: url,
    isMock,
    tenancyName,
    signIn,
    async host() {
      if (isMock) return signIn('admin', '123qwe', null);
      if (!env.CONTRACT_HOST_USER || !env.CONTRACT_HOST_PASSWORD) return null;
      return signIn(env.CONTRACT_HOST_USER, env.CONTRACT_HOST_PASSWORD, null);
    },
    async secondReviewer(admin) {
      const userName = unique('reviewer');
      await admin.client.user.create({
        userName,
        name: '审',
        surname: '复',
        emailAddress: `${userName}@example.edu.cn`,
        password: TEST_PASSWORD,
        roleNames: ['Admin'],
      });
      return signIn(userName, TEST_PASSWORD);
    },
    anonymous: (tenantId = null) => clientFor(url, null, tenantId),
    mock,
    // The mock server outlives the file (the worker closes it); another backend has nothing to close.
    close: async () => {},
  };
}

let seq = 0;
/** A short unique suffix for names created by a test run. */
export function unique(prefix: string): string {
  seq += 1;
  return `${prefix}${Date.now().toString(36)}${seq}`;
}
