import { NotificationService } from '@edu/sdk';
import { toUserNotification } from '../kit/notifier.ts';
import { implement } from '../kit/register-service.ts';

/** The caller's own notifications (extension); the data filter keeps them to the caller's tenant. */
export const notification = implement(NotificationService, {
  GetUserNotifications: async (input, ctx) => {
    const me = await ctx.requireUser();
    const mine = { userId: me.id };
    const where = input.State === undefined ? mine : { ...mine, state: input.State };
    const [totalCount, unreadCount, rows] = await Promise.all([
      ctx.db.userNotification.count({ where }),
      ctx.db.userNotification.count({ where: { ...mine, state: 0 } }),
      ctx.db.userNotification.findMany({
        where,
        orderBy: [{ creationTime: 'desc' }, { id: 'desc' }],
        skip: input.SkipCount,
        take: input.MaxResultCount,
      }),
    ]);
    return { totalCount, unreadCount, items: rows.map(toUserNotification) };
  },
  SetNotificationAsRead: async (input, ctx) => {
    const me = await ctx.requireUser();
    await ctx.db.userNotification.updateMany({ where: { id: input.id, userId: me.id }, data: { state: 1 } });
    return null;
  },
  SetAllNotificationsAsRead: async (_input, ctx) => {
    const me = await ctx.requireUser();
    await ctx.db.userNotification.updateMany({ where: { userId: me.id, state: 0 }, data: { state: 1 } });
    return null;
  },
});
