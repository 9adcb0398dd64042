import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { availableParallelism } from 'node:os';
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

/** Writes `file.br` and `file.gz` beside `file`. */
async function compressFile(file: string): Promise<void> {
  const body = await readFile(file);
  const [br, gzipped] = await Promise.all([
    brotli(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: body.length } }),
    gz(body, { level: 9 }),
  ]);
  await Promise.all([writeFile(`${file}.br`, br), writeFile(`${file}.gz`, gzipped)]);
}

/**
 * Writes `file.br` (brotli, quality 11) and `file.gz` (gzip, level 9) beside each compressible file of `dir`.
 * Files are compressed side by side, one per core, largest first: zlib works on libuv's threads, and one file at a
 * time kept a single core busy (half of a build's time on two cores).
 */
export async function precompressFolder(dir: string): Promise<number> {
  const sized = await Promise.all(
    (await filesOf(dir))
      .filter((file) => COMPRESSIBLE.test(file) && !LEFT_PLAIN.has(path.basename(file)))
      .map(async (file) => ({ file, size: (await stat(file)).size })),
  );
  const queue = sized
    .filter((f) => f.size >= MIN_BYTES)
    .sort((a, b) => b.size - a.size)
    .map((f) => f.file);
  const next = async (): Promise<void> => {
    const file = queue.shift();
    if (file === undefined) return;
    await compressFile(file);
    return next();
  };
  const written = queue.length;
  await Promise.all(Array.from({ length: Math.min(written, availableParallelism()) }, next));
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
