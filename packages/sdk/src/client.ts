import type { Service } from './core/define-service.ts';
import { bindService, type CallOptions, type ServiceClient } from './core/bind.ts';
import type { FileContent, FileDto } from './core/files.ts';
import type { ClientConfig } from './core/transport.ts';
import { services, type Services } from './registry.ts';
import { downloadTempFile } from './services/file.ts';

export * from './core/bind.ts';

export type Client = { [K in keyof Services]: ServiceClient<Services[K]> } & {
  config: ClientConfig;
  /** Fetches an export's bytes from `/File/DownloadTempFile` (name, type and Blob); `saveFile` on the web saves it. */
  download(file: FileDto, options?: CallOptions): Promise<FileContent>;
};

/** Builds a typed client for every service: `createClient(cfg).user.getAll({ MaxResultCount: 20 })`. */
export function createClient(config: ClientConfig): Client {
  const client: Record<string, unknown> = {
    config,
    download: (file: FileDto, options?: CallOptions) => downloadTempFile(config, file, options),
  };
  for (const [key, service] of Object.entries(services)) client[key] = bindService(config, service as Service);
  return client as Client;
}
