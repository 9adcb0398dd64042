import { z } from 'zod';
import { defineService } from '../core/define-service.ts';
import { NoInput } from '../core/schemas.ts';

const LanguageInfo = z.object({
  name: z.string(),
  displayName: z.string(),
  icon: z.string().nullable(),
  isDefault: z.boolean(),
  isDisabled: z.boolean(),
  isRightToLeft: z.boolean(),
});

/** ABP's `AbpUserConfigurationDto`, every part of it. */
export const AbpUserConfigurationDto = z.object({
  multiTenancy: z.object({
    isEnabled: z.boolean(),
    ignoreFeatureCheckForHostUsers: z.boolean(),
    sides: z.object({ host: z.number(), tenant: z.number() }),
  }),
  session: z.object({
    userId: z.number().int().nullable(),
    tenantId: z.number().int().nullable(),
    impersonatorUserId: z.number().int().nullable(),
    impersonatorTenantId: z.number().int().nullable(),
    multiTenancySide: z.number().int(),
  }),
  localization: z.object({
    currentCulture: z.object({ name: z.string(), displayName: z.string() }),
    languages: z.array(LanguageInfo),
    currentLanguage: LanguageInfo,
    sources: z.array(z.object({ name: z.string(), type: z.string() })),
    values: z.record(z.string(), z.record(z.string(), z.string())),
  }),
  features: z.object({ allFeatures: z.record(z.string(), z.object({ value: z.string() })) }),
  auth: z.object({
    allPermissions: z.record(z.string(), z.string()),
    grantedPermissions: z.record(z.string(), z.string()),
  }),
  nav: z.object({ menus: z.record(z.string(), z.unknown()) }),
  setting: z.object({ values: z.record(z.string(), z.string().nullable()) }),
  clock: z.object({ provider: z.string() }),
  timing: z.object({
    timeZoneInfo: z.object({
      windows: z.object({
        timeZoneId: z.string(),
        baseUtcOffsetInMilliseconds: z.number(),
        currentUtcOffsetInMilliseconds: z.number(),
        isDaylightSavingTimeNow: z.boolean(),
      }),
      iana: z.object({ timeZoneId: z.string() }),
    }),
  }),
  security: z.object({ antiForgery: z.object({ tokenCookieName: z.string(), tokenHeaderName: z.string() }) }),
  custom: z.record(z.string(), z.unknown()),
});
export type AbpUserConfigurationDto = z.infer<typeof AbpUserConfigurationDto>;

export const AbpUserConfigurationService = defineService(
  'AbpUserConfiguration',
  { GetAll: { input: NoInput, output: AbpUserConfigurationDto, verb: 'GET' } },
  { root: '', access: 'anonymous' },
);
