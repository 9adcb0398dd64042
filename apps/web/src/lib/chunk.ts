import { ChunkLoadError } from './error-model.ts';

/** Spec section 9: a route chunk that has not loaded after 120 s is an error. */
export const CHUNK_TIMEOUT_MS = 120_000;

/**
 * Runs a dynamic import with a timeout. A timeout, or a failed fetch of the chunk,
 * rejects with `ChunkLoadError` (a CSS chunk failure with chunkType 'style').
 */
export function loadChunk<T>(load: () => Promise<T>, timeoutMs: number = CHUNK_TIMEOUT_MS): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new ChunkLoadError(`Loading chunk timed out after ${timeoutMs} ms`, 'script')), timeoutMs);
    load().then(
      (m) => {
        clearTimeout(timer);
        resolve(m);
      },
      (cause: unknown) => {
        clearTimeout(timer);
        const msg = cause instanceof Error ? cause.message : String(cause);
        const style = /css|stylesheet|preload/i.test(msg) && /css/i.test(msg);
        reject(new ChunkLoadError(`Loading chunk failed: ${msg}`, style ? 'style' : 'script', { cause }));
      },
    );
  });
}
