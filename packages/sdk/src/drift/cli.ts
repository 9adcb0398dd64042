import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { readBackendContract, type BackendContract } from './backend.ts';
import { compareContracts, sdkContract } from './compare.ts';
import { formatDriftReport, hasBreakingDrift } from './report.ts';

/**
 * `pnpm contract:drift <url | file> [--only=Service,...] [--json] [--all]`: compares a backend with
 * the SDK. A URL names an ABP host (its Swagger document at
 * `/swagger/v1/swagger.json` is read, else its `/AbpServiceProxies/GetAll`
 * script) or a document itself; a file is a saved Swagger document (.json) or
 * proxy script. Exit code 1 on breaking drift, 2 when nothing could be read.
 */
const TIMEOUT_MS = 30_000;

async function fetchText(url: string): Promise<string | undefined> {
  const res = await fetch(url, { signal: AbortSignal.timeout(TIMEOUT_MS), headers: { accept: 'application/json, text/javascript, */*' } });
  return res.ok ? await res.text() : undefined;
}

async function loadFromUrl(url: string): Promise<BackendContract> {
  const direct = /swagger[^/]*\.json$|\/AbpServiceProxies\//i.test(new URL(url).pathname);
  const base = url.replace(/\/+$/, '');
  const candidates = direct ? [url] : [`${base}/swagger/v1/swagger.json`, `${base}/AbpServiceProxies/GetAll`];
  const failures: string[] = [];
  for (const candidate of candidates) {
    try {
      const text = await fetchText(candidate);
      if (text !== undefined) return readBackendContract(text);
      failures.push(`${candidate}: not found`);
    } catch (e) {
      failures.push(`${candidate}: ${(e as Error).message}`);
    }
  }
  throw new Error(`Could not read the backend's contract:\n  ${failures.join('\n  ')}`);
}

async function main(args: string[]): Promise<number> {
  const target = args.find((a) => !a.startsWith('--'));
  if (!target) {
    console.error('Usage: pnpm contract:drift <backend URL | swagger.json | proxies.js> [--only=Service,...] [--json] [--all]');
    return 2;
  }
  let backend: BackendContract;
  try {
    backend = /^https?:\/\//i.test(target)
      ? await loadFromUrl(target)
      : readBackendContract(await readFile(path.resolve(process.env.INIT_CWD ?? process.cwd(), target), 'utf8'));
  } catch (e) {
    console.error((e as Error).message);
    return 2;
  }
  // `--only FriendLink,Article`: the calls of some services (a backend that implements part of the spec).
  const only = args
    .find((a) => a.startsWith('--only='))
    ?.slice('--only='.length)
    .split(',')
    .map((x) => x.trim().toLowerCase());
  const sdk = sdkContract().filter((c) => !only || only.includes(c.name.split('/')[0]!.toLowerCase()));
  const report = compareContracts(backend, sdk);
  console.log(
    args.includes('--json') ? JSON.stringify(report, null, 2) : formatDriftReport(report, { infoLimit: args.includes('--all') ? Infinity : 40 }),
  );
  return hasBreakingDrift(report) ? 1 : 0;
}

process.exitCode = await main(process.argv.slice(2));
