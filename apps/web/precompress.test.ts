import { mkdtempSync, readFileSync, existsSync, writeFileSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { precompressFolder } from './precompress.ts';

describe('precompressFolder', () => {
  it('writes brotli and gzip siblings that decompress to the file, and leaves small files and appconfig.json plain', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'precompress-'));
    mkdirSync(path.join(dir, 'assets'));
    const script = `export const rows = ${JSON.stringify(Array.from({ length: 400 }, (_, i) => ({ id: i, name: `试题${i}` })))};`;
    writeFileSync(path.join(dir, 'assets', 'app-1a2b3c.js'), script);
    writeFileSync(path.join(dir, 'appconfig.json'), JSON.stringify({ remoteServiceBaseUrl: 'x'.repeat(2000) }));
    writeFileSync(path.join(dir, 'tiny.css'), 'a{}');
    writeFileSync(path.join(dir, 'logo.png'), Buffer.alloc(4096, 7));

    expect(await precompressFolder(dir)).toBe(1);
    const js = path.join(dir, 'assets', 'app-1a2b3c.js');
    expect(brotliDecompressSync(readFileSync(`${js}.br`)).toString()).toBe(script);
    expect(gunzipSync(readFileSync(`${js}.gz`)).toString()).toBe(script);
    expect(readFileSync(`${js}.br`).length).toBeLessThan(script.length / 4);
    for (const plain of ['appconfig.json', 'tiny.css', 'logo.png']) {
      expect(existsSync(path.join(dir, `${plain}.br`)), plain).toBe(false);
      expect(existsSync(path.join(dir, `${plain}.gz`)), plain).toBe(false);
    }
  });

  it('compresses every file when there are more files than cores (they go side by side)', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'precompress-'));
    const scripts = Array.from(
      { length: 9 },
      (_, n) => `export const n${n} = ${JSON.stringify(Array.from({ length: 200 * (n + 1) }, (_, i) => `题${n}-${i}`))};`,
    );
    scripts.forEach((script, n) => writeFileSync(path.join(dir, `chunk-${n}.js`), script));

    expect(await precompressFolder(dir)).toBe(scripts.length);
    scripts.forEach((script, n) => {
      const file = path.join(dir, `chunk-${n}.js`);
      expect(brotliDecompressSync(readFileSync(`${file}.br`)).toString()).toBe(script);
      expect(gunzipSync(readFileSync(`${file}.gz`)).toString()).toBe(script);
    });
  });
});
