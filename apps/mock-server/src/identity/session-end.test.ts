import { HttpTransportType, HubConnectionBuilder, HubConnectionState, LogLevel, type HubConnection } from '@microsoft/signalr';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../testing/test-app.ts';
import type { UserNotificationPayload } from '../plugins/realtime.ts';

/**
 * Sessions end on the server, over real HTTP and WebSocket: a sign-out, a
 * password reset, a deactivation or a new security stamp close the hub
 * connections they concern (and only those), and a locked-out account is told
 * until when.
 */

// No periodic revalidation: every close below comes from the call that ended the session.
const t = useTestApp({ realtimeRevalidateEveryMs: 0, signIn: false });
let baseUrl: string;
const clients: HubConnection[] = [];

beforeAll(async () => {
  baseUrl = await t.app.listen({ port: 0, host: '127.0.0.1' });
});
afterEach(async () => {
  await Promise.all(clients.splice(0).map((c) => c.stop()));
});

interface SignIn {
  accessToken: string;
  encryptedAccessToken: string;
  userId: number;
}

async function post(path: string, body: unknown, o: { token?: string; culture?: string; method?: 'POST' | 'PUT' } = {}) {
  const res = await fetch(`${baseUrl}${path}`, {
    method: o.method ?? 'POST',
    headers: {
      'content-type': 'application/json',
      'abp.tenantid': '1',
      ...(o.token && { authorization: `Bearer ${o.token}` }),
      ...(o.culture && { '.AspNetCore.Culture': o.culture }),
    },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as { result: any; error: any } };
}

async function signIn(userName: string, password: string): Promise<SignIn> {
  const res = await post('/api/TokenAuth/UsersLogin', { userNameOrEmailAddress: userName, password });
  expect(res.status).toBe(200);
  return res.body.result as SignIn;
}

/** A registered hub connection of the signed-in session, with the pushes it received and how it closed. */
async function hub(session: SignIn) {
  const connection = new HubConnectionBuilder()
    .withUrl(`${baseUrl}/signalr?enc_auth_token=${encodeURIComponent(session.encryptedAccessToken)}`, { transport: HttpTransportType.WebSockets })
    .configureLogging(LogLevel.None)
    .build();
  clients.push(connection);
  const received: unknown[] = [];
  connection.on('getNotification', (n: unknown) => received.push(n));
  const closed = new Promise<Error | undefined>((resolve) => connection.onclose(resolve));
  await connection.start();
  await connection.invoke('register');
  return { connection, received, closed };
}

function notification(userId: number, message: string): UserNotificationPayload {
  return {
    id: '3b2f1e0d-0000-4000-8000-000000000001',
    tenantId: 1,
    userId,
    state: 0,
    notification: {
      id: '3b2f1e0d-0000-4000-8000-000000000002',
      tenantId: 1,
      notificationName: 'App.Test',
      data: { type: 'Abp.Notifications.MessageNotificationData', message, properties: {} },
      entityTypeName: null,
      entityId: null,
      severity: 0,
      creationTime: new Date().toISOString(),
    },
  };
}

async function createUser(admin: SignIn, userName: string, password = 'Secret123') {
  const res = await post(
    '/api/services/app/User/Create',
    { userName, name: '测', surname: '试', emailAddress: `${userName}@example.edu.cn`, password },
    { token: admin.accessToken },
  );
  expect(res.status).toBe(200);
  return res.body.result as { id: number } & Record<string, unknown>;
}

describe('the hub does not outlive the session', () => {
  it('sign-out closes that session’s connection only; it receives nothing more and cannot come back', async () => {
    const signedOut = await signIn('admin', '123qwe');
    const other = await signIn('admin', '123qwe');
    const a = await hub(signedOut);
    const b = await hub(other);
    const target = { userId: signedOut.userId, tenantId: 1 };
    expect(t.app.realtime.notify(target, notification(target.userId, 'before'))).toBe(2);

    expect((await post('/api/services/app/Account/LoginOut', {}, { token: signedOut.accessToken })).status).toBe(200);
    expect((await a.closed)?.message).toMatch(/session ended/);
    expect(a.connection.state).toBe(HubConnectionState.Disconnected);

    // The other sign-in of the same user keeps its connection and gets the next push alone.
    expect(t.app.realtime.notify(target, notification(target.userId, 'after'))).toBe(1);
    await b.connection.invoke('register'); // a round trip: the push has arrived before its completion
    expect(b.received).toHaveLength(2);
    expect(a.received).toHaveLength(1);
    expect(b.connection.state).toBe(HubConnectionState.Connected);

    // The signed-out token cannot open a new connection.
    const again = await fetch(
      `${baseUrl}/signalr/negotiate?negotiateVersion=1&enc_auth_token=${encodeURIComponent(signedOut.encryptedAccessToken)}`,
      {
        method: 'POST',
      },
    );
    expect(again.status).toBe(401);
  });

  it('sign-out also forgets a connection negotiated but not yet opened', async () => {
    const session = await signIn('admin', '123qwe');
    const negotiated = await fetch(
      `${baseUrl}/signalr/negotiate?negotiateVersion=1&enc_auth_token=${encodeURIComponent(session.encryptedAccessToken)}`,
      {
        method: 'POST',
      },
    );
    const { connectionToken } = (await negotiated.json()) as { connectionToken: string };
    await post('/api/services/app/Account/LoginOut', {}, { token: session.accessToken });
    // The WebSocket upgrade with the negotiated id is refused (404 before the upgrade).
    const { default: WebSocket } = await import('ws');
    const socket = new WebSocket(`${baseUrl.replace(/^http/, 'ws')}/signalr?id=${connectionToken}`);
    socket.on('error', () => undefined); // the refused upgrade also reports an error
    const status = await new Promise<number>((resolve) => {
      socket.once('unexpected-response', (_req, res) => resolve(res.statusCode ?? 0));
      socket.once('open', () => {
        socket.terminate();
        resolve(101);
      });
    });
    expect(status).toBe(404);
  });

  it('a password reset closes every connection of that user, and no one else’s', async () => {
    const admin = await signIn('admin', '123qwe');
    const user = await createUser(admin, 'resetme');
    const first = await hub(await signIn('resetme', 'Secret123'));
    const second = await hub(await signIn('resetme', 'Secret123'));
    const adminHub = await hub(admin);

    const reset = await post(
      '/api/services/app/User/ResetPassword',
      { adminPassword: '123qwe', userId: user.id, newPassword: 'Another123' },
      { token: admin.accessToken },
    );
    expect(reset.status).toBe(200);
    await Promise.all([first.closed, second.closed]);
    expect(t.app.realtime.notify({ userId: user.id, tenantId: 1 }, notification(user.id, 'gone'))).toBe(0);
    expect(adminHub.connection.state).toBe(HubConnectionState.Connected);
    expect(t.app.realtime.onlineUserIds(1)).toEqual([admin.userId]);
  });

  it('deactivating a user closes their connections', async () => {
    const admin = await signIn('admin', '123qwe');
    const created = await createUser(admin, 'deactivateme');
    const session = await hub(await signIn('deactivateme', 'Secret123'));
    const res = await post(
      '/api/services/app/User/Update',
      {
        id: created.id,
        userName: 'deactivateme',
        name: '测',
        surname: '试',
        emailAddress: 'deactivateme@example.edu.cn',
        isActive: false,
        roleNames: [],
        identity: created.identity,
      },
      { token: admin.accessToken, method: 'PUT' },
    );
    expect(res.status).toBe(200);
    await session.closed;
    expect(session.connection.state).toBe(HubConnectionState.Disconnected);
  });

  it('a security stamp changed by any path ends the connections at the next revalidation', async () => {
    const admin = await signIn('admin', '123qwe');
    const created = await createUser(admin, 'stampme');
    const session = await hub(await signIn('stampme', 'Secret123'));
    const adminHub = await hub(admin);
    await t.app.prisma.user.update({ where: { id: created.id }, data: { securityStamp: 'changed-elsewhere' } });
    expect(await t.app.realtime.revalidate()).toBe(1);
    await session.closed;
    expect(adminHub.connection.state).toBe(HubConnectionState.Connected);
  });
});

describe('lockout says until when', () => {
  it('the fifth wrong password locks the account; the right one is then refused with the lockout end', async () => {
    const admin = await signIn('admin', '123qwe');
    const user = await createUser(admin, 'lockme');
    for (let i = 1; i <= 4; i++) {
      const wrong = await post('/api/TokenAuth/UsersLogin', { userNameOrEmailAddress: 'lockme', password: 'wrong' }, { culture: 'c=en|uic=en' });
      expect(wrong.status).toBe(500);
      expect(wrong.body.error).toMatchObject({ code: 0, message: 'Login failed!', details: 'Invalid user name or password' });
    }
    const before = Date.now();
    const fifth = await post('/api/TokenAuth/UsersLogin', { userNameOrEmailAddress: 'lockme', password: 'wrong' }, { culture: 'c=en|uic=en' });
    const after = Date.now();
    expect(fifth.status).toBe(500);
    expect(fifth.body.error).toMatchObject({ code: 9, message: 'Login failed!', validationErrors: null });
    const until = /until (\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ) \(UTC\)/.exec(fifth.body.error.details as string)?.[1];
    expect(fifth.body.error.details).toBe(`The user account is locked out until ${until} (UTC). Please try again later.`);
    const stored = await t.app.prisma.user.findFirstOrThrow({ where: { id: user.id } });
    expect(until).toBe(stored.lockoutEndDate!.toISOString().replace(/\.\d{3}Z$/, 'Z'));
    // Five minutes from the moment the server counted the fifth failure: between the request and its answer (to the second, rounded down).
    expect(Date.parse(until!)).toBeGreaterThan(before + 300_000 - 1000);
    expect(Date.parse(until!)).toBeLessThanOrEqual(after + 300_000);

    // The right password, now: refused with the same end (zh-Hans by default; Authenticate as UsersLogin).
    const right = await post('/api/TokenAuth/Authenticate', { userNameOrEmailAddress: 'lockme', password: 'Secret123' });
    expect(right.status).toBe(500);
    expect(right.body.error).toMatchObject({ code: 9, message: '登录失败!', details: `账户已被锁定，请于 ${until}（UTC）后重试。` });

    const results = await t.app.prisma.userLoginAttempt.findMany({ where: { userId: user.id }, orderBy: { id: 'asc' }, select: { result: true } });
    expect(results.map((r) => r.result)).toEqual([3, 3, 3, 3, 9, 9]);

    // A reset by the admin lifts the lockout.
    await post(
      '/api/services/app/User/ResetPassword',
      { adminPassword: '123qwe', userId: user.id, newPassword: 'Another123' },
      { token: admin.accessToken },
    );
    expect((await post('/api/TokenAuth/UsersLogin', { userNameOrEmailAddress: 'lockme', password: 'Another123' })).status).toBe(200);
  });
});
