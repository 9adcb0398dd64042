/** Texts of impersonation (identity/impersonation.ts), merged into the Education source. */
export const identityTexts = {
  'zh-Hans': {
    ImpersonateSelf: '不能模拟登录自己。',
    ImpersonateNested: '正在模拟登录时不能再模拟其他用户，请先返回自己的账号。',
    ImpersonateOtherTenant: '只能模拟登录本租户的用户。',
    ImpersonateUserNotFound: '用户不存在或未启用。',
    ImpersonateMorePermissions: '该用户拥有您没有的权限（{0}），不能模拟登录。',
    NotImpersonating: '当前不是模拟登录。',
    ImpersonationTicketInvalid: '模拟登录凭据无效或已过期，请重新操作。',
  },
  en: {
    ImpersonateSelf: 'You cannot impersonate yourself.',
    ImpersonateNested: 'You cannot impersonate from inside an impersonation; go back to your own account first.',
    ImpersonateOtherTenant: 'You can impersonate users of your own tenant only.',
    ImpersonateUserNotFound: 'The user does not exist or is not active.',
    ImpersonateMorePermissions: 'The user holds permissions you lack ({0}); you cannot impersonate them.',
    NotImpersonating: 'You are not impersonating anyone.',
    ImpersonationTicketInvalid: 'The impersonation token is invalid or expired; start again.',
  },
};
