import { api } from './client.ts';
import { useApi } from './use-api.ts';

/** How often the count is read again while the console is open (pushes and the caller's own writes refresh it at once). */
export const UNREAD_REFRESH_MS = 60_000;

/**
 * The signed-in user's unread count, from the one server-side source
 * `SiteMessage/GetNotReadMessageCount` (unread site messages addressed to
 * them + unread notifications). The home page's 未读消息 card and the
 * header bell's badge both read this hook, so they share one SWR key and
 * always show the same figure; any SiteMessage write revalidates it.
 */
export function useUnreadCount() {
  return useApi(api.siteMessage.getNotReadMessageCount, {}, { refreshInterval: UNREAD_REFRESH_MS, silent: true });
}
