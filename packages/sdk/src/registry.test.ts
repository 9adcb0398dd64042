import { describe, expect, it } from 'vitest';
import { allEndpoints, createClient, flattenPermissions, generateOpenApi, Permissions, allPermissionNames, requiredPermissions } from './index.ts';

describe('registry', () => {
  it('has unique verb+path pairs', () => {
    const keys = allEndpoints().map((e) => `${e.verb} ${e.path.toLowerCase()}`);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('only requires permissions that exist in the permission tree', () => {
    const names = new Set(allPermissionNames);
    for (const e of allEndpoints()) for (const p of requiredPermissions(e.access)) expect(names, `${e.service}/${e.method}`).toContain(p);
  });

  it('keeps the Permissions constants and the tree in step', () => {
    expect(new Set(Object.values(Permissions))).toEqual(new Set(allPermissionNames));
    expect(flattenPermissions().find((n) => n.name === 'Pages.Administration.Tenants')?.hostOnly).toBe(true);
  });

  it('gives the spec paths for the identity services', () => {
    const paths = allEndpoints().map((e) => `${e.verb} ${e.path}`);
    expect(paths).toContain('POST /api/TokenAuth/UsersLogin');
    expect(paths).toContain('POST /api/TokenAuth/Authenticate');
    expect(paths).toContain('GET /AbpUserConfiguration/GetAll');
    expect(paths).toContain('GET /api/services/app/Role/getAllTreePermissions');
    expect(paths).toContain('POST /api/services/app/User/changeUserIdentity');
    expect(paths).toContain('DELETE /api/services/app/User/Delete');
  });

  it('builds a client with camelCase methods carrying their endpoint', () => {
    const client = createClient({ baseUrl: 'http://x' });
    expect(client.user.getAll.endpoint.path).toBe('/api/services/app/User/GetAll');
    expect(client.role.getAllTreePermissions.endpoint.verb).toBe('GET');
    expect(typeof client.tokenAuth.usersLogin).toBe('function');
  });
});

describe('OpenAPI document', () => {
  const doc = generateOpenApi() as { openapi: string; paths: Record<string, Record<string, any>> };
  it('documents every endpoint with its verb', () => {
    expect(doc.openapi).toBe('3.0.3');
    for (const e of allEndpoints()) expect(doc.paths[e.path]?.[e.verb.toLowerCase()], e.path).toBeDefined();
  });
  it('puts GET inputs in query parameters and POST inputs in the body', () => {
    const getAll = doc.paths['/api/services/app/User/GetAll']!.get;
    expect(getAll.parameters.map((p: { name: string }) => p.name)).toEqual(expect.arrayContaining(['SkipCount', 'MaxResultCount', 'Keyword']));
    expect(doc.paths['/api/services/app/User/Create']!.post.requestBody).toBeDefined();
    expect(doc.paths['/api/TokenAuth/UsersLogin']!.post.security).toBeUndefined();
    expect(doc.paths['/api/services/app/User/Create']!.post.description).toContain('Pages.Administration.Manages');
  });
});
