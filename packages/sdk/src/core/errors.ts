/** ABP's `ValidationErrorInfo`: members are camelCased property paths. */
export interface ValidationErrorInfo {
  message: string;
  members: string[] | null;
}

/** ABP's `ErrorInfo`. */
export interface AbpErrorInfo {
  code: number;
  message: string;
  details: string | null;
  validationErrors: ValidationErrorInfo[] | null;
}

/** ABP's `AjaxResponse` envelope. */
export interface AbpEnvelope<T = unknown> {
  result: T | null;
  targetUrl: string | null;
  success: boolean;
  error: AbpErrorInfo | null;
  unAuthorizedRequest: boolean;
  __abp: true;
}

export function isAbpEnvelope(value: unknown): value is AbpEnvelope {
  return typeof value === 'object' && value !== null && (value as { __abp?: unknown }).__abp === true;
}

/**
 * What went wrong, as one closed set so callers can switch on it:
 * - `validation` 400, with `validationErrors`;
 * - `unauthorized` 401 (not signed in, or the token expired);
 * - `forbidden` 403 (a permission is missing);
 * - `notFound` 404;
 * - `userFriendly` 500 with a message meant for the user (business rule, failed login);
 * - `server` any other HTTP failure without an ABP envelope;
 * - `network` no response at all; `timeout` no response within the timeout;
 * - `contract` the response did not match the SDK's schema (drift between SDK and backend).
 */
export type AbpErrorKind = 'validation' | 'unauthorized' | 'forbidden' | 'notFound' | 'userFriendly' | 'server' | 'network' | 'timeout' | 'contract';

export class AbpError extends Error {
  override readonly name = 'AbpError';
  readonly kind: AbpErrorKind;
  /** HTTP status, or 0 when no response arrived. */
  readonly status: number;
  readonly code: number;
  readonly details: string | null;
  readonly validationErrors: ValidationErrorInfo[];
  readonly unAuthorizedRequest: boolean;
  /** `service/method` of the call that failed. */
  readonly endpoint?: string;

  constructor(init: {
    kind: AbpErrorKind;
    status: number;
    message: string;
    code?: number;
    details?: string | null;
    validationErrors?: ValidationErrorInfo[] | null;
    unAuthorizedRequest?: boolean;
    endpoint?: string;
    cause?: unknown;
  }) {
    super(init.message, init.cause === undefined ? undefined : { cause: init.cause });
    this.kind = init.kind;
    this.status = init.status;
    this.code = init.code ?? 0;
    this.details = init.details ?? null;
    this.validationErrors = init.validationErrors ?? [];
    this.unAuthorizedRequest = init.unAuthorizedRequest ?? false;
    this.endpoint = init.endpoint;
  }

  /** True when no response was received (network failure or timeout). */
  get isNetworkOrTimeout(): boolean {
    return this.kind === 'network' || this.kind === 'timeout';
  }

  /** Field errors keyed by camelCase member name, for marking form fields. */
  fieldErrors(): Record<string, string> {
    const out: Record<string, string> = {};
    for (const v of this.validationErrors) for (const m of v.members ?? []) out[m] ??= v.message;
    return out;
  }
}

/** Maps an HTTP status to an error kind. */
export function kindOfStatus(status: number): AbpErrorKind {
  if (status === 400) return 'validation';
  if (status === 401) return 'unauthorized';
  if (status === 403) return 'forbidden';
  if (status === 404) return 'notFound';
  if (status >= 500) return 'userFriendly';
  return 'server';
}

export function isAbpError(e: unknown): e is AbpError {
  return e instanceof AbpError;
}
