import { z } from 'zod';
import { defineService } from '../core/define-service.ts';
import { abpEnum } from '../core/enums.ts';
import { FileDto } from '../core/files.ts';
import { AbpDateTime, AbpDateTimeInput, paged } from '../core/schemas.ts';
import { Permissions } from '../permissions.ts';

/** Rows an audit-log or login-attempt export holds at most; past it the newest rows are written and the sheet says so. */
export const AUDIT_EXPORT_MAX_ROWS = 10_000;

/** The longest execution duration a filter may name (one day, in milliseconds). */
const MAX_DURATION_MS = 86_400_000;
const text = (max: number) => z.string().trim().max(max).optional();
const paging = {
  SkipCount: z.number().int().min(0).max(2_147_483_647).default(0),
  MaxResultCount: z.number().int().min(1).max(1000).default(10),
};

/**
 * ASP.NET Zero's `GetAuditLogsInput`. Every filter is optional (Zero requires
 * the dates; here none means no bound). `UserName` matches the user name's
 * start; `ServiceName`, `MethodName` and `BrowserInfo` match any part.
 * `Sorting`: `executionTime`, `executionDuration`, `serviceName`,
 * `methodName`, `userName`, each with `asc`/`desc` (default `executionTime desc`);
 * another column is a 400 on `Sorting`.
 */
export const GetAuditLogsInput = z.object({
  StartDate: AbpDateTimeInput.optional(),
  EndDate: AbpDateTimeInput.optional(),
  UserName: text(256),
  ServiceName: text(256),
  MethodName: text(256),
  BrowserInfo: text(512),
  HasException: z.boolean().optional(),
  MinExecutionDuration: z.number().int().min(0).max(MAX_DURATION_MS).optional(),
  MaxExecutionDuration: z.number().int().min(0).max(MAX_DURATION_MS).optional(),
  Sorting: z.string().max(200).optional(),
  ...paging,
});
export type GetAuditLogsInput = z.input<typeof GetAuditLogsInput>;

/** The export's filter: the list's without paging. */
export const GetAuditLogsToExcelInput = GetAuditLogsInput.omit({ SkipCount: true, MaxResultCount: true });

/**
 * ASP.NET Zero's `AuditLogListDto` (ABP's AbpAuditLogs row with the user's
 * name): `parameters` is the input as JSON with passwords, tokens, secrets and
 * file contents written `***`; `executionDuration` in milliseconds;
 * `exception` the error's message of a failed call, else null. The
 * impersonator columns stay null until impersonation exists.
 */
export const AuditLogListDto = z.object({
  id: z.number().int(),
  userId: z.number().int().nullable(),
  userName: z.string().nullable(),
  impersonatorTenantId: z.number().int().nullable(),
  impersonatorUserId: z.number().int().nullable(),
  serviceName: z.string(),
  methodName: z.string(),
  parameters: z.string().nullable(),
  returnValue: z.string().nullable(),
  executionTime: AbpDateTime,
  executionDuration: z.number().int(),
  clientIpAddress: z.string().nullable(),
  clientName: z.string().nullable(),
  browserInfo: z.string().nullable(),
  exception: z.string().nullable(),
  customData: z.string().nullable(),
});
export type AuditLogListDto = z.infer<typeof AuditLogListDto>;

/**
 * The audit settings (ABP setting `App.Auditing.RetentionDays`): how many days
 * audit rows are kept, a whole number from `min` to `max` (a value outside is a
 * 400), `default` when never set. A tenant's value applies to its rows; the
 * host's (the application's) to the host's rows and every tenant without one.
 */
export const AUDIT_RETENTION_DAYS = { setting: 'App.Auditing.RetentionDays', min: 1, max: 3650, default: 90 } as const;

export const AuditSettingsDto = z.object({
  retentionDays: z.number().int().min(AUDIT_RETENTION_DAYS.min).max(AUDIT_RETENTION_DAYS.max),
});
export type AuditSettingsDto = z.infer<typeof AuditSettingsDto>;

/**
 * ASP.NET Zero's `AuditLogAppService` (its audit-log half): every
 * application-service call is recorded by the server (off the request's path,
 * never failing it); these calls read the records of the caller's side (the
 * host its own, a tenant only its own). Rows are append-only: there is no
 * update or delete; the server prunes rows older than the retention setting
 * `App.Auditing.RetentionDays` (default 90, `GetAuditSettings`/`UpdateAuditSettings`). `GetAuditLogsToExcel` writes at
 * most `AUDIT_EXPORT_MAX_ROWS` rows (the newest) and says so in the sheet.
 */
export const AuditLogService = defineService(
  'AuditLog',
  {
    GetAuditLogs: { input: GetAuditLogsInput, output: paged(AuditLogListDto), extension: true },
    GetAuditLogsToExcel: { input: GetAuditLogsToExcelInput, output: FileDto, extension: true },
    /** Extension: the caller's side's audit settings (AUDIT_RETENTION_DAYS). */
    GetAuditSettings: { input: z.object({}), output: AuditSettingsDto, extension: true },
    /** Extension: sets the caller's side's retention (administrators: `Pages.Administration`). */
    UpdateAuditSettings: { input: AuditSettingsDto, output: AuditSettingsDto, access: [Permissions.Administration], extension: true },
  },
  { access: Permissions.AuditLogs },
);

/** ABP's `AbpLoginResultType`, by name as ASP.NET Zero's `UserLoginAttemptDto.result` writes it. */
export const LoginAttemptResult = abpEnum(
  {
    Success: 1,
    InvalidUserNameOrEmailAddress: 2,
    InvalidPassword: 3,
    UserIsNotActive: 4,
    InvalidTenancyName: 5,
    TenantIsNotActive: 6,
    UserEmailIsNotConfirmed: 7,
    UnknownExternalLogin: 8,
    LockedOut: 9,
  },
  'Login result (AbpLoginResultType)',
);
export type LoginAttemptResult = z.infer<typeof LoginAttemptResult>;

/**
 * The sign-in attempts of the caller's side. `Filter` matches the user name
 * or e-mail typed (any part); `UserId` one user's; `Result` one outcome
 * (`LockedOut` lists the lockouts). Newest first (`Sorting`: `creationTime`,
 * `userNameOrEmailAddress`, `result`, with `asc`/`desc`).
 */
export const GetUserLoginAttemptsInput = z.object({
  Filter: text(256),
  UserId: z.number().int().min(1).optional(),
  Result: LoginAttemptResult.optional(),
  StartDate: AbpDateTimeInput.optional(),
  EndDate: AbpDateTimeInput.optional(),
  Sorting: z.string().max(200).optional(),
  ...paging,
});
export type GetUserLoginAttemptsInput = z.input<typeof GetUserLoginAttemptsInput>;

/**
 * ASP.NET Zero's `UserLoginAttemptDto` plus `id`, `userId` and the numeric
 * `result`; `lockoutEndDate`: when the user's current lockout ends, if the
 * user is locked out now.
 */
export const UserLoginAttemptDto = z.object({
  id: z.number().int(),
  tenancyName: z.string().nullable(),
  userId: z.number().int().nullable(),
  userNameOrEmailAddress: z.string(),
  clientIpAddress: z.string().nullable(),
  clientName: z.string().nullable(),
  browserInfo: z.string().nullable(),
  result: LoginAttemptResult,
  creationTime: AbpDateTime,
  lockoutEndDate: AbpDateTime.nullable(),
});
export type UserLoginAttemptDto = z.infer<typeof UserLoginAttemptDto>;

/**
 * ASP.NET Zero's `UserLoginAppService`: `GetUserLoginAttempts` lists the
 * side's sign-in attempts for holders of `Pages.Administration.AuditLogs`
 * (extension: Zero lists only the caller's own); `GetRecentUserLoginAttempts`
 * (Zero's, any signed-in user) the caller's own last 10.
 */
export const UserLoginService = defineService('UserLogin', {
  GetUserLoginAttempts: { input: GetUserLoginAttemptsInput, output: paged(UserLoginAttemptDto), access: Permissions.AuditLogs, extension: true },
  GetRecentUserLoginAttempts: { input: z.object({}), output: z.object({ items: z.array(UserLoginAttemptDto) }), inferred: true },
});
