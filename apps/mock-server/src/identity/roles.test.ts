import { describe, expect, it } from 'vitest';
import { useTestApp } from '../testing/test-app.ts';
import { api } from '../testing/tenants.ts';

const t = useTestApp();

const get = async (path: string, culture: string, query: Record<string, unknown> = {}) =>
  (await t.call('GET', api(path), { token: t.admin, query: { ...query, culture } })).body.result;
const displayNames = async (culture: string) =>
  Object.fromEntries(
    ((await get('Role/GetAll', culture, { MaxResultCount: 100 })).items as Array<{ name: string; displayName: string }>).map((r) => [
      r.name,
      r.displayName,
    ]),
  );

describe('built-in role display names follow the request culture', () => {
  it('Role/GetAll and User/GetRoles in en and zh-Hans', async () => {
    expect(await displayNames('en')).toEqual({ Admin: 'Administrator', Teacher: 'Teacher', Editor: 'Editor', Auditor: 'Reviewer', Member: 'Member' });
    expect(await displayNames('zh-Hans')).toEqual({ Admin: '管理员', Teacher: '教师', Editor: '编辑', Auditor: '审核员', Member: '会员' });
    const picker = (await get('User/GetRoles', 'en')).items as Array<{ name: string; displayName: string }>;
    expect(picker.find((r) => r.name === 'Admin')?.displayName).toBe('Administrator');
  });

  it('the home page donut (usersByRole) and the site-message role picker', async () => {
    const names = async (culture: string) =>
      ((await get('Session/GetManageHomePage', culture, { Days: 7 })).usersByRole as Array<{ name: string }>).map((r) => r.name).sort();
    expect(await names('en')).toEqual(['Administrator', 'Editor', 'Member', 'Reviewer', 'Teacher']);
    expect(await names('zh-Hans')).toEqual(['会员', '审核员', '教师', '管理员', '编辑'].sort());
    const options = (await get('SiteMessage/GetRecipientOptions', 'en', { Kind: 2 })).items as Array<{ name: string }>;
    expect(options.map((o) => o.name)).toContain('Teacher');
    expect(options.map((o) => o.name)).not.toContain('教师');
  });

  it('keeps a display name the admin typed, and a custom role as typed, in every culture', async () => {
    const member = (await get('Role/GetAll', 'zh-Hans', { Keyword: 'Member' })).items[0];
    await t.call('PUT', api('Role/Update'), { token: t.admin, body: { ...member, displayName: '学员' } });
    const created = await t.call('POST', api('Role/Create'), {
      token: t.admin,
      body: { name: 'ClassHead', displayName: '班主任', description: null, isDefault: false, grantedPermissions: [] },
    });
    expect(created.status).toBe(200);
    for (const culture of ['en', 'zh-Hans']) {
      const names = await displayNames(culture);
      expect(names.Member).toBe('学员');
      expect(names.ClassHead).toBe('班主任');
    }
    await t.call('PUT', api('Role/Update'), { token: t.admin, body: { ...member } });
    expect((await displayNames('en')).Member).toBe('Member');
  });

  it('built-in role descriptions follow the request culture in the list and the editor; a typed one stays as typed', async () => {
    const descriptions = async (culture: string) =>
      Object.fromEntries(
        ((await get('Role/GetAll', culture, { MaxResultCount: 100 })).items as Array<{ name: string; description: string | null }>).map((r) => [
          r.name,
          r.description,
        ]),
      );
    const en = await descriptions('en');
    expect(en.Admin).toBe('System administrator with every permission');
    expect(en.Member).toBe('Registered member (the default role, no console permissions)');
    // Every seeded built-in role is described in English, none left in Chinese.
    for (const name of ['Admin', 'Teacher', 'Editor', 'Auditor', 'Member']) expect(en[name]).toMatch(/^[\x20-\x7e]+$/);
    expect((await descriptions('zh-Hans')).Teacher).toBe('编写文章与课程，出题、组卷、布置作业');

    // The editor reads Role/Get; saving the English text back keeps the role built-in in both languages.
    const teacher = (await get('Role/GetAll', 'en', { Keyword: 'Teacher' })).items[0] as { id: number };
    const edited = await get('Role/Get', 'en', { Id: teacher.id });
    expect(edited.description).toBe('Writes articles and courses, sets questions, assembles papers and assigns homework');
    expect((await t.call('PUT', api('Role/Update'), { token: t.admin, body: edited })).status).toBe(200);
    expect((await descriptions('zh-Hans')).Teacher).toBe('编写文章与课程，出题、组卷、布置作业');

    expect((await t.call('PUT', api('Role/Update'), { token: t.admin, body: { ...edited, description: '负责初三化学' } })).status).toBe(200);
    expect((await descriptions('en')).Teacher).toBe('负责初三化学');
    await t.call('PUT', api('Role/Update'), { token: t.admin, body: { ...edited, description: null } });
    expect((await descriptions('en')).Teacher).toBeNull();
    await t.call('PUT', api('Role/Update'), { token: t.admin, body: edited });
  });
});
