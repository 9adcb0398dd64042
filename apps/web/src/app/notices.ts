import { createStore } from '../lib/store.ts';

/** A notice popover entry (spec section 2): type 0 notice, 1 message, 2 task. */
export interface Notice {
  id: string;
  read: boolean;
  type: 0 | 1 | 2;
  title: string;
  description: string;
  /** ISO date-time of the notification. */
  time: string | null;
}

/** ABP's `UserNotification` as `getNotification` pushes it (docs/architecture/review.md, "Notifications"). */
export interface AbpUserNotification {
  id: string;
  state: number;
  notification: {
    notificationName?: string;
    data?: { message?: unknown; properties?: Record<string, unknown> | null; [k: string]: unknown } | null;
    severity?: number;
    creationTime?: string;
  };
}

const str = (v: unknown) => (typeof v === 'string' && v.trim() ? v : null);

/**
 * Maps a pushed notification to a notice: type from `data.properties.type`
 * (0, 1 or 2; default 1 message); title from `properties.title`, else the
 * message, else the notification name; description from
 * `properties.description`, else the message when the title came from the
 * properties, else empty. State 0 is unread.
 */
export function toNotice(n: AbpUserNotification): Notice {
  const data = n.notification?.data ?? {};
  const props = data.properties ?? {};
  const t = Number(props.type);
  const type = t === 0 || t === 1 || t === 2 ? t : 1;
  const message = str(data.message) ?? str((data.message as { name?: unknown } | null)?.name);
  const propTitle = str(props.title);
  return {
    id: String(n.id),
    read: n.state !== 0,
    type,
    title: propTitle ?? message ?? str(n.notification?.notificationName) ?? '',
    description: str(props.description) ?? (propTitle ? (message ?? '') : ''),
    time: str(n.notification?.creationTime),
  };
}

export const noticesStore = createStore<{ items: Notice[] }>({ items: [] });

/** Adds a notice at the top (a re-sent id replaces the old entry). */
export function addNotice(n: Notice): void {
  noticesStore.set((s) => ({ items: [n, ...s.items.filter((x) => x.id !== n.id)].slice(0, 50) }));
}

export function markAllRead(): void {
  noticesStore.set((s) => ({ items: s.items.map((x) => ({ ...x, read: true })) }));
}

export function clearNotices(): void {
  noticesStore.set({ items: [] });
}

/**
 * The SDK's Notification service, when it exists (an extension of ours, as
 * ASP.NET Zero's NotificationAppService): lists what arrived while the console
 * was closed and marks notices read. Without it the popover shows pushed ones only.
 */
interface NotificationApi {
  getUserNotifications(input: { MaxResultCount?: number }): Promise<{ items: AbpUserNotification[] }>;
  setAllNotificationsAsRead(input: object): Promise<unknown>;
}

export function notificationApi(client: object): NotificationApi | null {
  const s = (client as { notification?: Partial<NotificationApi> }).notification;
  return typeof s?.getUserNotifications === 'function' && typeof s.setAllNotificationsAsRead === 'function' ? (s as NotificationApi) : null;
}

/** Merges stored notifications with those pushed meanwhile, newest first. */
export function mergeNotices(current: readonly Notice[], loaded: readonly Notice[]): Notice[] {
  const byId = new Map<string, Notice>();
  for (const n of loaded) byId.set(n.id, n);
  for (const n of current) byId.set(n.id, { ...n, read: n.read && (byId.get(n.id)?.read ?? true) });
  return [...byId.values()].sort((a, b) => (b.time ?? '').localeCompare(a.time ?? '')).slice(0, 50);
}

/** Loads the user's latest notifications from the server (when the service exists). */
export async function loadNotices(client: object): Promise<void> {
  const svc = notificationApi(client);
  if (!svc) return;
  const r = await svc.getUserNotifications({ MaxResultCount: 20 });
  noticesStore.set((s) => ({ items: mergeNotices(s.items, r.items.map(toNotice)) }));
}

/** Marks every notice read, on the server too when the service exists. */
export async function readAllNotices(client: object): Promise<void> {
  if (!noticesStore.get().items.some((n) => !n.read)) return;
  markAllRead();
  await notificationApi(client)?.setAllNotificationsAsRead({});
}
