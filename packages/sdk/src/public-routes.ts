import type { z } from 'zod';
import type { Endpoint } from './core/define-service.ts';
import { routeOf, type Route, type RouteSpec } from './core/route.ts';
import { callRoute, type ClientConfig } from './core/transport.ts';
import type { AbpUserConfigurationService } from './services/abp-user-configuration.ts';
import type { AccountService } from './services/account.ts';
import type { SessionService } from './services/session.ts';
import type { TokenAuthService } from './services/token-auth.ts';

/** A `Route` typed by an endpoint's schemas (types only: nothing of zod at run time). */
export type RouteFor<E extends Endpoint> = Route<z.input<E['input']>, z.output<E['output']>>;

function route<E extends Endpoint>(service: string, method: string, spec?: RouteSpec, root?: string): RouteFor<E> {
  return routeOf<z.input<E['input']>, z.output<E['output']>>(service, method, spec, root);
}

/**
 * The calls the web console makes before anyone is signed in (boot, the login
 * page, the lock screen and logout), as zod-free `Route`s: importing a service
 * builds its schemas and so loads zod (about 28 kB gzip), and the login page's
 * first load has no room for it. Each route repeats its service's name, method
 * and routing options; public-routes.test.ts checks every one against the
 * service definition, so they cannot drift. Responses are not validated here;
 * the contract tests validate the same endpoints through the full client.
 */
export const publicRoutes = {
  abpUserConfiguration: {
    getAll: route<typeof AbpUserConfigurationService.endpoints.GetAll>('AbpUserConfiguration', 'GetAll', { verb: 'GET' }, ''),
  },
  session: {
    getCurrentLoginInformations: route<typeof SessionService.endpoints.GetCurrentLoginInformations>('Session', 'GetCurrentLoginInformations'),
  },
  tokenAuth: {
    usersLogin: route<typeof TokenAuthService.endpoints.UsersLogin>('TokenAuth', 'UsersLogin', {}, '/api'),
  },
  account: {
    isTenantAvailable: route<typeof AccountService.endpoints.IsTenantAvailable>('Account', 'IsTenantAvailable'),
    loginOut: route<typeof AccountService.endpoints.LoginOut>('Account', 'LoginOut'),
  },
} as const;

export type RouteCalls<G> = {
  [K in keyof G]: G[K] extends Route<infer I, infer O> ? (input: I, options?: { signal?: AbortSignal }) => Promise<O> : never;
};

/** Callable routes, as `bindService` makes callable endpoints: `bindRoutes(cfg, publicRoutes.account).isTenantAvailable({ ... })`. */
export function bindRoutes<G extends Record<string, Route>>(config: ClientConfig, routes: G): RouteCalls<G> {
  const out: Record<string, unknown> = {};
  for (const [key, r] of Object.entries(routes))
    out[key] = (input: unknown, options?: { signal?: AbortSignal }) => callRoute(config, r, input, options);
  return out as RouteCalls<G>;
}
