import { FileDto, allEndpoints, type Endpoint, type FileFieldSpec } from '@edu/sdk';

/** The bytes of a small valid file per type, so a server that sniffs content accepts it too. */
const SAMPLES: Record<string, { bytes: Uint8Array<ArrayBuffer>; extension: string }> = {
  // 1x1 transparent PNG.
  'image/png': {
    extension: '.png',
    bytes: Uint8Array.from(atob('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg=='), (c) =>
      c.charCodeAt(0),
    ),
  },
  'text/plain': { extension: '.txt', bytes: new TextEncoder().encode('合同测试 contract test\n') },
  'text/csv': { extension: '.csv', bytes: new TextEncoder().encode('姓名,成绩\n张三,95\n') },
};

/**
 * A small file the field accepts: the first of its accepted types (or
 * extensions) we have a sample for; a Chinese name, so names travel in UTF-8.
 */
export function sampleFileFor(field: FileFieldSpec): File {
  const accept = field.accept.length ? field.accept : ['text/plain'];
  for (const a of accept) {
    const type = a.startsWith('.')
      ? Object.keys(SAMPLES).find((t) => SAMPLES[t]!.extension === a)
      : a.endsWith('/*')
        ? Object.keys(SAMPLES).find((t) => t.startsWith(a.slice(0, -1)))
        : a;
    const sample = type ? SAMPLES[type] : undefined;
    if (type && sample) return new File([sample.bytes], `合同测试${sample.extension}`, { type });
  }
  throw new Error(`No sample file for a field accepting ${accept.join(', ')}: add one to tests/contract/support/files.ts`);
}

/** Every endpoint that takes a file (multipart). */
export const uploadEndpoints = (): Endpoint[] => allEndpoints().filter((e) => e.files.length > 0);

/** Every endpoint that answers an export's FileDto (followed to /File/DownloadTempFile). */
export const exportEndpoints = (): Endpoint[] => allEndpoints().filter((e) => e.output === FileDto);
