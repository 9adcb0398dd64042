/**
 * The ASP.NET Core SignalR JSON hub protocol as the hub speaks it
 * (dotnet/aspnetcore src/SignalR/docs/specs/HubProtocol.md): the record
 * separator, message types, close codes, the handshake check and the records
 * the server writes. No sockets here: connections.ts moves the records.
 */

export const RS = '\x1e';

export const MessageType = {
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

export const PING_RECORD = JSON.stringify({ type: MessageType.Ping }) + RS;
/** The handshake's answer when it is accepted. */
export const HANDSHAKE_OK_RECORD = '{}' + RS;

// Close codes (RFC 6455): 1000 normal, 1001 going away, 1008 policy violation.
export const CLOSE_NORMAL = 1000;
export const CLOSE_GOING_AWAY = 1001;
export const CLOSE_POLICY = 1008;

/** A peer broke the protocol: the connection is closed with this message. */
export class ProtocolError extends Error {}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The handshake request's protocol and version, and why it is refused (undefined when accepted: `json` version 1). */
export function readHandshake(record: string): { protocol: unknown; version: unknown; error: string | undefined } {
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
  return { protocol, version, error };
}

/** A hub message: an object with a numeric type and, when present, a string invocation id. */
export function readMessage(record: string): { message: Record<string, unknown>; type: number; invocationId: string | undefined } {
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
  return { message, type: message.type, invocationId };
}

/** The refused handshake's answer. */
export const handshakeErrorRecord = (error: string) => JSON.stringify({ error }) + RS;

/** A Close message carrying the error. */
export const closeRecord = (error: string) => JSON.stringify({ type: MessageType.Close, error }) + RS;

/** A Completion: void methods omit `result`; a Completion may never carry both. */
export function completionRecord(invocationId: string, error?: string, result?: unknown): string {
  const message: Record<string, unknown> = { type: MessageType.Completion, invocationId };
  if (error !== undefined) message.error = error;
  else if (result !== undefined) message.result = result;
  return JSON.stringify(message) + RS;
}

/** A non-blocking invocation of a client method. */
export const invocationRecord = (target: string, args: unknown[]) => JSON.stringify({ type: MessageType.Invocation, target, arguments: args }) + RS;
