import type { i18n as I18n } from 'i18next';

/**
 * A role's name for the current language. Role display names are data (the
 * seed's are Chinese); a built-in role whose display name is still the seed's
 * shows the locale's name for it (`admin.roleNames.<name>`), so English mode
 * says "Member" rather than 会员. A renamed role keeps its own display name.
 */
export function roleDisplayName(i18n: I18n, role: { name: string; displayName: string }): string {
  const key = `admin.roleNames.${role.name}`;
  if (!i18n.exists(key)) return role.displayName;
  const seeded = i18n.getFixedT('zh-CN')(key);
  return role.displayName === seeded ? i18n.t(key) : role.displayName;
}
