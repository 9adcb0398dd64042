/**
 * Display names of the built-in roles (ABP: a static role's display name is a
 * localization key, shown in the request's culture; identity/roles.ts), merged
 * into the Education source. The zh-Hans text is what the seed stores.
 */
export const roleTexts = {
  en: {
    StaticRole_Admin: 'Administrator',
    StaticRole_Teacher: 'Teacher',
    StaticRole_Editor: 'Editor',
    StaticRole_Auditor: 'Reviewer',
    StaticRole_Member: 'Member',
  },
  'zh-Hans': {
    StaticRole_Admin: '管理员',
    StaticRole_Teacher: '教师',
    StaticRole_Editor: '编辑',
    StaticRole_Auditor: '审核员',
    StaticRole_Member: '会员',
  },
};
