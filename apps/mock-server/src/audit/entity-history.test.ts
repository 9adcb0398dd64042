import type { EntityChangeListDto } from '@edu/sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../testing/test-app.ts';
import { createTenant } from '../testing/tenants.ts';
import { inUnitOfWork, withEntityHistory } from './entity-history.ts';
import { httpClient } from './testing/http.ts';

/** Entity history over real HTTP: what a write changed, by whom, from what to what, in the write's transaction. */
let t: TestApp;
let c: Awaited<ReturnType<typeof httpClient>>;
let admin: string;

beforeAll(async () => {
  t = await createTestApp();
  c = await httpClient(t);
  admin = await c.login('admin');
});
afterAll(async () => t.close());

const history = async (token: string, type: string, id: number) => {
  const res = await c.http('GET', c.api('AuditLog/GetEntityTypeChanges'), {
    token,
    query: { EntityTypeFullName: type, EntityId: id, MaxResultCount: 50 },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.result as { totalCount: number; items: EntityChangeListDto[] };
};
const props = (change: EntityChangeListDto) => Object.fromEntries(change.propertyChanges.map((p) => [p.propertyName, [p.originalValue, p.newValue]]));

const newUser = (n: string, extra: object = {}) => ({
  userName: n,
  name: '伟',
  surname: '张',
  emailAddress: `${n}@example.edu.cn`,
  password: 'Passw0rd!',
  ...extra,
});

describe('Entity history', () => {
  it("records a user's creation, then each update property by property (roles as one property), never the password", async () => {
    const created = await c.http('POST', c.api('User/Create'), { token: admin, body: newUser('hist1', { roleNames: ['teacher'], identity: 2 }) });
    expect(created.status).toBe(200);
    const u = created.body.result;
    const updated = await c.http('PUT', c.api('User/Update'), {
      token: admin,
      body: { ...u, name: '芳', roleNames: ['EDITOR', 'teacher'], password: 'Secret-New-1' },
    });
    expect(updated.status).toBe(200);
    // The same roles again and the same fields: nothing changed, nothing recorded.
    await c.http('PUT', c.api('User/Update'), { token: admin, body: { ...updated.body.result, password: undefined } });
    const { items, totalCount } = await history(admin, 'User', u.id);
    expect(totalCount).toBe(2);
    const [update, creation] = items;
    expect(creation).toMatchObject({
      changeType: 0,
      entityTypeFullName: 'User',
      entityId: String(u.id),
      userName: 'admin',
      impersonatorUserId: null,
    });
    expect(props(creation!)).toMatchObject({ userName: [null, 'hist1'], name: [null, '伟'], Roles: ['', '教师'] });
    expect(update).toMatchObject({ changeType: 1, changeTypeName: '修改', reason: '/api/services/app/User/Update' });
    expect(props(update!)).toEqual({ name: ['伟', '芳'], Roles: ['教师', '教师, 编辑'] });
    const all = JSON.stringify(items);
    expect(all).not.toMatch(/passwordHash|securityStamp|Secret-New-1/);
  });

  it("records a role's permissions from the set before to the set after, and a deletion", async () => {
    const role = (
      await c.http('POST', c.api('Role/Create'), {
        token: admin,
        body: { name: 'HistRole', displayName: '历史', grantedPermissions: ['Pages.Members'] },
      })
    ).body.result;
    const res = await c.http('PUT', c.api('Role/Update'), {
      token: admin,
      body: { ...role, grantedPermissions: ['Pages.Members', 'Pages.Members.Users'] },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect((await c.http('DELETE', c.api('Role/Delete'), { token: admin, query: { Id: role.id } })).status).toBe(200);
    const { items } = await history(admin, 'Role', role.id);
    expect(items.map((i) => i.changeType)).toEqual([2, 1, 0]);
    expect(props(items[1]!)).toEqual({ Permissions: ['Pages.Members', 'Pages.Members, Pages.Members.Users'] });
    expect(props(items[2]!)).toMatchObject({ displayName: [null, '历史'], Permissions: ['', 'Pages.Members'] });
  });

  it('keeps each side to its own history: another tenant reads an empty page for the same id, and the audit screen lists by type', async () => {
    const other = await createTenant(t, 'histb');
    const mine = (await c.http('POST', c.api('User/Create'), { token: admin, body: newUser('hist2') })).body.result;
    expect((await history(other.token, 'User', mine.id)).items).toEqual([]);
    const listed = await c.http('GET', c.api('AuditLog/GetEntityChanges'), {
      token: admin,
      query: { EntityTypeFullName: 'User', UserName: 'adm', MaxResultCount: 100 },
    });
    expect(listed.body.result.items.some((i: EntityChangeListDto) => i.entityId === String(mine.id))).toBe(true);
    const ofOther = await c.http('GET', c.api('AuditLog/GetEntityChanges'), { token: other.token, query: { MaxResultCount: 100 } });
    expect(ofOther.body.result.items.some((i: EntityChangeListDto) => i.entityId === String(mine.id))).toBe(false);
    const property = await c.http('GET', c.api('AuditLog/GetEntityPropertyChanges'), {
      token: other.token,
      query: { EntityChangeId: listed.body.result.items[0].id },
    });
    expect(property.body.result).toEqual([]);
  });

  it('answers bad filters with a 400, a page past the end empty, and has no update or delete', async () => {
    for (const query of [
      { EntityTypeFullName: 'Secret' },
      { EntityId: 0 },
      { MaxResultCount: 5000 },
      { StartDate: 'soon' },
      { Sorting: 'entityId desc' },
    ]) {
      const res = await c.http('GET', c.api('AuditLog/GetEntityChanges'), { token: admin, query });
      expect(res.status, JSON.stringify(query)).toBe(400);
      expect(res.body.error.validationErrors.length).toBeGreaterThan(0);
    }
    const past = await c.http('GET', c.api('AuditLog/GetEntityChanges'), { token: admin, query: { SkipCount: 1_000_000 } });
    expect(past.body.result.items).toEqual([]);
    expect((await c.http('DELETE', c.api('AuditLog/DeleteEntityChange'), { token: admin, query: { Id: 1 } })).status).toBe(404);
    expect(
      (
        await c.http('GET', c.api('AuditLog/GetEntityTypeChanges'), {
          token: await c.login('huangli'),
          query: { EntityTypeFullName: 'User', EntityId: 1 },
        })
      ).status,
    ).toBe(403);
    const types = await c.http('GET', c.api('AuditLog/GetEntityHistoryObjectTypes'), { token: admin });
    expect(types.body.result).toContainEqual({ name: '用户', value: 'User' });
  });

  it('writes nothing for a write that rolled back', async () => {
    const u = (await c.http('POST', c.api('User/Create'), { token: admin, body: newUser('hist3') })).body.result;
    // A unique e-mail taken by another user: refused after validation, nothing written.
    const refused = await c.http('PUT', c.api('User/Update'), { token: admin, body: { ...u, emailAddress: 'hist1@example.edu.cn' } });
    expect(refused.status).toBe(400);
    expect((await history(admin, 'User', u.id)).totalCount).toBe(1);
    // A write inside a transaction that then fails: the row and its history roll back together.
    const session = { tenantId: 1, userId: 1 };
    const db = withEntityHistory(t.app.prisma, session);
    await expect(
      db.$transaction((tx) =>
        inUnitOfWork(tx, session, null, async () => {
          await tx.user.update({ where: { id: u.id }, data: { name: '回滚' } });
          throw new Error('rolled back');
        }),
      ),
    ).rejects.toThrow('rolled back');
    expect((await t.app.prisma.user.findUniqueOrThrow({ where: { id: u.id } })).name).toBe('伟');
    expect((await history(admin, 'User', u.id)).totalCount).toBe(1);
    // The same write committed: recorded, by the session's user.
    await db.user.update({ where: { id: u.id }, data: { name: '提交' } });
    const [last] = (await history(admin, 'User', u.id)).items;
    expect(props(last!)).toEqual({ name: ['伟', '提交'] });
  });

  it("writes a change set's rows by compiled statements as Prisma's createMany writes them (same columns, same stored text)", async () => {
    const u = (await c.http('POST', c.api('User/Create'), { token: admin, body: newUser('hist4') })).body.result;
    const session = { tenantId: 1, userId: 1 };
    const db = withEntityHistory(t.app.prisma, session);
    const write = (name: string, prisma?: typeof t.app.prisma) =>
      db.$transaction((tx) =>
        inUnitOfWork(tx, session, null, () => tx.user.update({ where: { id: u.id }, data: { name, surname: `${name}姓` } }), prisma),
      );
    // Prisma's createMany (no base client given), then the compiled INSERTs (the request context's path).
    await write('甲');
    await write('乙', t.app.prisma);
    const stored = await t.app.prisma.$queryRawUnsafe<Array<Record<string, unknown>>>(
      `SELECT c.tenantId, typeof(c.changeTime) AS timeType, length(c.changeTime) AS timeLength, substr(c.changeTime, -6) AS zone,
              c.changeType, c.entityId, c.entityTypeFullName, p.tenantId AS propertyTenant, p.propertyName, p.propertyTypeFullName,
              p.originalValue, p.newValue, s.creationTime = c.changeTime AS sameTime
       FROM EntityChange c JOIN EntityChangeSet s ON s.id = c.changeSetId JOIN EntityPropertyChange p ON p.entityChangeId = c.id
       WHERE c.entityTypeFullName = 'User' AND c.entityId = ? ORDER BY c.id, p.propertyName`,
      String(u.id),
    );
    const [byPrisma, compiled] = [
      stored.filter((r) => r.newValue === '甲' || r.newValue === '甲姓'),
      stored.filter((r) => r.newValue === '乙' || r.newValue === '乙姓'),
    ];
    expect(byPrisma).toHaveLength(2);
    const shape = (rows: typeof stored) => rows.map(({ originalValue: _o, newValue: _n, ...r }) => r);
    expect(shape(compiled)).toEqual(shape(byPrisma));
    expect(compiled.map((r) => [r.propertyName, r.originalValue, r.newValue])).toEqual([
      ['name', '甲', '乙'],
      ['surname', '甲姓', '乙姓'],
    ]);
    expect(compiled[0]).toMatchObject({ tenantId: 1, propertyTenant: 1, timeType: 'text', zone: '+00:00' });
    expect(Number(compiled[0]!.sameTime)).toBe(1);
  });
});
