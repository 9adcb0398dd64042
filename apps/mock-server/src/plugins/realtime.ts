/**
 * SignalR-compatible stand-in for ABP's `AbpCommonHub` at `/signalr` (docs/architecture/review.md, "Notifications").
 *
 * Implements just enough of the ASP.NET Core SignalR wire protocol for the official
 * `@microsoft/signalr` client and ABP's `abp.signalr-client.js`:
 * - negotiate v0/v1 (dotnet/aspnetcore src/SignalR/docs/specs/TransportProtocols.md), WebSockets only;
 * - the JSON hub protocol (HubProtocol.md): handshake, invocations, pings, close.
 * Auth follows ABP's AuthConfigurer: `enc_auth_token` is a SimpleStringCipher-encrypted JWT.
 * This file is the plugin (negotiate, admission, the server-side API); the wire protocol is
 * realtime/protocol.ts, the open connections realtime/connections.ts.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import websocket from '@fastify/websocket';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { decryptString } from '../identity/string-cipher.ts';
import { HubConnections, sendRaw, type PendingConnection, type RealtimeIdentity, type RealtimeSession } from './realtime/connections.ts';
import { CLOSE_GOING_AWAY, CLOSE_POLICY, invocationRecord } from './realtime/protocol.ts';

export type { RealtimeIdentity, RealtimeSession } from './realtime/connections.ts';

// ---------------------------------------------------------------------------------------------
// Public types

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
  /** Closes the connections opened with the token whose id (`jti`) is `sessionId` (that sign-in signed out); returns how many. */
  endSession(sessionId: string): number;
  /** Closes every connection of the user (password reset, security stamp change); returns how many. */
  endUser(target: RealtimeIdentity): number;
  /**
   * Checks the token of every open connection (of one user, or one tenant's users) again with
   * `authenticate` and closes those it no longer accepts (user deactivated or deleted, tenant
   * deactivated, token revoked); returns how many were closed.
   */
  revalidate(scope?: { userId?: number; tenantId?: number | null }): Promise<number>;
}

export interface RealtimePluginOptions {
  /** Hub path; default `/signalr`. */
  path?: string;
  /** Validates the JWT carried (encrypted) in `enc_auth_token`; null rejects it. */
  authenticate(accessToken: string): Promise<RealtimeSession | null>;
  /** SimpleStringCipher pass phrase; default is the framework's. */
  passPhrase?: string;
  /**
   * How often every open connection's token is checked again (`revalidate()`), so a session
   * ended by a path that did not close its connections still loses them; default 60 s, 0 never.
   */
  revalidateEveryMs?: number;
}

declare module 'fastify' {
  interface FastifyInstance {
    realtime: RealtimeHub;
  }
}

// ---------------------------------------------------------------------------------------------
// Negotiation

const PENDING_TTL_MS = 60_000;
const REVALIDATE_EVERY_MS = 60_000;
/** The Close message's error (and WebSocket close reason) when the server ends a session's connections. */
const SESSION_ENDED = 'The session ended (signed out, or the token is no longer valid).';

function firstQueryValue(query: unknown, name: string): string | undefined {
  if (!query || typeof query !== 'object') return undefined;
  const value = (query as Record<string, unknown>)[name];
  const first: unknown = Array.isArray(value) ? value[0] : value;
  return typeof first === 'string' ? first : undefined;
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
  const connections = new HubConnections();
  /** Identity resolved in preValidation, handed to the WebSocket handler. */
  const admitted = new WeakMap<FastifyRequest, PendingConnection>();

  const sweeper = setInterval(() => {
    const now = Date.now();
    for (const [key, entry] of pending) if (entry.expiresAt <= now) pending.delete(key);
  }, PENDING_TTL_MS / 2);
  sweeper.unref();

  // ABP resolves the bearer token from `enc_auth_token` on /signalr paths; a plain
  // Authorization header works there too, so accept both.
  async function identify(request: FastifyRequest): Promise<{ identity: RealtimeSession; token: string } | null> {
    const encrypted = firstQueryValue(request.query, 'enc_auth_token');
    let token: string | null = null;
    if (encrypted !== undefined) {
      token = decryptString(encrypted, passPhrase);
    } else {
      const header = request.headers.authorization;
      if (typeof header === 'string' && /^Bearer\s+/i.test(header)) token = header.replace(/^Bearer\s+/i, '');
    }
    if (!token) return null;
    const identity = await check(token, request.log);
    return identity && { identity, token };
  }

  /** `authenticate`, normalized; a throw counts as a rejected token. */
  async function check(token: string, log: FastifyRequest['log']): Promise<RealtimeSession | null> {
    try {
      const identity = await options.authenticate(token);
      if (!identity || typeof identity.userId !== 'number') return null;
      const { userId, tenantId = null, sessionId } = identity;
      return { userId, tenantId, ...(sessionId !== undefined && { sessionId }) };
    } catch (err) {
      log.debug({ err }, 'realtime: authenticate threw; treating as unauthenticated');
      return null;
    }
  }

  /** Closes the open connections, and forgets the negotiated ones, that `ended` names; returns how many were open. */
  function endWhere(ended: (identity: RealtimeSession) => boolean): number {
    for (const [key, entry] of pending) if (ended(entry.identity)) pending.delete(key);
    let closed = 0;
    for (const conn of [...connections.values()]) {
      if (!ended(conn.identity)) continue;
      connections.end(conn, SESSION_ENDED);
      closed += 1;
    }
    return closed;
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

    const identified = await identify(request);
    if (!identified) {
      request.log.debug('realtime: negotiate rejected (no valid enc_auth_token)');
      return reply.code(401).send();
    }
    const { identity, token } = identified;

    const connectionId = randomUUID();
    // Base64url: the JS client appends `id=<token>` to the URL without encoding it.
    const connectionToken = randomBytes(16).toString('base64url');
    // v0 clients reconnect with the connectionId, v1 with the (secret) connectionToken.
    const key = version >= 1 ? connectionToken : connectionId;
    pending.set(key, { connectionId, identity, token, expiresAt: Date.now() + PENDING_TTL_MS });
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
    const identified = await identify(request);
    if (!identified) {
      request.log.debug('realtime: websocket without negotiate rejected (no valid enc_auth_token)');
      await reply.code(401).send();
      return;
    }
    admitted.set(request, { connectionId: randomUUID(), ...identified, expiresAt: Date.now() + PENDING_TTL_MS });
  }

  fastify.get(path, { websocket: true, preValidation: admit }, (socket, request) => {
    const entry = admitted.get(request);
    if (!entry) {
      // Defensive: preValidation always admits or replies, so this means a plugin ordering bug.
      socket.close(CLOSE_POLICY, 'Unknown connection');
      return;
    }
    admitted.delete(request);
    connections.open(socket, entry, request.log.child({ connectionId: entry.connectionId }));
  });

  // --- server-side API -------------------------------------------------------------------------

  const hub: RealtimeHub = {
    notify(target, notification) {
      return hub.push(target, 'getNotification', notification);
    },
    push(target, method, ...args) {
      const text = invocationRecord(method, args);
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
    endSession(sessionId) {
      const closed = endWhere((identity) => identity.sessionId === sessionId);
      fastify.log.debug({ closed }, 'realtime: session ended');
      return closed;
    },
    endUser(target) {
      const tenantId = target.tenantId ?? null;
      const closed = endWhere((identity) => identity.userId === target.userId && identity.tenantId === tenantId);
      fastify.log.debug({ userId: target.userId, tenantId, closed }, 'realtime: user sessions ended');
      return closed;
    },
    async revalidate(scope = {}) {
      const inScope = (identity: RealtimeSession) =>
        (scope.userId === undefined || identity.userId === scope.userId) && (scope.tenantId === undefined || identity.tenantId === scope.tenantId);
      for (const [key, entry] of pending) if (inScope(entry.identity) && !(await check(entry.token, fastify.log))) pending.delete(key);
      const open = [...connections.values()].filter((conn) => inScope(conn.identity));
      const verdicts = await Promise.all(open.map(async (conn) => ({ conn, ok: (await check(conn.token, conn.log)) !== null })));
      let closed = 0;
      for (const { conn, ok } of verdicts) {
        if (ok || conn.closed) continue;
        connections.end(conn, SESSION_ENDED);
        closed += 1;
      }
      if (closed) fastify.log.debug({ ...scope, closed }, 'realtime: revalidation closed connections');
      return closed;
    },
  };
  fastify.decorate('realtime', hub);

  const revalidateEveryMs = options.revalidateEveryMs ?? REVALIDATE_EVERY_MS;
  const revalidator =
    revalidateEveryMs > 0
      ? setInterval(() => {
          hub.revalidate().catch((err: unknown) => fastify.log.warn({ err }, 'realtime: revalidation failed'));
        }, revalidateEveryMs)
      : undefined;
  revalidator?.unref();

  fastify.addHook('preClose', (done) => {
    for (const conn of [...connections.values()]) connections.close(conn, CLOSE_GOING_AWAY, 'Server shutting down');
    done();
  });
  fastify.addHook('onClose', (_instance, done) => {
    clearInterval(sweeper);
    clearInterval(revalidator);
    pending.clear();
    done();
  });
}

export const realtimePlugin = fp(realtime, { fastify: '5.x', name: 'realtime' });
export default realtimePlugin;
