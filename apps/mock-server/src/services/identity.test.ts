import { describe, expect, it, vi } from 'vitest';
import { decryptString } from '../identity/string-cipher.ts';
import { Claims } from '../plugins/auth.ts';
import { useTestApp } from '../testing/test-app.ts';

const V2_HASH_OF_123QWE = 'AM4OLBpptxBYmM79lGOX9egzZk3vIQU3d/gFCJzaBjAPXzYIK3tQ2N7X4fcrHtElTw==';

const t = useTestApp({ signIn: false });

const decodeJwt = (token: string) => JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString());

describe('TokenAuth', () => {
  it('UsersLogin returns ABP claims, encryptedAccessToken and isGeneral', async () => {
    const res = await t.call('POST', '/api/TokenAuth/UsersLogin', {
      tenantId: 1,
      body: { userNameOrEmailAddress: 'admin', password: '123qwe', rememberMe: true },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ success: true, error: null, unAuthorizedRequest: false, __abp: true });
    const r = res.body.result;
    expect(r).toMatchObject({ expireInSeconds: 86400, isGeneral: false });
    expect(decryptString(r.encryptedAccessToken)).toBe(r.accessToken);
    const claims = decodeJwt(r.accessToken);
    expect(claims[Claims.nameId]).toBe(String(r.userId));
    expect(claims[Claims.name]).toBe('admin');
    expect(claims[Claims.tenantId]).toBe('1');
    expect(claims[Claims.role]).toBe('Admin');
    expect(claims).toHaveProperty(Claims.securityStamp);
    expect(claims).toMatchObject({ sub: String(r.userId), iss: 'Education', aud: 'Education' });
    expect(claims.exp - claims.nbf).toBe(86400);
    expect(JSON.parse(Buffer.from(r.accessToken.split('.')[0], 'base64url').toString()).alg).toBe('HS256');
  });

  it('host users carry no tenant claim; stock Authenticate works without isGeneral', async () => {
    const res = await t.call('POST', '/api/TokenAuth/Authenticate', { body: { userNameOrEmailAddress: 'admin', password: '123qwe' } });
    expect(res.status).toBe(200);
    expect(res.body.result).not.toHaveProperty('isGeneral');
    expect(decodeJwt(res.body.result.accessToken)).not.toHaveProperty(Claims.tenantId);
  });

  it('signs in by e-mail address, case-insensitively', async () => {
    const res = await t.call('POST', '/api/tokenauth/userslogin', {
      tenantId: 1,
      body: { UserNameOrEmailAddress: 'ADMIN@aspnetboilerplate.com', Password: '123qwe' },
    });
    expect(res.status).toBe(200);
  });

  it('answers a failed login with ABP 500 Login failed!, localized by culture', async () => {
    const zh = await t.call('POST', '/api/TokenAuth/UsersLogin', { tenantId: 1, body: { userNameOrEmailAddress: 'nobody', password: 'x' } });
    expect(zh.status).toBe(500);
    expect(zh.body.error).toMatchObject({ message: '登录失败!', details: '用户名或密码无效' });
    const en = await t.call('POST', '/api/TokenAuth/UsersLogin', {
      tenantId: 1,
      headers: { '.AspNetCore.Culture': 'c=en|uic=en' },
      body: { userNameOrEmailAddress: 'nobody', password: 'x' },
    });
    expect(en.body.error).toMatchObject({ message: 'Login failed!', details: 'Invalid user name or password' });
  });

  it('verifies an ASP.NET Identity V2 hash and upgrades it to V3 on login', async () => {
    const admin = await t.app.prisma.user.findFirstOrThrow({ where: { userName: 'admin', tenantId: 1 } });
    await t.app.prisma.user.update({ where: { id: admin.id }, data: { passwordHash: V2_HASH_OF_123QWE } });
    await t.login('admin', '123qwe', 1);
    const after = await t.app.prisma.user.findFirstOrThrow({ where: { id: admin.id } });
    expect(after.passwordHash.startsWith('AQAAAAEAACcQAAAAE')).toBe(true);
  });

  it('ignores the tenant header for a signed-in user: the token decides', async () => {
    const token = await t.login('admin', '123qwe', 1);
    const res = await t.call('GET', '/api/services/app/Session/GetCurrentLoginInformations', { token, tenantId: 2 });
    expect(res.body.result.tenant).toMatchObject({ id: 1, tenancyName: 'Default' });
    expect(res.body.result.application.features).toEqual({ SignalR: true, 'SignalR.AspNetCore': true });
  });

  it('accepts the Abp-TenantId spelling and the tenant cookie', async () => {
    const a = await t.call('POST', '/api/TokenAuth/UsersLogin', {
      headers: { 'Abp-TenantId': '1' },
      body: { userNameOrEmailAddress: 'admin', password: '123qwe' },
    });
    expect(decodeJwt(a.body.result.accessToken)[Claims.tenantId]).toBe('1');
    const b = await t.call('POST', '/api/TokenAuth/UsersLogin', {
      headers: { cookie: 'Abp.TenantId=1' },
      body: { userNameOrEmailAddress: 'admin', password: '123qwe' },
    });
    expect(decodeJwt(b.body.result.accessToken)[Claims.tenantId]).toBe('1');
    const host = await t.call('POST', '/api/TokenAuth/UsersLogin', {
      headers: { 'Abp.TenantId': 'null' },
      body: { userNameOrEmailAddress: 'admin', password: '123qwe' },
    });
    expect(decodeJwt(host.body.result.accessToken)).not.toHaveProperty(Claims.tenantId);
  });
});

describe('Account', () => {
  it('IsTenantAvailable reports state and id, case-insensitively', async () => {
    const ok = await t.call('POST', '/api/services/app/Account/IsTenantAvailable', { body: { tenancyName: 'default' } });
    expect(ok.body.result).toEqual({ state: 1, tenantId: 1 });
    const missing = await t.call('POST', '/api/services/app/Account/IsTenantAvailable', { body: { tenancyName: 'Nope' } });
    expect(missing.body.result).toEqual({ state: 3, tenantId: null });
  });

  it('LoginOut revokes the token', async () => {
    const token = await t.login();
    const before = await t.call('GET', '/api/services/app/User/GetAll', { token });
    expect(before.status).toBe(200);
    const out = await t.call('POST', '/api/services/app/Account/LoginOut', { token });
    expect(out.status).toBe(200);
    expect(out.body.result).toBeNull();
    const after = await t.call('GET', '/api/services/app/User/GetAll', { token });
    expect(after.status).toBe(401);
    expect(after.body).toMatchObject({ success: false, unAuthorizedRequest: true });
    expect(await t.app.prisma.revokedToken.count()).toBeGreaterThan(0);
  });

  it('a token verified before (and kept verified) still ends at its expiry, not a moment later', async () => {
    const token = await t.login();
    expect((await t.call('GET', '/api/services/app/User/GetAll', { token })).status).toBe(200);
    const exp = Number(decodeJwt(token).exp);
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      vi.setSystemTime(exp * 1000 - 1000);
      expect((await t.call('GET', '/api/services/app/User/GetAll', { token })).status).toBe(200);
      vi.setSystemTime(exp * 1000 + 1);
      expect((await t.call('GET', '/api/services/app/User/GetAll', { token })).status).toBe(401);
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('envelope and errors', () => {
  it('401 for anonymous and 403 naming the permission for a user without it, localized', async () => {
    const anon = await t.call('GET', '/api/services/app/User/GetAll');
    expect(anon.status).toBe(401);
    expect(anon.body.error.message).toBe('当前用户没有登录到系统！');
    const host = await t.login('admin', '123qwe', null);
    const tenantAdmin = await t.login('admin', '123qwe', 1);
    expect((await t.call('GET', '/api/services/app/Tenant/GetAll', { token: host })).status).toBe(200);
    const forbidden = await t.call('GET', '/api/services/app/Tenant/GetAll', { token: tenantAdmin, headers: { '.AspNetCore.Culture': 'en' } });
    expect(forbidden.status).toBe(403);
    expect(forbidden.body.unAuthorizedRequest).toBe(true);
    expect(forbidden.body.error.message).toBe('Required permissions are not granted. At least one of these permissions must be granted: Tenants');
  });

  it('404 in ABP words for an unknown id; unknown routes and wrong verbs have empty bodies', async () => {
    const token = await t.login();
    const nf = await t.call('GET', '/api/services/app/User/Get', { token, query: { Id: 999999 } });
    expect(nf.status).toBe(404);
    expect(nf.body.error.message).toBe('实体 User 不存在,id = 999999!');
    const unknown = await t.call('GET', '/api/services/app/Nothing/Here', { token });
    expect(unknown.status).toBe(404);
    expect(unknown.body).toBeUndefined();
    const verb = await t.call('POST', '/api/services/app/User/GetAll', { token });
    expect(verb.status).toBe(405);
    expect(verb.body).toBeUndefined();
  });

  it('binds query keys case-insensitively', async () => {
    const token = await t.login();
    const res = await t.call('GET', '/api/services/app/user/getall', { token, query: { maxresultcount: 3, skipcount: 1 } });
    expect(res.status).toBe(200);
    expect(res.body.result.items).toHaveLength(3);
  });
});

describe('configuration', () => {
  it('refuses a production start with the development secret', async () => {
    const { configFromEnv } = await import('../config.ts');
    expect(() => configFromEnv({ NODE_ENV: 'production' })).toThrow(/JWT_SECRET/);
    expect(() => configFromEnv({ NODE_ENV: 'production', JWT_SECRET: 'x'.repeat(40) })).not.toThrow();
    const { buildApp } = await import('../app.ts');
    await expect(buildApp({ databaseUrl: t.databaseUrl, production: true })).rejects.toThrow(/JWT_SECRET/);
  });
});
