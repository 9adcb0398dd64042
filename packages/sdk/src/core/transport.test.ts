import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineService } from './define-service.ts';
import { AbpError } from './errors.ts';
import { callEndpoint, toQueryString, type ClientConfig } from './transport.ts';

const svc = defineService('Thing', {
  GetAll: { input: z.object({ SkipCount: z.number().optional(), Ids: z.array(z.number()).optional() }), output: z.object({ n: z.number() }) },
  Create: { input: z.object({ name: z.string() }), output: z.object({ id: z.number() }) },
});

type Seen = { url: string; init: RequestInit };
function fakeFetch(status: number, body: unknown, seen: Seen[] = []): typeof fetch {
  return (async (url: string, init: RequestInit) => {
    seen.push({ url, init });
    return new Response(body === undefined ? null : JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
  }) as typeof fetch;
}
const ok = (result: unknown) => ({ result, targetUrl: null, success: true, error: null, unAuthorizedRequest: false, __abp: true });
const fail = (message: string, extra: object = {}) => ({
  result: null,
  targetUrl: null,
  success: false,
  error: { code: 0, message, details: null, validationErrors: null, ...extra },
  unAuthorizedRequest: false,
  __abp: true,
});

const base = (fetch: typeof globalThis.fetch, extra: Partial<ClientConfig> = {}): ClientConfig => ({ baseUrl: 'http://api.test/', fetch, ...extra });

describe('transport', () => {
  it('sends the token, culture and tenant headers and the query for GET', async () => {
    const seen: Seen[] = [];
    const out = await callEndpoint(
      base(fakeFetch(200, ok({ n: 1 }), seen), { getToken: () => 'T', getCulture: () => 'zh-Hans', getTenantId: () => 1 }),
      svc.endpoints.GetAll,
      { SkipCount: 10, Ids: [1, 2] },
    );
    expect(out).toEqual({ n: 1 });
    expect(seen[0]!.url).toBe('http://api.test/api/services/app/Thing/GetAll?SkipCount=10&Ids=1&Ids=2');
    const headers = seen[0]!.init.headers as Record<string, string>;
    expect(headers.Authorization).toBe('Bearer T');
    expect(headers['.AspNetCore.Culture']).toBe('zh-Hans');
    expect(headers['Abp.TenantId']).toBe('1');
    expect(seen[0]!.init.method).toBe('GET');
    expect(seen[0]!.init.body).toBeUndefined();
  });

  it('sends JSON bodies for POST and omits headers without values', async () => {
    const seen: Seen[] = [];
    await callEndpoint(base(fakeFetch(200, ok({ id: 5 }), seen)), svc.endpoints.Create, { name: 'x' });
    expect(seen[0]!.init.body).toBe('{"name":"x"}');
    const headers = seen[0]!.init.headers as Record<string, string>;
    expect(headers.Authorization).toBeUndefined();
    expect(headers['Abp.TenantId']).toBeUndefined();
  });

  it.each([
    [400, 'validation'],
    [401, 'unauthorized'],
    [403, 'forbidden'],
    [404, 'notFound'],
    [500, 'userFriendly'],
  ] as const)('maps an ABP error envelope with status %i to kind %s', async (status, kind) => {
    const err = await callEndpoint(base(fakeFetch(status, fail('boom'))), svc.endpoints.Create, { name: 'x' }).catch((e) => e);
    expect(err).toBeInstanceOf(AbpError);
    expect(err.kind).toBe(kind);
    expect(err.status).toBe(status);
    expect(err.message).toBe('boom');
  });

  it('keeps validation errors and exposes them per field', async () => {
    const body = fail('Your request is not valid!', {
      details: 'The following errors were detected during validation.\n - x\n',
      validationErrors: [{ message: 'The Name field is required.', members: ['name'] }],
    });
    const err: AbpError = await callEndpoint(base(fakeFetch(400, body)), svc.endpoints.Create, { name: '' }).catch((e) => e);
    expect(err.fieldErrors()).toEqual({ name: 'The Name field is required.' });
    expect(err.details).toContain('validation');
  });

  it('reports plain HTTP errors without an envelope', async () => {
    const err = await callEndpoint(base(fakeFetch(404, undefined)), svc.endpoints.Create, { name: 'x' }).catch((e) => e);
    expect(err.kind).toBe('notFound');
    const err2 = await callEndpoint(base(fakeFetch(502, undefined)), svc.endpoints.Create, { name: 'x' }).catch((e) => e);
    expect(err2.kind).toBe('server');
  });

  it('reports a network failure as kind network', async () => {
    const broken = (async () => {
      throw new TypeError('fetch failed');
    }) as unknown as typeof fetch;
    const err = await callEndpoint(base(broken), svc.endpoints.Create, { name: 'x' }).catch((e) => e);
    expect(err.kind).toBe('network');
    expect(err.isNetworkOrTimeout).toBe(true);
  });

  it('times out after the configured time with kind timeout', async () => {
    const hanging = ((_url: string, init: RequestInit) =>
      new Promise((_resolve, reject) =>
        init.signal!.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError'))),
      )) as typeof fetch;
    const err = await callEndpoint(base(hanging, { timeoutMs: 20 }), svc.endpoints.Create, { name: 'x' }).catch((e) => e);
    expect(err.kind).toBe('timeout');
  });

  it('fails with kind contract when the response drifts from the schema', async () => {
    const err = await callEndpoint(base(fakeFetch(200, ok({ id: 'not a number' }))), svc.endpoints.Create, { name: 'x' }).catch((e) => e);
    expect(err.kind).toBe('contract');
    expect(err.details).toContain('id');
    const raw = await callEndpoint(base(fakeFetch(200, ok({ id: 'x' })), { validateResponses: false }), svc.endpoints.Create, { name: 'x' });
    expect(raw).toEqual({ id: 'x' });
  });

  it('serializes query strings skipping null and undefined', () => {
    expect(toQueryString({ a: 1, b: undefined, c: null, d: 'x y', e: [1, 2] })).toBe('?a=1&d=x+y&e=1&e=2');
    expect(toQueryString({})).toBe('');
  });
});
