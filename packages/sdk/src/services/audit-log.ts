import { z } from 'zod';
import { defineService } from '../core/define-service.ts';
import { abpEnum } from '../core/enums.ts';
import { FileDto } from '../core/files.ts';
import { AbpDateTime, AbpDateTimeInput, paged } from '../core/schemas.ts';
import { allPermissionNames, Permissions } from '../permissions.ts';
import { ReviewableEntitySchema } from '../reviewables.ts';

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
 * impersonator columns name who was signed in as the user
 * (`Account/Impersonate`), else null.
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

/** ABP's `EntityChangeType`. */
export const EntityChangeType = abpEnum({ Created: 0, Updated: 1, Deleted: 2 }, 'Entity change type (EntityChangeType)');
export type EntityChangeType = z.infer<typeof EntityChangeType>;

/**
 * The entity types whose changes are recorded (ABP's entity history
 * selectors): members and administrators (`User`: identity fields, `Roles`,
 * granted `Permissions`, `Balance`), `Role` (fields and `Permissions`),
 * `TestPaper`, `Setting` (one property, the setting's name, from the
 * stored value to the new one; the entity id is the setting row's), and
 * every reviewable entity (its review decisions: `ReviewStep`,
 * `ReviewDecision`, `ReviewReason`).
 */
export const EntityHistoryType = z.enum(['User', 'Role', 'TestPaper', 'Setting', ...ReviewableEntitySchema.options]);
export type EntityHistoryType = z.infer<typeof EntityHistoryType>;
export const ENTITY_HISTORY_TYPES: readonly EntityHistoryType[] = [...new Set(EntityHistoryType.options)];

/**
 * ASP.NET Zero's `GetEntityChangeInput`: changes of the caller's side, newest
 * first. `UserName` matches the start of the name of who made them;
 * `EntityTypeFullName` one type of `ENTITY_HISTORY_TYPES`; `EntityId`
 * (extension) one entity. `Sorting`: `changeTime` (`asc`/`desc`).
 */
export const GetEntityChangesInput = z.object({
  StartDate: AbpDateTimeInput.optional(),
  EndDate: AbpDateTimeInput.optional(),
  UserName: text(256),
  EntityTypeFullName: EntityHistoryType.optional(),
  EntityId: z.number().int().min(1).max(2_147_483_647).optional(),
  Sorting: z.string().max(200).optional(),
  ...paging,
});
export type GetEntityChangesInput = z.input<typeof GetEntityChangesInput>;

/** ASP.NET Zero's `GetEntityTypeChangeInput`: one entity's changes, newest first. */
export const GetEntityTypeChangesInput = z.object({
  EntityTypeFullName: EntityHistoryType,
  EntityId: z.number().int().min(1).max(2_147_483_647),
  ...paging,
});
export type GetEntityTypeChangesInput = z.input<typeof GetEntityTypeChangesInput>;

/** ASP.NET Zero's `EntityPropertyChangeDto`: one property from `originalValue` to `newValue`, as text (passwords never recorded). */
export const EntityPropertyChangeDto = z.object({
  id: z.number().int(),
  entityChangeId: z.number().int(),
  propertyName: z.string(),
  propertyTypeFullName: z.string(),
  originalValue: z.string().nullable(),
  newValue: z.string().nullable(),
  tenantId: z.number().int().nullable(),
});
export type EntityPropertyChangeDto = z.infer<typeof EntityPropertyChangeDto>;

/**
 * ASP.NET Zero's `EntityChangeListDto`, plus (extensions) `entityId`, the
 * impersonator (`impersonatorUserId`, `impersonatorUserName`,
 * `impersonatorTenantId`: who was signed in as the user), `reason` and the
 * `propertyChanges` themselves (Zero reads them with `GetEntityPropertyChanges`).
 */
export const EntityChangeListDto = z.object({
  id: z.number().int(),
  entityChangeSetId: z.number().int(),
  userId: z.number().int().nullable(),
  userName: z.string().nullable(),
  impersonatorUserId: z.number().int().nullable(),
  impersonatorUserName: z.string().nullable(),
  impersonatorTenantId: z.number().int().nullable(),
  changeTime: AbpDateTime,
  entityTypeFullName: z.string(),
  entityId: z.string(),
  changeType: EntityChangeType,
  changeTypeName: z.string(),
  reason: z.string().nullable(),
  propertyChanges: z.array(EntityPropertyChangeDto),
});
export type EntityChangeListDto = z.infer<typeof EntityChangeListDto>;

/** ABP's `NameValueDto`. */
export const NameValueDto = z.object({ name: z.string(), value: z.string() });

/** Who holds one permission on the caller's side ("who can"). */
export const GetPermissionGranteesInput = z.object({
  PermissionName: z.enum(allPermissionNames),
});

/**
 * The holders of a permission: the roles granting it (the static Admin role
 * holds every permission of its side) and the users holding it, `direct`
 * when granted to them alone, with the `roleNames` it comes through; a user
 * denied it directly is not listed. At most 1,000 users (`truncated` says so).
 */
export const PermissionGranteesDto = z.object({
  permissionName: z.string(),
  roles: z.array(z.object({ id: z.number().int(), name: z.string(), displayName: z.string() })),
  users: z.array(z.object({ id: z.number().int(), userName: z.string(), fullName: z.string(), direct: z.boolean(), roleNames: z.array(z.string()) })),
  truncated: z.boolean(),
});
export type PermissionGranteesDto = z.infer<typeof PermissionGranteesDto>;

/**
 * ASP.NET Zero's `AuditLogAppService` (its audit-log half): every
 * application-service call is recorded by the server (off the request's path,
 * never failing it); these calls read the records of the caller's side (the
 * host its own, a tenant only its own). Rows are append-only: there is no
 * update or delete; the server prunes rows older than the retention setting
 * `App.Auditing.RetentionDays` (default 90, `GetAuditSettings`/`UpdateAuditSettings`). `GetAuditLogsToExcel` writes at
 * most `AUDIT_EXPORT_MAX_ROWS` rows (the newest) and says so in the sheet.
 * The entity history (Zero's `GetEntityChanges`, `GetEntityTypeChanges`,
 * `GetEntityPropertyChanges`, `GetEntityHistoryObjectTypes`) is recorded in
 * the transaction of each write and is append-only too (never pruned).
 */
export const AuditLogService = defineService(
  'AuditLog',
  {
    GetAuditLogs: { input: GetAuditLogsInput, output: paged(AuditLogListDto), extension: true },
    GetAuditLogsToExcel: { input: GetAuditLogsToExcelInput, output: FileDto, extension: true },
    /** Zero's entity history: the side's changes (`GetEntityChangesInput`), each with its property changes. */
    GetEntityChanges: { input: GetEntityChangesInput, output: paged(EntityChangeListDto), extension: true },
    /** Zero's: one entity's changes, newest first; another side's entity id answers an empty page. */
    GetEntityTypeChanges: { input: GetEntityTypeChangesInput, output: paged(EntityChangeListDto), extension: true },
    /** Zero's: the property changes of one change (an id of another side: an empty list). */
    GetEntityPropertyChanges: {
      input: z.object({ EntityChangeId: z.number().int().min(1).max(2_147_483_647) }),
      output: z.array(EntityPropertyChangeDto),
      extension: true,
    },
    /** Zero's: the entity types with history (`ENTITY_HISTORY_TYPES`), `name` localized, `value` the type. */
    GetEntityHistoryObjectTypes: { input: z.object({}), output: z.array(NameValueDto), extension: true },
    /** Extension ("who can"): every role and user of the caller's side holding a permission, directly or through a role. */
    GetPermissionGrantees: { input: GetPermissionGranteesInput, output: PermissionGranteesDto, extension: true },
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
