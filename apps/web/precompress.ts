import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { promisify } from 'node:util';
import type { Plugin } from 'vite';
import { isPlanningBuild } from './first-load-chunks.ts';

const brotli = promisify(brotliCompress);
const gz = promisify(gzip);

/** Text files worth compressing; smaller ones gain less than the header costs. */
const COMPRESSIBLE = /\.(?:js|mjs|css|html|svg|json|txt|map)$/;
const MIN_BYTES = 1024;
/** Edited by deployers after the build: a stale compressed copy would win over their edit. */
const LEFT_PLAIN = new Set(['appconfig.json']);

async function filesOf(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  return entries.filter((e) => e.isFile()).map((e) => path.join(e.parentPath, e.name));
}

/** Writes `file.br` (brotli, quality 11) and `file.gz` (gzip, level 9) beside each compressible file of `dir`. */
export async function precompressFolder(dir: string): Promise<number> {
  let written = 0;
  for (const file of await filesOf(dir)) {
    if (!COMPRESSIBLE.test(file) || LEFT_PLAIN.has(path.basename(file)) || (await stat(file)).size < MIN_BYTES) continue;
    const body = await readFile(file);
    const [br, gzipped] = await Promise.all([
      brotli(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: body.length } }),
      gz(body, { level: 9 }),
    ]);
    await Promise.all([writeFile(`${file}.br`, br), writeFile(`${file}.gz`, gzipped)]);
    written += 1;
  }
  return written;
}

/**
 * Precompresses the built console, so any static host that serves `.br`/`.gz`
 * siblings (nginx `brotli_static`/`gzip_static`, the mock server) sends it
 * compressed without compressing per request.
 */
export function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'edu-precompress',
    // Not in the build that only plans the first loads' chunks (first-load-chunks.ts): it writes nothing.
    apply: (_config, env) => env.command === 'build' && !isPlanningBuild(),
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      await precompressFolder(outDir);
    },
  };
}
