import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AbpError } from '@edu/sdk';
import { setAbpState, resetAbpState, type SessionInfo } from './abp-store.ts';
import { appFetch } from './api-core.ts';
import { afterLoginPath, returnToLoginUrl } from './auth.ts';
import { getConnectivity, onRecovered, probeDelay, probeNow, resetConnectivity, setProbe, unreachableReason } from './connectivity.ts';
import { COOKIE, setCookie } from './cookies.ts';
import { endSession, finishRenewal, isRenewalOpen, resetSessionRenewal } from './session-renewal.ts';

const signedInSession = { user: { id: 2, userName: 'admin' } } as SessionInfo;
const json = (status: number) => new Response('{}', { status, headers: { 'content-type': 'application/json' } });
const authOf = (init: RequestInit | undefined) => new Headers(init?.headers).get('Authorization');

describe('connectivity: a backend that stops answering', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    resetConnectivity();
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('probes with a growing delay, at most 30 s', () => {
    expect([0, 1, 2, 3, 4, 5, 6].map(probeDelay)).toEqual([1000, 2000, 4000, 8000, 16000, 30000, 30000]);
  });

  it('goes down when a request gets no answer, probes again by itself, and recovers once an answer comes', async () => {
    const fetch = vi.fn<typeof globalThis.fetch>().mockRejectedValue(new TypeError('Failed to fetch'));
    vi.stubGlobal('fetch', fetch);
    const probe = vi.fn(() => appFetch('/probe'));
    setProbe(probe);
    const recovered = vi.fn();
    const stop = onRecovered(recovered);

    await expect(appFetch('/api/services/app/User/GetAll')).rejects.toThrow('Failed to fetch');
    expect(getConnectivity()).toMatchObject({ down: 'network', attempts: 0 });

    await vi.advanceTimersByTimeAsync(1000);
    expect(probe).toHaveBeenCalledTimes(1);
    expect(getConnectivity()).toMatchObject({ down: 'network', attempts: 1 });

    fetch.mockResolvedValue(json(200));
    await vi.advanceTimersByTimeAsync(1999);
    expect(probe).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(probe).toHaveBeenCalledTimes(2);
    expect(getConnectivity().down).toBeNull();
    expect(recovered).toHaveBeenCalledTimes(1);
    stop();
  });

  it('a gateway answering 502-504 for a stopped backend is no answer; an error status of the backend itself is one', async () => {
    const fetch = vi
      .fn<typeof globalThis.fetch>()
      .mockResolvedValueOnce(new Response('<html>Bad Gateway</html>', { status: 502, headers: { 'content-type': 'text/html' } }))
      .mockResolvedValueOnce(json(503));
    vi.stubGlobal('fetch', fetch);
    expect((await appFetch('/x')).status).toBe(502);
    expect(getConnectivity().down).toBe('network');
    expect((await appFetch('/x')).status).toBe(503);
    expect(getConnectivity().down).toBeNull();
    expect(unreachableReason(new AbpError({ kind: 'server', status: 504, message: 'Gateway Timeout' }))).toBe('network');
    expect(unreachableReason(new AbpError({ kind: 'timeout', status: 0, message: 'timed out' }))).toBe('timeout');
    expect(unreachableReason(new AbpError({ kind: 'userFriendly', status: 500, message: 'Login failed!' }))).toBeNull();
  });

  it('a Retry probes at once; any HTTP answer, even an error status, means the backend is back', async () => {
    const fetch = vi.fn<typeof globalThis.fetch>().mockRejectedValueOnce(new TypeError('Failed to fetch')).mockResolvedValue(json(500));
    vi.stubGlobal('fetch', fetch);
    setProbe(() => appFetch('/probe'));
    await expect(appFetch('/x')).rejects.toThrow();
    expect(getConnectivity().down).toBe('network');
    await probeNow();
    expect(getConnectivity().down).toBeNull();
  });
});

describe('a session whose token the server refuses (401)', () => {
  beforeEach(() => {
    resetConnectivity();
    resetSessionRenewal();
    resetAbpState();
    setAbpState({ session: signedInSession });
    setCookie(COOKIE.authToken, 'new-token');
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    resetAbpState();
  });

  it('waits for the sign-in dialog and sends the call again with the new token', async () => {
    const fetch = vi.fn<typeof globalThis.fetch>().mockResolvedValueOnce(json(401)).mockResolvedValueOnce(json(200));
    vi.stubGlobal('fetch', fetch);
    const call = appFetch('/api/services/app/User/Update', {
      method: 'PUT',
      headers: { Authorization: 'Bearer old-token' },
      body: '{"name":"typed"}',
    });
    await vi.waitFor(() => expect(isRenewalOpen()).toBe(true));
    expect(fetch).toHaveBeenCalledTimes(1);
    finishRenewal(true);
    const res = await call;
    expect(res.status).toBe(200);
    expect(fetch).toHaveBeenCalledTimes(2);
    expect(authOf(fetch.mock.calls[1]![1])).toBe('Bearer new-token');
    expect(fetch.mock.calls[1]![1]?.body).toBe('{"name":"typed"}');
  });

  it('parallel calls share one dialog; signing out instead hands them their 401', async () => {
    const fetch = vi.fn<typeof globalThis.fetch>().mockResolvedValue(json(401));
    vi.stubGlobal('fetch', fetch);
    const calls = [appFetch('/a', { headers: { Authorization: 'Bearer old' } }), appFetch('/b', { headers: { Authorization: 'Bearer old' } })];
    await vi.waitFor(() => expect(fetch).toHaveBeenCalledTimes(2));
    await vi.waitFor(() => expect(isRenewalOpen()).toBe(true));
    finishRenewal(false);
    expect((await Promise.all(calls)).map((r) => r.status)).toEqual([401, 401]);
    expect(fetch).toHaveBeenCalledTimes(2);
  });

  it('does not ask when the call carried no token, no one is signed in, or the session is being ended', async () => {
    const fetch = vi.fn<typeof globalThis.fetch>().mockResolvedValue(json(401));
    vi.stubGlobal('fetch', fetch);
    expect((await appFetch('/anonymous')).status).toBe(401);
    setAbpState({ session: null });
    expect((await appFetch('/x', { headers: { Authorization: 'Bearer t' } })).status).toBe(401);
    setAbpState({ session: signedInSession });
    endSession();
    expect((await appFetch('/x', { headers: { Authorization: 'Bearer t' } })).status).toBe(401);
  });
});

describe('the login page return address', () => {
  it('comes back to the same route, and only to a path of this site', () => {
    const url = returnToLoginUrl({ pathname: '/content/article', search: '?page=2', hash: '' });
    expect(url).toBe('/?returnUrl=%2Fcontent%2Farticle%3Fpage%3D2');
    expect(afterLoginPath(url.slice(1))).toBe('/content/article?page=2');
    for (const bad of ['//evil.example', '/\\evil.example', 'https://evil.example', '']) {
      expect(afterLoginPath(`?returnUrl=${encodeURIComponent(bad)}`)).toBe('/main/home');
    }
  });
});
