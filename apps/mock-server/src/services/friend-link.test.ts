import type { FriendLinkDto } from '@edu/sdk';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../testing/test-app.ts';
import { api, createTenant, expectTenantIsolation } from '../testing/tenants.ts';

const t = useTestApp();

describe('FriendLink', () => {
  it('lists the seeded links, searchable and sortable', async () => {
    const all = await t.call('GET', api('FriendLink/GetAll'), { token: t.admin, query: { Sorting: 'sort asc', MaxResultCount: 50 } });
    expect(all.body.result.totalCount).toBe(10);
    expect(all.body.result.items[0]).toMatchObject({ name: '中华人民共和国教育部', url: 'https://www.moe.gov.cn', linkType: 1, logoUrl: null });
    const search = await t.call('GET', api('FriendLink/GetAll'), { token: t.admin, query: { Keyword: 'smartedu' } });
    expect(search.body.result.items.map((l: FriendLinkDto) => l.name).sort()).toEqual(['国家中小学智慧教育平台', '国家智慧教育公共服务平台']);
    const images = all.body.result.items.filter((l: FriendLinkDto) => l.linkType === 2);
    expect(images.every((l: FriendLinkDto) => l.logoUrl)).toBe(true);
  });

  it('creates, updates and deletes; an image link needs a logo; URLs must be http(s)', async () => {
    const created = await t.call('POST', api('FriendLink/Create'), {
      token: t.admin,
      body: { name: '北京教育考试院', url: 'https://www.bjeea.cn', sort: 20 },
    });
    expect(created.status).toBe(200);
    const row: FriendLinkDto = created.body.result;
    expect(row).toMatchObject({ linkType: 1, isActive: true });
    const noLogo = await t.call('PUT', api('FriendLink/Update'), { token: t.admin, body: { ...row, linkType: 2 } });
    expect(noLogo.status).toBe(400);
    expect(noLogo.body.error.validationErrors[0].members).toEqual(['logoUrl']);
    const upd = await t.call('PUT', api('FriendLink/Update'), { token: t.admin, body: { ...row, linkType: 2, logoUrl: '/uploads/links/bjeea.png' } });
    expect(upd.body.result).toMatchObject({ linkType: 2, logoUrl: '/uploads/links/bjeea.png' });
    const bad = await t.call('POST', api('FriendLink/Create'), { token: t.admin, body: { name: 'x', url: 'javascript:alert(1)' } });
    expect(bad.body.error.validationErrors[0].members).toEqual(['url']);
    expect((await t.call('DELETE', api('FriendLink/Delete'), { token: t.admin, query: { Id: row.id } })).status).toBe(200);
    expect((await t.call('GET', api('FriendLink/Get'), { token: t.admin, query: { Id: row.id } })).status).toBe(404);
  });

  it('is for Pages.Others.FriendlyLink holders (the seeded Editor), not for a plain teacher', async () => {
    expect((await t.call('GET', api('FriendLink/GetAll'), { token: await t.login('huangli') })).status).toBe(200);
    expect((await t.call('GET', api('FriendLink/GetAll'), { token: await t.login('zhaolei') })).status).toBe(403);
  });

  it("keeps tenant B's links out of reach of tenant A", async () => {
    const b = await createTenant(t, 'links2');
    const row = (await t.call('POST', api('FriendLink/Create'), { token: b.token, body: { name: '乙校友链', url: 'https://b.example.edu.cn' } })).body
      .result;
    await expectTenantIsolation(t, { service: 'FriendLink', tokenA: t.admin, tokenB: b.token, row, update: { name: '篡改' } });
    expect((await t.call('GET', api('FriendLink/GetAll'), { token: b.token })).body.result.totalCount).toBe(1);
  });
});
