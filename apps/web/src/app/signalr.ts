import type { HubConnection } from '@microsoft/signalr';
import { COOKIE, getCookie } from '../lib/cookies.ts';
import { attachJobProgress } from '../lib/jobs.ts';
import { addNotice, toNotice, type AbpUserNotification } from './notices.ts';

/** abp.signalr-client: up to 8 retries, from 5000 ms, doubling. */
export function retryDelay(retryCount: number): number | null {
  return retryCount < 8 ? 5000 * 2 ** retryCount : null;
}

/** `<base>/signalr?enc_auth_token=<cookie enc_auth_token>` (docs/architecture/review.md, "Notifications"). */
export function signalrUrl(baseUrl: string, encToken: string | null): string {
  return `${baseUrl.replace(/\/+$/, '')}/signalr?enc_auth_token=${encodeURIComponent(encToken ?? '')}`;
}

// Kept apart so boot can decide without loading the hub client (this module is loaded after sign-in).
export { realtimeEnabled } from './realtime.ts';

let connection: HubConnection | null = null;

/** Connects to the hub, invokes `register` and turns `getNotification` pushes into notices. */
export async function startSignalR(baseUrl: string): Promise<HubConnection | null> {
  if (connection) return connection;
  // Loaded on demand: only signed-in sessions with real-time features need it.
  const { HubConnectionBuilder, LogLevel } = await import('@microsoft/signalr');
  if (connection) return connection;
  const conn = new HubConnectionBuilder()
    .withUrl(signalrUrl(baseUrl, getCookie(COOKIE.encAuthToken)))
    .withAutomaticReconnect({ nextRetryDelayInMilliseconds: (ctx) => retryDelay(ctx.previousRetryCount) })
    .configureLogging(LogLevel.Warning)
    .build();
  conn.on('getNotification', (n: AbpUserNotification) => addNotice(toNotice(n)));
  // Job progress pushed to its owner reaches every `useJob` on the page (polling covers a missing hub).
  attachJobProgress(conn);
  conn.onreconnected(() => void conn.invoke('register').catch(() => undefined));
  connection = conn;
  for (let attempt = 0; ; attempt++) {
    try {
      await conn.start();
      await conn.invoke('register');
      return conn;
    } catch {
      const delay = retryDelay(attempt);
      if (delay === null) {
        connection = null;
        return null;
      }
      await new Promise((r) => setTimeout(r, delay));
    }
  }
}

export async function stopSignalR(): Promise<void> {
  const c = connection;
  connection = null;
  await c?.stop().catch(() => undefined);
}
