/**
 * SignalR-compatible stand-in for ABP's `AbpCommonHub` at `/signalr` (ABP-WIRE.md section 8).
 *
 * Implements just enough of the ASP.NET Core SignalR wire protocol for the official
 * `@microsoft/signalr` client and ABP's `abp.signalr-client.js`:
 * - negotiate v0/v1 (dotnet/aspnetcore src/SignalR/docs/specs/TransportProtocols.md), WebSockets only;
 * - the JSON hub protocol (HubProtocol.md): handshake, invocations, pings, close.
 * Auth follows ABP's AuthConfigurer: `enc_auth_token` is a SimpleStringCipher-encrypted JWT.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { StringDecoder } from 'node:string_decoder';
import websocket from '@fastify/websocket';
import type { FastifyBaseLogger, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { RawData, WebSocket } from 'ws';
import { decryptString } from '../identity/string-cipher.ts';

// ---------------------------------------------------------------------------------------------
// Public types

export interface RealtimeIdentity {
  userId: number;
  tenantId: number | null;
}

/** `Abp.Localization.LocalizableString` as serialized inside notification data. */
export interface LocalizableStringPayload {
  sourceName: string;
  name: string;
}

/** ABP `NotificationData` (e.g. `Abp.Notifications.MessageNotificationData`). */
export interface NotificationDataPayload {
  type: string;
  message?: string | LocalizableStringPayload;
  properties: Record<string, unknown>;
  [extra: string]: unknown;
}

/** ABP `UserNotification` (a `TenantNotification` delivered to one user), as pushed by `getNotification`. */
export interface UserNotificationPayload {
  id: string;
  tenantId: number | null;
  userId: number;
  /** UserNotificationState: 0 = Unread, 1 = Read. */
  state: 0 | 1;
  notification: {
    id: string;
    tenantId: number | null;
    notificationName: string;
    data: NotificationDataPayload;
    entityTypeName: string | null;
    entityId: string | null;
    /** NotificationSeverity: 0 Info, 1 Success, 2 Warn, 3 Error, 4 Fatal. */
    severity: 0 | 1 | 2 | 3 | 4;
    /** ISO 8601 date-time. */
    creationTime: string;
  };
}

export interface RealtimeHub {
  /** Pushes `getNotification` to every registered connection of the user; returns how many were reached. */
  notify(target: RealtimeIdentity, notification: UserNotificationPayload): number;
  /** Invokes a client method (e.g. `jobProgress`) on every registered connection of the user; returns how many were reached. */
  push(target: RealtimeIdentity, method: string, ...args: unknown[]): number;
  /**
   * Distinct ids of users with at least one registered connection, ascending.
   * `tenantId` undefined: all tenants; null: host users only.
   */
  onlineUserIds(tenantId?: number | null): number[];
  /** Open WebSocket hub connections (registered or not). */
  connectionCount(): number;
}

export interface RealtimePluginOptions {
  /** Hub path; default `/signalr`. */
  path?: string;
  /** Validates the JWT carried (encrypted) in `enc_auth_token`; null rejects it. */
  authenticate(accessToken: string): Promise<RealtimeIdentity | null>;
  /** SimpleStringCipher pass phrase; default is the framework's. */
  passPhrase?: string;
}

declare module 'fastify' {
  interface FastifyInstance {
    realtime: RealtimeHub;
  }
}

// ---------------------------------------------------------------------------------------------
// Protocol constants

const RS = '\x1e';
const PENDING_TTL_MS = 60_000;
// Same defaults as ASP.NET Core HubOptions: KeepAliveInterval 15 s, HandshakeTimeout 15 s.
const KEEP_ALIVE_MS = 15_000;
const HANDSHAKE_TIMEOUT_MS = 15_000;
// Guards memory against a client that never sends a record separator.
const MAX_BUFFERED_CHARS = 1 << 20;

const MessageType = {
  Invocation: 1,
  StreamItem: 2,
  Completion: 3,
  StreamInvocation: 4,
  CancelInvocation: 5,
  Ping: 6,
  Close: 7,
  Ack: 8,
  Sequence: 9,
} as const;

const PING_RECORD = JSON.stringify({ type: MessageType.Ping }) + RS;

// Close codes (RFC 6455): 1000 normal, 1001 going away, 1008 policy violation.
const CLOSE_NORMAL = 1000;
const CLOSE_GOING_AWAY = 1001;
const CLOSE_POLICY = 1008;

interface PendingConnection {
  connectionId: string;
  identity: RealtimeIdentity;
  expiresAt: number;
}

interface HubConnection {
  id: string;
  identity: RealtimeIdentity;
  socket: WebSocket;
  log: FastifyBaseLogger;
  decoder: StringDecoder;
  buffer: string;
  handshaken: boolean;
  registered: boolean;
  closed: boolean;
  lastSentAt: number;
  handshakeTimer: NodeJS.Timeout | undefined;
  keepAliveTimer: NodeJS.Timeout | undefined;
}

class ProtocolError extends Error {}

type HubMethod = (conn: HubConnection, args: unknown[]) => unknown;

function firstQueryValue(query: unknown, name: string): string | undefined {
  if (!query || typeof query !== 'object') return undefined;
  const value = (query as Record<string, unknown>)[name];
  const first: unknown = Array.isArray(value) ? value[0] : value;
  return typeof first === 'string' ? first : undefined;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

// ---------------------------------------------------------------------------------------------
// Plugin

async function realtime(fastify: FastifyInstance, options: RealtimePluginOptions): Promise<void> {
  if (typeof options.authenticate !== 'function') throw new Error('realtimePlugin: authenticate is required');
  const path = (options.path ?? '/signalr').replace(/\/+$/, '') || '/signalr';
  const passPhrase = options.passPhrase;

  if (!fastify.hasDecorator('websocketServer')) {
    await fastify.register(websocket);
  }

  /** Negotiated but not yet connected, keyed by the value the client will send as `id`. */
  const pending = new Map<string, PendingConnection>();
  const connections = new Map<string, HubConnection>();
  /** Identity resolved in preValidation, handed to the WebSocket handler. */
  const admitted = new WeakMap<FastifyRequest, PendingConnection>();

  const sweeper = setInterval(() => {
    const now = Date.now();
    for (const [key, entry] of pending) if (entry.expiresAt <= now) pending.delete(key);
  }, PENDING_TTL_MS / 2);
  sweeper.unref();

  // ABP resolves the bearer token from `enc_auth_token` on /signalr paths; a plain
  // Authorization header works there too, so accept both.
  async function identify(request: FastifyRequest): Promise<RealtimeIdentity | null> {
    const encrypted = firstQueryValue(request.query, 'enc_auth_token');
    let token: string | null = null;
    if (encrypted !== undefined) {
      token = decryptString(encrypted, passPhrase);
    } else {
      const header = request.headers.authorization;
      if (typeof header === 'string' && /^Bearer\s+/i.test(header)) token = header.replace(/^Bearer\s+/i, '');
    }
    if (!token) return null;
    try {
      const identity = await options.authenticate(token);
      if (!identity || typeof identity.userId !== 'number') return null;
      return { userId: identity.userId, tenantId: identity.tenantId ?? null };
    } catch (err) {
      request.log.debug({ err }, 'realtime: authenticate threw; treating as unauthenticated');
      return null;
    }
  }

  // --- negotiate -------------------------------------------------------------------------------

  fastify.post(`${path}/negotiate`, async (request, reply) => {
    const rawVersion = firstQueryValue(request.query, 'negotiateVersion');
    let version = 0;
    if (rawVersion !== undefined) {
      if (!/^\d+$/.test(rawVersion)) {
        return reply.code(400).send({ error: `The client requested an invalid protocol version '${rawVersion}'` });
      }
      // Highest version we speak is 1; older clients (no parameter) get 0.
      version = Math.min(Number(rawVersion), 1);
    }

    const identity = await identify(request);
    if (!identity) {
      request.log.debug('realtime: negotiate rejected (no valid enc_auth_token)');
      return reply.code(401).send();
    }

    const connectionId = randomUUID();
    // Base64url: the JS client appends `id=<token>` to the URL without encoding it.
    const connectionToken = randomBytes(16).toString('base64url');
    // v0 clients reconnect with the connectionId, v1 with the (secret) connectionToken.
    const key = version >= 1 ? connectionToken : connectionId;
    pending.set(key, { connectionId, identity, expiresAt: Date.now() + PENDING_TTL_MS });
    request.log.debug({ connectionId, userId: identity.userId, version }, 'realtime: negotiated');

    const availableTransports = [{ transport: 'WebSockets', transferFormats: ['Text', 'Binary'] }];
    return version >= 1
      ? { connectionToken, connectionId, negotiateVersion: 1, availableTransports }
      : { connectionId, negotiateVersion: 0, availableTransports };
  });

  // --- WebSocket transport ---------------------------------------------------------------------

  // Runs before the upgrade, so failures are real HTTP statuses as TransportProtocols.md asks:
  // unknown id -> 404; no id (client used skipNegotiation) -> authenticate here, 401 on failure.
  async function admit(request: FastifyRequest, reply: FastifyReply): Promise<void> {
    const id = firstQueryValue(request.query, 'id');
    if (id !== undefined) {
      const entry = pending.get(id);
      // Consume: one WebSocket per negotiated connection.
      pending.delete(id);
      if (!entry || entry.expiresAt <= Date.now()) {
        request.log.debug('realtime: unknown or expired connection id');
        await reply.code(404).send();
        return;
      }
      admitted.set(request, entry);
      return;
    }
    const identity = await identify(request);
    if (!identity) {
      request.log.debug('realtime: websocket without negotiate rejected (no valid enc_auth_token)');
      await reply.code(401).send();
      return;
    }
    admitted.set(request, { connectionId: randomUUID(), identity, expiresAt: Date.now() + PENDING_TTL_MS });
  }

  fastify.get(path, { websocket: true, preValidation: admit }, (socket, request) => {
    const entry = admitted.get(request);
    if (!entry) {
      // Defensive: preValidation always admits or replies, so this means a plugin ordering bug.
      socket.close(CLOSE_POLICY, 'Unknown connection');
      return;
    }
    admitted.delete(request);
    openConnection(socket, entry, request.log.child({ connectionId: entry.connectionId }));
  });

  function openConnection(socket: WebSocket, entry: PendingConnection, log: FastifyBaseLogger): void {
    const conn: HubConnection = {
      id: entry.connectionId,
      identity: entry.identity,
      socket,
      log,
      decoder: new StringDecoder('utf8'),
      buffer: '',
      handshaken: false,
      registered: false,
      closed: false,
      lastSentAt: Date.now(),
      handshakeTimer: undefined,
      keepAliveTimer: undefined,
    };
    connections.set(conn.id, conn);
    log.debug({ userId: conn.identity.userId, tenantId: conn.identity.tenantId }, 'realtime: connected');

    conn.handshakeTimer = setTimeout(() => {
      log.debug('realtime: handshake timeout');
      closeConnection(conn, CLOSE_POLICY, 'Handshake timeout');
    }, HANDSHAKE_TIMEOUT_MS);
    conn.handshakeTimer.unref();

    socket.on('message', (data: RawData) => {
      try {
        onData(conn, data);
      } catch (err) {
        // Never let a bad frame escape into the process; drop only this connection.
        const message = err instanceof ProtocolError ? err.message : 'Connection closed with an error.';
        log.debug({ err }, 'realtime: closing connection after protocol error');
        if (conn.handshaken) sendRaw(conn, JSON.stringify({ type: MessageType.Close, error: message }) + RS);
        closeConnection(conn, CLOSE_POLICY, 'Protocol error');
      }
    });
    socket.on('close', () => dispose(conn));
    socket.on('error', (err) => {
      log.debug({ err }, 'realtime: socket error');
      dispose(conn);
    });
  }

  function onData(conn: HubConnection, data: RawData): void {
    if (conn.closed) return;
    const chunks = Array.isArray(data) ? data : [Buffer.isBuffer(data) ? data : Buffer.from(data)];
    // StringDecoder keeps a multi-byte character that is split across frames intact.
    for (const chunk of chunks) conn.buffer += conn.decoder.write(chunk);

    let sep: number;
    while (!conn.closed && (sep = conn.buffer.indexOf(RS)) !== -1) {
      const record = conn.buffer.slice(0, sep);
      conn.buffer = conn.buffer.slice(sep + 1);
      if (conn.handshaken) onMessage(conn, record);
      else onHandshake(conn, record);
    }
    if (conn.buffer.length > MAX_BUFFERED_CHARS) throw new ProtocolError('Message too large.');
  }

  function onHandshake(conn: HubConnection, record: string): void {
    let request: unknown;
    try {
      request = JSON.parse(record);
    } catch {
      throw new ProtocolError('Handshake request is not valid JSON.');
    }
    const protocol = isRecord(request) ? request.protocol : undefined;
    const version = isRecord(request) ? request.version : undefined;
    let error: string | undefined;
    if (typeof protocol !== 'string' || typeof version !== 'number') {
      error = 'Handshake request is missing the protocol or version.';
    } else if (protocol !== 'json') {
      error = `Requested protocol '${protocol}' is not available.`;
    } else if (version !== 1) {
      error = `The server does not support version ${version} of the 'json' protocol.`;
    }

    clearTimeout(conn.handshakeTimer);
    conn.handshakeTimer = undefined;
    if (error) {
      conn.log.debug({ protocol, version }, 'realtime: handshake rejected');
      sendRaw(conn, JSON.stringify({ error }) + RS);
      closeConnection(conn, CLOSE_POLICY, 'Handshake failed');
      return;
    }

    conn.handshaken = true;
    sendRaw(conn, '{}' + RS);
    conn.keepAliveTimer = setInterval(() => {
      // Like ASP.NET Core, ping only when nothing else was sent during the interval.
      if (Date.now() - conn.lastSentAt >= KEEP_ALIVE_MS - 50) sendRaw(conn, PING_RECORD);
    }, KEEP_ALIVE_MS);
    conn.keepAliveTimer.unref();
    conn.log.debug('realtime: handshake complete');
  }

  const methods = new Map<string, HubMethod>([
    [
      'register',
      (conn) => {
        conn.registered = true;
        conn.log.debug({ userId: conn.identity.userId }, 'realtime: client registered');
        return undefined;
      },
    ],
  ]);

  function onMessage(conn: HubConnection, record: string): void {
    let message: unknown;
    try {
      message = JSON.parse(record);
    } catch {
      throw new ProtocolError('Message is not valid JSON.');
    }
    if (!isRecord(message) || typeof message.type !== 'number') {
      throw new ProtocolError('Message is missing a numeric type.');
    }
    const invocationId = message.invocationId;
    if (invocationId !== undefined && typeof invocationId !== 'string') {
      throw new ProtocolError('invocationId must be a string.');
    }

    switch (message.type) {
      case MessageType.Invocation: {
        const { target, arguments: args = [] } = message;
        if (typeof target !== 'string' || !Array.isArray(args)) {
          throw new ProtocolError('Invocation requires a target and an arguments array.');
        }
        invoke(conn, invocationId, target, args);
        return;
      }
      case MessageType.StreamInvocation:
        if (invocationId !== undefined) {
          complete(conn, invocationId, `Failed to invoke '${String(message.target)}': streaming is not supported.`);
        }
        return;
      case MessageType.Close:
        conn.log.debug('realtime: client sent close');
        closeConnection(conn, CLOSE_NORMAL, '');
        return;
      // Pings need no reply; we never invoke the client or stream to/from it, and stateful
      // reconnect is never negotiated, so these carry nothing for us.
      case MessageType.Ping:
      case MessageType.StreamItem:
      case MessageType.Completion:
      case MessageType.CancelInvocation:
      case MessageType.Ack:
      case MessageType.Sequence:
        return;
      default:
        // The JSON protocol lets peers ignore message types added in future versions.
        conn.log.debug({ type: message.type }, 'realtime: ignoring unknown message type');
    }
  }

  function invoke(conn: HubConnection, invocationId: string | undefined, target: string, args: unknown[]): void {
    // .NET binds hub methods case-insensitively: ABP's C# `Register` is invoked as `register`.
    const method = methods.get(target.toLowerCase());
    if (!method) {
      conn.log.debug({ target }, 'realtime: unknown hub method');
      if (invocationId !== undefined) complete(conn, invocationId, `Unknown hub method '${target}'`);
      return;
    }
    let result: unknown;
    try {
      result = method(conn, args);
    } catch (err) {
      conn.log.debug({ err, target }, 'realtime: hub method failed');
      if (invocationId !== undefined) {
        complete(conn, invocationId, `An unexpected error occurred invoking '${target}' on the server.`);
      }
      return;
    }
    // Non-blocking invocations (no invocationId) must get no response at all.
    if (invocationId !== undefined) complete(conn, invocationId, undefined, result);
  }

  function complete(conn: HubConnection, invocationId: string, error?: string, result?: unknown): void {
    const message: Record<string, unknown> = { type: MessageType.Completion, invocationId };
    // Void methods omit `result`; a Completion may never carry both.
    if (error !== undefined) message.error = error;
    else if (result !== undefined) message.result = result;
    sendRaw(conn, JSON.stringify(message) + RS);
  }

  function sendRaw(conn: HubConnection, text: string): boolean {
    if (conn.closed || conn.socket.readyState !== conn.socket.OPEN) return false;
    conn.socket.send(text);
    conn.lastSentAt = Date.now();
    return true;
  }

  function closeConnection(conn: HubConnection, code: number, reason: string): void {
    if (conn.closed) return;
    try {
      conn.socket.close(code, reason);
    } catch (err) {
      conn.log.debug({ err }, 'realtime: close failed; terminating');
      conn.socket.terminate();
    }
    dispose(conn);
  }

  function dispose(conn: HubConnection): void {
    if (conn.closed) return;
    conn.closed = true;
    clearTimeout(conn.handshakeTimer);
    clearInterval(conn.keepAliveTimer);
    connections.delete(conn.id);
    conn.buffer = '';
    conn.log.debug('realtime: disconnected');
  }

  // --- server-side API -------------------------------------------------------------------------

  const hub: RealtimeHub = {
    notify(target, notification) {
      return hub.push(target, 'getNotification', notification);
    },
    push(target, method, ...args) {
      const text = JSON.stringify({ type: MessageType.Invocation, target: method, arguments: args }) + RS;
      const tenantId = target.tenantId ?? null;
      let reached = 0;
      for (const conn of connections.values()) {
        if (!conn.registered || conn.identity.userId !== target.userId || conn.identity.tenantId !== tenantId) continue;
        if (sendRaw(conn, text)) reached += 1;
      }
      fastify.log.debug({ userId: target.userId, tenantId, method, reached }, 'realtime: pushed');
      return reached;
    },
    onlineUserIds(tenantId) {
      const ids = new Set<number>();
      for (const conn of connections.values()) {
        if (!conn.registered) continue;
        if (tenantId !== undefined && conn.identity.tenantId !== tenantId) continue;
        ids.add(conn.identity.userId);
      }
      return [...ids].sort((a, b) => a - b);
    },
    connectionCount() {
      return connections.size;
    },
  };
  fastify.decorate('realtime', hub);

  fastify.addHook('preClose', (done) => {
    for (const conn of [...connections.values()]) closeConnection(conn, CLOSE_GOING_AWAY, 'Server shutting down');
    done();
  });
  fastify.addHook('onClose', (_instance, done) => {
    clearInterval(sweeper);
    pending.clear();
    done();
  });
}

export const realtimePlugin = fp(realtime, { fastify: '5.x', name: 'realtime' });
export default realtimePlugin;
