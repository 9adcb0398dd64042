import { describe, expect, it } from 'vitest';
import { useTestApp } from '../testing/test-app.ts';
import { api, createTenant, expectTenantIsolation } from '../testing/tenants.ts';

const t = useTestApp();

const create = async (body: object, token = t.admin) => (await t.call('POST', api('SystemDictionary/Create'), { token, body })).body.result;

describe('SystemDictionary CRUD', () => {
  it('creates, reads, updates and deletes through the spec delete path', async () => {
    const row = await create({ dictionaryType: 'siteSetting', name: 'ServiceHours', value: '08:00-18:00', remark: '客服时间' });
    expect(row).toMatchObject({ dictionaryType: 'siteSetting', name: 'ServiceHours', value: '08:00-18:00', isActive: true });
    const got = await t.call('GET', api('SystemDictionary/Get'), { token: t.admin, query: { Id: row.id } });
    expect(got.body.result).toEqual(row);
    const upd = await t.call('PUT', api('SystemDictionary/Update'), { token: t.admin, body: { ...row, value: '09:00-17:00' } });
    expect(upd.body.result.value).toBe('09:00-17:00');
    const del = await t.call('DELETE', api('SystemDictionary/CreateKeywordAndCharacter'), { token: t.admin, query: { Id: row.id } });
    expect(del.status).toBe(200);
    expect(del.body.result).toBeNull();
    expect((await t.call('GET', api('SystemDictionary/Get'), { token: t.admin, query: { Id: row.id } })).status).toBe(404);
    expect((await t.app.prisma.systemDictionary.findUniqueOrThrow({ where: { id: row.id } })).isDeleted).toBe(true);
  });

  it('refuses a name already present for the type (case-insensitive), allows it for another type', async () => {
    const dup = await t.call('POST', api('SystemDictionary/Create'), {
      token: t.admin,
      body: { dictionaryType: 'siteSetting', name: 'sitename', value: 'x' },
    });
    expect(dup.status).toBe(400);
    expect(dup.body.error.validationErrors[0].members).toEqual(['name']);
    expect(
      (await t.call('POST', api('SystemDictionary/Create'), { token: t.admin, body: { dictionaryType: 'keyword', name: 'SiteName' } })).status,
    ).toBe(200);
  });

  it('lists by type with keyword and sorting', async () => {
    const words = await t.call('GET', api('SystemDictionary/GetAll'), {
      token: t.admin,
      query: { DictionaryType: 'sensitiveWord', Sorting: 'sort asc', MaxResultCount: 50 },
    });
    const names = words.body.result.items.map((i: { name: string }) => i.name);
    expect(names.slice(0, 3)).toEqual(['赌博', '代考', '作弊器']);
    expect(words.body.result.items.every((i: { dictionaryType: string }) => i.dictionaryType === 'sensitiveWord')).toBe(true);
    const search = await t.call('GET', api('SystemDictionary/GetAll'), { token: t.admin, query: { Keyword: 'ICP' } });
    expect(search.body.result.items.map((i: { name: string }) => i.name)).toContain('IcpNumber');
    const bad = await t.call('GET', api('SystemDictionary/GetAll'), { token: t.admin, query: { DictionaryType: 'nope' } });
    expect(bad.status).toBe(400);
  });

  it('GetDictionaryTypeList gives localized labels', async () => {
    const zh = await t.call('GET', api('SystemDictionary/GetDictionaryTypeList'), { token: t.admin });
    expect(zh.body.result).toEqual([
      { value: 'keyword', label: '关键词' },
      { value: 'sensitiveWord', label: '敏感词' },
      { value: 'specialCharacter', label: '特殊字符' },
      { value: 'siteSetting', label: '网站配置' },
    ]);
    const en = await t.call('GET', api('SystemDictionary/GetDictionaryTypeList'), { token: t.admin, query: { culture: 'en' } });
    expect(en.body.result.map((i: { label: string }) => i.label)).toEqual(['Keyword', 'Sensitive word', 'Special character', 'Site setting']);
  });
});

describe('CreateKeywordAndCharacter', () => {
  it('adds words in bulk, skipping (and reporting) names already there or repeated, case-insensitively', async () => {
    const res = await t.call('POST', api('SystemDictionary/CreateKeywordAndCharacter'), {
      token: t.admin,
      body: { dictionaryType: 'keyword', names: ['AI 助教', 'ai 助教', '双减', '跨学科', '在线学习'] },
    });
    expect(res.status).toBe(200);
    expect(res.body.result).toEqual({ createdCount: 2, skippedNames: ['ai 助教', '双减', '在线学习'] });
    const listed = await t.call('GET', api('SystemDictionary/GetAll'), { token: t.admin, query: { DictionaryType: 'keyword', Keyword: '跨学科' } });
    expect(listed.body.result.totalCount).toBe(1);
  });

  it('only takes word types', async () => {
    const res = await t.call('POST', api('SystemDictionary/CreateKeywordAndCharacter'), {
      token: t.admin,
      body: { dictionaryType: 'siteSetting', names: ['x'] },
    });
    expect(res.status).toBe(400);
    expect(res.body.error.validationErrors[0].members).toEqual(['dictionaryType']);
  });
});

describe('dictionary cache', () => {
  it('reads rich text without its tags and with character references decoded', async () => {
    expect(await t.app.dictionaryCache.findSensitiveWord(1, '<p>好<b>代</b>&nbsp;&#32771; &amp; x</p>', { rich: true })).toBe('代考');
  });

  it('matches active sensitive words case-insensitively, in text and HTML', async () => {
    const cache = t.app.dictionaryCache;
    expect(await cache.findSensitiveWord(1, '<p>欢迎<strong>赌</strong>博网站</p>', { rich: true })).toBe('赌博');
    expect(await cache.findSensitiveWord(1, '这是一篇正常的教研文章')).toBeNull();
    // 刷单 is seeded inactive.
    expect(await cache.findSensitiveWord(1, '刷单返利')).toBeNull();
  });

  it('a new sensitive word takes effect only after SettingUpdateCache', async () => {
    const cache = t.app.dictionaryCache;
    await cache.load(1);
    const before = await cache.info(1);
    await t.call('POST', api('SystemDictionary/CreateKeywordAndCharacter'), {
      token: t.admin,
      body: { dictionaryType: 'sensitiveWord', names: ['CheatBot'] },
    });
    expect(await cache.findSensitiveWord(1, 'Try the cheatbot today')).toBeNull();

    const refreshed = await t.call('POST', api('SystemDictionary/SettingUpdateCache'), { token: t.admin, body: {} });
    expect(refreshed.status).toBe(200);
    const info = refreshed.body.result;
    expect(info.entryCount).toBe(before.entryCount + 1);
    expect(info.countsByType.sensitiveWord).toBe(before.countsByType.sensitiveWord! + 1);
    expect(Object.keys(info.countsByType).sort()).toEqual(['keyword', 'sensitiveWord', 'siteSetting', 'specialCharacter']);
    expect(new Date(info.refreshTime).getTime()).toBeGreaterThanOrEqual(before.refreshTime.getTime());
    expect(await cache.findSensitiveWord(1, 'Try the CHEATBOT today')).toBe('CheatBot');

    // Deactivating is also seen at the next refresh only.
    const row = await t.app.prisma.systemDictionary.findFirstOrThrow({ where: { tenantId: 1, name: 'CheatBot' } });
    await t.call('PUT', api('SystemDictionary/Update'), {
      token: t.admin,
      body: { id: row.id, dictionaryType: 'sensitiveWord', name: 'CheatBot', isActive: false },
    });
    expect(await cache.findSensitiveWord(1, 'cheatbot')).toBe('CheatBot');
    await t.call('POST', api('SystemDictionary/SettingUpdateCache'), { token: t.admin, body: {} });
    expect(await cache.findSensitiveWord(1, 'cheatbot')).toBeNull();
  });

  it('is per tenant', async () => {
    const b = await createTenant(t, 'dict2');
    await create({ dictionaryType: 'sensitiveWord', name: '乙校禁词' }, b.token);
    const info = (await t.call('POST', api('SystemDictionary/SettingUpdateCache'), { token: b.token, body: {} })).body.result;
    expect(info.entryCount).toBe(1);
    expect(await t.app.dictionaryCache.findSensitiveWord(b.id, '含有乙校禁词')).toBe('乙校禁词');
    expect(await t.app.dictionaryCache.findSensitiveWord(b.id, '赌博')).toBeNull();
    expect(await t.app.dictionaryCache.findSensitiveWord(1, '含有乙校禁词')).toBeNull();
  });

  it('SettingUpdateCache needs the dictionary permission', async () => {
    const teacher = await t.login('zhaolei');
    expect((await t.call('POST', api('SystemDictionary/SettingUpdateCache'), { token: teacher, body: {} })).status).toBe(403);
  });
});

describe('tenant isolation', () => {
  it("keeps tenant B's entries out of reach of tenant A", async () => {
    const b = await createTenant(t, 'dict3');
    const row = await create({ dictionaryType: 'keyword', name: '乙校关键词' }, b.token);
    await expectTenantIsolation(t, {
      service: 'SystemDictionary',
      tokenA: t.admin,
      tokenB: b.token,
      row,
      update: { name: '篡改' },
      deletePath: 'SystemDictionary/CreateKeywordAndCharacter',
    });
    // A may use the same name in its own dictionary.
    expect(
      (await t.call('POST', api('SystemDictionary/Create'), { token: t.admin, body: { dictionaryType: 'keyword', name: '乙校关键词' } })).status,
    ).toBe(200);
  });
});
