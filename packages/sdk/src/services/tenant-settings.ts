import { z } from 'zod';
import { defineService } from '../core/define-service.ts';
import { Permissions } from '../permissions.ts';

/**
 * The school a tenant's printed papers name (the first line of an exported
 * paper's title block): the tenant-level ABP setting `App.General.SchoolName`
 * (visible to the client in `AbpUserConfiguration/GetAll`). Empty: the
 * tenant's display name, unless that is only its code name (`Default`), in
 * which case papers print no school line.
 */
export const SCHOOL_NAME_SETTING = 'App.General.SchoolName';
export const MAX_SCHOOL_NAME_LENGTH = 64;

/** ASP.NET Zero's `GeneralSettingsEditDto`, holding what this platform keeps there: the school name. */
export const GeneralSettingsEditDto = z.object({
  /** As stored; empty for the default. */
  schoolName: z.string().trim().max(MAX_SCHOOL_NAME_LENGTH),
});
export const TenantSettingsEditDto = z.object({ general: GeneralSettingsEditDto });
export type TenantSettingsEditDto = z.infer<typeof TenantSettingsEditDto>;

/** The settings as read: what is stored, and the school papers print now (null: none). */
export const TenantSettingsDto = z.object({
  general: GeneralSettingsEditDto.extend({ effectiveSchoolName: z.string().nullable() }),
});
export type TenantSettingsDto = z.infer<typeof TenantSettingsDto>;

/**
 * Extension (ASP.NET Zero's `TenantSettings` service, named as there): the
 * current tenant's settings; a host caller reads and writes the application's
 * defaults.
 */
export const TenantSettingsService = defineService('TenantSettings', {
  GetAllSettings: { input: z.object({}), output: TenantSettingsDto, access: [Permissions.Administration], extension: true },
  UpdateAllSettings: { input: TenantSettingsEditDto, output: TenantSettingsDto, access: [Permissions.Administration], extension: true },
});
