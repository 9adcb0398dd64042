import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { AbpDateInput, AbpDateTimeInput, Permissions, WebUrl } from '@edu/sdk';
import { describe, expect, it } from 'vitest';
import { configFromEnv, JWT_SECRET_FILE } from './config.ts';
import { useTestApp } from './testing/test-app.ts';
import { api } from './testing/tenants.ts';

/** Hostile-input hardening: one test (or more) per finding; each fails without its fix. */
const t = useTestApp();

let seq = 0;
/** A role with exactly `permissions`, and a user in it, signed in. */
async function userWith(permissions: string[]): Promise<{ id: number; token: string; userName: string }> {
  const n = ++seq;
  const role = await t.call('POST', api('Role/Create'), {
    token: t.admin,
    body: { name: `Hard${n}`, displayName: `Hard ${n}`, grantedPermissions: permissions },
  });
  expect(role.status).toBe(200);
  const userName = `hard${n}`;
  const created = await t.call('POST', api('User/Create'), {
    token: t.admin,
    body: { userName, name: '测', surname: '试', emailAddress: `${userName}@x.cn`, password: '123qwe', roleNames: [`HARD${n}`] },
  });
  expect(created.status).toBe(200);
  return { id: created.body.result.id, token: await t.login(userName, '123qwe'), userName };
}

const getUser = async (id: number) => (await t.call('GET', api('User/Get'), { token: t.admin, query: { Id: id } })).body.result;
const adminId = async () => (await t.app.prisma.user.findFirstOrThrow({ where: { tenantId: 1, userName: 'admin' } })).id;

describe('1. privilege escalation', () => {
  it('a member manager cannot give anyone (themselves included) a role', async () => {
    const me = await userWith([Permissions.MembersUsers]);
    const mine = await getUser(me.id);
    const res = await t.call('PUT', api('User/Update'), { token: me.token, body: { ...mine, roleNames: [...mine.roleNames, 'ADMIN'] } });
    expect(res.status).toBe(403);
    expect((await getUser(me.id)).roleNames).not.toContain('ADMIN');
    const created = await t.call('POST', api('User/Create'), {
      token: me.token,
      body: { userName: `esc${seq}`, name: 'a', surname: 'b', emailAddress: `esc${seq}@x.cn`, password: '123qwe', roleNames: ['ADMIN'] },
    });
    expect(created.status).toBe(403);
    // An edit that keeps the roles as they are is still allowed.
    expect((await t.call('PUT', api('User/Update'), { token: me.token, body: { ...mine, name: '改' } })).status).toBe(200);
  });

  it('a member manager cannot demote, deactivate, re-identify or delete an administrator', async () => {
    const me = await userWith([Permissions.MembersUsers]);
    const target = await getUser(await adminId());
    const demote = await t.call('PUT', api('User/Update'), { token: me.token, body: { ...target, roleNames: [] } });
    expect(demote.status).toBe(403);
    const deactivate = await t.call('PUT', api('User/Update'), { token: me.token, body: { ...target, isActive: false } });
    expect(deactivate.status).toBe(403);
    const identity = await t.call('POST', api('User/changeUserIdentity'), { token: me.token, body: { id: target.id, identity: 1 } });
    expect(identity.status).toBe(403);
    // A second administrator (not the undeletable `admin`) cannot be deleted either.
    const other = await t.call('POST', api('User/Create'), {
      token: t.admin,
      body: { userName: 'admin2', name: 'a', surname: 'b', emailAddress: 'admin2@x.cn', password: '123qwe', roleNames: ['ADMIN'] },
    });
    expect((await t.call('DELETE', api('User/Delete'), { token: me.token, query: { Id: other.body.result.id } })).status).toBe(403);
    expect((await t.call('POST', api('User/BatchDelete'), { token: me.token, body: { ids: [other.body.result.id] } })).status).toBe(403);
    expect(await getUser(target.id)).toMatchObject({ isActive: true, roleNames: ['ADMIN'] });
    expect((await getUser(other.body.result.id)).id).toBe(other.body.result.id);
  });

  it('a role manager cannot create, widen, change or delete a role beyond their own permissions', async () => {
    const me = await userWith([Permissions.Manages, Permissions.MembersUsers]);
    const wide = await t.call('POST', api('Role/Create'), {
      token: me.token,
      body: { name: `Wide${seq}`, displayName: 'Wide', grantedPermissions: [Permissions.Manages, Permissions.MembersImportUsers] },
    });
    expect(wide.status).toBe(403);
    const narrow = await t.call('POST', api('Role/Create'), {
      token: me.token,
      body: { name: `Narrow${seq}`, displayName: 'Narrow', grantedPermissions: [Permissions.MembersUsers] },
    });
    expect(narrow.status).toBe(200);
    const widen = await t.call('PUT', api('Role/Update'), {
      token: me.token,
      body: { ...narrow.body.result, grantedPermissions: [Permissions.MembersUsers, Permissions.MembersImportUsers] },
    });
    expect(widen.status).toBe(403);
    const adminRole = (await t.call('GET', api('Role/GetAll'), { token: t.admin, query: { MaxResultCount: 100 } })).body.result.items.find(
      (r: { normalizedName: string }) => r.normalizedName === 'ADMIN',
    );
    const strip = await t.call('PUT', api('Role/Update'), { token: me.token, body: { ...adminRole, grantedPermissions: [] } });
    expect(strip.status).toBe(403);
    // A role holding more than the caller (here: the seeded one with ImportUsers) cannot be deleted by them.
    const rich = await t.call('POST', api('Role/Create'), {
      token: t.admin,
      body: { name: `Rich${seq}`, displayName: 'Rich', grantedPermissions: [Permissions.MembersImportUsers] },
    });
    expect((await t.call('DELETE', api('Role/Delete'), { token: me.token, query: { Id: rich.body.result.id } })).status).toBe(403);
    // Giving a role within one's own permissions works.
    const someone = await userWith([]);
    const row = await getUser(someone.id);
    const give = await t.call('PUT', api('User/Update'), {
      token: me.token,
      body: { ...row, roleNames: [...row.roleNames, narrow.body.result.normalizedName] },
    });
    expect(give.status).toBe(200);
    // ... but not a role that gives more.
    const giveRich = await t.call('PUT', api('User/Update'), { token: me.token, body: { ...row, roleNames: [rich.body.result.normalizedName] } });
    expect(giveRich.status).toBe(403);
  });

  it('the static admin keeps every power', async () => {
    const someone = await userWith([]);
    const row = await getUser(someone.id);
    expect((await t.call('PUT', api('User/Update'), { token: t.admin, body: { ...row, roleNames: ['ADMIN'] } })).status).toBe(200);
  });
});

describe('2. dates', () => {
  it('input dates stay within what the output can read back', () => {
    expect(AbpDateTimeInput.safeParse('9999-12-31T23:59:59-23:59').success).toBe(false);
    expect(AbpDateTimeInput.safeParse('0000-01-01T00:00:00Z').success).toBe(false);
    expect(AbpDateTimeInput.safeParse('1899-12-31T23:59:59Z').success).toBe(false);
    expect(AbpDateTimeInput.safeParse('9999-12-31T23:59:59Z').success).toBe(true);
    expect(AbpDateInput.safeParse('0000-01-01').success).toBe(false);
    expect(AbpDateInput.safeParse('9999-12-31').success).toBe(true);
  });

  it('the extremes round-trip through Create, Get and GetAll; beyond them is a 400', async () => {
    const position = await t.app.prisma.multiLevelCategory.findFirstOrThrow({ where: { tenantId: 1, classTypeId: 8 } });
    const ad = { title: '极值', categoryId: position.id, imageUrl: '/a.png' };
    const ok = await t.call('POST', api('Advertising/Create'), {
      token: t.admin,
      body: { ...ad, startTime: '1900-01-01T00:00:00Z', endTime: '9999-12-31T23:59:59.999Z' },
    });
    expect(ok.status).toBe(200);
    expect(ok.body.result).toMatchObject({ startTime: '1900-01-01T00:00:00.000Z', endTime: '9999-12-31T23:59:59.999Z' });
    expect((await t.call('GET', api('Advertising/Get'), { token: t.admin, query: { Id: ok.body.result.id } })).status).toBe(200);
    for (const endTime of ['9999-12-31T23:59:59-23:59', '0000-01-01T00:00:00Z']) {
      const bad = await t.call('POST', api('Advertising/Create'), { token: t.admin, body: { ...ad, endTime } });
      expect(bad.status).toBe(400);
      expect(bad.body.error.validationErrors[0].members).toEqual(['endTime']);
    }
    expect((await t.call('GET', api('Advertising/GetAll'), { token: t.admin, query: { MaxResultCount: 1000 } })).status).toBe(200);
  });
});

describe('3. malformed culture', () => {
  it('falls back to the default culture from every source; ChangeLanguage answers 400', async () => {
    const sources: Array<{ query?: Record<string, string>; headers?: Record<string, string> }> = [
      { query: { culture: '%E4%zz' } },
      { headers: { '.aspnetcore.culture': 'c=%E0%A4%A|uic=%' } },
      { headers: { cookie: '.AspNetCore.Culture=c%3D%25zz%7Cuic%3D%25zz' } },
      { headers: { 'accept-language': '%zz' } },
    ];
    for (const s of sources) {
      const res = await t.call('GET', '/AbpUserConfiguration/GetAll', s);
      expect(res.status).toBe(200);
      expect(res.body.result.localization.currentCulture.name).toBe('zh-Hans');
    }
    const change = await t.call('POST', api('User/ChangeLanguage'), { token: t.admin, body: { languageName: '%E4%zz' } });
    expect(change.status).toBe(400);
    expect(change.body.error.validationErrors[0].members).toEqual(['languageName']);
  });
});

describe('4. oversized tenant ids', () => {
  it('are ignored (host), never a 500 or an unreadable row', async () => {
    for (const id of ['99999999999999999999', '2147483648', '1099511627776', '-1']) {
      const variants: Array<Record<string, string>> = [{ 'abp.tenantid': id }, { cookie: `Abp.TenantId=${id}` }];
      for (const headers of variants) {
        const login = await t.call('POST', '/api/TokenAuth/UsersLogin', { headers, body: { userNameOrEmailAddress: 'nobody', password: 'x' } });
        expect(login.status).toBe(500);
        expect(login.body.error.message).not.toBe('An internal error occurred during your request!');
        const info = await t.call('GET', api('Session/GetCurrentLoginInformations'), { headers });
        expect(info.status).toBe(200);
        expect(info.body.result.tenant).toBeNull();
      }
    }
    // Every recorded attempt can be read back.
    const rows = await t.app.prisma.userLoginAttempt.findMany({ where: { userNameOrEmailAddress: 'nobody' } });
    expect(rows.every((r) => r.tenantId === null)).toBe(true);
  });
});

describe('5. WebUrl', () => {
  it('refuses protocol-relative and backslash paths, whitespace and control characters', async () => {
    for (const url of ['//evil.example/x', '/\\evil.example/x', '/a\\b', 'http://a\u0001b', '/a\u007f', 'https://a b'])
      expect(WebUrl.safeParse(url).success, url).toBe(false);
    for (const url of ['/uploads/a.png', 'https://example.com/a?b=1', '/']) expect(WebUrl.safeParse(url).success, url).toBe(true);
    const res = await t.call('POST', api('FriendLink/Create'), { token: t.admin, body: { name: '站外', url: '//evil.example/x' } });
    expect(res.status).toBe(400);
  });
});

describe('6. lone surrogates and control characters', () => {
  it('are refused with a 400 naming the field, on any endpoint', async () => {
    const res = await t.call('POST', api('Role/Create'), {
      token: t.admin,
      body: JSON.stringify({ name: 'Sur', displayName: 'a\uD800b' }).replace('\\ud800', '\\uD800'),
    });
    expect(res.status).toBe(400);
    expect(res.body.error.validationErrors[0].members).toEqual(['displayName']);
    const body = '{"name":"Sur","displayName":"ok","description":"x\\uDC00"}';
    const res2 = await t.call('POST', api('Role/Create'), { token: t.admin, body });
    expect(res2.status).toBe(400);
    expect(res2.body.error.validationErrors[0].members).toEqual(['description']);
    // A proper pair (an emoji) is text like any other.
    expect((await t.call('POST', api('Role/Create'), { token: t.admin, body: { name: 'Emoji', displayName: '😀' } })).status).toBe(200);
  });

  it('so are characters XML cannot hold (exports would break), in bodies, queries and keys; tab and line breaks are text', async () => {
    for (const bad of ['a\u0000b', 'a\u0001b', 'a\u000bb', 'a\u001fb', 'a\uFFFEb', 'a\uFFFF']) {
      const res = await t.call('POST', api('Role/Create'), { token: t.admin, body: { name: 'Ctl', displayName: 'ok', description: bad } });
      expect(res.status, JSON.stringify(bad)).toBe(400);
      expect(res.body.error.validationErrors[0].members).toEqual(['description']);
      expect(res.body.error.validationErrors[0].message).toContain('控制字符');
    }
    expect((await t.call('POST', api('Role/Create'), { token: t.admin, body: { name: 'Ctl', 'dis\u0002playName': 'x' } })).status).toBe(400);
    const query = await t.call('GET', api('Role/GetAll'), { token: t.admin, query: { Keyword: 'x\u0007' } });
    expect(query.status).toBe(400);
    expect(query.body.error.validationErrors[0].members).toEqual(['keyword']);
    const ok = await t.call('POST', api('Role/Create'), {
      token: t.admin,
      body: { name: 'Tabs', displayName: 'ok', description: '第一行\t制表\r\n第二行' },
    });
    expect(ok.status).toBe(200);
    expect((await t.call('GET', api('Role/Get'), { token: t.admin, query: { Id: ok.body.result.id } })).body.result.description).toBe(
      '第一行\t制表\r\n第二行',
    );
    expect(await t.app.prisma.role.count({ where: { name: 'Ctl' } })).toBe(0);
  });
});

describe('7. a password reset revokes earlier tokens', () => {
  it('tokens issued before the reset stop working; a new login works', async () => {
    const victim = await userWith([]);
    const me = (tok: string) => t.call('GET', api('Session/GetCurrentLoginInformations'), { token: tok });
    expect((await me(victim.token)).body.result.user.id).toBe(victim.id);
    const reset = await t.call('POST', api('User/ResetPassword'), {
      token: t.admin,
      body: { adminPassword: '123qwe', userId: victim.id, newPassword: 'n3wpass' },
    });
    expect(reset.status).toBe(200);
    expect((await me(victim.token)).body.result.user).toBeNull();
    const fresh = await t.login(victim.userName, 'n3wpass');
    expect((await me(fresh)).body.result.user.id).toBe(victim.id);
    expect((await me(t.admin)).body.result.user).not.toBeNull();
  });
});

describe('8. login timing', () => {
  it('an unknown user costs a hash verification like a wrong password', async () => {
    // CPU time of this process (the hash runs in it, on the thread pool), not wall time: other processes sharing the cores do not count.
    const time = async (userNameOrEmailAddress: string) => {
      const runs: number[] = [];
      for (let i = 0; i < 7; i++) {
        const before = process.cpuUsage();
        await t.call('POST', '/api/TokenAuth/UsersLogin', { tenantId: 1, body: { userNameOrEmailAddress, password: 'wrong-password' } });
        const used = process.cpuUsage(before);
        runs.push(used.user + used.system);
      }
      return runs.sort((a, b) => a - b)[3]!;
    };
    const known = await userWith([]);
    await time('nobody-at-all'); // warm-up (the dummy hash is made on first use)
    const unknown = await time('nobody-at-all');
    const wrong = await time(known.userName);
    // Without the dummy verification the unknown user answers in a fraction of the time.
    expect(unknown / wrong).toBeGreaterThan(0.5);
  });
});

describe('9. JWT secret', () => {
  it('without JWT_SECRET (not production) a random key is made once per data directory, 0600, and reused', () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'edu-secret-'));
    try {
      const env = { DATABASE_URL: `file:${path.join(dir, 'dev.db')}` };
      const first = configFromEnv(env).jwtSecret;
      const file = path.join(dir, JWT_SECRET_FILE);
      expect(readFileSync(file, 'utf8')).toBe(first);
      expect(statSync(file).mode & 0o777).toBe(0o600);
      expect(first.length).toBeGreaterThanOrEqual(32);
      expect(configFromEnv(env).jwtSecret).toBe(first);
      const other = mkdtempSync(path.join(os.tmpdir(), 'edu-secret-'));
      expect(configFromEnv({ DATABASE_URL: `file:${path.join(other, 'dev.db')}` }).jwtSecret).not.toBe(first);
      rmSync(other, { recursive: true, force: true });
      expect(() => configFromEnv({ ...env, NODE_ENV: 'production' })).toThrow(/JWT_SECRET/);
      expect(configFromEnv({ ...env, JWT_SECRET: 'y'.repeat(40) }).jwtSecret).toBe('y'.repeat(40));
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('9b. Response checks', () => {
  it('VALIDATE_OUTPUT turns the output-schema check on (pnpm dev), is off by default (pnpm start) and refuses other values', () => {
    const env = { DATABASE_URL: `file:${path.join(t.dir, 'x.db')}`, JWT_SECRET: 'z'.repeat(40) };
    expect(configFromEnv(env).validateOutput).toBe(false);
    expect(configFromEnv({ ...env, VALIDATE_OUTPUT: '1' }).validateOutput).toBe(true);
    expect(configFromEnv({ ...env, VALIDATE_OUTPUT: 'true' }).validateOutput).toBe(true);
    expect(configFromEnv({ ...env, VALIDATE_OUTPUT: '0' }).validateOutput).toBe(false);
    expect(() => configFromEnv({ ...env, VALIDATE_OUTPUT: 'yes' })).toThrow(/VALIDATE_OUTPUT/);
  });

  it('PAGE_CACHE_ROWS sizes the list page cache: unset is the default, 0 turns it off, anything else is refused', () => {
    const env = { DATABASE_URL: `file:${path.join(t.dir, 'x.db')}`, JWT_SECRET: 'z'.repeat(40) };
    expect(configFromEnv(env).pageCacheRows).toBeUndefined();
    expect(configFromEnv({ ...env, PAGE_CACHE_ROWS: '0' }).pageCacheRows).toBe(0);
    expect(configFromEnv({ ...env, PAGE_CACHE_ROWS: '20000' }).pageCacheRows).toBe(20_000);
    for (const bad of ['-1', '1.5', 'many', '1e400']) expect(() => configFromEnv({ ...env, PAGE_CACHE_ROWS: bad }), bad).toThrow(/PAGE_CACHE_ROWS/);
  });

  it('AUDITING records service calls by default; 0 turns it off, anything else is refused', () => {
    const env = { DATABASE_URL: `file:${path.join(t.dir, 'x.db')}`, JWT_SECRET: 'z'.repeat(40) };
    expect(configFromEnv(env).auditing).toBe(true);
    expect(configFromEnv({ ...env, AUDITING: '0' }).auditing).toBe(false);
    expect(configFromEnv({ ...env, AUDITING: '1' }).auditing).toBe(true);
    expect(() => configFromEnv({ ...env, AUDITING: 'off' })).toThrow(/AUDITING/);
  });
});

describe('10. CORS', () => {
  it('answers only configured origins (by default the Vite dev server), never a reflected stranger', async () => {
    const preflight = (origin: string) =>
      t.app.inject({ method: 'OPTIONS', url: api('Role/GetAll'), headers: { origin, 'access-control-request-method': 'GET' } });
    const stranger = await preflight('https://evil.example');
    expect(stranger.headers['access-control-allow-origin']).toBeUndefined();
    const simple = await t.app.inject({ method: 'GET', url: '/AbpUserConfiguration/GetAll', headers: { origin: 'https://evil.example' } });
    expect(simple.headers['access-control-allow-origin']).toBeUndefined();
    const vite = await preflight('http://localhost:5173');
    expect(vite.headers['access-control-allow-origin']).toBe('http://localhost:5173');
    expect(vite.headers['access-control-allow-credentials']).toBe('true');
    expect(
      configFromEnv({
        DATABASE_URL: `file:${path.join(t.dir, 'x.db')}`,
        JWT_SECRET: 'z'.repeat(40),
        CORS_ORIGINS: 'https://a.example, https://b.example/',
      }).corsOrigins,
    ).toEqual(['https://a.example', 'https://b.example']);
  });
});
