import type { z } from 'zod';
import { clientMethodName, type Endpoint, type EndpointMap, type Service } from './define-service.ts';
import { callEndpoint, type ClientConfig } from './transport.ts';

export interface CallOptions {
  signal?: AbortSignal;
}

/** A callable endpoint keeps its descriptor, so `useApi(client.user.getAll, ...)` can key caches on it. */
export type EndpointCall<I extends z.ZodType, O extends z.ZodType> = ((
  // The input may be left out when none of its members is required.
  ...args: Record<string, never> extends z.input<I> ? [input?: z.input<I>, options?: CallOptions] : [input: z.input<I>, options?: CallOptions]
) => Promise<z.output<O>>) & { endpoint: Endpoint<I, O> };

export type ServiceClient<S> =
  S extends Service<string, infer E extends EndpointMap>
    ? { [K in keyof E & string as Uncapitalize<K>]: EndpointCall<E[K]['input'], E[K]['output']> }
    : never;

/**
 * One service's calls. Kept apart from `createClient` (client.ts), which imports
 * the registry and so every service: a browser bundle that binds only the
 * services it calls (e.g. the login page) does not load the others' schemas.
 */
export function bindService<S extends Service>(config: ClientConfig, service: S): ServiceClient<S> {
  const out: Record<string, unknown> = {};
  for (const endpoint of Object.values<Endpoint>(service.endpoints)) {
    const call = (input?: unknown, options?: CallOptions) => callEndpoint(config, endpoint, input, options);
    out[clientMethodName(endpoint.method)] = Object.assign(call, { endpoint });
  }
  return out as ServiceClient<S>;
}
