import { describe, expect, it } from 'vitest';
import { vi } from 'vitest';
import { addNotice, loadNotices, markAllRead, mergeNotices, noticesStore, notificationApi, readAllNotices, toNotice } from './notices.ts';
import { realtimeEnabled, retryDelay, signalrUrl } from './signalr.ts';

const pushed = (over: Record<string, unknown> = {}, props: Record<string, unknown> | null = null) => ({
  id: 'a1b2',
  state: 0,
  notification: {
    notificationName: 'App.NewArticle',
    data: { type: 'Abp.Notifications.MessageNotificationData', message: '您有一篇文章待审核', properties: props },
    severity: 0,
    creationTime: '2025-01-01T08:00:00Z',
  },
  ...over,
});

describe('notifications', () => {
  it('maps an ABP UserNotification to a message notice by default', () => {
    expect(toNotice(pushed())).toEqual({
      id: 'a1b2',
      read: false,
      type: 1,
      title: '您有一篇文章待审核',
      description: '',
      time: '2025-01-01T08:00:00Z',
    });
  });

  it('takes type, title and description from data.properties', () => {
    expect(toNotice(pushed({ state: 1 }, { type: 2, title: '待办', description: '审核文章' }))).toMatchObject({
      read: true,
      type: 2,
      title: '待办',
      description: '审核文章',
    });
    expect(toNotice(pushed({}, { type: '0', title: '系统通知' }))).toMatchObject({ type: 0, title: '系统通知', description: '您有一篇文章待审核' });
    expect(toNotice(pushed({}, { type: 7 }))).toMatchObject({ type: 1 });
  });

  it('falls back to the notification name', () => {
    const n = pushed();
    n.notification.data = { type: 'x', message: '', properties: null };
    expect(toNotice(n).title).toBe('App.NewArticle');
  });

  it('keeps newest first, replaces a re-sent id, and marks all read', () => {
    noticesStore.set({ items: [] });
    addNotice(toNotice(pushed({ id: '1' })));
    addNotice(toNotice(pushed({ id: '2' })));
    addNotice(toNotice(pushed({ id: '1' })));
    expect(noticesStore.get().items.map((n) => n.id)).toEqual(['1', '2']);
    markAllRead();
    expect(noticesStore.get().items.every((n) => n.read)).toBe(true);
  });
});

describe('signalr settings', () => {
  it('connects to <base>/signalr with the encrypted token', () => {
    expect(signalrUrl('', 'a+b=')).toBe('/signalr?enc_auth_token=a%2Bb%3D');
    expect(signalrUrl('http://h:21021/', null)).toBe('http://h:21021/signalr?enc_auth_token=');
  });

  it('needs both real-time features', () => {
    expect(realtimeEnabled({ SignalR: true, 'SignalR.AspNetCore': true })).toBe(true);
    expect(realtimeEnabled({ SignalR: true })).toBe(false);
    expect(realtimeEnabled(undefined)).toBe(false);
  });

  it('retries 8 times from 5 s, doubling', () => {
    expect([0, 1, 2, 7, 8].map(retryDelay)).toEqual([5000, 10000, 20000, 640000, null]);
  });
});

describe('stored notifications', () => {
  const svc = () => ({
    getUserNotifications: vi.fn(async () => ({ items: [pushed({ id: 'old', state: 1 }), pushed({ id: 'new' })] })),
    setAllNotificationsAsRead: vi.fn(async () => null),
  });

  it('uses the Notification service only when the SDK has it', () => {
    expect(notificationApi({})).toBeNull();
    expect(notificationApi({ notification: svc() })).not.toBeNull();
  });

  it('merges loaded and pushed notices, newest first, keeping unread state', () => {
    const a = { ...toNotice(pushed({ id: 'a' })), time: '2025-01-02T00:00:00Z' };
    const b = { ...toNotice(pushed({ id: 'b', state: 1 })), time: '2025-01-01T00:00:00Z' };
    expect(mergeNotices([a], [b, { ...a, read: true }]).map((n) => [n.id, n.read])).toEqual([
      ['a', false],
      ['b', true],
    ]);
  });

  it('loads on open and marks all read on the server', async () => {
    noticesStore.set({ items: [] });
    const notification = svc();
    await loadNotices({ notification });
    expect(
      noticesStore
        .get()
        .items.map((n) => n.id)
        .sort(),
    ).toEqual(['new', 'old']);
    await readAllNotices({ notification });
    expect(notification.setAllNotificationsAsRead).toHaveBeenCalledOnce();
    expect(noticesStore.get().items.every((n) => n.read)).toBe(true);
    await readAllNotices({ notification });
    expect(notification.setAllNotificationsAsRead).toHaveBeenCalledOnce();
  });
});
