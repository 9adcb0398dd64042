import { StringDecoder } from 'node:string_decoder';
import type { FastifyBaseLogger } from 'fastify';
import type { RawData, WebSocket } from 'ws';
import {
  CLOSE_NORMAL,
  CLOSE_POLICY,
  closeRecord,
  completionRecord,
  HANDSHAKE_OK_RECORD,
  handshakeErrorRecord,
  MessageType,
  PING_RECORD,
  ProtocolError,
  readHandshake,
  readMessage,
  RS,
} from './protocol.ts';

/**
 * The hub's open WebSocket connections: each one's record buffer, handshake,
 * keep-alive, hub method calls and close, and the set they are kept in (what
 * the server-side API pushes to).
 */

/** Who a connection belongs to (resolved from its token). */
export interface RealtimeIdentity {
  userId: number;
  tenantId: number | null;
}

/** A connection's owner and the sign-in it came from: the token's id (`jti`), so a sign-out ends that session's connections only. */
export interface RealtimeSession extends RealtimeIdentity {
  sessionId?: string;
}

// Same defaults as ASP.NET Core HubOptions: KeepAliveInterval 15 s, HandshakeTimeout 15 s.
const KEEP_ALIVE_MS = 15_000;
const HANDSHAKE_TIMEOUT_MS = 15_000;
// Guards memory against a client that never sends a record separator.
const MAX_BUFFERED_CHARS = 1 << 20;

/** A negotiated (or admitted) connection before its WebSocket opens. */
export interface PendingConnection {
  connectionId: string;
  identity: RealtimeSession;
  /** The access token it was opened with, checked again when the server revalidates its connections. */
  token: string;
  expiresAt: number;
}

export interface HubConnection {
  id: string;
  identity: RealtimeSession;
  token: string;
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

type HubMethod = (conn: HubConnection, args: unknown[]) => unknown;

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

/** The open connections by id: opened by the plugin, removed as they close. */
export class HubConnections {
  private readonly connections = new Map<string, HubConnection>();

  get size(): number {
    return this.connections.size;
  }

  values(): IterableIterator<HubConnection> {
    return this.connections.values();
  }

  open(socket: WebSocket, entry: PendingConnection, log: FastifyBaseLogger): void {
    const conn: HubConnection = {
      id: entry.connectionId,
      identity: entry.identity,
      token: entry.token,
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
    this.connections.set(conn.id, conn);
    log.debug({ userId: conn.identity.userId, tenantId: conn.identity.tenantId }, 'realtime: connected');

    conn.handshakeTimer = setTimeout(() => {
      log.debug('realtime: handshake timeout');
      this.close(conn, CLOSE_POLICY, 'Handshake timeout');
    }, HANDSHAKE_TIMEOUT_MS);
    conn.handshakeTimer.unref();

    socket.on('message', (data: RawData) => {
      try {
        this.onData(conn, data);
      } catch (err) {
        // Never let a bad frame escape into the process; drop only this connection.
        const message = err instanceof ProtocolError ? err.message : 'Connection closed with an error.';
        log.debug({ err }, 'realtime: closing connection after protocol error');
        if (conn.handshaken) sendRaw(conn, closeRecord(message));
        this.close(conn, CLOSE_POLICY, 'Protocol error');
      }
    });
    socket.on('close', () => this.dispose(conn));
    socket.on('error', (err) => {
      log.debug({ err }, 'realtime: socket error');
      this.dispose(conn);
    });
  }

  close(conn: HubConnection, code: number, reason: string): void {
    if (conn.closed) return;
    try {
      conn.socket.close(code, reason);
    } catch (err) {
      conn.log.debug({ err }, 'realtime: close failed; terminating');
      conn.socket.terminate();
    }
    this.dispose(conn);
  }

  /**
   * Ends a connection from the server's side (its session ended): a handshaken
   * client first gets a Close message saying why, which tells `@microsoft/signalr`
   * not to reconnect; then the socket closes normally.
   */
  end(conn: HubConnection, reason: string): void {
    if (conn.handshaken) sendRaw(conn, closeRecord(reason));
    this.close(conn, CLOSE_NORMAL, reason);
  }

  private dispose(conn: HubConnection): void {
    if (conn.closed) return;
    conn.closed = true;
    clearTimeout(conn.handshakeTimer);
    clearInterval(conn.keepAliveTimer);
    this.connections.delete(conn.id);
    conn.buffer = '';
    conn.log.debug('realtime: disconnected');
  }

  private onData(conn: HubConnection, data: RawData): void {
    if (conn.closed) return;
    const chunks = Array.isArray(data) ? data : [Buffer.isBuffer(data) ? data : Buffer.from(data)];
    // StringDecoder keeps a multi-byte character that is split across frames intact.
    for (const chunk of chunks) conn.buffer += conn.decoder.write(chunk);

    let sep: number;
    while (!conn.closed && (sep = conn.buffer.indexOf(RS)) !== -1) {
      const record = conn.buffer.slice(0, sep);
      conn.buffer = conn.buffer.slice(sep + 1);
      if (conn.handshaken) this.onMessage(conn, record);
      else this.onHandshake(conn, record);
    }
    if (conn.buffer.length > MAX_BUFFERED_CHARS) throw new ProtocolError('Message too large.');
  }

  private onHandshake(conn: HubConnection, record: string): void {
    const { protocol, version, error } = readHandshake(record);

    clearTimeout(conn.handshakeTimer);
    conn.handshakeTimer = undefined;
    if (error) {
      conn.log.debug({ protocol, version }, 'realtime: handshake rejected');
      sendRaw(conn, handshakeErrorRecord(error));
      this.close(conn, CLOSE_POLICY, 'Handshake failed');
      return;
    }

    conn.handshaken = true;
    sendRaw(conn, HANDSHAKE_OK_RECORD);
    conn.keepAliveTimer = setInterval(() => {
      // Like ASP.NET Core, ping only when nothing else was sent during the interval.
      if (Date.now() - conn.lastSentAt >= KEEP_ALIVE_MS - 50) sendRaw(conn, PING_RECORD);
    }, KEEP_ALIVE_MS);
    conn.keepAliveTimer.unref();
    conn.log.debug('realtime: handshake complete');
  }

  private onMessage(conn: HubConnection, record: string): void {
    const { message, type, invocationId } = readMessage(record);

    switch (type) {
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
          sendRaw(conn, completionRecord(invocationId, `Failed to invoke '${String(message.target)}': streaming is not supported.`));
        }
        return;
      case MessageType.Close:
        conn.log.debug('realtime: client sent close');
        this.close(conn, CLOSE_NORMAL, '');
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
        conn.log.debug({ type }, 'realtime: ignoring unknown message type');
    }
  }
}

function invoke(conn: HubConnection, invocationId: string | undefined, target: string, args: unknown[]): void {
  // .NET binds hub methods case-insensitively: ABP's C# `Register` is invoked as `register`.
  const method = methods.get(target.toLowerCase());
  if (!method) {
    conn.log.debug({ target }, 'realtime: unknown hub method');
    if (invocationId !== undefined) sendRaw(conn, completionRecord(invocationId, `Unknown hub method '${target}'`));
    return;
  }
  let result: unknown;
  try {
    result = method(conn, args);
  } catch (err) {
    conn.log.debug({ err, target }, 'realtime: hub method failed');
    if (invocationId !== undefined) {
      sendRaw(conn, completionRecord(invocationId, `An unexpected error occurred invoking '${target}' on the server.`));
    }
    return;
  }
  // Non-blocking invocations (no invocationId) must get no response at all.
  if (invocationId !== undefined) sendRaw(conn, completionRecord(invocationId, undefined, result));
}

/** Sends one record unless the connection is closed; false when it was not sent. */
export function sendRaw(conn: HubConnection, text: string): boolean {
  if (conn.closed || conn.socket.readyState !== conn.socket.OPEN) return false;
  conn.socket.send(text);
  conn.lastSentAt = Date.now();
  return true;
}
