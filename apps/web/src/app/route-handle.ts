import { useMatches } from 'react-router-dom';
import type { NavPermission } from '../navigation.ts';

/**
 * What every route carries for the shell: its name, title and permission.
 * Its own module so that the router (which builds routes with it) and the
 * layouts (which read it) do not import each other.
 */
export interface RouteHandle {
  name: string;
  titleKey: string;
  permission?: NavPermission;
}

function isRouteHandle(h: unknown): h is RouteHandle {
  return typeof h === 'object' && h !== null && 'name' in h && typeof h.name === 'string' && 'titleKey' in h && typeof h.titleKey === 'string';
}

/** The route handle of the deepest match, if any. */
export function useRouteHandle(): RouteHandle | null {
  const matches = useMatches();
  for (let i = matches.length - 1; i >= 0; i--) {
    const h = matches[i]?.handle;
    if (isRouteHandle(h) && h.name) return h;
  }
  return null;
}
