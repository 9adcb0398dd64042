import { z } from 'zod';
import type { Endpoint } from './core/define-service.ts';
import { requiredPermissions } from './core/define-service.ts';
import { allEndpoints } from './registry.ts';

type Json = Record<string, unknown>;

function jsonSchema(schema: z.ZodType, io: 'input' | 'output'): Json {
  const s = z.toJSONSchema(schema, { io, unrepresentable: 'any', target: 'openapi-3.0' }) as Json;
  delete s.$schema;
  return s;
}

const envelope = (result: Json): Json => ({
  type: 'object',
  properties: {
    result,
    targetUrl: { type: 'string', nullable: true },
    success: { type: 'boolean' },
    error: { $ref: '#/components/schemas/ErrorInfo' },
    unAuthorizedRequest: { type: 'boolean' },
    __abp: { type: 'boolean' },
  },
});

/** A multipart body: file members as binary parts (with their limits), the rest as form fields. */
function multipartSchema(e: Endpoint): Json {
  const files = new Map(e.files.map((f) => [f.name, f]));
  const schema = jsonSchema(e.input, 'input');
  const props = (schema.properties ?? {}) as Record<string, Json>;
  for (const [name, f] of files) {
    const accept = f.accept.length ? ` Accepted: ${f.accept.join(', ')}.` : '';
    props[name] = { type: 'string', format: 'binary', description: `At most ${f.maxBytes} bytes (413 above).${accept}` };
  }
  return { ...schema, properties: props };
}

const fileResponse: Json = {
  description: 'The file itself (not wrapped); its name is in Content-Disposition (RFC 5987 filename* for non-ASCII names)',
  headers: { 'Content-Disposition': { schema: { type: 'string' } } },
  content: { 'application/octet-stream': { schema: { type: 'string', format: 'binary' } } },
};

function operation(e: Endpoint): Json {
  const perms = requiredPermissions(e.access);
  const notes = [
    e.access === 'anonymous' ? 'Anonymous.' : perms.length ? `Requires one of: ${perms.join(', ')}.` : 'Requires a signed-in user.',
    e.hostOnly ? 'Host users only.' : '',
    e.extension ? 'Extension: not in the spec.' : '',
    e.inferred ? 'Shape inferred: the spec does not show it.' : '',
  ].filter(Boolean);
  const op: Json = {
    tags: [e.service],
    operationId: `${e.service}_${e.method}`,
    summary: e.summary ?? e.method,
    description: notes.join(' '),
    responses: {
      '200':
        e.response === 'file'
          ? fileResponse
          : { description: 'Success', content: { 'application/json': { schema: envelope(jsonSchema(e.output, 'output')) } } },
      '400': { description: 'Validation failed', content: { 'application/json': { schema: envelope({}) } } },
      ...(e.files.length > 0 && { '413': { description: 'File too large', content: { 'application/json': { schema: envelope({}) } } } }),
      ...(e.access !== 'anonymous' && {
        '401': { description: 'Not signed in' },
        '403': { description: 'Permission missing' },
      }),
    },
  };
  if (e.access !== 'anonymous') op.security = [{ bearer: [] }];
  const input = jsonSchema(e.input, 'input');
  if (e.inputIn === 'query') {
    const props = (input.properties ?? {}) as Record<string, Json>;
    const required = new Set((input.required as string[] | undefined) ?? []);
    op.parameters = Object.entries(props).map(([name, schema]) => ({ name, in: 'query', required: required.has(name), schema }));
  } else if (e.inputIn === 'form') {
    op.requestBody = { required: true, content: { 'multipart/form-data': { schema: multipartSchema(e) } } };
  } else {
    const inQuery = new Set(e.queryKeys ?? []);
    const props = (input.properties ?? {}) as Record<string, Json>;
    const required = new Set((input.required as string[] | undefined) ?? []);
    if (inQuery.size) {
      op.parameters = [...inQuery].map((name) => ({ name, in: 'query', required: required.has(name), schema: props[name] ?? {} }));
      const rest = Object.fromEntries(Object.entries(props).filter(([k]) => !inQuery.has(k)));
      const body: Json = { ...input, properties: rest, required: [...required].filter((k) => !inQuery.has(k)) };
      op.requestBody = { required: true, content: { 'application/json': { schema: body } } };
    } else op.requestBody = { required: true, content: { 'application/json': { schema: input } } };
  }
  return op;
}

/** An OpenAPI 3 document of every endpoint in the registry. */
export function generateOpenApi(info: { title?: string; version?: string } = {}): Json {
  const paths: Record<string, Record<string, Json>> = {};
  for (const e of allEndpoints()) (paths[e.path] ??= {})[e.verb.toLowerCase()] = operation(e);
  return {
    openapi: '3.0.3',
    info: { title: info.title ?? 'Education platform API (ABP)', version: info.version ?? '1.0.0' },
    paths,
    components: {
      securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
      schemas: {
        ErrorInfo: {
          type: 'object',
          nullable: true,
          properties: {
            code: { type: 'integer' },
            message: { type: 'string' },
            details: { type: 'string', nullable: true },
            validationErrors: {
              type: 'array',
              nullable: true,
              items: { type: 'object', properties: { message: { type: 'string' }, members: { type: 'array', items: { type: 'string' } } } },
            },
          },
        },
      },
    },
  };
}
