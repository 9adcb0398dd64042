import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { PrismaClient } from '@edu/db';
import { openDatabase } from '@edu/db';
import { makeDataFilters, modelFilters, MustHaveTenantError, resolveModelFilters, withDataFilters } from './data-filters.ts';
import { tempDatabase } from '@edu/db/testing';

const db = tempDatabase('filters');
let prisma: PrismaClient;

beforeAll(async () => {
  prisma = await openDatabase(db.url);
});
afterAll(async () => {
  await prisma.$disconnect();
  db.remove();
});
beforeEach(async () => {
  // Each test starts from the same small world; hard deletes through the unfiltered client.
  await prisma.userNotification.deleteMany();
  await prisma.userRole.deleteMany();
  await prisma.user.deleteMany();
  await prisma.role.deleteMany();
  await prisma.tenant.deleteMany();
  await prisma.tenant.createMany({
    data: [
      { id: 1, tenancyName: 'Default', name: 'Default' },
      { id: 2, tenancyName: 'Other', name: 'Other' },
    ],
  });
});

const HOST = { tenantId: null, userId: 1 };
const T1 = { tenantId: 1, userId: 10 };
const T2 = { tenantId: 2, userId: 20 };

let n = 0;
const userData = (userName = `u${++n}`) => ({
  userName,
  normalizedUserName: userName.toUpperCase(),
  name: userName,
  surname: 'x',
  emailAddress: `${userName}@example.edu.cn`,
  normalizedEmailAddress: `${userName}@EXAMPLE.EDU.CN`.toUpperCase(),
  passwordHash: 'hash',
  securityStamp: 'stamp',
});

async function threeSides() {
  const host = await withDataFilters(prisma, HOST).user.create({ data: userData('hostuser') });
  const one = await withDataFilters(prisma, T1).user.create({ data: userData('oneuser') });
  const two = await withDataFilters(prisma, T2).user.create({ data: userData('twouser') });
  return { host, one, two };
}

describe('MayHaveTenant', () => {
  it('fills tenantId from the session on create', async () => {
    const { host, one, two } = await threeSides();
    expect([host.tenantId, one.tenantId, two.tenantId]).toEqual([null, 1, 2]);
  });

  it('a tenant sees only its rows, the host only host rows, in every read', async () => {
    const { host, one, two } = await threeSides();
    const t1 = withDataFilters(prisma, T1);
    const h = withDataFilters(prisma, HOST);
    expect((await t1.user.findMany()).map((u) => u.id)).toEqual([one.id]);
    expect((await h.user.findMany()).map((u) => u.id)).toEqual([host.id]);
    expect(await t1.user.count()).toBe(1);
    expect(await t1.user.findUnique({ where: { id: two.id } })).toBeNull();
    expect(await t1.user.findFirst({ where: { id: host.id } })).toBeNull();
    expect((await t1.user.findUnique({ where: { id: one.id } }))?.userName).toBe('oneuser');
    await expect(t1.user.findUniqueOrThrow({ where: { id: two.id } })).rejects.toThrow();
    await expect(t1.user.findFirstOrThrow({ where: { userName: 'twouser' } })).rejects.toThrow();
    expect((await t1.user.aggregate({ _count: { _all: true } }))._count._all).toBe(1);
    expect(await t1.user.groupBy({ by: ['tenantId'], _count: { _all: true } })).toEqual([{ tenantId: 1, _count: { _all: 1 } }]);
    // The caller's own conditions still apply alongside the filters, including its AND.
    expect(await t1.user.findMany({ where: { AND: [{ userName: 'nobody' }] } })).toEqual([]);
    // The unfiltered client still sees everything.
    expect(await prisma.user.count()).toBe(3);
  });

  it('the tenant filter can be turned off for one client', async () => {
    await threeSides();
    expect(await withDataFilters(prisma, T1, { tenant: false }).user.count()).toBe(3);
  });

  it("updates and deletes cannot touch another tenant's rows", async () => {
    const { host, two } = await threeSides();
    const t1 = withDataFilters(prisma, T1);
    await expect(t1.user.update({ where: { id: two.id }, data: { name: 'hacked' } })).rejects.toMatchObject({ code: 'P2025' });
    expect(await t1.user.updateMany({ data: { surname: 'changed' } })).toEqual({ count: 1 });
    await expect(t1.user.delete({ where: { id: host.id } })).rejects.toMatchObject({ code: 'P2025' });
    expect(await t1.user.deleteMany({ where: { id: { in: [host.id, two.id] } } })).toEqual({ count: 0 });
    await expect(t1.user.upsert({ where: { id: two.id }, create: { ...userData(), id: two.id }, update: { name: 'hacked' } })).rejects.toThrow();
    const untouched = await prisma.user.findMany({ where: { id: { in: [host.id, two.id] } } });
    expect(untouched.map((u) => [u.name, u.surname, u.isDeleted])).toEqual([
      ['hostuser', 'x', false],
      ['twouser', 'x', false],
    ]);
  });

  it('a tenant cannot create host rows by passing tenantId: null (ABP replaces it)', async () => {
    const row = await withDataFilters(prisma, T1).user.create({ data: { ...userData(), tenantId: null } });
    expect(row.tenantId).toBe(1);
  });

  it('the host may create rows for a tenant explicitly, without becoming their creator', async () => {
    const row = await withDataFilters(prisma, HOST).user.create({ data: { ...userData(), tenantId: 2 } });
    expect(row.tenantId).toBe(2);
    expect(row.creatorUserId).toBeNull();
  });
});

describe('soft delete', () => {
  it('delete hides the row and fills the deletion fields', async () => {
    const t1 = withDataFilters(prisma, T1);
    const u = await t1.user.create({ data: userData() });
    const before = Date.now();
    const deleted = await t1.user.delete({ where: { id: u.id } });
    expect(deleted).toMatchObject({ id: u.id, isDeleted: true, deleterUserId: 10 });
    expect(await t1.user.findUnique({ where: { id: u.id } })).toBeNull();
    expect(await t1.user.count()).toBe(0);
    const row = await prisma.user.findUniqueOrThrow({ where: { id: u.id } });
    expect(row.isDeleted).toBe(true);
    expect(row.deleterUserId).toBe(10);
    expect(row.deletionTime!.getTime()).toBeGreaterThanOrEqual(before - 1000);
    // Visible again with the soft-delete filter off, as ABP's DisableFilter(SoftDelete).
    expect((await withDataFilters(prisma, T1, { softDelete: false }).user.findMany()).map((x) => x.id)).toEqual([u.id]);
  });

  it('deleteMany soft-deletes only the visible rows', async () => {
    const { host, one, two } = await threeSides();
    const extra = await withDataFilters(prisma, T1).user.create({ data: userData() });
    expect(await withDataFilters(prisma, T1).user.deleteMany({})).toEqual({ count: 2 });
    const rows = await prisma.user.findMany({ orderBy: { id: 'asc' }, select: { id: true, isDeleted: true, deleterUserId: true } });
    expect(rows).toEqual([
      { id: host.id, isDeleted: false, deleterUserId: null },
      { id: one.id, isDeleted: true, deleterUserId: 10 },
      { id: two.id, isDeleted: false, deleterUserId: null },
      { id: extra.id, isDeleted: true, deleterUserId: 10 },
    ]);
  });

  it('deleted rows cannot be updated through the filters', async () => {
    const t1 = withDataFilters(prisma, T1);
    const u = await t1.user.create({ data: userData() });
    await t1.user.delete({ where: { id: u.id } });
    await expect(t1.user.update({ where: { id: u.id }, data: { name: 'again' } })).rejects.toMatchObject({ code: 'P2025' });
  });

  it('keeps its transaction: a soft delete inside a rolled-back transaction is undone', async () => {
    const t1 = withDataFilters(prisma, T1);
    const u = await t1.user.create({ data: userData() });
    await expect(
      t1.$transaction(async (tx) => {
        await tx.user.delete({ where: { id: u.id } });
        expect(await tx.user.count()).toBe(0);
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    expect((await prisma.user.findUniqueOrThrow({ where: { id: u.id } })).isDeleted).toBe(false);
  });

  it('models without soft delete are deleted for real, still only within the tenant', async () => {
    const t1 = withDataFilters(prisma, T1);
    const t2 = withDataFilters(prisma, T2);
    const role = await t1.role.create({ data: { name: 'R', normalizedName: 'R', displayName: 'R' } });
    const u = await t1.user.create({ data: userData() });
    const link = await t1.userRole.create({ data: { userId: u.id, roleId: role.id } });
    expect(await t2.userRole.deleteMany({})).toEqual({ count: 0 });
    await t1.userRole.delete({ where: { id: link.id } });
    expect(await prisma.userRole.count()).toBe(0);
  });

  it('the unfiltered client can still hard-delete', async () => {
    const u = await withDataFilters(prisma, T1).user.create({ data: userData() });
    await prisma.user.delete({ where: { id: u.id } });
    expect(await prisma.user.findUnique({ where: { id: u.id } })).toBeNull();
  });
});

describe('audit fields', () => {
  it('create fills creationTime and creatorUserId unless given', async () => {
    const t1 = withDataFilters(prisma, T1);
    const before = Date.now();
    const u = await t1.user.create({ data: userData() });
    expect(u.creatorUserId).toBe(10);
    expect(u.creationTime.getTime()).toBeGreaterThanOrEqual(before - 1000);
    const given = new Date('2024-01-02T03:04:05Z');
    const v = await t1.user.create({ data: { ...userData(), creationTime: given, creatorUserId: 99 } });
    expect([v.creationTime.toISOString(), v.creatorUserId]).toEqual([given.toISOString(), 99]);
  });

  it('createMany fills tenant and creation fields of every row', async () => {
    await withDataFilters(prisma, T2).user.createMany({ data: [userData(), userData()] });
    const rows = await prisma.user.findMany({ where: { tenantId: 2 } });
    expect(rows.map((r) => [r.tenantId, r.creatorUserId])).toEqual([
      [2, 20],
      [2, 20],
    ]);
  });

  it('update, updateMany and upsert fill the modification fields', async () => {
    const t1 = withDataFilters(prisma, T1);
    const u = await t1.user.create({ data: userData() });
    expect(u.lastModificationTime).toBeNull();
    const updated = await t1.user.update({ where: { id: u.id }, data: { name: 'new' } });
    expect(updated.lastModifierUserId).toBe(10);
    expect(updated.lastModificationTime).toBeInstanceOf(Date);

    const other = withDataFilters(prisma, { tenantId: 1, userId: 11 });
    await other.user.updateMany({ where: { id: u.id }, data: { surname: 'y' } });
    expect((await prisma.user.findUniqueOrThrow({ where: { id: u.id } })).lastModifierUserId).toBe(11);

    const up = await withDataFilters(prisma, { tenantId: 1, userId: 12 }).user.upsert({
      where: { id: u.id },
      create: userData(),
      update: { name: 'up' },
    });
    expect([up.name, up.lastModifierUserId]).toEqual(['up', 12]);
    const created = await t1.user.upsert({ where: { id: 424242 }, create: userData(), update: {} });
    expect([created.tenantId, created.creatorUserId, created.lastModificationTime]).toEqual([1, 10, null]);
  });

  it('models with only some audit fields get those (ApplicationLanguage has creationTime only)', async () => {
    const lang = await withDataFilters(prisma, HOST).applicationLanguage.create({ data: { name: 'fr', displayName: 'Français' } });
    expect(lang.tenantId).toBeNull();
    expect(lang.creationTime).toBeInstanceOf(Date);
    await prisma.applicationLanguage.delete({ where: { id: lang.id } });
  });

  it('Tenant: not tenant-filtered, soft delete and audit', async () => {
    const t1 = withDataFilters(prisma, T1);
    expect(await t1.tenant.count()).toBe(2);
    const h = withDataFilters(prisma, HOST);
    const t = await h.tenant.create({ data: { tenancyName: 'Third', name: 'Third' } });
    expect([t.creatorUserId]).toEqual([1]);
    await h.tenant.delete({ where: { id: t.id } });
    expect(await h.tenant.count()).toBe(2);
    expect((await prisma.tenant.findUniqueOrThrow({ where: { id: t.id } })).deleterUserId).toBe(1);
  });
});

describe('MustHaveTenant', () => {
  // No MustHaveTenant model exists yet: pretend UserNotification is one.
  const withMust = makeDataFilters({ ...modelFilters, UserNotification: { tenant: 'must', audited: true } });
  const note = (id: string, tenantId?: number) => ({
    id,
    userId: 1,
    notificationName: 'App.Test',
    data: '{}',
    ...(tenantId !== undefined && { tenantId }),
  });

  it('inserting as host without a tenantId throws a clear error', async () => {
    const h = withMust(prisma, HOST);
    await expect(h.userNotification.create({ data: note('n1') })).rejects.toThrow(MustHaveTenantError);
    await expect(h.userNotification.createMany({ data: [note('n2')] })).rejects.toThrow(/IMustHaveTenant/);
    expect(await prisma.userNotification.count()).toBe(0);
    // With an explicit tenant the host may insert.
    expect((await h.userNotification.create({ data: note('n3', 2) })).tenantId).toBe(2);
  });

  it('a tenant gets its own id filled and sees only its rows; the host sees all tenants', async () => {
    await withMust(prisma, T1).userNotification.create({ data: note('a') });
    await withMust(prisma, T2).userNotification.create({ data: note('b') });
    expect((await withMust(prisma, T1).userNotification.findMany()).map((x) => [x.id, x.tenantId])).toEqual([['a', 1]]);
    expect(await withMust(prisma, HOST).userNotification.count()).toBe(2);
  });
});

describe('the table', () => {
  it('matches the schema', () => {
    expect(() => resolveModelFilters(modelFilters)).not.toThrow();
    const resolved = resolveModelFilters(modelFilters);
    expect([...resolved.get('ApplicationLanguage')!.audit]).toEqual(['creationTime']);
    expect([...resolved.get('User')!.audit]).toEqual(['creationTime', 'creatorUserId', 'lastModificationTime', 'lastModifierUserId']);
  });

  it('takes a model with the content columns and no line as a content entity, and refuses any other model without one', () => {
    const resolved = resolveModelFilters(modelFilters);
    for (const model of ['Article', 'OneQuestionPerday', 'Discuss'])
      expect(resolved.get(model)).toEqual({
        tenant: 'must',
        softDelete: true,
        audit: new Set(['creationTime', 'creatorUserId', 'lastModificationTime', 'lastModifierUserId']),
      });
    const { RevokedToken: _, ...withoutRevokedToken } = modelFilters;
    expect(() => resolveModelFilters(withoutRevokedToken)).toThrow(/RevokedToken is not a content entity/);
  });

  it('rejects a convention a model has no columns for', () => {
    expect(() => resolveModelFilters({ ...modelFilters, RevokedToken: { tenant: 'must' } })).toThrow(/RevokedToken .* tenantId/);
    expect(() => resolveModelFilters({ ...modelFilters, UserRole: { softDelete: true } })).toThrow(/isDeleted/);
  });
});
