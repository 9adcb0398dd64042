import { z } from 'zod';
import { defineService } from '../core/define-service.ts';
import { AbpDateTime, VoidResult } from '../core/schemas.ts';

/** ABP's `UserNotification` as the hub pushes it (`getNotification`) and as these calls list it. */
export const UserNotificationDto = z.object({
  id: z.string(),
  tenantId: z.number().int().nullable(),
  userId: z.number().int(),
  /** 0 unread, 1 read. */
  state: z.literal([0, 1]),
  notification: z.object({
    id: z.string(),
    tenantId: z.number().int().nullable(),
    notificationName: z.string(),
    data: z.object({
      type: z.string(),
      message: z.string(),
      /** `type` (0 notice, 1 message, 2 task), `title`, and the entity it is about. */
      properties: z.record(z.string(), z.unknown()),
    }),
    entityTypeName: z.string().nullable(),
    entityId: z.string().nullable(),
    severity: z.number().int(),
    creationTime: AbpDateTime,
  }),
});
export type UserNotificationDto = z.infer<typeof UserNotificationDto>;

/**
 * Extension (not in the spec; named as ASP.NET Zero's NotificationAppService):
 * the caller's own notifications, so the notice popover shows what arrived
 * while the console was closed, and marks them read.
 */
export const NotificationService = defineService(
  'Notification',
  {
    GetUserNotifications: {
      input: z.object({
        State: z.literal([0, 1]).optional(),
        SkipCount: z.number().int().min(0).default(0),
        MaxResultCount: z.number().int().min(1).max(100).default(10),
      }),
      output: z.object({ totalCount: z.number().int(), unreadCount: z.number().int(), items: z.array(UserNotificationDto) }),
      extension: true,
    },
    SetNotificationAsRead: { input: z.object({ id: z.string().min(1).max(64) }), output: VoidResult, extension: true },
    SetAllNotificationsAsRead: { input: z.object({}), output: VoidResult, extension: true },
  },
  { access: 'authenticated' },
);
