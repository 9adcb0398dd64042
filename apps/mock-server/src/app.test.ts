import { HttpTransportType, HubConnectionBuilder, LogLevel } from '@microsoft/signalr';
import { services, type Service } from '@edu/sdk';
import { describe, expect, it } from 'vitest';
import { implement } from './kit/register-service.ts';
import { implementations } from './services/index.ts';
import { useTestApp } from './testing/test-app.ts';

const t = useTestApp({ signIn: false });

describe('the registry is served', () => {
  it('implements every SDK service, every endpoint', () => {
    const served = new Map(implementations.map((i) => [i.service.name, i]));
    for (const s of Object.values(services) as Service[]) {
      const impl = served.get(s.name);
      expect(impl, s.name).toBeDefined();
      for (const method of Object.keys(s.endpoints)) expect(typeof impl!.handlers[method], `${s.name}/${method}`).toBe('function');
    }
  });

  it('makes a missing handler a compile error', () => {
    // @ts-expect-error Tenant/Delete (and others) are missing: implement() must not accept this.
    const partial = () => implement(services.tenant, { GetAll: async () => ({ totalCount: 0, items: [] }) });
    expect(typeof partial).toBe('function');
  });
});

describe('Swagger', () => {
  it('serves Swagger UI and the SDK OpenAPI document', async () => {
    const ui = await t.app.inject({ method: 'GET', url: '/swagger/' });
    expect(ui.statusCode).toBe(200);
    expect(ui.headers['content-type']).toContain('text/html');
    const doc = await t.app.inject({ method: 'GET', url: '/swagger/json' });
    expect(doc.statusCode).toBe(200);
    expect(JSON.parse(doc.body).paths['/api/services/app/User/GetAll'].get).toBeDefined();
  });
});

describe('real time through the app', () => {
  it('accepts enc_auth_token from UsersLogin, answers register and pushes getNotification', async () => {
    const login = await t.call('POST', '/api/TokenAuth/UsersLogin', { tenantId: 1, body: { userNameOrEmailAddress: 'admin', password: '123qwe' } });
    const { encryptedAccessToken, userId } = login.body.result;
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const connection = new HubConnectionBuilder()
      .withUrl(`${address}/signalr?enc_auth_token=${encodeURIComponent(encryptedAccessToken)}`, { transport: HttpTransportType.WebSockets })
      .configureLogging(LogLevel.None)
      .build();
    const received = new Promise<any>((resolve) => connection.on('getNotification', resolve));
    await connection.start();
    await connection.invoke('register');
    expect(t.app.realtime.onlineUserIds(1)).toContain(userId);
    const stats = await t.call('GET', '/api/services/app/Session/GetWebSiteStatistics', { token: login.body.result.accessToken });
    expect(stats.body.result.onlineUserCount).toBe(1);
    const payload = {
      id: 'b4f3c2d1-0000-4000-8000-000000000001',
      tenantId: 1,
      userId,
      state: 0,
      notification: {
        id: 'b4f3c2d1-0000-4000-8000-000000000002',
        tenantId: 1,
        notificationName: 'App.Test',
        data: { type: 'Abp.Notifications.MessageNotificationData', message: '测试通知', properties: {} },
        entityTypeName: null,
        entityId: null,
        severity: 0,
        creationTime: new Date().toISOString(),
      },
    };
    expect(t.app.realtime.notify({ userId, tenantId: 1 }, payload as never)).toBe(1);
    expect(await received).toEqual(payload);
    await connection.stop();
  });

  it('refuses a negotiate without a valid token', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/signalr/negotiate?negotiateVersion=1&enc_auth_token=garbage' });
    expect(res.statusCode).toBe(401);
  });
});
