import fp from 'fastify-plugin';
import type { FastifyError, FastifyReply, FastifyRequest, HookHandlerDoneFunction, onResponseHookHandler } from 'fastify';
import { allEndpoints, type Endpoint } from '@edu/sdk';
import { maskParameters } from './mask.ts';
import { startRetention } from './retention.ts';
import { AuditWriter, type AuditWriterOptions } from './writer.ts';

export interface AuditOptions extends AuditWriterOptions {
  /** Record calls (default true). */
  enabled?: boolean;
  /** How often old rows are pruned (default daily; also once at start). */
  pruneEveryMs?: number;
}

declare module 'fastify' {
  interface FastifyInstance {
    auditWriter: AuditWriter;
  }
}

/** `VERB /path` of every audited SDK endpoint (paths lower-cased, as routes match without case); `audited: false` is ABP's `[DisableAuditing]`. */
const endpointsByRoute = new Map<string, Endpoint>(
  allEndpoints()
    .filter((e) => e.audited)
    .map((e) => [`${e.verb} ${e.path.toLowerCase()}`, e]),
);

/** The failure of a request, kept from `onError` to `onResponse`. */
const failures = new WeakMap<FastifyRequest, string>();

/** What the call was given: the query and the JSON body (multipart bodies are files: masked). */
function inputOf(request: FastifyRequest, endpoint: Endpoint): unknown {
  if (endpoint.inputIn === 'form') return { ...(request.query ?? {}), files: '***' };
  if (endpoint.inputIn === 'query') return request.query;
  const query = request.query;
  const hasQuery = typeof query === 'object' && query !== null && Object.keys(query).length > 0;
  return hasQuery ? { ...query, ...(typeof request.body === 'object' ? request.body : { body: request.body }) } : request.body;
}

const cut = (s: string | undefined, max: number) => (s === undefined ? null : s.slice(0, max));

/**
 * ABP's auditing of application services: every audited SDK endpoint's call becomes an
 * AbpAuditLogs row (tenant, user, service, method, masked parameters,
 * execution time and duration, client address and browser, the exception's
 * message). Rows are made after the response is sent (`onResponse`) and
 * written in batches by `AuditWriter`; nothing here can fail a request.
 */
export const auditPlugin = fp<AuditOptions>(async (app, options) => {
  const writer = new AuditWriter(app.prisma, app.log, options);
  app.decorate('auditWriter', writer);
  const stopRetention = startRetention(app.prisma, app.log, options.pruneEveryMs);
  app.addHook('onClose', async () => {
    stopRetention();
    await writer.close();
  });
  if (options.enabled === false) return;

  app.addHook('onError', async (request, _reply, error: FastifyError) => {
    failures.set(request, error.message || error.name);
  });
  // Each audited endpoint's route gets its recorder when it is added: other routes pay nothing, and a call finds its endpoint without a lookup.
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    const endpoint = methods.map((m) => endpointsByRoute.get(`${m} ${route.url.toLowerCase()}`)).find((e) => e !== undefined);
    if (!endpoint) return;
    const hooks = route.onResponse === undefined ? [] : Array.isArray(route.onResponse) ? route.onResponse : [route.onResponse];
    route.onResponse = [...hooks, recorder(writer, endpoint)];
  });
});

/** The `onResponse` hook of an audited endpoint's route: the call as an audit row for `writer` (a callback hook: no promise per call). */
function recorder(writer: AuditWriter, endpoint: Endpoint): onResponseHookHandler {
  return (request: FastifyRequest, reply: FastifyReply, done: HookHandlerDoneFunction) => {
    try {
      const elapsed = reply.elapsedTime;
      const session = request.abpSession;
      writer.record({
        tenantId: session.tenantId,
        userId: session.userId,
        impersonatorUserId: session.impersonatorUserId ?? null,
        impersonatorTenantId: session.impersonatorTenantId ?? null,
        serviceName: endpoint.service,
        methodName: endpoint.method,
        parameters: maskParameters(inputOf(request, endpoint)),
        executionTime: new Date(Date.now() - elapsed),
        executionDuration: Math.round(elapsed),
        clientIpAddress: cut(request.ip, 64),
        clientName: null,
        browserInfo: cut(request.headers['user-agent'], 512),
        exception: cut(failures.get(request), 2000),
      });
    } catch (err) {
      request.log.error({ err }, 'Could not record the audit log');
    }
    done();
  };
}
