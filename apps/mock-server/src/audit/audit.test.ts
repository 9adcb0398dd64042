import type { AuditLogListDto, UserLoginAttemptDto } from '@edu/sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../testing/test-app.ts';
import { createTenant } from '../testing/tenants.ts';
import { maskParameters } from './mask.ts';
import { httpClient } from './testing/http.ts';
import { pruneAuditLogs } from './retention.ts';

/** The audit log over real HTTP: the server listens and every call goes through fetch. */
let t: TestApp;
let base: string;
let http: Awaited<ReturnType<typeof httpClient>>['http'];
let login: Awaited<ReturnType<typeof httpClient>>['login'];
let admin: string;
const api = (p: string) => `/api/services/app/${p}`;
const logs = async (token: string, query: Record<string, string | number | boolean | undefined> = {}) => {
  await t.app.auditWriter.flush();
  return http('GET', api('AuditLog/GetAuditLogs'), { token, query: { MaxResultCount: 100, ...query } });
};

beforeAll(async () => {
  t = await createTestApp();
  ({ base, http, login } = await httpClient(t));
  admin = await login('admin');
});
afterAll(async () => t.close());

describe('Audit log', () => {
  it('records each service call after its response: user, tenant, service, method, masked parameters, duration, client, browser', async () => {
    const before = Date.now();
    expect((await http('GET', api('FriendLink/GetAll'), { token: admin, query: { Keyword: 'edu', MaxResultCount: 3 } })).status).toBe(200);
    const page = await logs(admin, { ServiceName: 'FriendLink', MethodName: 'GetAll' });
    expect(page.status).toBe(200);
    const row: AuditLogListDto = page.body.result.items[0];
    expect(row).toMatchObject({
      userName: 'admin',
      serviceName: 'FriendLink',
      methodName: 'GetAll',
      clientIpAddress: '127.0.0.1',
      browserInfo: 'audit-test-browser/1.0',
      exception: null,
      impersonatorUserId: null,
      impersonatorTenantId: null,
    });
    expect(JSON.parse(row.parameters!)).toEqual({ Keyword: 'edu', MaxResultCount: '3' });
    expect(Date.parse(row.executionTime)).toBeGreaterThanOrEqual(before - 1000);
    expect(row.executionDuration).toBeGreaterThanOrEqual(0);
  });

  it("leaves no row for a call declared unaudited (Session/GetCurrentLoginInformations, ABP's [DisableAuditing]); the call beside it is recorded", async () => {
    const marker = `session-${Date.now()}`;
    expect((await http('GET', api('Session/GetCurrentLoginInformations'), { token: admin })).status).toBe(200);
    expect((await http('GET', api('FriendLink/GetAll'), { token: admin, query: { Keyword: marker } })).status).toBe(200);
    const session = await logs(admin, { ServiceName: 'Session', MethodName: 'GetCurrentLoginInformations' });
    expect(session.body.result.totalCount).toBe(0);
    const audited = await logs(admin, { ServiceName: 'FriendLink', MethodName: 'GetAll' });
    expect(audited.body.result.items.some((r: AuditLogListDto) => r.parameters?.includes(marker))).toBe(true);
  });

  it('masks passwords, tokens, secrets and file contents, in the sign-in too', async () => {
    await login('admin');
    const page = await logs(admin, { ServiceName: 'TokenAuth' });
    const row: AuditLogListDto | undefined = page.body.result.items.find((r: AuditLogListDto) => r.methodName === 'UsersLogin');
    expect(row?.parameters).toBeDefined();
    expect(JSON.parse(row!.parameters!)).toEqual({ userNameOrEmailAddress: 'admin', password: '***' });
    expect(
      JSON.parse(maskParameters({ user: { newPassword: 'x', apiKey: 'k', fileToken: 't', clientSecret: 's', file: 'bytes', name: 'n' } })!),
    ).toEqual({
      user: { newPassword: '***', apiKey: '***', fileToken: '***', clientSecret: '***', file: '***', name: 'n' },
    });
    expect(maskParameters({ a: 'x'.repeat(5000) })!.length).toBe(1024);
    // Flat inputs (a query string's) take a shorter path: a secret member among them is still masked.
    expect(JSON.parse(maskParameters({ userName: 'u', Password: 'p', MaxResultCount: '10' })!)).toEqual({
      userName: 'u',
      Password: '***',
      MaxResultCount: '10',
    });
    expect(maskParameters(Object.assign(Object.create(null) as object, { Keyword: 'k', SkipCount: '0', on: true, n: null }))).toBe(
      '{"Keyword":"k","SkipCount":"0","on":true,"n":null}',
    );
    expect(maskParameters({ upload: new Uint8Array([1]), name: 'n' })).toBe('{"upload":"***","name":"n"}');
  });

  it('records the exception of a failed call', async () => {
    expect((await http('GET', api('FriendLink/Get'), { token: admin, query: { Id: 987654 } })).status).toBe(404);
    const page = await logs(admin, { ServiceName: 'FriendLink', MethodName: 'Get', HasException: true });
    expect(page.body.result.items[0].exception).toMatch(/987654/);
    const ok = await logs(admin, { ServiceName: 'FriendLink', HasException: false });
    expect(ok.body.result.items.every((r: AuditLogListDto) => r.exception === null)).toBe(true);
  });

  it('filters by user, time range and duration; a page past the end is empty; bad filters are a 400', async () => {
    const teacher = await login('huangli');
    await http('GET', api('FriendLink/GetAll'), { token: teacher });
    const mine = await logs(admin, { UserName: 'huangl' });
    expect(mine.body.result.totalCount).toBeGreaterThan(0);
    expect(mine.body.result.items.every((r: AuditLogListDto) => r.userName === 'huangli')).toBe(true);
    const future = await logs(admin, { StartDate: '2999-01-01T00:00:00Z' });
    expect(future.body.result).toEqual({ totalCount: 0, items: [] });
    const slow = await logs(admin, { MinExecutionDuration: 86_400_000 });
    expect(slow.body.result.totalCount).toBe(0);
    const past = await logs(admin, { SkipCount: 1_000_000 });
    expect(past.body.result.items).toEqual([]);
    expect(past.body.result.totalCount).toBeGreaterThan(0);
    for (const bad of [
      { MinExecutionDuration: -1 },
      { MaxResultCount: 5000 },
      { StartDate: 'yesterday' },
      { Sorting: 'parameters desc' },
      { Sorting: '__proto__' },
    ]) {
      const res = await logs(admin, bad);
      expect(res.status, JSON.stringify(bad)).toBe(400);
      expect(res.body.error.validationErrors.length).toBeGreaterThan(0);
    }
    const sorted = await logs(admin, { Sorting: 'executionDuration asc' });
    const durations = sorted.body.result.items.map((r: AuditLogListDto) => r.executionDuration);
    expect(durations).toEqual([...durations].sort((a, b) => a - b));
  });

  it('needs Pages.Administration.AuditLogs (403 for a plain teacher) and has no update or delete', async () => {
    const teacher = await login('zhaolei');
    expect((await http('GET', api('AuditLog/GetAuditLogs'), { token: teacher })).status).toBe(403);
    expect((await http('GET', api('UserLogin/GetUserLoginAttempts'), { token: teacher })).status).toBe(403);
    expect((await http('GET', api('UserLogin/GetRecentUserLoginAttempts'), { token: teacher })).status).toBe(200);
    expect((await http('DELETE', api('AuditLog/Delete'), { token: admin, query: { Id: 1 } })).status).toBe(404);
  });

  it('keeps each side to its own rows: the host sees host rows, a tenant only its own', async () => {
    const b = await createTenant(t, 'auditb');
    await http('GET', api('FriendLink/GetAll'), { token: b.token, query: { Keyword: 'only-in-b' } });
    const host = await login('admin', null);
    const ofB = await logs(b.token, { MaxResultCount: 1000 });
    expect(ofB.body.result.items.some((r: AuditLogListDto) => r.parameters?.includes('only-in-b'))).toBe(true);
    const ofA = await logs(admin, { MaxResultCount: 1000 });
    expect(ofA.body.result.items.some((r: AuditLogListDto) => r.parameters?.includes('only-in-b'))).toBe(false);
    const ofHost = await logs(host, { MaxResultCount: 1000 });
    expect(ofHost.status).toBe(200);
    expect(ofHost.body.result.items.some((r: AuditLogListDto) => r.parameters?.includes('only-in-b'))).toBe(false);
    expect(ofHost.body.result.items.some((r: AuditLogListDto) => r.serviceName === 'Tenant' && r.methodName === 'Create')).toBe(true);
    // Another tenant's export token is not readable either.
    const file = (await http('GET', api('AuditLog/GetAuditLogsToExcel'), { token: b.token })).body.result;
    expect((await http('GET', '/File/DownloadTempFile', { token: admin, query: file })).status).not.toBe(200);
  });

  it('exports the filtered rows to Excel through the temp file', async () => {
    const res = await http('GET', api('AuditLog/GetAuditLogsToExcel'), { token: admin, query: { ServiceName: 'FriendLink' } });
    expect(res.status).toBe(200);
    expect(res.body.result.fileName).toMatch(/\.xlsx$/);
    const file = await fetch(new URL(`/File/DownloadTempFile?${new URLSearchParams(res.body.result).toString()}`, base), {
      headers: { authorization: `Bearer ${admin}` },
    });
    expect(file.status).toBe(200);
    const ExcelJS = (await import('exceljs')).default;
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(await file.arrayBuffer());
    const sheet = book.worksheets[0]!;
    expect(sheet.rowCount).toBeGreaterThan(1);
    expect(sheet.getRow(2).getCell(3).value).toBe('FriendLink');
  });

  it('lists sign-in attempts with the reason of each failure and the lockout, filterable by user and result', async () => {
    await login('zhaolei', 1, 'wrong-password');
    const page = await http('GET', api('UserLogin/GetUserLoginAttempts'), { token: admin, query: { Filter: 'zhaolei', Result: 3 } });
    expect(page.status).toBe(200);
    const row: UserLoginAttemptDto = page.body.result.items[0];
    expect(row).toMatchObject({
      userNameOrEmailAddress: 'zhaolei',
      result: 3,
      tenancyName: 'Default',
      clientIpAddress: '127.0.0.1',
      browserInfo: 'audit-test-browser/1.0',
    });
    for (let i = 0; i < 5; i++) await login('zhaolei', 1, 'wrong-password');
    const locked = await http('GET', api('UserLogin/GetUserLoginAttempts'), { token: admin, query: { Filter: 'zhaolei', Result: 9 } });
    expect(locked.body.result.items[0].lockoutEndDate).not.toBeNull();
    const host = await login('admin', null);
    const ofHost = await http('GET', api('UserLogin/GetUserLoginAttempts'), { token: host, query: { Filter: 'zhaolei' } });
    expect(ofHost.body.result.totalCount).toBe(0);
    expect((await http('GET', api('UserLogin/GetUserLoginAttempts'), { token: admin, query: { Result: 42 } })).status).toBe(400);
  });

  it('prunes rows older than the retention setting (App.Auditing.RetentionDays)', async () => {
    await t.app.auditWriter.flush();
    const old = await t.app.prisma.auditLog.create({
      data: { tenantId: 1, serviceName: 'Old', methodName: 'Call', executionTime: new Date(Date.now() - 91 * 86_400_000), executionDuration: 1 },
    });
    const recent = await t.app.prisma.auditLog.create({
      data: { tenantId: 1, serviceName: 'Old', methodName: 'Recent', executionTime: new Date(Date.now() - 10 * 86_400_000), executionDuration: 1 },
    });
    expect(await pruneAuditLogs(t.app.prisma)).toBeGreaterThanOrEqual(1);
    expect(await t.app.prisma.auditLog.findUnique({ where: { id: old.id } })).toBeNull();
    expect(await t.app.prisma.auditLog.findUnique({ where: { id: recent.id } })).not.toBeNull();
    await t.app.prisma.setting.create({ data: { name: 'App.Auditing.RetentionDays', value: '5' } });
    await pruneAuditLogs(t.app.prisma);
    expect(await t.app.prisma.auditLog.findUnique({ where: { id: recent.id } })).toBeNull();
  });

  it('edits the retention per side over HTTP (1 to 3650 days, a 400 outside, administrators only) and prunes each tenant by its own', async () => {
    const c = await createTenant(t, 'auditretain');
    // A tenant without its own value reads the application's (5, set by the test above).
    expect((await http('GET', api('AuditLog/GetAuditSettings'), { token: c.token })).body.result).toEqual({ retentionDays: 5 });
    for (const retentionDays of [0, 3651, 1.5, -3]) {
      const bad = await http('PUT', api('AuditLog/UpdateAuditSettings'), { token: c.token, body: { retentionDays } });
      expect(bad.status, String(retentionDays)).toBe(400);
      expect(bad.body.error.validationErrors[0].members).toEqual(['retentionDays']);
    }
    const saved = await http('PUT', api('AuditLog/UpdateAuditSettings'), { token: c.token, body: { retentionDays: 3 } });
    expect(saved.body.result).toEqual({ retentionDays: 3 });
    expect((await http('GET', api('AuditLog/GetAuditSettings'), { token: c.token })).body.result).toEqual({ retentionDays: 3 });
    // The tenant Default keeps the application's value.
    expect((await http('GET', api('AuditLog/GetAuditSettings'), { token: admin })).body.result).toEqual({ retentionDays: 5 });
    const teacher = await login('huangli');
    expect((await http('PUT', api('AuditLog/UpdateAuditSettings'), { token: teacher, body: { retentionDays: 10 } })).status).toBe(403);
    await t.app.auditWriter.flush();
    const at = (days: number) => new Date(Date.now() - days * 86_400_000);
    const ofC = await t.app.prisma.auditLog.create({
      data: { tenantId: c.id, serviceName: 'Old', methodName: 'C', executionTime: at(4), executionDuration: 1 },
    });
    const ofDefault = await t.app.prisma.auditLog.create({
      data: { tenantId: 1, serviceName: 'Old', methodName: 'Default', executionTime: at(4), executionDuration: 1 },
    });
    await pruneAuditLogs(t.app.prisma);
    expect(await t.app.prisma.auditLog.findUnique({ where: { id: ofC.id } })).toBeNull();
    expect(await t.app.prisma.auditLog.findUnique({ where: { id: ofDefault.id } })).not.toBeNull();
  });
  it('writes its rows outside a transaction open on the connection: the transaction rolled back takes none with it', async () => {
    const writer = t.app.auditWriter;
    await writer.flush();
    const serviceName = `Rollback${Date.now()}`;
    let flushed: Promise<void> | undefined;
    const rolledBack = t.app.prisma.$transaction(async (tx) => {
      await tx.auditLog.count();
      writer.record({
        tenantId: 1,
        userId: null,
        impersonatorUserId: null,
        impersonatorTenantId: null,
        serviceName,
        methodName: 'Call',
        parameters: null,
        executionTime: new Date(),
        executionDuration: 0,
        clientIpAddress: null,
        clientName: null,
        browserInfo: null,
        exception: null,
      });
      flushed = writer.flush();
      // The flush has its chance to write while the transaction is open.
      await new Promise((resolve) => setTimeout(resolve, 50));
      throw new Error('rolled back');
    });
    await expect(rolledBack).rejects.toThrow('rolled back');
    await flushed;
    expect(await t.app.prisma.auditLog.count({ where: { serviceName } })).toBe(1);
  });

  it('never fails the request when the audit write fails', async () => {
    await t.app.auditWriter.flush();
    await t.app.prisma.$executeRawUnsafe('ALTER TABLE "AuditLog" RENAME TO "AuditLogAway"');
    try {
      const res = await http('GET', api('FriendLink/GetAll'), { token: admin });
      expect(res.status).toBe(200);
      await expect(t.app.auditWriter.flush()).resolves.toBeUndefined();
      expect((await http('GET', api('FriendLink/GetAll'), { token: admin })).status).toBe(200);
    } finally {
      await t.app.prisma.$executeRawUnsafe('ALTER TABLE "AuditLogAway" RENAME TO "AuditLog"');
    }
  });
});

describe('Auditing off (AUDITING=0)', () => {
  it('records no call, and the calls still answer', async () => {
    const quiet = await createTestApp({ auditing: false });
    try {
      const client = await httpClient(quiet);
      const token = await client.login('admin');
      expect((await client.http('GET', client.api('FriendLink/GetAll'), { token })).status).toBe(200);
      await quiet.app.auditWriter.flush();
      expect(await quiet.app.prisma.auditLog.count()).toBe(0);
    } finally {
      await quiet.close();
    }
  });
});
