import type { TestApp } from '../../testing/test-app.ts';

type Query = Record<string, string | number | boolean | undefined>;
export interface HttpOptions {
  token?: string;
  tenantId?: number | null;
  query?: Query;
  body?: unknown;
}

/** Calls of the audit tests over real HTTP: the test app listens and every call goes through fetch. */
export async function httpClient(t: TestApp) {
  const base = await t.app.listen({ port: 0, host: '127.0.0.1' });
  async function http(verb: string, path: string, opts: HttpOptions = {}) {
    const url = new URL(path, base);
    for (const [k, v] of Object.entries(opts.query ?? {})) if (v !== undefined) url.searchParams.set(k, String(v));
    const headers: Record<string, string> = { 'user-agent': 'audit-test-browser/1.0' };
    if (opts.token) headers.authorization = `Bearer ${opts.token}`;
    if (opts.tenantId !== undefined && opts.tenantId !== null) headers['abp.tenantid'] = String(opts.tenantId);
    if (opts.body !== undefined) headers['content-type'] = 'application/json';
    const res = await fetch(url, { method: verb, headers, body: opts.body === undefined ? undefined : JSON.stringify(opts.body) });
    const text = await res.text();
    const body: any = text ? JSON.parse(text) : undefined;
    return { status: res.status, body };
  }
  const login = async (userName: string, tenantId: number | null = 1, password = '123qwe') => {
    const res = await http('POST', '/api/TokenAuth/UsersLogin', { tenantId, body: { userNameOrEmailAddress: userName, password } });
    return res.body?.result?.accessToken as string;
  };
  return { base, http, login, api: (p: string) => `/api/services/app/${p}` };
}
