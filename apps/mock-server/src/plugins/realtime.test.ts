import { HttpTransportType, HubConnectionBuilder, HubConnectionState, LogLevel, type HubConnection } from '@microsoft/signalr';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import WebSocket from 'ws';
import { encryptString } from '../identity/string-cipher.ts';
import { realtimePlugin, type UserNotificationPayload } from './realtime.ts';

const RS = '\x1e';
const TENANT_USER_TOKEN = 'jwt-tenant-1-user-7';
const HOST_USER_TOKEN = 'jwt-host-user-1';
const IDENTITIES: Record<string, { userId: number; tenantId: number | null }> = {
  [TENANT_USER_TOKEN]: { userId: 7, tenantId: 1 },
  [HOST_USER_TOKEN]: { userId: 1, tenantId: null },
};

let app: FastifyInstance;
let baseUrl: string;
const clients: HubConnection[] = [];
const sockets: WebSocket[] = [];

// --- helpers ---------------------------------------------------------------------------------

/**
 * How long a wait for a message or a socket event may take before it fails with its label: a net against a hang, long
 * enough for a process paused on two cores shared with the browser suite (the suite's expect.poll waits as long).
 */
const WAIT_MS = 15_000;

function withTimeout<T>(promise: Promise<T>, label: string, ms = WAIT_MS): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`Timed out waiting for ${label}`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/** Polls server-side state that changes when the server sees a socket close (after the client's close resolves). */
async function waitFor(condition: () => boolean, label: string, ms = WAIT_MS): Promise<void> {
  const deadline = Date.now() + ms;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${label}`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

function encToken(token: string): string {
  return encodeURIComponent(encryptString(token));
}

function hubClient(token: string, extra: { skipNegotiation?: boolean } = {}): HubConnection {
  const connection = new HubConnectionBuilder()
    .withUrl(`${baseUrl}/signalr?enc_auth_token=${encToken(token)}`, {
      transport: HttpTransportType.WebSockets,
      skipNegotiation: extra.skipNegotiation ?? false,
    })
    .configureLogging(LogLevel.None)
    .build();
  clients.push(connection);
  return connection;
}

function notification(userId: number, tenantId: number | null, message: string): UserNotificationPayload {
  return {
    id: '0f8fad5b-d9cb-469f-a165-70867728950e',
    tenantId,
    userId,
    state: 0,
    notification: {
      id: '7c9e6679-7425-40de-944b-e07fc1f90ae7',
      tenantId,
      notificationName: 'App.CourseReviewed',
      data: {
        type: 'Abp.Notifications.MessageNotificationData',
        message,
        properties: { Message: message, courseId: 42 },
      },
      entityTypeName: null,
      entityId: null,
      severity: 1,
      creationTime: '2024-05-01T08:30:00.000Z',
    },
  };
}

async function negotiate(token: string, version?: number) {
  const query = version === undefined ? '' : `&negotiateVersion=${version}`;
  const res = await fetch(`${baseUrl}/signalr/negotiate?enc_auth_token=${encToken(token)}${query}`, { method: 'POST' });
  return { status: res.status, body: res.status === 200 ? ((await res.json()) as Record<string, unknown>) : null };
}

/** A raw WebSocket peer that splits incoming frames into hub records. */
interface RawPeer {
  socket: WebSocket;
  next(label: string): Promise<string>;
  closed: Promise<{ code: number }>;
}

function rawPeer(id: string): Promise<RawPeer> {
  const socket = new WebSocket(`${baseUrl.replace(/^http/, 'ws')}/signalr?id=${id}`);
  sockets.push(socket);
  const records: string[] = [];
  const waiters: Array<(record: string) => void> = [];
  let partial = '';
  socket.on('message', (data) => {
    partial += Buffer.isBuffer(data) ? data.toString('utf8') : '';
    let sep: number;
    while ((sep = partial.indexOf(RS)) !== -1) {
      const record = partial.slice(0, sep);
      partial = partial.slice(sep + 1);
      const waiter = waiters.shift();
      if (waiter) waiter(record);
      else records.push(record);
    }
  });
  const closed = new Promise<{ code: number }>((resolve) => socket.on('close', (code) => resolve({ code })));
  const next = (label: string) =>
    withTimeout(
      new Promise<string>((resolve) => {
        const record = records.shift();
        if (record !== undefined) resolve(record);
        else waiters.push(resolve);
      }),
      label,
    );
  return new Promise((resolve, reject) => {
    socket.once('open', () => resolve({ socket, next, closed }));
    socket.once('unexpected-response', (_req, res) => reject(new Error(`HTTP ${res.statusCode}`)));
    socket.once('error', reject);
  });
}

async function handshakenPeer(token = TENANT_USER_TOKEN): Promise<RawPeer> {
  const { body } = await negotiate(token, 1);
  const peer = await rawPeer(String(body?.connectionToken));
  peer.socket.send(`{"protocol":"json","version":1}${RS}`);
  expect(await peer.next('handshake response')).toBe('{}');
  return peer;
}

// --- lifecycle -------------------------------------------------------------------------------

beforeAll(async () => {
  app = Fastify();
  await app.register(realtimePlugin, {
    authenticate: async (accessToken) => IDENTITIES[accessToken] ?? null,
  });
  baseUrl = await app.listen({ port: 0, host: '127.0.0.1' });
});

afterEach(async () => {
  await Promise.all(clients.splice(0).map((c) => c.stop()));
  for (const socket of sockets.splice(0)) socket.terminate();
  await waitFor(() => app.realtime.connectionCount() === 0, 'server-side cleanup');
});

afterAll(async () => {
  await app.close();
});

// --- tests -----------------------------------------------------------------------------------

describe('realtime hub with @microsoft/signalr', () => {
  it('negotiates, registers and delivers getNotification with exactly the payload', async () => {
    const connection = hubClient(TENANT_USER_TOKEN);
    const received = new Promise<unknown[]>((resolve) => {
      connection.on('getNotification', (...args: unknown[]) => resolve(args));
    });
    await withTimeout(connection.start(), 'start');
    expect(connection.state).toBe(HubConnectionState.Connected);
    await withTimeout(connection.invoke('register'), 'register');

    // Same user id in another tenant, and the same tenant for another user, are not reached.
    expect(app.realtime.notify({ userId: 7, tenantId: null }, notification(7, null, 'wrong tenant'))).toBe(0);
    expect(app.realtime.notify({ userId: 8, tenantId: 1 }, notification(8, 1, 'wrong user'))).toBe(0);

    const payload = notification(7, 1, '你的课程已通过审核');
    expect(app.realtime.notify({ userId: 7, tenantId: 1 }, payload)).toBe(1);
    expect(await withTimeout(received, 'getNotification')).toEqual([payload]);
  });

  it('reaches every registered connection of the user, but not unregistered ones', async () => {
    const a = hubClient(TENANT_USER_TOKEN);
    const b = hubClient(TENANT_USER_TOKEN);
    const unregistered = hubClient(TENANT_USER_TOKEN);
    let unregisteredHits = 0;
    unregistered.on('getNotification', () => unregisteredHits++);
    const gotA = new Promise((resolve) => a.on('getNotification', resolve));
    const gotB = new Promise((resolve) => b.on('getNotification', resolve));
    await Promise.all([a.start(), b.start(), unregistered.start()].map((p) => withTimeout(p, 'start')));
    await Promise.all([a.invoke('register'), b.invoke('register')]);
    expect(app.realtime.connectionCount()).toBe(3);

    expect(app.realtime.notify({ userId: 7, tenantId: 1 }, notification(7, 1, 'to both'))).toBe(2);
    await withTimeout(Promise.all([gotA, gotB]), 'both notifications');
    // Round-trip on the unregistered connection: anything sent before the completion has arrived.
    await unregistered.invoke('register');
    expect(unregisteredHits).toBe(0);
  });

  it('rejects a bad token at negotiate with 401', async () => {
    expect((await negotiate('not-a-known-jwt', 1)).status).toBe(401);
    const garbage = await fetch(`${baseUrl}/signalr/negotiate?negotiateVersion=1&enc_auth_token=garbage`, { method: 'POST' });
    expect(garbage.status).toBe(401);
    const missing = await fetch(`${baseUrl}/signalr/negotiate?negotiateVersion=1`, { method: 'POST' });
    expect(missing.status).toBe(401);

    const connection = hubClient('not-a-known-jwt');
    await expect(withTimeout(connection.start(), 'start')).rejects.toThrow(/401/);
    expect(connection.state).toBe(HubConnectionState.Disconnected);
    expect(app.realtime.connectionCount()).toBe(0);
  });

  it('tracks online users per tenant and forgets them after stop()', async () => {
    const tenantUser = hubClient(TENANT_USER_TOKEN);
    const hostUser = hubClient(HOST_USER_TOKEN);
    await Promise.all([tenantUser.start(), hostUser.start()].map((p) => withTimeout(p, 'start')));
    expect(app.realtime.onlineUserIds()).toEqual([]); // connected, not registered yet
    await Promise.all([tenantUser.invoke('register'), hostUser.invoke('register')]);

    expect(app.realtime.onlineUserIds()).toEqual([1, 7]);
    expect(app.realtime.onlineUserIds(1)).toEqual([7]);
    expect(app.realtime.onlineUserIds(null)).toEqual([1]);
    expect(app.realtime.onlineUserIds(2)).toEqual([]);

    await Promise.all([tenantUser.stop(), hostUser.stop()]);
    await waitFor(() => app.realtime.connectionCount() === 0, 'connections to close');
    expect(app.realtime.onlineUserIds()).toEqual([]);
    expect(app.realtime.notify({ userId: 7, tenantId: 1 }, notification(7, 1, 'gone'))).toBe(0);
  });

  it('fails an unknown hub method with a completion error and keeps the connection', async () => {
    const connection = hubClient(TENANT_USER_TOKEN);
    await withTimeout(connection.start(), 'start');
    await expect(connection.invoke('noSuchMethod', 1)).rejects.toThrow(/noSuchMethod/);
    await withTimeout(connection.invoke('register'), 'register after error');
    expect(connection.state).toBe(HubConnectionState.Connected);
  });

  it('accepts a WebSocket without negotiate (skipNegotiation) when enc_auth_token is valid', async () => {
    const connection = hubClient(HOST_USER_TOKEN, { skipNegotiation: true });
    const received = new Promise((resolve) => connection.on('getNotification', resolve));
    await withTimeout(connection.start(), 'start');
    await connection.invoke('register');
    const payload = notification(1, null, 'host');
    expect(app.realtime.notify({ userId: 1, tenantId: null }, payload)).toBe(1);
    expect(await withTimeout(received, 'getNotification')).toEqual(payload);
  });
});

describe('realtime hub wire protocol (raw ws)', () => {
  it('answers negotiate v1 and v0 with the documented shapes', async () => {
    const v1 = await negotiate(TENANT_USER_TOKEN, 1);
    expect(v1.status).toBe(200);
    expect(v1.body).toEqual({
      connectionToken: expect.any(String),
      connectionId: expect.any(String),
      negotiateVersion: 1,
      availableTransports: [{ transport: 'WebSockets', transferFormats: ['Text', 'Binary'] }],
    });
    expect(v1.body?.connectionToken).not.toBe(v1.body?.connectionId);

    // Old clients send no negotiateVersion: version 0, no token, connect with the connectionId.
    const v0 = await negotiate(TENANT_USER_TOKEN);
    expect(v0.body).toEqual({
      connectionId: expect.any(String),
      negotiateVersion: 0,
      availableTransports: [{ transport: 'WebSockets', transferFormats: ['Text', 'Binary'] }],
    });
    const peer = await rawPeer(String(v0.body?.connectionId));
    peer.socket.send(`{"protocol":"json","version":1}${RS}`);
    expect(await peer.next('handshake')).toBe('{}');

    // Newer clients asking for a higher version get ours.
    expect((await negotiate(TENANT_USER_TOKEN, 2)).body?.negotiateVersion).toBe(1);
  });

  it('refuses unknown and reused connection ids', async () => {
    await expect(rawPeer('no-such-token')).rejects.toThrow(/404/);
    const { body } = await negotiate(TENANT_USER_TOKEN, 1);
    const token = String(body?.connectionToken);
    await rawPeer(token);
    await expect(rawPeer(token)).rejects.toThrow(/404/);
  });

  it('handles partial frames, several records per frame and non-blocking invocations', async () => {
    const { body } = await negotiate(TENANT_USER_TOKEN, 1);
    const peer = await rawPeer(String(body?.connectionToken));
    // Handshake split over two frames.
    peer.socket.send('{"protocol":"js');
    peer.socket.send(`on","version":1}${RS}`);
    expect(await peer.next('handshake')).toBe('{}');

    peer.socket.send(
      `{"type":1,"invocationId":"1","target":"Register","arguments":[]}${RS}` +
        `{"type":1,"target":"register","arguments":[]}${RS}` +
        `{"type":6}${RS}` +
        `{"type":1,"target":"missing","arguments":[]}${RS}` +
        `{"type":1,"invocationId":"2","target":"nope","arguments":[]}${RS}{"type":1,"invoca`,
    );
    // A multi-byte character split across binary frames.
    const tail = Buffer.from(`tionId":"3","target":"课程","arguments":[]}${RS}`);
    const cut = tail.indexOf(Buffer.from('课')) + 1;
    peer.socket.send(tail.subarray(0, cut), { binary: true });
    peer.socket.send(tail.subarray(cut), { binary: true });

    // Responses arrive in order; the non-blocking calls and the ping produced none in between.
    expect(JSON.parse(await peer.next('completion 1'))).toEqual({ type: 3, invocationId: '1' });
    expect(JSON.parse(await peer.next('completion 2'))).toEqual({
      type: 3,
      invocationId: '2',
      error: expect.stringContaining('nope'),
    });
    expect(JSON.parse(await peer.next('completion 3'))).toEqual({
      type: 3,
      invocationId: '3',
      error: expect.stringContaining('课程'),
    });
    expect(app.realtime.onlineUserIds(1)).toEqual([7]);

    peer.socket.send(`{"type":7}${RS}`);
    expect((await withTimeout(peer.closed, 'close after Close message')).code).toBe(1000);
    await waitFor(() => app.realtime.connectionCount() === 0, 'cleanup');
  });

  it('sends a ping every 15 s when the connection is otherwise idle', async () => {
    const { body } = await negotiate(TENANT_USER_TOKEN, 1);
    const peer = await rawPeer(String(body?.connectionToken));
    // Only intervals and the clock are faked; sockets and setTimeout stay real.
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'Date'] });
    try {
      peer.socket.send(`{"protocol":"json","version":1}${RS}`);
      expect(await peer.next('handshake')).toBe('{}');
      vi.advanceTimersByTime(15_000);
      expect(JSON.parse(await peer.next('first ping'))).toEqual({ type: 6 });
      vi.advanceTimersByTime(15_000);
      expect(JSON.parse(await peer.next('second ping'))).toEqual({ type: 6 });
    } finally {
      vi.useRealTimers();
    }
  });

  it('rejects a handshake for another protocol with an error, then closes', async () => {
    const { body } = await negotiate(TENANT_USER_TOKEN, 1);
    const peer = await rawPeer(String(body?.connectionToken));
    peer.socket.send(`{"protocol":"messagepack","version":1}${RS}`);
    expect(JSON.parse(await peer.next('handshake error'))).toEqual({
      error: expect.stringContaining('messagepack'),
    });
    await withTimeout(peer.closed, 'close');
  });

  it('closes a connection that sends garbage while other clients keep working', async () => {
    const healthy = hubClient(TENANT_USER_TOKEN);
    const received = new Promise((resolve) => healthy.on('getNotification', resolve));
    await withTimeout(healthy.start(), 'start');
    await healthy.invoke('register');

    // Garbage before the handshake.
    const { body } = await negotiate(HOST_USER_TOKEN, 1);
    const early = await rawPeer(String(body?.connectionToken));
    early.socket.send(`\u0000\u00ffnot json at all${RS}`);
    expect((await withTimeout(early.closed, 'close of early garbage peer')).code).toBe(1008);

    // Garbage after the handshake: the server says why (Close message), then closes.
    const late = await handshakenPeer(HOST_USER_TOKEN);
    late.socket.send(`{"type":1,"target":${RS}`);
    expect(JSON.parse(await late.next('close message'))).toEqual({ type: 7, error: expect.any(String) });
    expect((await withTimeout(late.closed, 'close of late garbage peer')).code).toBe(1008);

    // Structurally wrong but valid JSON is a protocol error too.
    const wrong = await handshakenPeer(HOST_USER_TOKEN);
    wrong.socket.send(`[1,2,3]${RS}`);
    await withTimeout(wrong.closed, 'close of wrong-shape peer');

    await waitFor(() => app.realtime.connectionCount() === 1, 'garbage peers to be dropped');
    const payload = notification(7, 1, 'still alive');
    expect(app.realtime.notify({ userId: 7, tenantId: 1 }, payload)).toBe(1);
    expect(await withTimeout(received, 'notification after garbage')).toEqual(payload);
    expect(healthy.state).toBe(HubConnectionState.Connected);
  });
});

describe('realtime hub registration', () => {
  it('reuses an @fastify/websocket the app registered itself', async () => {
    const { default: websocket } = await import('@fastify/websocket');
    const other = Fastify();
    await other.register(websocket);
    await other.register(realtimePlugin, { path: '/hub', authenticate: async (t) => IDENTITIES[t] ?? null });
    const url = await other.listen({ port: 0, host: '127.0.0.1' });
    const connection = new HubConnectionBuilder()
      .withUrl(`${url}/hub?enc_auth_token=${encToken(HOST_USER_TOKEN)}`, { transport: HttpTransportType.WebSockets })
      .configureLogging(LogLevel.None)
      .build();
    try {
      await withTimeout(connection.start(), 'start');
      await withTimeout(connection.invoke('register'), 'register');
      expect(other.realtime.onlineUserIds(null)).toEqual([1]);
    } finally {
      await connection.stop();
      await other.close();
    }
  });
});
