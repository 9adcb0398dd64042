import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { UserNotificationDto } from '@edu/sdk';
import { iso } from './paging.ts';

export interface NotifyInput {
  tenantId: number | null;
  userId: number;
  /** e.g. `App.ContentReviewed`. */
  notificationName: string;
  message: string;
  /** `type` (0 notice, 1 message, 2 task) and `title` are read by the console's notice popover. */
  properties: Record<string, unknown>;
  /** 0 Info, 1 Success, 2 Warn, 3 Error, 4 Fatal. */
  severity: 0 | 1 | 2 | 3 | 4;
  entityTypeName?: string;
  entityId?: string | number;
}

type Row = {
  id: string;
  tenantId: number | null;
  userId: number;
  notificationName: string;
  data: string;
  entityTypeName: string | null;
  entityId: string | null;
  severity: number;
  state: number;
  creationTime: Date;
};

/** A stored notification in ABP's `UserNotification` shape (what the hub pushes and the Notification service lists). */
export function toUserNotification(r: Row): UserNotificationDto {
  return {
    id: r.id,
    tenantId: r.tenantId,
    userId: r.userId,
    state: r.state === 1 ? 1 : 0,
    notification: {
      id: r.id,
      tenantId: r.tenantId,
      notificationName: r.notificationName,
      data: UserNotificationDto.shape.notification.shape.data.parse(JSON.parse(r.data)),
      entityTypeName: r.entityTypeName,
      entityId: r.entityId,
      severity: r.severity,
      creationTime: iso(r.creationTime),
    },
  };
}

/** The `UserNotification` row of a notification: create it with any client, a transaction's included. */
export function notificationRow(n: NotifyInput) {
  return {
    id: randomUUID(),
    tenantId: n.tenantId,
    userId: n.userId,
    notificationName: n.notificationName,
    data: JSON.stringify({ type: 'Abp.Notifications.MessageNotificationData', message: n.message, properties: n.properties }),
    entityTypeName: n.entityTypeName ?? null,
    entityId: n.entityId === undefined ? null : String(n.entityId),
    severity: n.severity,
  };
}

/**
 * Pushes a stored notification to the user's open hub connections
 * (`getNotification`). Call it after the row is committed, so nobody is told
 * of a notification a rollback removed.
 */
export function pushNotification(app: FastifyInstance, n: NotifyInput, row: Row): UserNotificationDto {
  const dto = toUserNotification(row);
  app.realtime.notify({ userId: n.userId, tenantId: n.tenantId }, { ...dto, notification: { ...dto.notification, severity: n.severity } });
  return dto;
}

/**
 * Stores a notification for one user and pushes it to their open hub
 * connections. Stored first, so a user who is offline finds it in the notice
 * popover later.
 */
export async function notifyUser(app: FastifyInstance, n: NotifyInput): Promise<UserNotificationDto> {
  return pushNotification(app, n, await app.prisma.userNotification.create({ data: notificationRow(n) }));
}
