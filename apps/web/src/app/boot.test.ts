import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { AbpUserConfigurationDto } from '@edu/sdk';
import { boot } from './boot.ts';
import { routeNameOf } from './boot-shell.ts';
import { getAbpState, resetAbpState, type SessionInfo } from '../lib/abp-store.ts';
import { appConfig } from '../lib/app-config.ts';
import { clientConfig } from '../lib/client.ts';
import { getConnectivity, reportReachable, resetConnectivity } from '../lib/connectivity.ts';
import { AbpError } from '@edu/sdk';
import { shellStore } from './shell-store.ts';

function config(userId: number | null, granted: string[] = []): AbpUserConfigurationDto {
  return {
    session: { userId, tenantId: 1, impersonatorUserId: null, impersonatorTenantId: null, multiTenancySide: 1 },
    auth: { allPermissions: {}, grantedPermissions: Object.fromEntries(granted.map((g) => [g, 'true'])) },
  } as unknown as AbpUserConfigurationDto;
}

function session(signedIn: boolean, features: Record<string, boolean> = { SignalR: true, 'SignalR.AspNetCore': true }): SessionInfo {
  return {
    application: { version: '1', releaseDate: '2024-01-01', features },
    user: signedIn ? { id: 2, name: '伟', surname: '张', userName: 'admin', emailAddress: 'a@b.c' } : null,
    tenant: { id: 1, tenancyName: 'Default', name: 'Default' },
  };
}

const base = { pathname: '/main/home', windowWidth: 1280, browserLanguage: 'zh-CN', loadNotices: async () => undefined };

describe('boot', () => {
  beforeEach(() => {
    resetAbpState();
    localStorage.clear();
    document.cookie.split(';').forEach((c) => {
      document.cookie = `${c.split('=')[0]!.trim()}=; path=/; expires=Thu, 01 Jan 1970 00:00:00 GMT`;
    });
  });

  it('runs config, GetAll, session, shell, SignalR in order', async () => {
    const calls: string[] = [];
    const startSignalR = vi.fn(() => calls.push('signalr'));
    const r = await boot({
      ...base,
      fetchAppConfig: async () => {
        calls.push('appconfig');
        return { remoteServiceBaseUrl: 'http://api.example/', publicWebsiteUrl: 'http://www.example' };
      },
      getAll: async () => {
        calls.push('getAll');
        return config(2, ['Pages', 'Pages.Administration', 'Pages.Administration.Manages']);
      },
      getSession: async () => {
        calls.push('session');
        return session(true);
      },
      startSignalR,
    });
    expect(calls).toEqual(['appconfig', 'getAll', 'session', 'signalr']);
    expect(r.steps).toEqual(['culture', 'appconfig', 'getAll', 'session', 'shell', 'signalr']);
    expect(r).toMatchObject({ configLoaded: true, signedIn: true, signalR: true, currentRouteName: 'home_index' });
    expect(appConfig.remoteServiceBaseUrl).toBe('http://api.example');
    expect(clientConfig.baseUrl).toBe('http://api.example');
    expect(startSignalR).toHaveBeenCalledWith('http://api.example');
    expect(getAbpState().session?.user?.userName).toBe('admin');
    const shell = shellStore.get();
    expect(shell.currentRouteName).toBe('home_index');
    expect(shell.tabsKey).toBe('tabs:1:2');
    expect(shell.tagPages.length).toBeGreaterThan(30);
    expect(shell.cachedPages).toEqual(['home_index']);
  });

  it('mounts without a session when GetAll fails', async () => {
    const getSession = vi.fn(async () => session(true));
    const startSignalR = vi.fn();
    const r = await boot({
      ...base,
      fetchAppConfig: async () => ({}),
      getAll: async () => {
        throw new Error('offline');
      },
      getSession,
      startSignalR,
    });
    expect(r).toMatchObject({ configLoaded: false, signedIn: false, signalR: false });
    expect(r.steps).toContain('getAll:failed');
    expect(getSession).not.toHaveBeenCalled();
    expect(startSignalR).not.toHaveBeenCalled();
    expect(getAbpState()).toEqual({ config: null, session: null });
    // A visitor is shown the login page: no shell, so boot does not load the route table.
    expect(r.steps).not.toContain('shell');
    expect(r.currentRouteName).toBe('login');
  });

  it('a backend that does not answer shows the connection banner, and the page starts again once it answers', async () => {
    resetConnectivity();
    const reload = vi.fn();
    const r = await boot({
      ...base,
      reload,
      fetchAppConfig: async () => ({ requestTimeoutSeconds: 12 }),
      getAll: async () => {
        throw new AbpError({ kind: 'network', status: 0, message: 'No response from the server' });
      },
      getSession: async () => session(true),
      startSignalR: vi.fn(),
    });
    expect(r.steps).toContain('getAll:failed');
    expect(clientConfig.timeoutMs).toBe(12_000);
    expect(getConnectivity().down).toBe('network');
    expect(reload).not.toHaveBeenCalled();
    reportReachable();
    expect(reload).toHaveBeenCalledTimes(1);
    resetConnectivity();
  });

  it('uses defaults when appconfig.json is missing', async () => {
    await boot({
      ...base,
      fetchAppConfig: async () => {
        throw new Error('404');
      },
      getAll: async () => config(null),
      getSession: async () => session(false),
      startSignalR: vi.fn(),
    });
    expect(appConfig.remoteServiceBaseUrl).toBe('');
  });

  it('starts SignalR only when signed in and both real-time features are on', async () => {
    for (const [signedIn, features, expected] of [
      [false, { SignalR: true, 'SignalR.AspNetCore': true }, false],
      [true, { SignalR: true }, false],
      [true, { SignalR: true, 'SignalR.AspNetCore': false }, false],
      [true, {}, false],
      [true, { SignalR: true, 'SignalR.AspNetCore': true }, true],
    ] as const) {
      const startSignalR = vi.fn();
      const r = await boot({
        ...base,
        fetchAppConfig: async () => ({}),
        getAll: async () => config(signedIn ? 2 : null),
        getSession: async () => session(signedIn, features),
        startSignalR,
      });
      expect(r.signalR).toBe(expected);
      expect(startSignalR).toHaveBeenCalledTimes(expected ? 1 : 0);
    }
  });

  it('sets the culture cookie to the browser language when absent, and keeps it otherwise', async () => {
    const deps = {
      fetchAppConfig: async () => ({}),
      getAll: async () => config(null),
      getSession: async () => session(false),
      startSignalR: vi.fn(),
    };
    await boot({ ...base, ...deps, browserLanguage: 'en-US' });
    expect(document.cookie).toContain('Abp.Localization.CultureName=en-US');
    await boot({ ...base, ...deps, browserLanguage: 'zh-CN' });
    expect(document.cookie).toContain('Abp.Localization.CultureName=en-US');
  });

  it('clears a stale lock flag when nobody is signed in', async () => {
    localStorage.setItem('locking', '1');
    await boot({
      ...base,
      fetchAppConfig: async () => ({}),
      getAll: async () => config(null),
      getSession: async () => session(false),
      startSignalR: vi.fn(),
    });
    expect(localStorage.getItem('locking')).toBe('0');
  });

  it('restores the signed-in user’s tabs', async () => {
    localStorage.setItem(
      'tabs:1:2',
      JSON.stringify([
        { name: 'ownspace_index', path: '/own-space' },
        { name: 'ghost', path: '/x' },
      ]),
    );
    await boot({
      ...base,
      fetchAppConfig: async () => ({}),
      getAll: async () => config(2, ['Pages']),
      getSession: async () => session(true, {}),
      startSignalR: vi.fn(),
    });
    expect(shellStore.get().tabs.map((t) => t.name)).toEqual(['home_index', 'ownspace_index']);
  });

  it('collapses the sidebar from the start under 750 px', async () => {
    const deps = {
      fetchAppConfig: async () => ({}),
      getAll: async () => config(2, ['Pages']),
      getSession: async () => session(true, {}),
      startSignalR: vi.fn(),
    };
    await boot({ ...base, ...deps, windowWidth: 700 });
    expect(shellStore.get().collapsed).toBe(true);
    await boot({ ...base, ...deps, windowWidth: 1200 });
    expect(shellStore.get().collapsed).toBe(false);
  });

  it('records route names of paths', () => {
    expect(routeNameOf('/')).toBe('login');
    expect(routeNameOf('/locking')).toBe('locking');
    expect(routeNameOf('/setting/manager')).toBe('manager');
    expect(routeNameOf('/nowhere')).toBeNull();
  });
});
