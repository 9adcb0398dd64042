import { SCHOOL_NAME_SETTING, TenantSettingsService, type TenantSettingsDto } from '@edu/sdk';
import type { PrismaClient } from '@edu/db';
import { implement } from '../kit/register-service.ts';
import { effectiveSettings, setTenantSetting } from '../kit/settings.ts';

/**
 * The school a tenant's papers print (SDK services/tenant-settings.ts): the
 * `App.General.SchoolName` setting, else the tenant's display name unless it
 * is only the code name (`Default`); null on the host or without either.
 */
export async function schoolNameOf(prisma: PrismaClient, tenantId: number | null): Promise<string | null> {
  if (tenantId === null) return null;
  const [values, tenant] = await Promise.all([
    effectiveSettings(prisma, tenantId, null),
    prisma.tenant.findFirst({ where: { id: tenantId }, select: { name: true, tenancyName: true } }),
  ]);
  const set = values[SCHOOL_NAME_SETTING].trim();
  if (set) return set;
  const name = tenant?.name.trim() ?? '';
  return name && name.toLowerCase() !== tenant?.tenancyName.toLowerCase() ? name : null;
}

async function read(prisma: PrismaClient, tenantId: number | null): Promise<TenantSettingsDto> {
  const [values, school] = await Promise.all([effectiveSettings(prisma, tenantId, null), schoolNameOf(prisma, tenantId)]);
  return { general: { schoolName: values[SCHOOL_NAME_SETTING], effectiveSchoolName: school } };
}

/** Extension: the tenant's own settings page (ASP.NET Zero's TenantSettings); the host's are the application's. */
export const tenantSettings = implement(TenantSettingsService, {
  GetAllSettings: (_input, ctx) => read(ctx.prisma, ctx.session.tenantId),
  UpdateAllSettings: async (input, ctx) => {
    // Through the request's client: the change is recorded in the entity history (Setting).
    await setTenantSetting(ctx.db, ctx.session.tenantId, SCHOOL_NAME_SETTING, input.general.schoolName, ctx.session.userId);
    return read(ctx.prisma, ctx.session.tenantId);
  },
});
