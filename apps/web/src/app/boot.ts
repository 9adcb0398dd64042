import type { AbpUserConfigurationDto } from '@edu/sdk';
import { appConfig, parseAppConfig } from '../lib/app-config.ts';
import { publicApi, setApiBaseUrl } from '../lib/api-core.ts';
import { onRecovered, reportUnreachable, unreachableReason } from '../lib/connectivity.ts';
import { getCultureCookie, setCultureCookie } from '../lib/cookies.ts';
import { onSessionRenewed } from '../lib/session-renewal.ts';
import { deepMerge, getAbpState, setAbpState, type SessionInfo } from '../lib/abp-store.ts';
import { toAppLanguage, type AppLanguage } from '../lib/language.ts';
import { STORAGE, readLocal, writeLocal } from '../lib/storage.ts';
import { LOGIN_NAME } from '../public-pages.ts';
import { realtimeEnabled } from './realtime.ts';

export interface BootDeps {
  fetchAppConfig: () => Promise<unknown>;
  getAll: () => Promise<AbpUserConfigurationDto>;
  getSession: () => Promise<SessionInfo>;
  startSignalR: (baseUrl: string) => unknown;
  /** Loads the signed-in user's stored notifications (badge count). */
  loadNotices: () => Promise<unknown>;
  /** Starts the page again (after a boot the backend did not answer, once it does). */
  reload: () => void;
  pathname: string;
  windowWidth: number;
  browserLanguage: string;
}

export interface BootResult {
  configLoaded: boolean;
  signedIn: boolean;
  /** The language to show (the culture cookie's): main.tsx loads its texts, i18next's when signed in, the visitor's otherwise. */
  language: AppLanguage;
  signalR: boolean;
  /** The route of the path opened; a signed-out visitor's is always the login page. */
  currentRouteName: string | null;
  /** What ran, in order (for tests and debugging). */
  steps: string[];
}

const defaultDeps = (): BootDeps => ({
  fetchAppConfig: async () => {
    const res = await fetch('/appconfig.json', { cache: 'no-cache' });
    if (!res.ok) throw new Error(`appconfig.json: HTTP ${res.status}`);
    const body: unknown = await res.json();
    return body;
  },
  // Zod-free routes (publicApi): the full client and the hub client load only for signed-in sessions.
  getAll: () => publicApi.abpUserConfiguration.getAll({}),
  getSession: () => publicApi.session.getCurrentLoginInformations({}),
  startSignalR: (base) => {
    // The hub (its client is ~14 kB gzip, plus the negotiate call and the socket) waits a few seconds, so a cold
    // first screen loads its own code and data first.
    window.setTimeout(() => void import('./signalr.ts').then((m) => m.startSignalR(base)), 3000);
    // A session signed in again in place has a new token: the hub connects again with it.
    onSessionRenewed(
      () =>
        void import('./signalr.ts').then(async (m) => {
          await m.stopSignalR();
          await m.startSignalR(base);
        }),
    );
  },
  loadNotices: async () => {
    const [{ api }, { loadNotices }] = await Promise.all([import('../lib/client.ts'), import('./notices.ts')]);
    await loadNotices(api);
  },
  reload: () => window.location.reload(),
  pathname: window.location.pathname,
  windowWidth: window.innerWidth,
  browserLanguage: navigator.language || 'zh-CN',
});

/**
 * The start sequence (spec section 1; docs/architecture/web-resources.md, "Boot and the shell"):
 * 1. the culture cookie, set to the browser language when absent (5 years), gives the language;
 * 2. runtime configuration from /appconfig.json (defaults when missing);
 * 3. AbpUserConfiguration/GetAll, deep-merged into the app configuration;
 *    when it fails the app still mounts, without a session; when the backend
 *    did not answer, the connection banner shows and the page reloads once it does;
 * 4. the session (Session/GetCurrentLoginInformations);
 * 5. signed in: the current route name; the menu, cached pages and tag pages; the user's tabs
 *    (boot-shell.ts, loaded then: a visitor is shown the login page, without the route table);
 * 6. SignalR, only when signed in and both real-time features are on.
 */
export async function boot(overrides: Partial<BootDeps> = {}): Promise<BootResult> {
  const deps = { ...defaultDeps(), ...overrides };
  const steps: string[] = [];

  if (!getCultureCookie()) setCultureCookie(deps.browserLanguage);
  const language = toAppLanguage(getCultureCookie());
  steps.push('culture');

  try {
    Object.assign(appConfig, parseAppConfig(await deps.fetchAppConfig()));
  } catch {
    Object.assign(appConfig, parseAppConfig({}));
  }
  setApiBaseUrl(appConfig.remoteServiceBaseUrl);
  steps.push('appconfig');

  let configLoaded = false;
  try {
    const result = await deps.getAll();
    setAbpState({ config: deepMerge(getAbpState().config ?? ({} as AbpUserConfigurationDto), result) });
    configLoaded = true;
    steps.push('getAll');
  } catch (e) {
    setAbpState({ config: null, session: null });
    steps.push('getAll:failed');
    // No answer: the banner says so and retries; when the backend answers, the page starts again with its configuration.
    const unreachable = unreachableReason(e);
    if (unreachable) {
      reportUnreachable(unreachable);
      onRecovered(deps.reload);
    }
  }

  if (configLoaded) {
    try {
      setAbpState({ session: await deps.getSession() });
      steps.push('session');
    } catch {
      setAbpState({ session: null });
      steps.push('session:failed');
    }
  }

  const { config, session } = getAbpState();
  const userId = config?.session.userId ?? null;
  const signedIn = userId !== null && Boolean(session?.user);
  // A lock flag without a signed-in user would trap the visitor on the lock screen.
  if (!signedIn && readLocal(STORAGE.locking) === '1') writeLocal(STORAGE.locking, '0');

  let currentRouteName: string | null = LOGIN_NAME;
  if (signedIn) {
    const { startShell } = await import('./boot-shell.ts');
    currentRouteName = startShell({ pathname: deps.pathname, userId, tenantId: config?.session.tenantId ?? null, windowWidth: deps.windowWidth });
    steps.push('shell');
  }

  if (signedIn) void deps.loadNotices().catch(() => undefined);

  const signalR = signedIn && realtimeEnabled(session?.application.features);
  if (signalR) {
    deps.startSignalR(appConfig.remoteServiceBaseUrl);
    steps.push('signalr');
  }
  return { configLoaded, signedIn, language, signalR, currentRouteName, steps };
}
