import { SessionService } from '@edu/sdk';
import type { RequestContext } from '../kit/context.ts';
import { implement } from '../kit/register-service.ts';
import { reviewCounts } from '../kit/review.ts';
import { roleDisplayName } from '../identity/roles.ts';

export const APP_VERSION = '1.0.0';
export const APP_RELEASE_DATE = '2026-11-22T00:00:00Z';
const DAY_MS = 86_400_000;
/** Calendar days are China Standard Time (UTC+8), the platform's users' day. */
const CST_OFFSET_MS = 8 * 3_600_000;

/** `YYYY-MM-DD` of a moment in UTC+8. */
export function cstDay(d: Date): string {
  return new Date(d.getTime() + CST_OFFSET_MS).toISOString().slice(0, 10);
}

/** The UTC instant at which the UTC+8 day `daysAgo` days before today began. */
function cstDayStart(now: Date, daysAgo: number): Date {
  const local = new Date(now.getTime() + CST_OFFSET_MS);
  const midnight = Date.UTC(local.getUTCFullYear(), local.getUTCMonth(), local.getUTCDate()) - CST_OFFSET_MS;
  return new Date(midnight - daysAgo * DAY_MS);
}

/** Counts per UTC+8 day over the window, zero-filled, oldest first. */
function trend(dates: Date[], now: Date, days: number) {
  const counts = new Map<string, number>();
  for (let i = days - 1; i >= 0; i--) counts.set(cstDay(cstDayStart(now, i)), 0);
  for (const d of dates) {
    const key = cstDay(d);
    if (counts.has(key)) counts.set(key, counts.get(key)! + 1);
  }
  return [...counts].map(([date, count]) => ({ date, count }));
}

async function successfulLogins(ctx: RequestContext, since: Date) {
  return ctx.db.userLoginAttempt.findMany({ where: { result: 1, creationTime: { gte: since } }, select: { userId: true, creationTime: true } });
}

export const session = implement(SessionService, {
  GetCurrentLoginInformations: async (_input, ctx) => {
    const { tenantId } = ctx.session;
    // Both from the exact caches every request already consults (permission-checker.ts): no query of its own.
    const user = await ctx.user();
    const tenant = tenantId === null ? null : await ctx.app.permissions.tenant(tenantId);
    return {
      application: { version: APP_VERSION, releaseDate: APP_RELEASE_DATE, features: { SignalR: true, 'SignalR.AspNetCore': true } },
      user: user && { id: user.id, name: user.name, surname: user.surname, userName: user.userName, emailAddress: user.emailAddress },
      tenant: tenant && { id: tenant.id, tenancyName: tenant.tenancyName, name: tenant.name },
    };
  },
  GetManageHomePage: async (input, ctx) => {
    const now = new Date();
    const since = cstDayStart(now, input.Days - 1);
    const db = ctx.db;
    const [userCount, byIdentity, activeUserCount, newUsers, loggedInUserCount, roleCount, logins, roleRows] = await Promise.all([
      db.user.count(),
      db.user.groupBy({ by: ['identity'], _count: { _all: true } }),
      db.user.count({ where: { isActive: true } }),
      db.user.findMany({ where: { creationTime: { gte: since } }, select: { creationTime: true } }),
      db.user.count({ where: { lastLoginTime: { gte: since } } }),
      db.role.count(),
      successfulLogins(ctx, since),
      db.role.findMany({ select: { name: true, displayName: true, _count: { select: { users: { where: { user: { isDeleted: false } } } } } } }),
    ]);
    const ofIdentity = (i: number) => byIdentity.find((g) => g.identity === i)?._count._all ?? 0;
    const content = await reviewCounts(db);
    return {
      userCount,
      memberCount: ofIdentity(1),
      teacherCount: ofIdentity(2),
      administratorCount: ofIdentity(3),
      activeUserCount,
      newUserCount: newUsers.length,
      loggedInUserCount,
      roleCount,
      registrationTrend: trend(
        newUsers.map((u) => u.creationTime),
        now,
        input.Days,
      ),
      loginTrend: trend(
        logins.map((l) => l.creationTime),
        now,
        input.Days,
      ),
      usersByRole: roleRows.map((r) => ({ name: roleDisplayName(ctx.culture, r), count: r._count.users })),
      content,
    };
  },
  GetWebSiteStatistics: async (_input, ctx) => {
    const today = cstDayStart(new Date(), 0);
    const tenantId = ctx.session.tenantId;
    const [tenantCount, userCount, todayRegistrations, logins] = await Promise.all([
      tenantId === null ? ctx.prisma.tenant.count({ where: { isDeleted: false } }) : Promise.resolve(1),
      ctx.db.user.count(),
      ctx.db.user.count({ where: { creationTime: { gte: today } } }),
      successfulLogins(ctx, today),
    ]);
    return {
      tenantCount,
      userCount,
      todayRegistrations,
      todayLogins: new Set(logins.map((l) => l.userId)).size,
      onlineUserCount: ctx.app.realtime.onlineUserIds(tenantId).length,
    };
  },
});
