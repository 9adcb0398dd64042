import type { AdvertisingDto } from '@edu/sdk';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../testing/test-app.ts';
import { api, createTenant, expectTenantIsolation } from '../testing/tenants.ts';

const t = useTestApp();
let positions: Record<string, number>;
beforeAll(async () => {
  const rows = await t.app.prisma.multiLevelCategory.findMany({ where: { tenantId: 1, classTypeId: 8 } });
  positions = Object.fromEntries(rows.map((r) => [r.name, r.id]));
});

const ad = (categoryId: number, extra: object = {}) => ({
  title: '暑期夏令营报名',
  categoryId,
  imageUrl: '/uploads/ads/summer.jpg',
  linkUrl: '/summer',
  ...extra,
});
const member = (res: { body: any }) => res.body.error.validationErrors[0].members;

describe('Advertising', () => {
  it('GetAdvertisingCategoryList: the ad positions', async () => {
    const res = await t.call('GET', api('Advertising/GetAdvertisingCategoryList'), { token: t.admin });
    expect(res.body.result.map((c: { name: string }) => c.name)).toEqual(['首页轮播图', '首页横幅', '侧边栏', '文章详情页']);
  });

  it('creates, reads, updates and deletes; lists by position', async () => {
    const created = await t.call('POST', api('Advertising/Create'), {
      token: t.admin,
      body: ad(positions['侧边栏']!, { startTime: '2026-07-01T00:00:00Z', endTime: '2026-08-31T23:59:59+08:00', sort: 3 }),
    });
    expect(created.status).toBe(200);
    const row: AdvertisingDto = created.body.result;
    expect(row).toMatchObject({
      categoryName: '侧边栏',
      clickCount: 0,
      startTime: '2026-07-01T00:00:00.000Z',
      endTime: '2026-08-31T15:59:59.000Z',
      isActive: true,
    });
    const upd = await t.call('PUT', api('Advertising/Update'), {
      token: t.admin,
      body: { ...row, categoryId: positions['首页横幅'], title: '夏令营火热报名中' },
    });
    expect(upd.body.result).toMatchObject({ title: '夏令营火热报名中', categoryName: '首页横幅' });
    const list = await t.call('GET', api('Advertising/GetAll'), {
      token: t.admin,
      query: { CategoryId: positions['首页横幅'], Sorting: 'sort desc' },
    });
    expect(list.body.result.items.map((a: AdvertisingDto) => a.id)).toContain(row.id);
    expect(list.body.result.items.every((a: AdvertisingDto) => a.categoryId === positions['首页横幅'])).toBe(true);
    expect((await t.call('DELETE', api('Advertising/Delete'), { token: t.admin, query: { Id: row.id } })).status).toBe(200);
    expect((await t.call('GET', api('Advertising/Get'), { token: t.admin, query: { Id: row.id } })).status).toBe(404);
  });

  it('the category must be an ad position; the end must not precede the start', async () => {
    const news = await t.app.prisma.multiLevelCategory.findFirstOrThrow({ where: { tenantId: 1, classTypeId: 1, name: '新闻动态' } });
    const wrong = await t.call('POST', api('Advertising/Create'), { token: t.admin, body: ad(news.id) });
    expect(wrong.status).toBe(400);
    expect(member(wrong)).toEqual(['categoryId']);
    const unknown = await t.call('POST', api('Advertising/Create'), { token: t.admin, body: ad(987654) });
    expect(member(unknown)).toEqual(['categoryId']);
    const backwards = await t.call('POST', api('Advertising/Create'), {
      token: t.admin,
      body: ad(positions['侧边栏']!, { startTime: '2026-08-01T00:00:00Z', endTime: '2026-07-01T00:00:00Z' }),
    });
    expect(member(backwards)).toEqual(['endTime']);
  });

  it('only in positions the user may manage (assertCategory with role category grants)', async () => {
    await t.call('POST', api('Role/Create'), {
      token: t.admin,
      body: {
        name: 'AdDesk',
        displayName: '广告专员',
        grantedPermissions: ['Pages', 'Pages.Administration'],
        grantedCategoryIds: [positions['首页横幅']],
      },
    });
    await t.call('POST', api('User/Create'), {
      token: t.admin,
      body: { userName: 'addesk', name: '广', surname: '孔', emailAddress: 'addesk@example.edu.cn', password: 'Passw0rd!', roleNames: ['AdDesk'] },
    });
    const token = await t.login('addesk', 'Passw0rd!');
    expect((await t.call('POST', api('Advertising/Create'), { token, body: ad(positions['首页横幅']!) })).status).toBe(200);
    const refused = await t.call('POST', api('Advertising/Create'), { token, body: ad(positions['侧边栏']!) });
    expect(refused.status).toBe(400);
    expect(refused.body.error.validationErrors[0]).toEqual({ message: '不能在分类“侧边栏”下管理内容。', members: ['categoryId'] });
  });

  it("keeps tenant B's ads out of reach of tenant A", async () => {
    const b = await createTenant(t, 'ads2');
    const position = (await t.call('POST', api('MultiLevelCategory/Create'), { token: b.token, body: { classTypeId: 8, name: '乙校首页' } })).body
      .result;
    const row = (await t.call('POST', api('Advertising/Create'), { token: b.token, body: ad(position.id) })).body.result;
    await expectTenantIsolation(t, {
      service: 'Advertising',
      tokenA: t.admin,
      tokenB: b.token,
      row,
      update: { title: '篡改', categoryId: positions['侧边栏'] },
    });
    expect(member(await t.call('POST', api('Advertising/Create'), { token: t.admin, body: ad(position.id) }))).toEqual(['categoryId']);
  });
});
