/**
 * The zod-free half of an endpoint declaration: verbs, paths, access rules and
 * `Route`s (an endpoint's wire facts without its schemas). A browser bundle that
 * only sends a few requests (the login page) imports this, not define-service.ts,
 * which needs zod.
 */

export type HttpVerb = 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH';
/** `form`: `multipart/form-data`, chosen automatically when the input has a `fileField`. */
export type InputLocation = 'query' | 'body' | 'form';
/** `envelope`: ABP's AjaxResponse (default); `file`: raw bytes with `Content-Disposition` (output `FileContent`). */
export type ResponseKind = 'envelope' | 'file';

/** Root under which ABP exposes application services (`AbpAppServiceConvention`). */
export const APP_SERVICE_ROOT = '/api/services/app';

/**
 * ABP's verb rule (`ProxyScriptingHelper`): the HTTP verb follows the method-name
 * prefix. Matching is case-insensitive because the spec itself writes
 * `getAllTreePermissions` and expects GET.
 */
export function abpVerb(method: string): HttpVerb {
  const m = method.toLowerCase();
  if (m.startsWith('get')) return 'GET';
  if (m.startsWith('put') || m.startsWith('update')) return 'PUT';
  if (m.startsWith('delete') || m.startsWith('remove')) return 'DELETE';
  if (m.startsWith('patch')) return 'PATCH';
  return 'POST';
}

/**
 * Who may call an endpoint:
 * - `anonymous`: anyone, signed in or not;
 * - `authenticated`: any signed-in user;
 * - a permission name, or several (at least one must be granted, as `[AbpAuthorize(a, b)]`).
 */
export type Access = 'anonymous' | 'authenticated' | (string & {}) | readonly string[];

/** The list of permission names an access rule requires (empty for anonymous/authenticated). */
export function requiredPermissions(access: Access): readonly string[] {
  if (access === 'anonymous' || access === 'authenticated') return [];
  return typeof access === 'string' ? [access] : access;
}

/** How an endpoint departs from ABP's conventions (the route half of `EndpointOptions`). */
export interface RouteSpec {
  verb?: HttpVerb;
  action?: string;
  path?: string;
  inputIn?: InputLocation;
  response?: ResponseKind;
  /**
   * Members of a body input that travel in the query string instead (ASP.NET
   * binds primitive parameters from the query: `POST Discuss/auditedDiscuss?id=5`
   * with the rest of the input in the body).
   */
  queryKeys?: readonly string[];
}

/**
 * An endpoint's wire facts without its schemas: enough to send it. `I` and `O`
 * are the input and output types (type-only, so no schema is loaded). The
 * transport's `callRoute` sends one without validating the response.
 */
export interface Route<I = unknown, O = unknown> {
  readonly service: string;
  readonly method: string;
  readonly verb: HttpVerb;
  readonly path: string;
  readonly inputIn: InputLocation;
  readonly response: ResponseKind;
  /** Members of a body input sent in the query string (see `RouteSpec.queryKeys`). */
  readonly queryKeys?: readonly string[];
  /** Never set: carries the input and output types. */
  readonly types?: { input: I; output: O };
}

/**
 * ABP's routing rules, applied once for `defineService` and `route`: the verb
 * from the method name, the path `<root>/<Service>/<Method>`, the input in the
 * query for GET/DELETE, in a multipart form with files, in the body otherwise.
 */
export function routeOf<I = unknown, O = unknown>(
  service: string,
  method: string,
  spec: RouteSpec = {},
  root: string = APP_SERVICE_ROOT,
  hasFiles = false,
): Route<I, O> {
  const verb = spec.verb ?? abpVerb(method);
  return {
    service,
    method,
    verb,
    path: spec.path ?? `${root}/${service}/${spec.action ?? method}`,
    inputIn: spec.inputIn ?? (hasFiles ? 'form' : verb === 'GET' || verb === 'DELETE' ? 'query' : 'body'),
    response: spec.response ?? 'envelope',
    ...(spec.queryKeys?.length && { queryKeys: spec.queryKeys }),
  };
}
