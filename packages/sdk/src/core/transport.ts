import type { z } from 'zod';
import type { Endpoint } from './define-service.ts';
import { AbpError, isAbpEnvelope, kindOfStatus } from './errors.ts';
import type { FileContent } from './files.ts';
import type { Route } from './route.ts';
import { parseContentDisposition, toFormData } from './wire.ts';

export const DEFAULT_TIMEOUT_MS = 30_000;
/** Header names the transport sends (docs/architecture/contract.md, "The client"). */
export const TENANT_HEADER = 'Abp.TenantId';
export const CULTURE_HEADER = '.AspNetCore.Culture';

type Maybe<T> = T | null | undefined;
type Provider<T> = () => Maybe<T>;

export interface ClientConfig {
  /** The backend's root, e.g. `http://localhost:21021`. */
  baseUrl: string;
  getToken?: Provider<string>;
  /** Culture name for `.AspNetCore.Culture` (e.g. `zh-Hans`, or `c=zh-Hans|uic=zh-Hans`). */
  getCulture?: Provider<string>;
  getTenantId?: Provider<number | string>;
  timeoutMs?: number;
  fetch?: typeof fetch;
  /**
   * Parse every response with the endpoint's output schema and fail with kind
   * `contract` on drift. Default true; production web builds may turn it off.
   */
  validateResponses?: boolean;
  /** Extra headers for every request. */
  headers?: Record<string, string>;
  /** `include` when the backend relies on cookies across origins. */
  credentials?: RequestCredentials;
}

/** Serializes an input object to ABP query parameters (arrays repeat the key; null/undefined skipped). */
export function toQueryString(input: unknown): string {
  if (input === null || input === undefined || typeof input !== 'object') return '';
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(input as Record<string, unknown>)) {
    if (value === undefined || value === null) continue;
    const values = Array.isArray(value) ? value : [value];
    for (const v of values) params.append(key, v instanceof Date ? v.toISOString() : String(v));
  }
  const s = params.toString();
  return s ? `?${s}` : '';
}

/** Splits a body input into the members sent in the query (`queryKeys`) and the rest. */
export function splitQueryKeys(input: unknown, queryKeys: readonly string[] | undefined): [Record<string, unknown>, unknown] {
  if (!queryKeys?.length || input === null || typeof input !== 'object' || Array.isArray(input)) return [{}, input];
  const keys = new Set(queryKeys.map((k) => k.toLowerCase()));
  const query: Record<string, unknown> = {};
  const body: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(input)) (keys.has(k.toLowerCase()) ? query : body)[k] = v;
  return [query, body];
}

function joinUrl(base: string, path: string): string {
  return base.replace(/\/+$/, '') + path;
}

const isJson = (res: Response) => /[/+]json\b/i.test(res.headers.get('content-type') ?? '');

/**
 * A file response (`response: 'file'`): the bytes with the name from
 * `Content-Disposition` (RFC 5987 `filename*` first, so Chinese names survive).
 */
async function readFile(res: Response, fallbackName: string): Promise<FileContent> {
  const blob = await res.blob();
  const { fileName, inline } = parseContentDisposition(res.headers.get('content-disposition'));
  const contentType = res.headers.get('content-type') ?? (blob.type || 'application/octet-stream');
  return { blob, fileName: fileName ?? fallbackName, contentType, inline };
}

async function readBody(res: Response): Promise<unknown> {
  const text = await res.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/** Performs one call: builds the request, applies the timeout, unwraps ABP's envelope, checks the output schema. */
export async function callEndpoint<I extends z.ZodType, O extends z.ZodType>(
  config: ClientConfig,
  endpoint: Endpoint<I, O>,
  input: z.input<I> | undefined,
  init: { signal?: AbortSignal } = {},
): Promise<z.output<O>> {
  const { result, status } = await send(config, endpoint, input, init);
  if (config.validateResponses === false) return result as z.output<O>;
  const name = `${endpoint.service}/${endpoint.method}`;
  const parsed = endpoint.output.safeParse(result);
  if (!parsed.success) {
    throw new AbpError({
      kind: 'contract',
      status,
      message: `Response of ${name} does not match the SDK schema`,
      details: parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('\n'),
      endpoint: name,
      cause: parsed.error,
    });
  }
  return parsed.data;
}

/**
 * Sends a `Route` (an endpoint without its schemas) and returns the unwrapped
 * result unchecked: for a bundle that must not load zod (the login page).
 * Contract tests check the same endpoints through `callEndpoint`.
 */
export async function callRoute<I, O>(config: ClientConfig, route: Route<I, O>, input: I, init: { signal?: AbortSignal } = {}): Promise<O> {
  const { result } = await send(config, route, input, init);
  return result as O;
}

async function send(
  config: ClientConfig,
  endpoint: Route,
  input: unknown,
  init: { signal?: AbortSignal },
): Promise<{ result: unknown; status: number }> {
  const name = `${endpoint.service}/${endpoint.method}`;
  const headers: Record<string, string> = { Accept: 'application/json', ...config.headers };
  const token = config.getToken?.();
  if (token) headers.Authorization = `Bearer ${token}`;
  const culture = config.getCulture?.();
  if (culture) headers[CULTURE_HEADER] = culture;
  const tenantId = config.getTenantId?.();
  if (tenantId !== null && tenantId !== undefined && tenantId !== '') headers[TENANT_HEADER] = String(tenantId);

  let url = joinUrl(config.baseUrl, endpoint.path);
  let body: string | FormData | undefined;
  if (endpoint.inputIn === 'query') url += toQueryString(input);
  // fetch sets the multipart boundary itself; a Content-Type set here would lose it.
  else if (endpoint.inputIn === 'form') body = toFormData(input);
  else {
    headers['Content-Type'] = 'application/json';
    const [inQuery, inBody] = splitQueryKeys(input, endpoint.queryKeys);
    url += toQueryString(inQuery);
    body = JSON.stringify(inBody ?? {});
  }

  const timeoutMs = config.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, timeoutMs);
  const onAbort = () => controller.abort();
  init.signal?.addEventListener('abort', onAbort);

  let res: Response;
  let payload: unknown;
  try {
    res = await (config.fetch ?? fetch)(url, {
      method: endpoint.verb,
      headers,
      body,
      signal: controller.signal,
      credentials: config.credentials,
    });
    payload = endpoint.response === 'file' && res.ok && !isJson(res) ? await readFile(res, endpoint.method) : await readBody(res);
  } catch (cause) {
    throw new AbpError({
      kind: timedOut ? 'timeout' : 'network',
      status: 0,
      message: timedOut ? `Request timed out after ${timeoutMs} ms` : 'No response from the server',
      endpoint: name,
      cause,
    });
  } finally {
    clearTimeout(timer);
    init.signal?.removeEventListener('abort', onAbort);
  }

  let result: unknown;
  if (isAbpEnvelope(payload)) {
    if (!payload.success || !res.ok) {
      const err = payload.error;
      throw new AbpError({
        kind: kindOfStatus(res.status),
        status: res.status,
        message: err?.message ?? res.statusText,
        code: err?.code,
        details: err?.details,
        validationErrors: err?.validationErrors,
        unAuthorizedRequest: payload.unAuthorizedRequest,
        endpoint: name,
      });
    }
    result = payload.result;
  } else if (!res.ok) {
    const kind = res.status >= 500 ? 'server' : kindOfStatus(res.status);
    throw new AbpError({ kind, status: res.status, message: res.statusText || `HTTP ${res.status}`, endpoint: name });
  } else {
    // [DontWrapResult] endpoints answer the raw DTO.
    result = payload ?? null;
  }

  return { result, status: res.status };
}
