import { describe, expect, it } from 'vitest';
import { publicRoutes } from './public-routes.ts';
import { allEndpoints } from './registry.ts';

const wire = (r: { service: string; method: string; verb: string; path: string; inputIn: string; response: string }) => ({
  service: r.service,
  method: r.method,
  verb: r.verb,
  path: r.path,
  inputIn: r.inputIn,
  response: r.response,
});

describe('publicRoutes', () => {
  const routes = Object.values(publicRoutes).flatMap((group) => Object.values(group));

  it.each(routes.map((r) => [`${r.service}/${r.method}`, r] as const))('%s matches its service definition', (_name, r) => {
    const endpoint = allEndpoints().find((e) => e.service === r.service && e.method === r.method);
    expect(endpoint, 'declared in a service').toBeDefined();
    expect(wire(r)).toEqual(wire(endpoint!));
  });

  it('are the calls a signed-out console needs', () => {
    expect(routes.map((r) => `${r.service}/${r.method}`).sort()).toEqual([
      'AbpUserConfiguration/GetAll',
      'Account/IsTenantAvailable',
      'Account/LoginOut',
      'Session/GetCurrentLoginInformations',
      'TokenAuth/UsersLogin',
    ]);
  });
});
