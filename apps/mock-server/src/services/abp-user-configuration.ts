import { allPermissionNames, AbpUserConfigurationService } from '@edu/sdk';
import type { RequestContext } from '../kit/context.ts';
import { implement } from '../kit/register-service.ts';
import { effectiveSettings, SETTING_DEFINITIONS } from '../kit/settings.ts';
import { CULTURES, LANGUAGE_DISPLAY, resolveCulture, SOURCE_TYPES, SOURCES, type Culture } from '../localization/texts.ts';

const sortedKeys = (o: Record<string, string>) => Object.fromEntries(Object.entries(o).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));

/** Languages of the caller's side (host rows plus the tenant's own), limited to the cultures we localize. */
async function languages(ctx: RequestContext, defaultName: Culture) {
  const rows = await ctx.prisma.applicationLanguage.findMany({
    where: { OR: [{ tenantId: null }, ...(ctx.session.tenantId !== null ? [{ tenantId: ctx.session.tenantId }] : [])] },
    orderBy: { id: 'asc' },
  });
  const names = rows.length
    ? rows.filter((r) => resolveCulture(r.name))
    : CULTURES.map((name) => ({ name, displayName: LANGUAGE_DISPLAY[name].displayName, icon: LANGUAGE_DISPLAY[name].icon, isDisabled: false }));
  return names.map((l) => ({
    name: l.name,
    displayName: l.displayName,
    icon: l.icon ?? null,
    isDefault: resolveCulture(l.name) === defaultName,
    isDisabled: l.isDisabled,
    isRightToLeft: false,
  }));
}

/**
 * ABP's AbpUserConfigurationBuilder: everything abp.js reads, in ABP's shape.
 * The culture is the user's language setting when signed in (as ABP's request
 * culture provider order puts it before the header), else the request's.
 */
export const abpUserConfiguration = implement(AbpUserConfigurationService, {
  GetAll: async (_input, ctx) => {
    const { userId, tenantId } = ctx.session;
    const user = await ctx.user();
    const settings = await effectiveSettings(ctx.prisma, tenantId, user ? user.id : null);
    const userLanguage = user ? resolveCulture(settings['Abp.Localization.DefaultLanguageName']) : null;
    const appDefault = resolveCulture((await effectiveSettings(ctx.prisma, tenantId, null))['Abp.Localization.DefaultLanguageName']) ?? 'zh-Hans';
    const hasUserSetting = user
      ? (await ctx.prisma.setting.count({ where: { tenantId, userId: user.id, name: 'Abp.Localization.DefaultLanguageName' } })) > 0
      : false;
    const culture: Culture = (hasUserSetting && userLanguage) || ctx.culture;
    const langs = await languages(ctx, appDefault);
    const current = langs.find((l) => resolveCulture(l.name) === culture) ?? {
      name: culture,
      displayName: LANGUAGE_DISPLAY[culture].displayName,
      icon: LANGUAGE_DISPLAY[culture].icon,
      isDefault: culture === appDefault,
      isDisabled: false,
      isRightToLeft: false,
    };
    const all = Object.fromEntries(allPermissionNames.map((n) => [n, 'true']));
    const granted = user ? Object.fromEntries([...user.granted].sort().map((n) => [n, 'true'])) : {};
    const clientSettings = Object.fromEntries(
      Object.entries(settings).filter(([k]) => SETTING_DEFINITIONS[k as keyof typeof SETTING_DEFINITIONS].clientVisible),
    );
    return {
      multiTenancy: { isEnabled: true, ignoreFeatureCheckForHostUsers: false, sides: { host: 2, tenant: 1 } },
      session: {
        userId: user ? userId : null,
        tenantId,
        impersonatorUserId: user ? (ctx.session.impersonatorUserId ?? null) : null,
        impersonatorTenantId: user ? (ctx.session.impersonatorTenantId ?? null) : null,
        multiTenancySide: tenantId === null ? 2 : 1,
      },
      localization: {
        currentCulture: { name: culture, displayName: LANGUAGE_DISPLAY[culture].cultureDisplayName },
        languages: langs,
        currentLanguage: current,
        sources: Object.keys(SOURCES).map((name) => ({ name, type: SOURCE_TYPES[name]! })),
        values: Object.fromEntries(Object.entries(SOURCES).map(([name, src]) => [name, sortedKeys({ ...src.en, ...src[culture] })])),
      },
      features: { allFeatures: {} },
      auth: { allPermissions: all, grantedPermissions: granted },
      nav: { menus: { MainMenu: { name: 'MainMenu', displayName: 'Main menu', customData: null, items: [] } } },
      setting: { values: clientSettings },
      clock: { provider: 'utcClockProvider' },
      timing: {
        timeZoneInfo: {
          windows: { timeZoneId: 'UTC', baseUtcOffsetInMilliseconds: 0, currentUtcOffsetInMilliseconds: 0, isDaylightSavingTimeNow: false },
          iana: { timeZoneId: 'Etc/UTC' },
        },
      },
      security: { antiForgery: { tokenCookieName: 'XSRF-TOKEN', tokenHeaderName: 'X-XSRF-TOKEN' } },
      custom: {},
    };
  },
});
