import { CRUD_METHODS, services, type Client } from '@edu/sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixtureOf, type CrudFixture } from './fixtures.ts';
import { startBackend, type Backend, type SignedIn } from './support/backend.ts';

/** Every SDK service offering the five CRUD calls. */
const crudServices = Object.entries(services)
  .filter(([, s]) => CRUD_METHODS.every((m) => m in s.endpoints))
  .map(([key]) => key as keyof Client & keyof typeof services);

let backend: Backend;
let tenantAdmin: SignedIn;
let hostAdmin: SignedIn | null;
beforeAll(async () => {
  backend = await startBackend();
  tenantAdmin = await backend.signIn();
  hostAdmin = await backend.host();
});
afterAll(async () => backend?.close());

it('has a fixture for every CRUD service, listed or derived from its Create schema', () => {
  expect(crudServices.length).toBeGreaterThanOrEqual(3);
  for (const key of crudServices) expect(fixtureOf(key), `fixture for ${key}`).toBeDefined();
});

/** The fixture of a CRUD service (the test above fails for one without). */
const fixture = (key: string): CrudFixture => fixtureOf(key)!;

describe.each(crudServices)('CRUD contract: %s', (key) => {
  it('creates, gets, lists, updates and deletes, each response matching the SDK schema', async (ctx) => {
    const fx = fixture(key);
    const who = fx.side === 'host' ? hostAdmin : tenantAdmin;
    if (!who) return ctx.skip();
    // Each call parses its response with the SDK's output schema (validateResponses), so drift fails here.
    const api = who.client[key] as unknown as Record<string, (input?: unknown) => Promise<any>>;
    const created = await api.create!(await fx.create(who.client));
    expect(created.id).toBeGreaterThan(0);

    const got = await api.get!({ Id: created.id });
    expect(got).toEqual(created);

    const page = await api.getAll!({ SkipCount: 0, MaxResultCount: 1000 });
    expect(page.totalCount).toBeGreaterThanOrEqual(page.items.length);
    expect(page.items.some((i: { id: number }) => i.id === created.id)).toBe(true);

    const updated = await api.update!(fx.update(created));
    expect(updated.id).toBe(created.id);
    expect(fx.changed(await api.get!({ Id: created.id }))).toBe(true);

    if (fx.beforeDelete) await fx.beforeDelete(who.client, created);
    expect(await api.delete!({ Id: created.id })).toBeNull();
    await expect(api.get!({ Id: created.id })).rejects.toMatchObject({ kind: 'notFound', status: 404 });
    const after = await api.getAll!({ SkipCount: 0, MaxResultCount: 1000 });
    expect(after.items.some((i: { id: number }) => i.id === created.id)).toBe(false);
  });

  it('pages with SkipCount and MaxResultCount, counting before paging', async (ctx) => {
    const who = fixture(key).side === 'host' ? hostAdmin : tenantAdmin;
    if (!who) return ctx.skip();
    const api = who.client[key] as unknown as Record<string, (input?: unknown) => Promise<any>>;
    const all = await api.getAll!({ SkipCount: 0, MaxResultCount: 1000 });
    const page = await api.getAll!({ SkipCount: 1, MaxResultCount: 1 });
    expect(page.totalCount).toBe(all.totalCount);
    expect(page.items.length).toBe(Math.min(1, Math.max(0, all.totalCount - 1)));
    if (all.items.length > 1) expect(page.items[0].id).toBe(all.items[1].id);
  });
});
