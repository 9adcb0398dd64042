import type { Prisma, PrismaClient } from '@edu/db';

/**
 * Settings ABP defines, with their defaults. Values resolve user -> tenant ->
 * application -> default, as ABP's SettingManager does. `clientVisible` ones
 * appear in GetAll's `setting.values`.
 */
export const SETTING_DEFINITIONS = {
  'Abp.Localization.DefaultLanguageName': { default: 'zh-Hans', clientVisible: true },
  'Abp.Timing.TimeZone': { default: 'UTC', clientVisible: true },
  'Abp.Notifications.ReceiveNotifications': { default: 'true', clientVisible: true },
  'Abp.Zero.UserManagement.IsEmailConfirmationRequiredForLogin': { default: 'false', clientVisible: true },
  'Abp.Zero.UserManagement.UserLockOut.IsEnabled': { default: 'true', clientVisible: true },
  'Abp.Zero.UserManagement.UserLockOut.MaxFailedAccessAttemptsBeforeLockout': { default: '5', clientVisible: true },
  'Abp.Zero.UserManagement.UserLockOut.DefaultAccountLockoutSeconds': { default: '300', clientVisible: true },
  'Abp.Zero.OrganizationUnits.MaxUserMembershipCount': { default: '2147483647', clientVisible: true },
  'App.SiteName': { default: '在线教育考试平台', clientVisible: true },
  // Who may decide a review (SDK services/review.ts REVIEW_SETTING_NAMES): tenant settings, off by default.
  'App.Review.AllowSameReviewerForSteps': { default: 'false', clientVisible: true },
  'App.Review.AllowAuthorReview': { default: 'false', clientVisible: true },
  // Days audit rows are kept (SDK services/audit-log.ts AUDIT_RETENTION_DAYS): tenant level, the application's for the host.
  'App.Auditing.RetentionDays': { default: '90', clientVisible: true },
  // The school printed papers name (SDK services/tenant-settings.ts SCHOOL_NAME_SETTING): empty, the tenant's display name.
  'App.General.SchoolName': { default: '', clientVisible: true },
} as const;

export type SettingName = keyof typeof SETTING_DEFINITIONS;

/** Every setting's effective value for a user (or tenant/application when ids are null). */
export async function effectiveSettings(prisma: PrismaClient, tenantId: number | null, userId: number | null): Promise<Record<SettingName, string>> {
  const rows = await prisma.setting.findMany({
    where: {
      OR: [
        { tenantId: null, userId: null },
        ...(tenantId !== null ? [{ tenantId, userId: null }] : []),
        ...(userId !== null ? [{ tenantId, userId }] : []),
      ],
    },
  });
  const rank = (r: { tenantId: number | null; userId: number | null }) => (r.userId !== null ? 2 : r.tenantId !== null ? 1 : 0);
  rows.sort((a, b) => rank(a) - rank(b));
  const out = Object.fromEntries(Object.entries(SETTING_DEFINITIONS).map(([k, d]) => [k, d.default])) as Record<SettingName, string>;
  for (const r of rows) if (r.name in out && r.value !== null) out[r.name as SettingName] = r.value;
  return out;
}

/**
 * What the setting writers write through: the raw client, or a request's
 * `ctx.db`, whose writes of settings are recorded in the entity history
 * (type `Setting`, audit/entity-history.ts) with who made them.
 */
export interface SettingsDb {
  setting: {
    findFirst(args: { where: Prisma.SettingWhereInput }): PromiseLike<{ id: number } | null>;
    update(args: { where: { id: number }; data: Prisma.SettingUncheckedUpdateInput }): PromiseLike<unknown>;
    create(args: { data: Prisma.SettingUncheckedCreateInput }): PromiseLike<unknown>;
  };
}

/** Stores a user-level setting (insert or update). */
export async function setUserSetting(prisma: SettingsDb, tenantId: number | null, userId: number, name: SettingName, value: string) {
  const existing = await prisma.setting.findFirst({ where: { tenantId, userId, name } });
  if (existing)
    await prisma.setting.update({ where: { id: existing.id }, data: { value, lastModificationTime: new Date(), lastModifierUserId: userId } });
  else await prisma.setting.create({ data: { tenantId, userId, name, value, creatorUserId: userId } });
}

/** Stores a tenant-level setting (the application's when `tenantId` is null): insert or update. */
export async function setTenantSetting(prisma: SettingsDb, tenantId: number | null, name: SettingName, value: string, by: number | null) {
  const existing = await prisma.setting.findFirst({ where: { tenantId, userId: null, name } });
  if (existing)
    await prisma.setting.update({ where: { id: existing.id }, data: { value, lastModificationTime: new Date(), lastModifierUserId: by } });
  else await prisma.setting.create({ data: { tenantId, userId: null, name, value, creatorUserId: by } });
}
