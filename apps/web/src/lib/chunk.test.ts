import { afterEach, describe, expect, it, vi } from 'vitest';
import { CHUNK_TIMEOUT_MS, loadChunk } from './chunk.ts';
import { ChunkLoadError } from './error-model.ts';

describe('route chunk loading', () => {
  afterEach(() => vi.useRealTimers());

  it('times out after 120 s with a chunk-load error', async () => {
    vi.useFakeTimers();
    expect(CHUNK_TIMEOUT_MS).toBe(120_000);
    const p = loadChunk(() => new Promise(() => {}));
    const check = expect(p).rejects.toBeInstanceOf(ChunkLoadError);
    await vi.advanceTimersByTimeAsync(CHUNK_TIMEOUT_MS);
    await check;
  });

  it('passes a loaded module through and wraps failures', async () => {
    await expect(loadChunk(async () => ({ default: 1 }))).resolves.toEqual({ default: 1 });
    const failed = loadChunk(() => Promise.reject(new TypeError('Failed to fetch dynamically imported module')));
    await expect(failed).rejects.toMatchObject({ name: 'ChunkLoadError', chunkType: 'script' });
    const css = loadChunk(() => Promise.reject(new Error('Unable to preload CSS for /assets/a.css')));
    await expect(css).rejects.toMatchObject({ chunkType: 'style' });
  });
});
