import { useCallback } from 'react';
import { requiredPermissions, type AbpUserConfigurationDto, type Access } from '@edu/sdk';
import { getAbpState, useAbpState, type SessionInfo } from './abp-store.ts';

/**
 * abp.js `isGranted`: a permission is granted when `grantedPermissions` has it.
 * (Current abp.js; older copies also required it in `allPermissions`, which
 * GetAll always lists, so both readings agree.)
 */
export function isGrantedIn(config: AbpUserConfigurationDto | null, name: string | undefined | null): boolean {
  if (!name) return true;
  return config?.auth.grantedPermissions[name] !== undefined;
}

/** Reads the current merged configuration; usable outside React (guards, boot). */
export function isGranted(name: string | undefined | null): boolean {
  return isGrantedIn(getAbpState().config, name);
}

export function isAnyGranted(...names: string[]): boolean {
  return names.some((n) => isGranted(n));
}

/** The merged `AbpUserConfiguration/GetAll` result, or null when it is not loaded. */
export function useAbp(): AbpUserConfigurationDto | null {
  return useAbpState().config;
}

/** Re-renders when the configuration changes (sign-in, language change). */
export function useIsGranted(name: string | undefined | null): boolean {
  return isGrantedIn(useAbpState().config, name);
}

/** The `Session/GetCurrentLoginInformations` result, or null when there is none. */
export function useSession(): SessionInfo | null {
  return useAbpState().session;
}

/** The signed-in user's id from the session, or null. */
export function useCurrentUserId(): number | null {
  return useAbpState().session?.user?.id ?? null;
}

/**
 * True when the signed-in user may use an access rule: anonymous and
 * authenticated rules always pass; a permission list passes when any is granted
 * (ABP's `[AbpAuthorize(a, b)]`). `false` never passes.
 */
export function canAccess(config: AbpUserConfigurationDto | null, access: Access | false | undefined): boolean {
  return canAccessWith((n) => isGrantedIn(config, n), access);
}

/** `canAccess` over any set of grants (the permission preview's, of a role being edited). */
export function canAccessWith(granted: (name: string) => boolean, access: Access | false | undefined): boolean {
  if (access === false) return false;
  if (access === undefined) return true;
  const names = requiredPermissions(access);
  return names.length === 0 || names.some(granted);
}

/** Hook form of `canAccess`, re-rendering when the configuration changes. */
export function useCan(access: Access | false | undefined): boolean {
  return canAccess(useAbp(), access);
}

/** Hook that checks many rules at once. */
export function useCanner(): (access: Access | false | undefined) => boolean {
  const config = useAbp();
  return useCallback((access: Access | false | undefined) => canAccess(config, access), [config]);
}
