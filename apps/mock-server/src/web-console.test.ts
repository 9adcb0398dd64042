import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { useTestApp } from './testing/test-app.ts';
import { HASHED_ASSET_CACHE, REVALIDATE } from './web-console.ts';

const script = `console.log(${JSON.stringify('控制台'.repeat(500))});`;

/** A built console as `vite build` leaves it: hashed assets with .br/.gz siblings, a plain appconfig.json. */
function builtConsole(): string {
  const webRoot = mkdtempSync(path.join(tmpdir(), 'web-root-'));
  mkdirSync(path.join(webRoot, 'assets'));
  const js = path.join(webRoot, 'assets', 'index-AbC123.js');
  writeFileSync(js, script);
  writeFileSync(`${js}.br`, brotliCompressSync(script));
  writeFileSync(`${js}.gz`, gzipSync(script));
  writeFileSync(path.join(webRoot, 'index.html'), '<!doctype html><title>console</title>');
  writeFileSync(path.join(webRoot, 'appconfig.json'), '{"remoteServiceBaseUrl":""}');
  return webRoot;
}

const t = useTestApp({ webRoot: builtConsole(), corsOrigins: ['https://console.example.edu.cn'], signIn: false });

describe('the built console', () => {
  it('sends hashed assets compressed to clients that accept it, immutable for a year', async () => {
    const get = (encoding: string) => t.app.inject({ url: '/assets/index-AbC123.js', headers: { 'accept-encoding': encoding } });
    const br = await get('gzip, deflate, br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['cache-control']).toBe(HASHED_ASSET_CACHE);
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.rawPayload.length).toBeLessThan(script.length / 4);
    const gz = await get('gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    const plain = await get('identity');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(script);
  });

  it('revalidates index.html, client routes and appconfig.json on every load', async () => {
    for (const url of ['/', '/index.html', '/app/questions/list?x=1', '/appconfig.json']) {
      const res = await t.app.inject({ url });
      expect(res.statusCode, url + res.body).toBe(200);
      expect(res.headers['cache-control'], url).toBe(REVALIDATE);
    }
    expect((await t.app.inject({ url: '/api/services/app/Nope/Nothing' })).statusCode).toBe(404);
  });
});

describe('CORS as ABP configures it', () => {
  const preflight = (origin: string, url: string, headers: string) =>
    t.app.inject({
      method: 'OPTIONS',
      url,
      headers: { origin, 'access-control-request-method': 'POST', 'access-control-request-headers': headers },
    });

  it('lets a configured origin send any header (the SignalR client adds its own) and read the ones the console needs', async () => {
    const sent = 'authorization,x-requested-with,x-signalr-user-agent,abp.tenantid,x-custom-proxy-header';
    const negotiate = await preflight('https://console.example.edu.cn', '/signalr/negotiate?negotiateVersion=1', sent);
    expect(negotiate.statusCode).toBe(204);
    expect(negotiate.headers['access-control-allow-origin']).toBe('https://console.example.edu.cn');
    expect(negotiate.headers['access-control-allow-credentials']).toBe('true');
    expect(String(negotiate.headers['access-control-allow-headers']).toLowerCase()).toBe(sent);
    const simple = await t.app.inject({ url: '/AbpUserConfiguration/GetAll', headers: { origin: 'https://console.example.edu.cn' } });
    expect(String(simple.headers['access-control-expose-headers'])).toContain('Content-Disposition');
  });

  it('gives an unconfigured origin nothing', async () => {
    const stranger = await preflight('https://evil.example', '/signalr/negotiate', 'x-signalr-user-agent');
    expect(stranger.headers['access-control-allow-origin']).toBeUndefined();
    expect(stranger.headers['access-control-allow-headers']).toBeUndefined();
  });
});
