import { z } from 'zod';
import { defineService } from '../core/define-service.ts';
import { NoInput } from '../core/schemas.ts';
import { ReviewableKeySchema } from '../reviewables.ts';
import { Permissions } from '../permissions.ts';

export const ApplicationInfoDto = z.object({
  version: z.string(),
  releaseDate: z.string(),
  /** `SignalR` and `SignalR.AspNetCore` are the two real-time features the console checks. */
  features: z.record(z.string(), z.boolean()),
});
export const UserLoginInfoDto = z.object({
  id: z.number().int(),
  name: z.string(),
  surname: z.string(),
  userName: z.string(),
  emailAddress: z.string(),
});
export const TenantLoginInfoDto = z.object({ id: z.number().int(), tenancyName: z.string(), name: z.string() });

export const GetCurrentLoginInformationsOutput = z.object({
  application: ApplicationInfoDto,
  user: UserLoginInfoDto.nullable(),
  tenant: TenantLoginInfoDto.nullable(),
});

/** One day of a trend series; `date` is the calendar day in China Standard Time (UTC+8). */
export const DailyCountDto = z.object({ date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/), count: z.number().int() });

/** Inferred: the home page's query is the length of its trend window in days. */
export const GetManageHomePageInput = z.object({ Days: z.number().int().min(1).max(366).default(7) });

/**
 * Inferred field list: the home page's figures, computed from the data that
 * exists. Content figures join as their entities arrive.
 */
export const ManageHomePageDto = z.object({
  userCount: z.number().int(),
  memberCount: z.number().int(),
  teacherCount: z.number().int(),
  administratorCount: z.number().int(),
  activeUserCount: z.number().int(),
  /** Users created within the window. */
  newUserCount: z.number().int(),
  /** Users who signed in within the window. */
  loggedInUserCount: z.number().int(),
  roleCount: z.number().int(),
  registrationTrend: z.array(DailyCountDto),
  loginTrend: z.array(DailyCountDto),
  /** Users per role display name (built-in roles in the request's culture, as RoleDto.displayName), for a pie chart. */
  usersByRole: z.array(z.object({ name: z.string(), count: z.number().int() })),
  /** Reviewable content, one entry per registry entry: how many items each kind has and how many await review. */
  content: z.array(
    z.object({
      /** A key of the review registry (`reviewables`). */
      entity: ReviewableKeySchema,
      total: z.number().int(),
      pending: z.number().int(),
    }),
  ),
});

/** Inferred field list: site-wide figures for today (UTC+8 calendar day). */
export const WebSiteStatisticsDto = z.object({
  tenantCount: z.number().int(),
  userCount: z.number().int(),
  todayRegistrations: z.number().int(),
  todayLogins: z.number().int(),
  /** Users with an open real-time connection right now. */
  onlineUserCount: z.number().int(),
});

export const SessionService = defineService('Session', {
  // ABP's templates mark it [DisableAuditing]: every page asks for it, and an audit row of it tells nothing.
  GetCurrentLoginInformations: { input: NoInput, output: GetCurrentLoginInformationsOutput, access: 'anonymous', audited: false },
  GetManageHomePage: { input: GetManageHomePageInput, output: ManageHomePageDto, access: Permissions.Pages, inferred: true },
  GetWebSiteStatistics: { input: NoInput, output: WebSiteStatisticsDto, access: Permissions.Pages, inferred: true },
});
