import { createBrowserRouter, redirect, type RouteObject } from 'react-router-dom';
import { loadChunk } from '../lib/chunk.ts';
import { isGranted } from '../lib/permissions.ts';
import { readLocal, STORAGE } from '../lib/storage.ts';
import { sessionUserId } from '../lib/auth.ts';
import {
  FORBIDDEN_NAME,
  NOT_FOUND_NAME,
  HOME_NAME,
  LOGIN_NAME,
  OWN_SPACE_NAME,
  appGroups,
  otherPages,
  publicPages,
  type NavPage,
} from '../navigation.ts';
import { decide, type GuardTarget } from './guard.ts';
import { firstAllowedChild, isBuilt } from './nav-logic.ts';
import { RootLayout } from './root-layout.tsx';
import { RouteError } from './route-error.tsx';
import { pathOf } from './paths.ts';
import { BootFallback } from './boot-fallback.tsx';
import type { RouteHandle } from './route-handle.ts';

export { pathOf };

let currentPath = () => (typeof window === 'undefined' ? '/' : window.location.pathname + window.location.search);

/** Applies the routing rules (guard.ts) before a route renders. */
export function guardLoader(target: GuardTarget) {
  return () => {
    const d = decide(target, { lockFlag: readLocal(STORAGE.locking), userId: sessionUserId(), granted: isGranted });
    if (d.action === 'redirect') return redirect(pathOf(d.to));
    if (d.action === 'cancel') {
      const here = currentPath();
      // Nowhere to stay on a first load of /locking: go where the other rules send the visitor.
      return redirect(here.startsWith(publicPages.locking.path) ? pathOf(sessionUserId() === null ? LOGIN_NAME : HOME_NAME) : here);
    }
    return null;
  };
}

/**
 * A route component loaded on demand (with the chunk timeout): the first load
 * carries only the router, and the login page pulls in just what it renders.
 */
function lazyPage(load: () => Promise<{ default: RouteObject['Component'] }>): Pick<RouteObject, 'lazy'> {
  return { lazy: async () => ({ Component: (await loadChunk(load)).default }) };
}

const handle = (p: NavPage): RouteHandle => ({ name: p.name, titleKey: p.titleKey, permission: p.permission });

function pageRoute(p: NavPage): RouteObject {
  return {
    path: p.path,
    handle: handle(p),
    loader: guardLoader(p),
    ...lazyPage(p.page!),
  };
}

const notFoundHandle: RouteHandle = { name: NOT_FOUND_NAME, titleKey: 'routes.error-404' };

export function buildRoutes(): RouteObject[] {
  const others: Record<string, () => Promise<{ default: RouteObject['Component'] }>> = {
    [FORBIDDEN_NAME]: () => import('../pages/error-403-page.tsx'),
    [OWN_SPACE_NAME]: () => import('../pages/own-space-page.tsx'),
  };
  const shellChildren: RouteObject[] = [
    ...otherPages.map((p) => ({ path: p.path, handle: handle(p), loader: guardLoader(p), ...lazyPage(others[p.name]!) })),
    ...appGroups.flatMap((group) => [
      // A group's own path opens its first page the user may see.
      {
        path: group.path,
        loader: () => {
          const guarded = guardLoader({ name: group.name, permission: group.permission })();
          if (guarded) return guarded;
          const first = firstAllowedChild(group, isGranted);
          return redirect(first ? first.path : pathOf(FORBIDDEN_NAME));
        },
      },
      ...group.children.filter(isBuilt).map(pageRoute),
    ]),
    // Unknown paths and spec screens not built yet: a 404 inside the shell (signed-out visitors go to login first).
    { path: '*', handle: notFoundHandle, loader: guardLoader(notFoundHandle), ...lazyPage(() => import('../pages/error-404-page.tsx')) },
  ];
  return [
    {
      Component: RootLayout,
      ErrorBoundary: RouteError,
      HydrateFallback: BootFallback,
      children: [
        {
          path: publicPages.login.path,
          handle: publicPages.login,
          loader: guardLoader(publicPages.login),
          ...lazyPage(() => import('../pages/login-page.tsx')),
        },
        {
          path: publicPages.locking.path,
          handle: publicPages.locking,
          loader: guardLoader(publicPages.locking),
          ...lazyPage(() => import('../pages/lock-page.tsx')),
        },
        // A page that fails to load (chunk error or timeout) shows its error inside the shell.
        {
          lazy: async () => ({ Component: (await loadChunk(() => import('./shell-route.tsx'))).ShellRoute }),
          children: [{ ErrorBoundary: RouteError, children: shellChildren }],
        },
      ],
    },
  ];
}

export function createAppRouter() {
  const router = createBrowserRouter(buildRoutes());
  currentPath = () => router.state.location.pathname + router.state.location.search;
  return router;
}
