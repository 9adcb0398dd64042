import type { z } from 'zod';
import type { Endpoint, EndpointMap, Service } from './core/define-service.ts';
import { clientMethodName } from './core/define-service.ts';
import type { FileContent, FileDto } from './core/files.ts';
import { callEndpoint, type ClientConfig } from './core/transport.ts';
import { services, type Services } from './registry.ts';
import { downloadTempFile } from './services/file.ts';

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

export type Client = { [K in keyof Services]: ServiceClient<Services[K]> } & {
  config: ClientConfig;
  /** Fetches an export's bytes from `/File/DownloadTempFile` (name, type and Blob); `saveFile` on the web saves it. */
  download(file: FileDto, options?: CallOptions): Promise<FileContent>;
};

export function bindService<S extends Service>(config: ClientConfig, service: S): ServiceClient<S> {
  const out: Record<string, unknown> = {};
  for (const endpoint of Object.values<Endpoint>(service.endpoints)) {
    const call = (input?: unknown, options?: CallOptions) => callEndpoint(config, endpoint, input, options);
    out[clientMethodName(endpoint.method)] = Object.assign(call, { endpoint });
  }
  return out as ServiceClient<S>;
}

/** Builds a typed client for every service: `createClient(cfg).user.getAll({ MaxResultCount: 20 })`. */
export function createClient(config: ClientConfig): Client {
  const client: Record<string, unknown> = {
    config,
    download: (file: FileDto, options?: CallOptions) => downloadTempFile(config, file, options),
  };
  for (const [key, service] of Object.entries(services)) client[key] = bindService(config, service as Service);
  return client as Client;
}
