import { objectOf, refResolver, shapeOf, type Field, type RefResolver, type Shape } from './shape.ts';

/**
 * One call as a backend describes it. Read from the backend's Swagger document
 * (Swashbuckle: OpenAPI 3 since Swashbuckle 5, Swagger 2.0 before) or, where a
 * host serves no Swagger, from ABP's dynamic JavaScript proxies
 * (`/AbpServiceProxies/GetAll`), which name calls and verbs but no types
 * (`input`/`output` null).
 */
export interface BackendCall {
  readonly verb: string;
  /** The path as the backend writes it (`/api/services/app/Article/GetAll`). */
  readonly path: string;
  readonly input: Shape | null;
  readonly output: Shape | null;
}

export interface BackendContract {
  /** What it was read from: `swagger 2.0`, `openapi 3.0.1`, `ABP service proxies`. */
  readonly source: string;
  readonly calls: readonly BackendCall[];
  /** Whether the source carries types (proxies do not). */
  readonly typed: boolean;
}

type Json = Record<string, unknown>;
const isJson = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);

const VERBS = ['get', 'put', 'post', 'delete', 'patch'] as const;
const JSON_TYPES = ['application/json', 'text/json', 'application/*+json', 'text/plain'];
/** ABP's `AjaxResponse` members: a document that shows the wrapper gets it unwrapped to `result`. */
const ENVELOPE = new Set(['result', 'targetUrl', 'success', 'error', 'unAuthorizedRequest', '__abp']);

function contentSchema(content: unknown): unknown {
  if (!isJson(content)) return undefined;
  for (const type of JSON_TYPES) if (isJson(content[type])) return content[type].schema;
  const first = Object.values(content).find(isJson);
  return first?.schema;
}

function unwrapEnvelope(shape: Shape): Shape {
  if (shape.kind !== 'object' || !shape.fields) return shape;
  const names = Object.keys(shape.fields);
  if (names.length >= 3 && names.every((n) => ENVELOPE.has(n)) && shape.fields.result) return shape.fields.result.shape;
  return shape;
}

/** Query, path and form parameters (and a Swagger 2 body parameter) gathered into one input object. */
function inputOf(operation: Json, pathParameters: unknown[], resolve: RefResolver): Shape | null {
  const fields: Record<string, Field> = {};
  let body: Shape | undefined;
  const own: unknown[] = Array.isArray(operation.parameters) ? (operation.parameters as unknown[]) : [];
  for (const raw of [...pathParameters, ...own]) {
    const p: unknown = isJson(raw) && typeof raw.$ref === 'string' ? resolve(raw.$ref) : raw;
    if (!isJson(p) || typeof p.name !== 'string' || p.in === 'header' || p.in === 'cookie') continue;
    if (p.in === 'body') body = shapeOf(p.schema, resolve);
    else fields[p.name] = { shape: shapeOf(p.schema ?? p, resolve), required: p.required === true };
  }
  const requestBody =
    isJson(operation.requestBody) && typeof operation.requestBody.$ref === 'string' ? resolve(operation.requestBody.$ref) : operation.requestBody;
  if (isJson(requestBody)) body = shapeOf(contentSchema(requestBody.content), resolve);
  if (body?.kind === 'object' && body.fields) Object.assign(fields, body.fields);
  else if (body && !Object.keys(fields).length) return body;
  return objectOf(fields);
}

function outputOf(operation: Json, resolve: RefResolver): Shape | null {
  const responses = isJson(operation.responses) ? operation.responses : {};
  const ok = responses['200'] ?? responses['201'] ?? responses.default;
  if (!isJson(ok)) return { kind: 'void', nullable: true };
  const schema = 'content' in ok ? contentSchema(ok.content) : ok.schema;
  return schema === undefined ? { kind: 'void', nullable: true } : unwrapEnvelope(shapeOf(schema, resolve));
}

/** Reads a Swagger 2.0 or OpenAPI 3 document (as Swashbuckle writes it for an ABP host). */
export function readSwagger(document: unknown): BackendContract {
  if (!isJson(document) || !isJson(document.paths)) throw new Error('Not a Swagger/OpenAPI document: it has no "paths" object.');
  const resolve = refResolver(document);
  const calls: BackendCall[] = [];
  for (const [path, item] of Object.entries(document.paths)) {
    if (!isJson(item)) continue;
    const shared = Array.isArray(item.parameters) ? item.parameters : [];
    for (const verb of VERBS) {
      const operation = item[verb];
      if (!isJson(operation)) continue;
      calls.push({ verb: verb.toUpperCase(), path, input: inputOf(operation, shared, resolve), output: outputOf(operation, resolve) });
    }
  }
  const version =
    typeof document.openapi === 'string' ? `openapi ${document.openapi}` : `swagger ${typeof document.swagger === 'string' ? document.swagger : '?'}`;
  return { source: version, calls, typed: true };
}

/**
 * Reads ABP's generated JavaScript proxies: each action is an `abp.ajax` call
 * with `url: abp.appPath + 'api/services/app/Article/Create'` and `type: 'POST'`.
 */
export function readServiceProxies(script: string): BackendContract {
  const calls: BackendCall[] = [];
  // One `abp.ajax(...)` call per action; its query string is built after the path, so each is read on its own.
  for (const action of script.split(/abp\.ajax\(/).slice(1)) {
    const url = /url:\s*abp\.appPath\s*\+\s*'([^']+)'/.exec(action);
    const verb = /\btype:\s*'([A-Za-z]+)'/.exec(action);
    if (!url || !verb) continue;
    calls.push({ verb: verb[1]!.toUpperCase(), path: `/${url[1]!.split('?')[0]!.replace(/^\/+/, '')}`, input: null, output: null });
  }
  if (!calls.length) throw new Error('No ABP service proxy found in the script (expected abp.ajax calls with url and type).');
  return { source: 'ABP service proxies', calls, typed: false };
}

/** A document's text: JSON is Swagger/OpenAPI, anything else ABP's proxy script. */
export function readBackendContract(text: string): BackendContract {
  const trimmed = text.trimStart();
  if (trimmed.startsWith('{')) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(trimmed);
    } catch (e) {
      throw new Error(`The document is not valid JSON: ${(e as Error).message}`, { cause: e });
    }
    return readSwagger(parsed);
  }
  return readServiceProxies(text);
}
