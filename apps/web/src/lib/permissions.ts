import type { AbpUserConfigurationDto } from '@edu/sdk';
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
