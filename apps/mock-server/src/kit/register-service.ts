import type { FastifyInstance, FastifyReply, FastifyRequest, HTTPMethods } from 'fastify';
import { z } from 'zod';
import { FileContent, contentDisposition, requiredPermissions, type Endpoint, type Service } from '@edu/sdk';
import { bindValue, toValidationErrors, validate } from './bind-input.ts';
import { createContext, type RequestContext } from './context.ts';
import { localize, type Culture } from '../localization/texts.ts';
import { compilePageWriter, WrittenJson } from './dto.ts';
import { AbpValidationError, ForbiddenError, UnauthorizedError } from './errors.ts';
import { checkFiles, readMultipart } from './files.ts';
import { installReviewBindings, type ReviewBinding } from './review.ts';

type Awaitable<T> = T | Promise<T>;

/**
 * A handler returns the output schema's input type (so mappers may return
 * plain values), or that result written as JSON already (a list page written
 * from its SQL rows, kit/dto.ts `WrittenJson`).
 */
export type Handler<I extends z.ZodType, O extends z.ZodType> = (
  input: z.output<I>,
  ctx: RequestContext,
) => Awaitable<z.input<O> | WrittenJson<z.input<O>>>;

/** Exactly one handler per endpoint of the service: a missing one is a compile error. */
export type HandlersOf<S extends Service> = {
  [K in keyof S['endpoints']]: S['endpoints'][K] extends Endpoint<infer I, infer O> ? Handler<I, O> : never;
};

/**
 * Any endpoint's handler, stored apart from its endpoint's types. Method
 * syntax makes the parameter bivariant, so a typed handler is assignable
 * without a cast; `registerServices` pairs it only with its own endpoint,
 * whose validated input is what the handler's type says.
 */
type StoredHandler = { handle(input: unknown, ctx: RequestContext): Awaitable<unknown> }['handle'];

/**
 * What a service declares of the entities it serves, beside its handlers:
 * collected from the implementations when they are registered, so no kit
 * table lists entities.
 */
export interface EntityBindings {
  /** Its reviewable entities: Prisma model, sensitive-word hits, decision effects (kit/review.ts). */
  readonly reviews?: readonly ReviewBinding[];
}

export interface Implementation {
  readonly service: Service;
  readonly handlers: Readonly<Record<string, StoredHandler>>;
  readonly bindings: EntityBindings;
}

/** Pairs an SDK service with its handlers and the bindings of the entities it serves. */
export function implement<S extends Service>(service: S, handlers: HandlersOf<S>, bindings: EntityBindings = {}): Implementation {
  const stored: Record<string, StoredHandler> = handlers;
  return { service, handlers: stored, bindings };
}

/** What Fastify sends an object as. */
const JSON_TYPE = 'application/json; charset=utf-8';

export function envelope(result: unknown) {
  return { result: result ?? null, targetUrl: null, success: true, error: null, unAuthorizedRequest: false, __abp: true };
}

/** Checks the endpoint's access rule: 401 without a (still valid) user, 403 without the permission or side. */
async function authorize(endpoint: Endpoint, ctx: RequestContext): Promise<void> {
  if (endpoint.access === 'anonymous') return;
  const user = await ctx.user();
  if (!user) throw new UnauthorizedError();
  const needed = requiredPermissions(endpoint.access);
  if (endpoint.hostOnly && ctx.session.tenantId !== null) throw new ForbiddenError(needed);
  if (needed.length && !needed.some((p) => user.granted.has(p))) throw new ForbiddenError(needed);
}

/**
 * The keys of a paged output's row (`{ totalCount, items: [row] }` with a plain
 * object row), or undefined for other outputs. A list row may be declared
 * narrower than what a handler maps (a list DTO without the rich-text body);
 * the reply carries the declared keys only, as ABP serializes the declared DTO
 * type, so the wire matches the SDK's schema in production too.
 */
function pagedRowSchema(output: z.ZodType): z.ZodObject | undefined {
  if (!(output instanceof z.ZodObject) || !('totalCount' in output.shape)) return undefined;
  const items: unknown = output.shape.items;
  if (!(items instanceof z.ZodArray) || !(items.element instanceof z.ZodObject)) return undefined;
  return items.element;
}

/** ABP's envelope around a result written as JSON text already (`envelope` as JSON.stringify writes it). */
const envelopeText = (resultJson: string) =>
  `{"result":${resultJson},"targetUrl":null,"success":true,"error":null,"unAuthorizedRequest":false,"__abp":true}`;

/** Whether a handler's result is a page the compiled writer takes (`{ items: [...] }`). */
const isPage = (result: unknown): result is { items: unknown[] } & Record<string, unknown> =>
  typeof result === 'object' && result !== null && 'items' in result && Array.isArray(result.items);

/** Whether `row` has an own key outside `keys`. */
function hasExtraKeys(row: object, keys: ReadonlySet<string>): boolean {
  for (const k in row) if (Object.hasOwn(row, k) && !keys.has(k)) return true;
  return false;
}

/**
 * `result` with each row cut to `keys` (a page from a handler; anything else
 * passes unchanged). Rows a DTO mapper made already have only the declared
 * keys and pass as they are: no copy per row on every list.
 */
function shapeRows(result: unknown, keys: ReadonlySet<string>): unknown {
  if (typeof result !== 'object' || result === null || !('items' in result) || !Array.isArray(result.items)) return result;
  const rows: unknown[] = result.items;
  if (!rows.some((row) => typeof row === 'object' && row !== null && hasExtraKeys(row, keys))) return result;
  const items = rows.map((row) => {
    if (typeof row !== 'object' || row === null) return row;
    const source: Readonly<Record<string, unknown>> = { ...row };
    const out: Record<string, unknown> = {};
    for (const k of keys) if (k in source) out[k] = source[k];
    return out;
  });
  return { ...result, items };
}

/**
 * Members a body endpoint takes from the query string (`queryKeys`, ASP.NET's
 * primitive parameters: `POST auditedDiscuss?id=5`). A member may also come in
 * the body (a generic client sending the whole input there); given in both,
 * the values must agree, else a 400 on the member.
 */
function withQueryKeys(endpoint: Endpoint, bound: unknown, query: unknown, culture: Culture): unknown {
  const keys = endpoint.queryKeys;
  if (!keys?.length || typeof bound !== 'object' || bound === null || Array.isArray(bound)) return bound;
  const fromQuery = bindValue(endpoint.input, query ?? {}, true);
  if (typeof fromQuery !== 'object' || fromQuery === null) return bound;
  const out: Record<string, unknown> = { ...bound };
  const given: Readonly<Record<string, unknown>> = { ...fromQuery };
  for (const key of keys) {
    if (!(key in given)) continue;
    if (key in out && out[key] !== given[key])
      throw new AbpValidationError([
        {
          message: localize(culture, 'QueryAndBodyDiffer', key),
          members: [key],
        },
      ]);
    out[key] = given[key];
  }
  return out;
}

export interface RegisterOptions {
  /** Parse handler results with the output schema (catches drift in dev and tests). */
  validateOutput: boolean;
}

const ALL_METHODS: HTTPMethods[] = ['GET', 'POST', 'PUT', 'DELETE', 'PATCH'];

/** The raw input of a request: query, JSON body, or multipart fields and files. */
async function rawInput(endpoint: Endpoint, request: FastifyRequest, ctx: RequestContext): Promise<unknown> {
  if (endpoint.inputIn === 'query') return request.query;
  if (endpoint.inputIn === 'form') return readMultipart(request, endpoint, ctx.culture);
  return request.body ?? {};
}

/**
 * A file response (`response: 'file'`): the bytes themselves, never wrapped
 * (ABP's WrapResult skips file results), named in `Content-Disposition`
 * (RFC 5987 for any script), typed from our own record and `nosniff`, so a
 * stored upload is never interpreted as something else.
 */
async function sendFile(endpoint: Endpoint, reply: FastifyReply, result: unknown): Promise<FastifyReply> {
  const file = FileContent.parse(result);
  return reply
    .header('content-type', file.contentType)
    .header('content-disposition', contentDisposition(file.fileName, file.inline ?? false))
    .header('x-content-type-options', 'nosniff')
    .header('content-security-policy', "default-src 'none'; sandbox")
    .header('cache-control', endpoint.access === 'anonymous' ? 'public, max-age=86400' : 'private, no-store')
    .send(Buffer.from(await file.blob.arrayBuffer()));
}

/**
 * Registers every endpoint of the given implementations: authorization, model
 * binding and validation, the handler, and ABP's envelope. Paths served with
 * another verb answer 405 with an empty body, as ASP.NET Core does.
 */
export function registerServices(app: FastifyInstance, impls: readonly Implementation[], options: RegisterOptions): void {
  installReviewBindings(
    impls.flatMap((i) => i.bindings.reviews ?? []),
    new Set(impls.map((i) => i.service.name)),
  );
  const verbsByPath = new Map<string, Set<string>>();
  for (const { service, handlers } of impls) {
    for (const endpoint of Object.values<Endpoint>(service.endpoints)) {
      const handler = handlers[endpoint.method];
      if (!handler) throw new Error(`No handler for ${service.name}/${endpoint.method}`);
      const key = endpoint.path.toLowerCase();
      const verbs = verbsByPath.get(key) ?? new Set();
      if (verbs.has(endpoint.verb)) throw new Error(`Duplicate route ${endpoint.verb} ${endpoint.path}`);
      verbs.add(endpoint.verb);
      verbsByPath.set(key, verbs);

      const rowSchema = pagedRowSchema(endpoint.output);
      const rowKeys = rowSchema && new Set(Object.keys(rowSchema.shape));
      // A page's JSON is written by a writer compiled for its row DTO (kit/dto.ts), not by JSON.stringify over copied rows.
      const writePage = rowSchema && compilePageWriter(rowSchema);
      app.route({
        method: endpoint.verb,
        url: endpoint.path,
        handler: async (request, reply) => {
          const ctx = createContext(app, request);
          await authorize(endpoint, ctx);
          // Query strings and form fields are text: both bind with type conversion.
          const fromText = endpoint.inputIn !== 'body';
          const raw = await rawInput(endpoint, request, ctx);
          const bound = withQueryKeys(endpoint, bindValue(endpoint.input, raw, fromText), request.query, ctx.culture);
          const parsed = validate(endpoint.input, bound, ctx.culture);
          if (!parsed.success) throw new AbpValidationError(toValidationErrors(parsed.error, ctx.culture));
          if (endpoint.files.length) {
            const fileErrors = checkFiles(endpoint, parsed.data, ctx.culture);
            if (fileErrors.length) throw new AbpValidationError(fileErrors);
          }
          const handled: unknown = await handler(parsed.data, ctx);
          if (endpoint.response === 'file') return sendFile(endpoint, reply, handled);
          const check = (result: unknown) => {
            const out = endpoint.output.safeParse(result);
            if (!out.success) {
              request.log.error({ issues: out.error.issues, endpoint: endpoint.path }, 'Handler result does not match the SDK output schema');
              throw new Error(`Output of ${endpoint.service}/${endpoint.method} does not match its schema`);
            }
          };
          if (handled instanceof WrittenJson) {
            if (options.validateOutput) check(JSON.parse(handled.text));
            return reply.type(JSON_TYPE).send(envelopeText(handled.text));
          }
          if (writePage && isPage(handled) && !options.validateOutput) return reply.type(JSON_TYPE).send(envelopeText(writePage(handled)));
          const result = rowKeys ? shapeRows(handled, rowKeys) : handled;
          if (options.validateOutput) check(result);
          // Checked above on the rows cut to the DTO's keys; the page writer writes those keys only.
          if (writePage && isPage(handled)) return reply.type(JSON_TYPE).send(envelopeText(writePage(handled)));
          return reply.send(envelope(result));
        },
      });
    }
  }
  for (const [path, verbs] of verbsByPath) {
    const others = ALL_METHODS.filter((m) => !verbs.has(m));
    if (others.length) app.route({ method: others, url: path, handler: async (_req, reply) => reply.code(405).send() });
  }
}
