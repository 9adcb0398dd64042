import { allEndpoints, requiredPermissions, toQueryString, type Endpoint } from '@edu/sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startBackend, TEST_PASSWORD, unique, type Backend, type SignedIn } from './support/backend.ts';

/**
 * The authorization matrix, generated from the registry: every endpoint not
 * marked anonymous answers 401 to an anonymous caller, and every endpoint that
 * requires a permission answers 403 to a signed-in user who lacks it. Host-only
 * endpoints answer 403 to a tenant administrator.
 */
let backend: Backend;
let nobody: SignedIn;
let tenantAdmin: SignedIn;

async function raw(e: Endpoint, token: string | null, tenantId: number | null) {
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (token) headers.Authorization = `Bearer ${token}`;
  if (tenantId !== null) headers['Abp.TenantId'] = String(tenantId);
  const init: RequestInit = { method: e.verb, headers };
  let url = backend.baseUrl + e.path;
  if (e.inputIn === 'query') url += toQueryString({ Id: 1 });
  else {
    headers['Content-Type'] = 'application/json';
    init.body = '{}';
  }
  const res = await fetch(url, init);
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : null };
}

beforeAll(async () => {
  backend = await startBackend();
  tenantAdmin = await backend.signIn();
  const userName = unique('noperm');
  await tenantAdmin.client.user.create({
    userName,
    name: '无',
    surname: '权',
    emailAddress: `${userName}@example.edu.cn`,
    password: TEST_PASSWORD,
    roleNames: [],
  });
  nobody = await backend.signIn(userName, TEST_PASSWORD);
});
afterAll(async () => backend?.close());

const endpoints = allEndpoints();
const protectedEndpoints = endpoints.filter((e) => e.access !== 'anonymous');
const permissioned = endpoints.filter((e) => requiredPermissions(e.access).length > 0);

it('covers the registry', () => {
  expect(protectedEndpoints.length).toBeGreaterThan(20);
  expect(permissioned.length).toBeGreaterThan(15);
});

describe.each(protectedEndpoints.map((e) => [`${e.verb} ${e.path}`, e] as const))('%s', (_name, e) => {
  it('answers 401 to an anonymous caller', async () => {
    const res = await raw(e, null, 1);
    expect(res.status).toBe(401);
    expect(res.body).toMatchObject({ success: false, unAuthorizedRequest: true, __abp: true });
  });
  if (requiredPermissions(e.access).length) {
    it(`answers 403 to a user without ${requiredPermissions(e.access).join(' | ')}`, async () => {
      const res = await raw(e, nobody.token, nobody.tenantId);
      expect(res.status).toBe(403);
      expect(res.body).toMatchObject({ success: false, unAuthorizedRequest: true });
    });
  }
  if (e.hostOnly) {
    it('answers 403 to a tenant administrator (host only)', async () => {
      const res = await raw(e, tenantAdmin.token, tenantAdmin.tenantId);
      expect(res.status).toBe(403);
    });
  }
});
