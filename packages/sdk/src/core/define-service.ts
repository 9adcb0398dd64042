import type { z } from 'zod';
import { fileFieldsOf, type FileFieldSpec } from './files.ts';
import { APP_SERVICE_ROOT, routeOf, type Access, type HttpVerb, type InputLocation, type ResponseKind } from './route.ts';

export * from './route.ts';

export interface EndpointOptions<I extends z.ZodType = z.ZodType, O extends z.ZodType = z.ZodType> {
  input: I;
  output: O;
  /** Overrides the service's access rule. */
  access?: Access;
  /** Only for the spec's true exceptions to ABP's verb rule. */
  verb?: HttpVerb;
  /** The action segment of the path when it differs from the key (e.g. two verbs on one path). */
  action?: string;
  /** Full path override for endpoints outside `/api/services/app`. */
  path?: string;
  /** Where the input travels; default query for GET/DELETE, `form` with a file field, body otherwise (ABP binding). */
  inputIn?: InputLocation;
  /** `file` for a download answered with the bytes themselves (declare `output: FileContent`). */
  response?: ResponseKind;
  /** Members of a body input that travel in the query string (`auditedDiscuss?id=`); the rest stays in the body. */
  queryKeys?: readonly string[];
  /** Only host users may call it (multiTenancySides = Host). */
  hostOnly?: boolean;
  summary?: string;
  /** Not in the spec: an addition of ours, documented as such. */
  extension?: boolean;
  /** In the spec, but its name or shape was inferred because the spec does not show it. */
  inferred?: boolean;
  /** `false`: calls are not written to the audit log (ABP's `[DisableAuditing]` on the method). Default true. */
  audited?: boolean;
}

export interface Endpoint<I extends z.ZodType = z.ZodType, O extends z.ZodType = z.ZodType> {
  readonly service: string;
  /** The key in the service definition: ABP's method name verbatim. */
  readonly method: string;
  readonly verb: HttpVerb;
  readonly path: string;
  readonly inputIn: InputLocation;
  readonly response: ResponseKind;
  /** Members of a body input sent in the query string (ASP.NET's primitive parameters). */
  readonly queryKeys?: readonly string[];
  /** The input's file members (multipart parts) with their size limits and accepted types. */
  readonly files: readonly FileFieldSpec[];
  readonly input: I;
  readonly output: O;
  readonly access: Access;
  readonly hostOnly: boolean;
  readonly summary?: string;
  readonly extension: boolean;
  readonly inferred: boolean;
  /** Whether a call is written to the audit log (false: ABP's `[DisableAuditing]`). */
  readonly audited: boolean;
}

export type EndpointMap = Record<string, EndpointOptions>;

export type Endpoints<E extends EndpointMap> = {
  readonly [K in keyof E & string]: Endpoint<E[K]['input'], E[K]['output']>;
};

export interface Service<N extends string = string, E extends EndpointMap = EndpointMap> {
  readonly name: N;
  readonly endpoints: Endpoints<E>;
}

export interface ServiceOptions {
  /** Default access for every endpoint of the service. */
  access?: Access;
  /** Path root; default `/api/services/app`. */
  root?: string;
  hostOnly?: boolean;
}

/**
 * Declares an ABP service once: each key is the ABP method name (typos included,
 * because the key is the path) and becomes an endpoint descriptor with verb, path,
 * input location, schemas and access rule.
 */
export function defineService<const N extends string, const E extends EndpointMap>(
  name: N,
  endpoints: E,
  options: ServiceOptions = {},
): Service<N, E> {
  const root = options.root ?? APP_SERVICE_ROOT;
  const out: Record<string, Endpoint> = {};
  for (const [method, spec] of Object.entries(endpoints)) {
    const files = Object.freeze(fileFieldsOf(spec.input));
    const wire = routeOf(name, method, spec, root, files.length > 0);
    if (files.length && (wire.verb === 'GET' || wire.verb === 'DELETE'))
      throw new Error(`${name}/${method}: a file input needs a verb with a body, not ${wire.verb}`);
    out[method] = Object.freeze({
      ...wire,
      files,
      input: spec.input,
      output: spec.output,
      access: spec.access ?? options.access ?? 'authenticated',
      hostOnly: spec.hostOnly ?? options.hostOnly ?? false,
      summary: spec.summary,
      extension: spec.extension ?? false,
      inferred: spec.inferred ?? false,
      audited: spec.audited ?? true,
    });
  }
  return Object.freeze({ name, endpoints: Object.freeze(out) as Endpoints<E> });
}

/** Lower-cases the first letter: `GetAll` -> `getAll`, the client's method name. */
export function clientMethodName(method: string): string {
  return method.charAt(0).toLowerCase() + method.slice(1);
}

export type ClientMethodName<K extends string> = Uncapitalize<K>;
