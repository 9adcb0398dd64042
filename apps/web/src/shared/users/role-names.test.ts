import { afterAll, describe, expect, it } from 'vitest';
import i18n from '../../lib/i18n.ts';
import { roleDisplayName } from './role-names.ts';

describe('role display names', () => {
  afterAll(() => i18n.changeLanguage('zh-CN'));

  it('translates built-in roles still named as seeded, and keeps renamed or custom ones', async () => {
    await i18n.changeLanguage('en');
    expect(roleDisplayName(i18n, { name: 'Member', displayName: '会员' })).toBe('Member');
    expect(roleDisplayName(i18n, { name: 'Admin', displayName: '管理员' })).toBe('Administrator');
    expect(roleDisplayName(i18n, { name: 'Member', displayName: '学员' })).toBe('学员');
    expect(roleDisplayName(i18n, { name: 'Custom', displayName: '自定义' })).toBe('自定义');
    await i18n.changeLanguage('zh-CN');
    expect(roleDisplayName(i18n, { name: 'Teacher', displayName: '教师' })).toBe('教师');
  });
});
