import { CRUD_METHODS, services, type Client } from '@edu/sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixtureOf } from './fixtures.ts';
import { startBackend, TEST_PASSWORD, unique, type Backend, type SignedIn } from './support/backend.ts';

/**
 * A tenant's user cannot read, update or delete another tenant's rows. Needs a
 * host account to make the second tenant (always on the mock; on a real
 * backend when CONTRACT_HOST_USER/CONTRACT_HOST_PASSWORD are set).
 */
let backend: Backend;
let a: SignedIn;
let b: SignedIn | null = null;
beforeAll(async () => {
  backend = await startBackend();
  a = await backend.signIn();
  const host = await backend.host();
  if (!host) return;
  const tenancyName = unique('iso');
  await host.client.tenant.create({ tenancyName, name: '隔离测试学校', adminEmailAddress: 'admin@iso.edu.cn', isActive: true });
  b = await backend.signIn('admin', '123qwe', tenancyName);
});
afterAll(async () => backend?.close());

describe('tenant isolation', () => {
  it('keeps users and roles of tenant B out of reach of tenant A', async (ctx) => {
    if (!b) return ctx.skip();
    const name = unique('isou');
    const user = await b.client.user.create({
      userName: name,
      name: '乙',
      surname: '租',
      emailAddress: `${name}@iso.edu.cn`,
      password: TEST_PASSWORD,
    });
    const role = await b.client.role.create({ name: unique('IsoRole'), displayName: '乙角色', grantedPermissions: ['Pages'] });

    await expect(a.client.user.get({ Id: user.id })).rejects.toMatchObject({ kind: 'notFound' });
    await expect(a.client.role.get({ Id: role.id })).rejects.toMatchObject({ kind: 'notFound' });
    await expect(a.client.user.update({ ...user, name: '篡改', roleNames: [] })).rejects.toMatchObject({ kind: 'notFound' });
    await expect(a.client.role.update({ ...role, displayName: '篡改' })).rejects.toMatchObject({ kind: 'notFound' });
    // ABP's Delete of an id it cannot see succeeds without touching anything.
    await a.client.user.delete({ Id: user.id });
    await a.client.role.delete({ Id: role.id });
    await a.client.user.batchDelete({ ids: [user.id] });

    const listed = await a.client.user.getAll({ MaxResultCount: 1000 });
    expect(listed.items.some((u) => u.id === user.id)).toBe(false);
    expect(await b.client.user.get({ Id: user.id })).toMatchObject({ name: '乙' });
    expect(await b.client.role.get({ Id: role.id })).toMatchObject({ displayName: '乙角色' });
    // The hierarchy cannot reach across tenants either.
    await expect(
      a.client.user.create({
        userName: unique('x'),
        name: '甲',
        surname: '租',
        emailAddress: `${unique('x')}@a.edu.cn`,
        password: TEST_PASSWORD,
        parentId: user.id,
      }),
    ).rejects.toMatchObject({ kind: 'validation' });
  });
});

describe('tenant isolation of every CRUD service', () => {
  const tenantServices = Object.entries(services)
    .filter(([, s]) => CRUD_METHODS.every((m) => m in s.endpoints))
    .flatMap(([key]) => {
      const fixture = fixtureOf(key);
      return fixture?.side === 'tenant' ? [[key, fixture] as const] : [];
    });

  it.each(tenantServices)('%s: tenant A cannot read, change or delete tenant B rows', async (key, fixture) => {
    // Only a real backend without host credentials has no tenant B; the mock always has one.
    expect(b !== null || !backend.isMock).toBe(true);
    if (!b) return;
    const apiOf = (s: SignedIn) => s.client[key as keyof Client] as unknown as Record<string, (input?: unknown) => Promise<any>>;
    const row = await apiOf(b).create!(await fixture.create(b.client));
    await expect(apiOf(a).get!({ Id: row.id })).rejects.toMatchObject({ kind: expect.stringMatching(/notFound|forbidden/) });
    await expect(apiOf(a).update!(fixture.update(row))).rejects.toMatchObject({ kind: expect.stringMatching(/notFound|validation|forbidden/) });
    await apiOf(a).delete!({ Id: row.id }).catch(() => undefined);
    const page = await apiOf(a).getAll!({ MaxResultCount: 1000 });
    expect(page.items.some((i: { id: number }) => i.id === row.id)).toBe(false);
    const still = await apiOf(b).get!({ Id: row.id });
    expect(fixture.changed(still)).toBe(false);
  });
});
