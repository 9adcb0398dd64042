import { expect } from 'vitest';
import type { TestApp } from './test-app.ts';

export const api = (path: string) => `/api/services/app/${path}`;

/** Makes a tenant as the host admin does (Tenant/Create) and signs in as its `admin`. */
export async function createTenant(t: TestApp, tenancyName: string): Promise<{ id: number; token: string }> {
  const host = await t.login('admin', '123qwe', null);
  const created = await t.call('POST', api('Tenant/Create'), {
    token: host,
    body: { tenancyName, name: `${tenancyName} 学校`, adminEmailAddress: `admin@${tenancyName}.edu.cn` },
  });
  if (created.status !== 200) throw new Error(`Tenant/Create failed: ${JSON.stringify(created.body)}`);
  const id = created.body.result.id as number;
  return { id, token: await t.login('admin', '123qwe', id) };
}

/**
 * A row of tenant B is out of reach of tenant A: Get and Update are 404,
 * Delete succeeds without touching it (ABP's silent delete of an unknown id),
 * A's list does not show it, and B still reads it unchanged.
 */
export async function expectTenantIsolation(
  t: TestApp,
  opts: {
    service: string;
    tokenA: string;
    tokenB: string;
    row: { id: number } & Record<string, unknown>;
    update: Record<string, unknown>;
    deletePath?: string;
  },
) {
  const { service, tokenA, tokenB, row } = opts;
  expect((await t.call('GET', api(`${service}/Get`), { token: tokenA, query: { Id: row.id } })).status).toBe(404);
  expect((await t.call('PUT', api(`${service}/Update`), { token: tokenA, body: { ...row, ...opts.update } })).status).toBe(404);
  expect((await t.call('DELETE', api(opts.deletePath ?? `${service}/Delete`), { token: tokenA, query: { Id: row.id } })).status).toBe(200);
  const listed = await t.call('GET', api(`${service}/GetAll`), { token: tokenA, query: { MaxResultCount: 1000 } });
  expect(listed.body.result.items.some((i: { id: number }) => i.id === row.id)).toBe(false);
  const still = await t.call('GET', api(`${service}/Get`), { token: tokenB, query: { Id: row.id } });
  expect(still.status).toBe(200);
  expect(still.body.result).toEqual(row);
}
