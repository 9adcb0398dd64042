import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { docxBomb } from './testing/bombs.ts';

/**
 * `pnpm start` serves the bundle build.mjs writes, not these sources: the
 * bundle is built into a folder of its own and started as its own process on
 * a new database, as a user starts it. Each check reaches code whose paths the
 * bundle must keep: the migrations folder (first start), exceljs and the
 * paper writers with their font package (third-party modules and lazy chunks),
 * the read pool's worker (an entry of its own, read-worker.mjs).
 */
const SERVER_DIR = path.resolve(import.meta.dirname, '..');
const work = mkdtempSync(path.join(tmpdir(), 'edu-bundle-'));
let server: ChildProcess;
let base = '';
let output = '';

async function call(verb: 'GET' | 'POST', route: string, init: { token?: string; body?: unknown } = {}) {
  return fetch(`${base}${route}`, {
    method: verb,
    headers: {
      'abp.tenantid': '1',
      ...(init.token && { authorization: `Bearer ${init.token}` }),
      ...(init.body !== undefined && { 'content-type': 'application/json' }),
    },
    ...(init.body !== undefined && { body: JSON.stringify(init.body) }),
  });
}

/** A file answer's first bytes as text (its format's magic). */
const leadingText = async (res: Response, bytes: number) =>
  Buffer.from(await res.arrayBuffer())
    .subarray(0, bytes)
    .toString();

beforeAll(async () => {
  await promisify(execFile)(process.execPath, ['build.mjs', path.join(work, 'dist')], { cwd: SERVER_DIR });
  server = spawn(process.execPath, [path.join(work, 'dist', 'server.mjs')], {
    cwd: work,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      DATABASE_URL: `file:${path.join(work, 'bundle.db')}`,
      JWT_SECRET: 'bundle-test-secret-of-at-least-32-characters',
      PORT: '0',
      HOST: '127.0.0.1',
      LOG_LEVEL: 'info',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const collect = (chunk: Buffer) => (output += chunk.toString());
  server.stdout!.on('data', collect);
  server.stderr!.on('data', collect);
  base = await new Promise<string>((resolve, reject) => {
    const seen = () => {
      const address = /Console and API on (http:\/\/[^\s"]+)/.exec(output)?.[1];
      if (address) resolve(address);
    };
    server.stdout!.on('data', seen);
    server.once('exit', (code) => reject(new Error(`the bundled server exited (${code}):\n${output}`)));
  });
});

afterAll(() => {
  if (server.exitCode === null) server.kill('SIGKILL');
  rmSync(work, { recursive: true, force: true });
});

/** Runs `expression` (build.mjs's exports in scope as `b`) in a node process of its own and returns its JSON value. */
async function fromBuildScript(expression: string): Promise<unknown> {
  const script = `const b = await import(${JSON.stringify(pathToFileURL(path.join(SERVER_DIR, 'build.mjs')).href)}); console.log(JSON.stringify(${expression}));`;
  const { stdout } = await promisify(execFile)(process.execPath, ['--input-type=module', '-e', script], { cwd: work });
  return JSON.parse(stdout);
}

describe('the bundle is built again only when an input changed (start.mjs)', () => {
  it('records the sources esbuild read and the lockfile beside the bundle, and compares their contents', async () => {
    const dist = path.join(work, 'dist');
    const inputsFile = path.join(dist, 'inputs.json');
    const recorded = JSON.parse(readFileSync(inputsFile, 'utf8')) as { files: string[]; hash: string };
    expect(recorded.files).toEqual(
      expect.arrayContaining([
        'src/server.ts',
        'src/kit/import/read-worker.ts',
        '../../packages/sdk/src/index.ts',
        'build.mjs',
        '../../pnpm-lock.yaml',
      ]),
    );
    expect(await fromBuildScript(`b.bundleIsCurrent(${JSON.stringify(dist)})`)).toBe(true);

    // One more input, recorded as a build records it; then its contents change, then it is gone.
    const source = path.join(work, 'source.ts');
    writeFileSync(source, 'export const a = 1;\n');
    const files = [...recorded.files, source];
    writeFileSync(inputsFile, JSON.stringify({ files, hash: await fromBuildScript(`b.hashInputs(${JSON.stringify(files)})`) }));
    expect(await fromBuildScript(`b.bundleIsCurrent(${JSON.stringify(dist)})`)).toBe(true);
    writeFileSync(source, 'export const a = 2;\n');
    expect(await fromBuildScript(`b.bundleIsCurrent(${JSON.stringify(dist)})`)).toBe(false);
    rmSync(source);
    expect(await fromBuildScript(`b.bundleIsCurrent(${JSON.stringify(dist)})`)).toBe(false);
    // Restored as built, for the tests below.
    writeFileSync(inputsFile, JSON.stringify(recorded));
  });
});

describe('the read worker (read-worker.mjs)', () => {
  /** The modules a bundle file and the chunks it imports hold, by esbuild's `// <source path>` line before each. */
  function modulesOf(file: string, seen = new Set<string>()): string[] {
    if (seen.has(file)) return [];
    seen.add(file);
    const text = readFileSync(path.join(work, 'dist', file), 'utf8');
    const chunks = Array.from(text.matchAll(/(?:from|import) "\.\/(chunk-[\w-]+\.mjs)"/g), (m) => m[1]!);
    return [...Array.from(text.matchAll(/^\/\/ (\S+\.ts)$/gm), (m) => m[1]!), ...chunks.flatMap((c) => modulesOf(c, seen))];
  }

  it("does not evaluate the SDK's permission tree or the texts made from it (a worker thread holds what it evaluates)", () => {
    const modules = modulesOf('read-worker.mjs');
    expect(modules).toContain('src/localization/text-tables.ts');
    expect(modules).not.toContain('src/localization/texts.ts');
    expect(modules).not.toContain('../../packages/sdk/src/permissions.ts');
  });
});

describe("Prisma's query compiler (build.mjs, queryCompilerReadOnUse)", () => {
  it('is not carried as base64 text in the bundle: its module reads the text from the package when the client decodes it', () => {
    const files = readdirSync(path.join(work, 'dist')).filter((f) => f.endsWith('.mjs'));
    // A WebAssembly module starts with \0asm, "AGFzbQ" in base64: no bundle file holds one (the server below starts and queries, so the client compiled it).
    expect(files.filter((f) => readFileSync(path.join(work, 'dist', f), 'latin1').includes('"AGFzbQ'))).toEqual([]);
    const reader = files.filter((f) => /^query_compiler_fast_bg\.sqlite\.wasm-base64-\w+\.mjs$/.test(f));
    expect(reader).toHaveLength(1);
    expect(readFileSync(path.join(work, 'dist', reader[0]!), 'utf8')).toMatch(/valueOf\(\) \{\s+const text = readFileSync\(/);
  });
});

describe('the bundled server (pnpm start)', () => {
  it('migrates and seeds a new database, signs in and lists', async () => {
    const auth = await call('POST', '/api/TokenAuth/Authenticate', { body: { userNameOrEmailAddress: 'admin', password: '123qwe' } });
    expect(auth.status).toBe(200);
    const token = ((await auth.json()) as { result: { accessToken: string } }).result.accessToken;
    const papers = await call('GET', '/api/services/app/TestPaper/GetAll?MaxResultCount=1', { token });
    expect(papers.status).toBe(200);
    const page = (await papers.json()) as { result: { totalCount: number; items: Array<{ id: number }> } };
    expect(page.result.totalCount).toBeGreaterThan(0);

    // exceljs, outside the bundle, loaded on first use.
    const template = await call('GET', '/api/services/app/User/GetMemberImportTemplate', { token });
    expect(template.status).toBe(200);
    expect(await leadingText(template, 2)).toBe('PK');

    // The PDF writer (a lazy chunk), pdfkit and the font package resolved from the source's place.
    const pdf = await call('POST', '/api/services/app/TestQuestion/PreviewTestPaper', { token, body: { id: page.result.items[0]!.id } });
    expect(pdf.status).toBe(200);
    expect(await leadingText(pdf, 5)).toBe('%PDF-');
  });

  it('reads uploaded files in the bundled worker: a sheet is imported, a compressed bomb refused', async () => {
    const auth = await call('POST', '/api/TokenAuth/Authenticate', { body: { userNameOrEmailAddress: 'admin', password: '123qwe' } });
    const token = ((await auth.json()) as { result: { accessToken: string } }).result.accessToken;
    const upload = (file: File) => {
      const form = new FormData();
      form.append('file', file, file.name);
      form.append('mode', 'dryRun');
      form.append('password', 'Passw0rd!');
      return fetch(`${base}/api/services/app/User/ImportFromExcel`, {
        method: 'POST',
        headers: { 'abp.tenantid': '1', authorization: `Bearer ${token}` },
        body: form,
      });
    };
    const sheet = await upload(new File(['姓名,手机号\n张三,13800138000\n'], 'members.csv', { type: 'text/csv' }));
    expect(sheet.status, await sheet.clone().text()).toBe(200);
    const bomb = await upload(new File([docxBomb(8 * 1024 * 1024)], 'members.xlsx'));
    expect(bomb.status).toBe(400);
    const body = (await bomb.json()) as { error: { validationErrors: Array<{ message: string }> } };
    expect(body.error.validationErrors[0]!.message).toMatch(/word\/document\.xml 压缩比超过 100 倍/);
  });

  it('starts without warnings (Node prints them in the terminal of whoever starts it)', () => {
    expect(output).not.toMatch(/\(node:\d+\).*Warning/);
  });

  it('stops cleanly on SIGINT', async () => {
    const exited = new Promise<number | null>((resolve) => server.once('exit', resolve));
    server.kill('SIGINT');
    expect(await exited).toBe(0);
  });
});
