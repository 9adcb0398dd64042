/**
 * Runtime configuration, read from `/appconfig.json` at boot so one build serves
 * any backend. `remoteServiceBaseUrl` '' means the page's own origin.
 */
export interface AppConfig {
  remoteServiceBaseUrl: string;
  /** The public website the header's 网站首页 opens in a new tab ('' none: the link is hidden; see `publicWebsiteHref`). */
  publicWebsiteUrl: string;
  /**
   * The tenant the login page offers as a one-step choice ('' none). The
   * embedded appconfig.json (what `pnpm start` serves) names the demo tenant.
   */
  defaultTenancyName: string;
  /**
   * How long a call waits for the backend's answer before it fails with a
   * timeout (seconds, default 30); anything not a positive number is the default.
   */
  requestTimeoutSeconds: number;
}

export const DEFAULT_APP_CONFIG: AppConfig = { remoteServiceBaseUrl: '', publicWebsiteUrl: '', defaultTenancyName: '', requestTimeoutSeconds: 30 };

export const appConfig: AppConfig = { ...DEFAULT_APP_CONFIG };

/** Normalizes a fetched appconfig.json; anything missing or of the wrong type falls back to the default. */
export function parseAppConfig(raw: unknown): AppConfig {
  const r = (typeof raw === 'object' && raw !== null ? raw : {}) as Record<string, unknown>;
  const str = (v: unknown, d: string) => (typeof v === 'string' ? v : d);
  return {
    remoteServiceBaseUrl: str(r.remoteServiceBaseUrl, DEFAULT_APP_CONFIG.remoteServiceBaseUrl).replace(/\/+$/, ''),
    publicWebsiteUrl: str(r.publicWebsiteUrl, DEFAULT_APP_CONFIG.publicWebsiteUrl).trim(),
    defaultTenancyName: str(r.defaultTenancyName, DEFAULT_APP_CONFIG.defaultTenancyName).trim(),
    requestTimeoutSeconds:
      typeof r.requestTimeoutSeconds === 'number' && Number.isFinite(r.requestTimeoutSeconds) && r.requestTimeoutSeconds > 0
        ? r.requestTimeoutSeconds
        : DEFAULT_APP_CONFIG.requestTimeoutSeconds,
  };
}

/**
 * Where the header's 网站首页 link goes: the configured public website, or
 * null (no link) when none is configured or it names the console's own root
 * (`/`, as the ABP templates' sample has it), which would only open the console again.
 */
export function publicWebsiteHref(url: string, consoleOrigin: string): string | null {
  if (!url) return null;
  let target: URL;
  try {
    target = new URL(url, consoleOrigin);
  } catch {
    return null;
  }
  if (!/^https?:$/.test(target.protocol)) return null;
  return target.origin === new URL(consoleOrigin).origin && target.pathname === '/' && !target.search && !target.hash ? null : target.href;
}
