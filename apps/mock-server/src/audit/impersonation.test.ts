import type { AuditLogListDto, EntityChangeListDto } from '@edu/sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../testing/test-app.ts';
import { createTenant } from '../testing/tenants.ts';
import { httpClient } from './testing/http.ts';

/** ASP.NET Zero's impersonation over real HTTP, and the impersonator on audit rows and entity changes. */
let t: TestApp;
let c: Awaited<ReturnType<typeof httpClient>>;
let admin: string;
let adminId: number;

beforeAll(async () => {
  t = await createTestApp();
  c = await httpClient(t);
  admin = await c.login('admin');
  adminId = (await c.http('GET', c.api('Session/GetCurrentLoginInformations'), { token: admin })).body.result.user.id;
});
afterAll(async () => t.close());

const userIdOf = async (userName: string, tenantId: number | null = 1) =>
  (await t.app.prisma.user.findFirstOrThrow({ where: { userName, tenantId } })).id;

const impersonate = (token: string, body: object) => c.http('POST', c.api('Account/Impersonate'), { token, body });
const redeem = (ticket: string) => c.http('POST', '/api/TokenAuth/ImpersonatedAuthenticate', { query: { impersonationToken: ticket } });

describe('Impersonation', () => {
  it('signs an administrator in as a user of the tenant, carries the impersonator everywhere, and goes back', async () => {
    const huangli = await userIdOf('huangli');
    const ticket = await impersonate(admin, { tenantId: 1, userId: huangli });
    expect(ticket.status, JSON.stringify(ticket.body)).toBe(200);
    expect(ticket.body.result.tenancyName).toBe('Default');
    const signed = await redeem(ticket.body.result.impersonationToken);
    expect(signed.status).toBe(200);
    const as = signed.body.result.accessToken as string;
    // Used once: the same ticket again is refused.
    expect((await redeem(ticket.body.result.impersonationToken)).status).toBe(400);

    const config = await c.http('GET', '/AbpUserConfiguration/GetAll', { token: as });
    expect(config.body.result.session).toMatchObject({ userId: huangli, tenantId: 1, impersonatorUserId: adminId, impersonatorTenantId: 1 });

    // Calls made while impersonating: their audit rows name the impersonator.
    const me = (await c.http('GET', c.api('Session/GetCurrentLoginInformations'), { token: as })).body.result.user;
    expect(me.userName).toBe('huangli');
    await t.app.auditWriter.flush();
    const logs = await c.http('GET', c.api('AuditLog/GetAuditLogs'), { token: admin, query: { UserName: 'huangli', MaxResultCount: 50 } });
    const rows: AuditLogListDto[] = logs.body.result.items;
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((r) => r.impersonatorUserId === adminId && r.impersonatorTenantId === 1)).toBe(true);

    // Nested impersonation is refused, with the reason.
    const nested = await impersonate(as, { tenantId: 1, userId: await userIdOf('zhaolei') });
    expect([400, 403]).toContain(nested.status);

    const back = await c.http('POST', c.api('Account/BackToImpersonator'), { token: as });
    expect(back.status).toBe(200);
    const again = await redeem(back.body.result.impersonationToken);
    const mine = await c.http('GET', '/AbpUserConfiguration/GetAll', { token: again.body.result.accessToken });
    expect(mine.body.result.session).toMatchObject({ userId: adminId, impersonatorUserId: null });
    // The impersonated session ended.
    expect((await c.http('GET', c.api('Session/GetCurrentLoginInformations'), { token: as })).body.result.user).toBeNull();
  });

  it('records the impersonator on entity changes made while impersonating', async () => {
    // An administrator impersonating another administrator creates a user.
    const second = (
      await c.http('POST', c.api('User/Create'), {
        token: admin,
        body: {
          userName: 'imp-admin',
          name: '管',
          surname: '理',
          emailAddress: 'imp-admin@example.edu.cn',
          password: 'Passw0rd!',
          roleNames: ['Admin'],
        },
      })
    ).body.result;
    const t2 = await impersonate(admin, { tenantId: 1, userId: second.id });
    expect(t2.status, JSON.stringify(t2.body)).toBe(200);
    const asAdmin = (await redeem(t2.body.result.impersonationToken)).body.result.accessToken as string;
    const made = await c.http('POST', c.api('User/Create'), {
      token: asAdmin,
      body: { userName: 'imp-made', name: '甲', surname: '乙', emailAddress: 'imp-made@example.edu.cn', password: 'Passw0rd!' },
    });
    expect(made.status).toBe(200);
    const history = await c.http('GET', c.api('AuditLog/GetEntityTypeChanges'), {
      token: admin,
      query: { EntityTypeFullName: 'User', EntityId: made.body.result.id },
    });
    const [created]: EntityChangeListDto[] = history.body.result.items;
    expect(created).toMatchObject({ userName: 'imp-admin', impersonatorUserId: adminId, impersonatorUserName: 'admin', impersonatorTenantId: 1 });
  });

  it('refuses oneself, another tenant from a tenant, a user with more permissions, and callers without the permission', async () => {
    const self = await impersonate(admin, { tenantId: 1, userId: adminId });
    expect(self.status).toBe(400);
    expect(self.body.error.validationErrors[0].message).toMatch(/自己/);
    const b = await createTenant(t, 'impb');
    const bAdmin = await userIdOf('admin', b.id);
    const cross = await impersonate(admin, { tenantId: b.id, userId: bAdmin });
    expect(cross.status).toBe(400);
    // A teacher granted the impersonation permission alone cannot become the admin, who holds more.
    const huangli = await userIdOf('huangli');
    await t.app.prisma.permissionGrant.create({
      data: { tenantId: 1, userId: huangli, name: 'Pages.Administration.Users.Impersonation', isGranted: true },
    });
    const teacher = await c.login('huangli');
    const more = await impersonate(teacher, { tenantId: 1, userId: adminId });
    expect(more.status).toBe(400);
    expect(more.body.error.validationErrors[0].message).toMatch(/权限/);
    const plain = await c.login('zhaolei');
    expect((await impersonate(plain, { tenantId: 1, userId: huangli })).status).toBe(403);
    expect((await c.http('POST', c.api('Account/BackToImpersonator'), { token: admin })).status).toBe(400);
    expect((await redeem('not-a-ticket')).status).toBe(400);
    // The host signs into a tenant's user.
    const host = await c.login('admin', null);
    const fromHost = await impersonate(host, { tenantId: b.id, userId: bAdmin });
    expect(fromHost.status).toBe(200);
    const asB = (await redeem(fromHost.body.result.impersonationToken)).body.result.accessToken as string;
    const cfg = await c.http('GET', '/AbpUserConfiguration/GetAll', { token: asB });
    expect(cfg.body.result.session).toMatchObject({ tenantId: b.id, userId: bAdmin, impersonatorTenantId: null });
  });
});

describe('Who can (AuditLog/GetPermissionGrantees)', () => {
  it('lists the roles granting a permission and the users holding it directly or through a role, without the ones denied it', async () => {
    const huangli = await userIdOf('huangli');
    const res = await c.http('GET', c.api('AuditLog/GetPermissionGrantees'), {
      token: admin,
      query: { PermissionName: 'Pages.Administration.Users.Impersonation' },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const { roles, users } = res.body.result as {
      roles: Array<{ name: string }>;
      users: Array<{ id: number; direct: boolean; roleNames: string[] }>;
    };
    expect(roles.map((r) => r.name)).toContain('Admin');
    expect(users.find((u) => u.id === adminId)).toMatchObject({ direct: false });
    // Granted to huangli alone by the refusal test above.
    expect(users.find((u) => u.id === huangli)).toMatchObject({ direct: true, roleNames: [] });
    await t.app.prisma.permissionGrant.create({ data: { tenantId: 1, userId: adminId, name: 'Pages.Members', isGranted: false } });
    const members = await c.http('GET', c.api('AuditLog/GetPermissionGrantees'), { token: admin, query: { PermissionName: 'Pages.Members' } });
    expect(members.body.result.users.some((u: { id: number }) => u.id === adminId)).toBe(false);
    expect((await c.http('GET', c.api('AuditLog/GetPermissionGrantees'), { token: admin, query: { PermissionName: 'Pages.Nope' } })).status).toBe(
      400,
    );
    expect((await c.http('GET', c.api('AuditLog/GetPermissionGrantees'), { token: await c.login('zhaolei') })).status).toBe(403);
  });
});
