import { allEndpoints, type Endpoint } from '@edu/sdk';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../testing/test-app.ts';

/**
 * Throws malformed input at every registered endpoint as an administrator of
 * the host and of a tenant: nothing may answer 500 (other than a business
 * rule's user-friendly error, which carries a message) or crash the server.
 */
const t = useTestApp();
let tokens: Array<{ token: string; tenantId: number | null }>;
beforeAll(async () => {
  tokens = [
    { token: t.admin, tenantId: 1 },
    { token: await t.login('admin', '123qwe', null), tenantId: null },
  ];
});

const NASTY_VALUES: unknown[] = [null, -1, 0, 1.5, 'x', '', [], {}, true, '<script>alert(1)</script>', 'a'.repeat(5000), 2 ** 53, -(2 ** 31)];
const QUERY_VALUES = ['-1', '0', 'abc', '', '1e309', '99999999999999999999', 'true', '%00', '1 OR 1=1'];

/** Every top-level key an input schema declares, for targeted garbage. */
function keysOf(e: Endpoint): string[] {
  const shape = (e.input as unknown as { shape?: Record<string, unknown> }).shape;
  return shape ? Object.keys(shape) : [];
}

function inputsFor(e: Endpoint): Array<Record<string, unknown> | string | undefined> {
  const keys = keysOf(e);
  if (e.inputIn === 'query') {
    return [undefined, ...keys.flatMap((k) => QUERY_VALUES.map((v) => ({ [k]: v }))), { SkipCount: '-5', MaxResultCount: '0' }];
  }
  return [
    undefined,
    '{not json',
    '[]',
    'null',
    '"string"',
    {},
    ...keys.flatMap((k) => NASTY_VALUES.map((v) => ({ [k]: v }))),
    Object.fromEntries(keys.map((k) => [k, 'x'])),
  ];
}

/** One test per service: short tests, and a failure names its service. */
const byService = new Map<string, Endpoint[]>();
for (const e of allEndpoints()) byService.set(e.service, [...(byService.get(e.service) ?? []), e]);

describe('bad input at every endpoint', () => {
  it.each([...byService.keys()])('%s never answers an unexpected 500', async (service) => {
    const failures: string[] = [];
    const endpoints = byService.get(service)!;
    let calls = 0;
    for (const e of endpoints) {
      // LoginOut revokes the token it is called with: give it throwaway ones.
      const callers = e.method === 'LoginOut' ? [{ token: '', tenantId: 1 }] : tokens;
      for (const who of callers) {
        for (const input of inputsFor(e)) {
          if (e.method === 'LoginOut') who.token = await t.login('admin', '123qwe', 1);
          const res = await t.app.inject({
            method: e.verb,
            url: e.path,
            headers: {
              authorization: `Bearer ${who.token}`,
              ...(who.tenantId !== null && { 'abp.tenantid': String(who.tenantId) }),
              ...(e.inputIn === 'body' && { 'content-type': 'application/json' }),
            },
            ...(e.inputIn === 'query' && input && typeof input === 'object' && { query: input as Record<string, string> }),
            ...(e.inputIn === 'body' && input !== undefined && { payload: typeof input === 'string' ? input : JSON.stringify(input) }),
          });
          calls++;
          if (res.statusCode === 401) failures.push(`${e.verb} ${e.path} answered 401 to a signed-in administrator`);
          // File endpoints (templates, exports) answer their file; every error is still the JSON envelope.
          const isJson = String(res.headers['content-type'] ?? '').startsWith('application/json');
          if (!isJson && res.statusCode !== 200) failures.push(`${e.verb} ${e.path} answered ${res.statusCode} without the JSON envelope`);
          const body = res.body && isJson ? JSON.parse(res.body) : null;
          const internal = res.statusCode === 500 && body?.error?.message?.includes('服务器内部错误');
          if (internal || res.statusCode > 500) failures.push(`${e.verb} ${e.path} ${JSON.stringify(input)?.slice(0, 80)} -> ${res.statusCode}`);
          if (res.statusCode === 400) {
            expect(body.error.validationErrors.length, `${e.path}`).toBeGreaterThan(0);
            for (const v of body.error.validationErrors) for (const m of v.members ?? []) expect(m).toMatch(/^[a-z$]/);
          }
        }
      }
    }
    expect(failures).toEqual([]);
    // Every endpoint got several inputs (none of them skipped).
    expect(calls).toBeGreaterThan(endpoints.length);
  });

  it('keeps serving after all of it', async () => {
    const alive = await t.call('GET', '/api/services/app/Session/GetCurrentLoginInformations');
    expect(alive.status).toBe(200);
  });

  it('names camelCase members for wrong types, missing fields, enums and paging', async () => {
    const token = tokens[0]!.token;
    const missing = await t.call('POST', '/api/services/app/User/Create', { token, body: { UserName: 5 } });
    expect(missing.status).toBe(400);
    const members = missing.body.error.validationErrors.flatMap((v: { members: string[] }) => v.members);
    expect(members).toEqual(expect.arrayContaining(['userName', 'name', 'surname', 'emailAddress', 'password']));
    expect(missing.body.error.details).toMatch(/^验证过程中检测到以下错误\n - /);
    const enumBad = await t.call('POST', '/api/services/app/User/changeUserIdentity', { token, body: { id: 1, identity: 9 } });
    expect(enumBad.body.error.validationErrors[0].members).toEqual(['identity']);
    const paging = await t.call('GET', '/api/services/app/User/GetAll', { token, query: { SkipCount: -1, MaxResultCount: 0 } });
    expect(paging.status).toBe(400);
    expect(paging.body.error.validationErrors.flatMap((v: { members: string[] }) => v.members).sort()).toEqual(['maxResultCount', 'skipCount']);
    const json = await t.call('POST', '/api/services/app/User/Create', { token, body: '{"userName":' });
    expect(json.status).toBe(400);
    expect(json.body.error.validationErrors[0].members).toEqual(['$']);
  });

  it('answers 413 to an oversized body', async () => {
    const res = await t.call('POST', '/api/services/app/User/Create', {
      token: tokens[0]!.token,
      body: { userName: 'x'.repeat(2 * 1024 * 1024) },
    });
    expect(res.status).toBe(413);
  });
});
