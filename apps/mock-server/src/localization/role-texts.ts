/**
 * Display names and descriptions of the built-in roles (ABP: a static role's
 * display name is a localization key, shown in the request's culture;
 * identity/roles.ts), merged into the Education source. The zh-Hans texts are
 * what the seed stores.
 */
export const roleTexts = {
  en: {
    StaticRole_Admin: 'Administrator',
    StaticRole_Teacher: 'Teacher',
    StaticRole_Editor: 'Editor',
    StaticRole_Auditor: 'Reviewer',
    StaticRole_Member: 'Member',
    StaticRoleDescription_Admin: 'System administrator with every permission',
    StaticRoleDescription_Teacher: 'Writes articles and courses, sets questions, assembles papers and assigns homework',
    StaticRoleDescription_Editor: 'Maintains articles, courses, question of the day, resources and friend links',
    StaticRoleDescription_Auditor: 'Reviews articles and resources; manages comments, messages, questionnaires and Q&A',
    StaticRoleDescription_Member: 'Registered member (the default role, no console permissions)',
  },
  'zh-Hans': {
    StaticRole_Admin: '管理员',
    StaticRole_Teacher: '教师',
    StaticRole_Editor: '编辑',
    StaticRole_Auditor: '审核员',
    StaticRole_Member: '会员',
    StaticRoleDescription_Admin: '系统管理员，拥有全部权限',
    StaticRoleDescription_Teacher: '编写文章与课程，出题、组卷、布置作业',
    StaticRoleDescription_Editor: '维护文章、课程、每日一题、资源与友情链接',
    StaticRoleDescription_Auditor: '审核文章与资源，管理评论、留言、问卷和问答',
    StaticRoleDescription_Member: '注册会员（默认角色，无后台权限）',
  },
};
