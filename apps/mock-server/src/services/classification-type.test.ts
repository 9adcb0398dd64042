import { describe, expect, it } from 'vitest';
import { useTestApp } from '../testing/test-app.ts';
import { api, createTenant, expectTenantIsolation } from '../testing/tenants.ts';

const t = useTestApp();

const newType = (code: string, extra: object = {}) => ({ name: `类型${code}`, code, sort: 50, ...extra });

describe('ClassificationType', () => {
  it('lists the eight built-in types with fixed ids, static and shared (tenantId null)', async () => {
    const list = await t.call('GET', api('ClassificationType/GetClassificationTypeList'), { token: t.admin });
    expect(list.status).toBe(200);
    expect(list.body.result.items.slice(0, 8).map((i: { id: number; code: string }) => [i.id, i.code])).toEqual([
      [1, 'article'],
      [2, 'course'],
      [3, 'question'],
      [4, 'paper'],
      [5, 'resource'],
      [6, 'websiteColumn'],
      [7, 'school'],
      [8, 'adPosition'],
    ]);
    const rows = await t.app.prisma.classificationType.findMany({ where: { id: { lte: 8 } } });
    expect(rows.every((r) => r.tenantId === null && r.isStatic)).toBe(true);
    const got = await t.call('GET', api('ClassificationType/Get'), { token: t.admin, query: { Id: 5 } });
    expect(got.body.result).toMatchObject({ id: 5, code: 'resource', isStatic: true });
  });

  it('built-in types are read-only for tenants', async () => {
    const five = (await t.call('GET', api('ClassificationType/Get'), { token: t.admin, query: { Id: 5 } })).body.result;
    const upd = await t.call('PUT', api('ClassificationType/Update'), { token: t.admin, body: { ...five, name: '改名' } });
    expect(upd.status).toBe(500);
    expect(upd.body.error.message).toBe('分类类型“资源分类”是内置类型，不能修改或删除。');
    const del = await t.call('DELETE', api('ClassificationType/Delete'), { token: t.admin, query: { Id: 5 } });
    expect(del.status).toBe(500);
    expect((await t.app.prisma.classificationType.findUniqueOrThrow({ where: { id: 5 } })).name).toBe('资源分类');
  });

  it('does CRUD on tenant types; codes are unique (case-insensitive) among visible types', async () => {
    const created = await t.call('POST', api('ClassificationType/Create'), { token: t.admin, body: newType('live') });
    expect(created.status).toBe(200);
    const row = created.body.result;
    expect(row).toMatchObject({ code: 'live', isStatic: false, isActive: true });
    expect((await t.app.prisma.classificationType.findUniqueOrThrow({ where: { id: row.id } })).tenantId).toBe(1);
    const dup = await t.call('POST', api('ClassificationType/Create'), { token: t.admin, body: newType('COURSE', { name: '别名' }) });
    expect(dup.status).toBe(400);
    expect(dup.body.error.validationErrors[0].members).toEqual(['code']);
    const upd = await t.call('PUT', api('ClassificationType/Update'), { token: t.admin, body: { ...row, name: '直播分类', isActive: false } });
    expect(upd.body.result).toMatchObject({ name: '直播分类', isActive: false });
    const list = await t.call('GET', api('ClassificationType/GetClassificationTypeList'), { token: t.admin });
    expect(list.body.result.items.some((i: { id: number }) => i.id === row.id)).toBe(false);
    const page = await t.call('GET', api('ClassificationType/GetAll'), { token: t.admin, query: { Keyword: '直播', Sorting: 'sort desc' } });
    expect(page.body.result.items.map((i: { id: number }) => i.id)).toEqual([row.id]);
    expect((await t.call('DELETE', api('ClassificationType/Delete'), { token: t.admin, query: { Id: row.id } })).status).toBe(200);
    expect((await t.call('GET', api('ClassificationType/Get'), { token: t.admin, query: { Id: row.id } })).status).toBe(404);
  });

  it('refuses to delete a type used by categories', async () => {
    const type = (await t.call('POST', api('ClassificationType/Create'), { token: t.admin, body: newType('used') })).body.result;
    const cat = (await t.call('POST', api('MultiLevelCategory/Create'), { token: t.admin, body: { classTypeId: type.id, name: '用到的分类' } })).body
      .result;
    const del = await t.call('DELETE', api('ClassificationType/Delete'), { token: t.admin, query: { Id: type.id } });
    expect(del.status).toBe(500);
    expect(del.body.error.message).toContain('1 个分类');
    await t.call('DELETE', api('MultiLevelCategory/Delete'), { token: t.admin, query: { Id: cat.id } });
    expect((await t.call('DELETE', api('ClassificationType/Delete'), { token: t.admin, query: { Id: type.id } })).status).toBe(200);
  });

  it('needs its permission to manage, but any user may read the picker list', async () => {
    const teacher = await t.login('zhaolei');
    expect((await t.call('GET', api('ClassificationType/GetAll'), { token: teacher })).status).toBe(403);
    expect((await t.call('GET', api('ClassificationType/GetClassificationTypeList'), { token: teacher })).status).toBe(200);
  });

  it('keeps tenant types apart; both tenants see the built-in ones', async () => {
    const b = await createTenant(t, 'ctype2');
    const row = (await t.call('POST', api('ClassificationType/Create'), { token: b.token, body: newType('other') })).body.result;
    await expectTenantIsolation(t, { service: 'ClassificationType', tokenA: t.admin, tokenB: b.token, row, update: { name: '篡改' } });
    // The same code may exist in another tenant.
    expect((await t.call('POST', api('ClassificationType/Create'), { token: t.admin, body: newType('other') })).status).toBe(200);
    const listB = await t.call('GET', api('ClassificationType/GetClassificationTypeList'), { token: b.token });
    expect(listB.body.result.items.filter((i: { id: number }) => i.id <= 8)).toHaveLength(8);
    expect((await t.call('PUT', api('ClassificationType/Update'), { token: b.token, body: { ...row, name: '乙的类型' } })).status).toBe(200);
  });
});
