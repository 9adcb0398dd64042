/**
 * The demo data of tenant Default and the host, as plain tables. Permission
 * names are checked against the SDK's tree when seeding, so a rename there
 * fails the seed instead of silently granting nothing.
 */

export const DEFAULT_PASSWORD = '123qwe';
export const DEFAULT_TENANT = { id: 1, tenancyName: 'Default', name: 'Default' } as const;
export const EMAIL_DOMAIN = 'example.edu.cn';

/** UserIdentity of the SDK: 1 general member, 2 teacher, 3 administrator. */
export const Identity = { Member: 1, Teacher: 2, Administrator: 3 } as const;

export interface RoleSeed {
  name: string;
  displayName: string;
  description: string;
  isStatic?: boolean;
  isDefault?: boolean;
  /** Permission names; `'*'` = every permission of the side (Admin). */
  permissions: readonly string[] | '*';
}

export const ADMIN_ROLE: RoleSeed = {
  name: 'Admin',
  displayName: '管理员',
  description: '系统管理员，拥有全部权限',
  isStatic: true,
  permissions: '*',
};

/**
 * Tenant roles besides Admin. Group nodes (`Pages.Resources`, `Pages.Questions`)
 * are granted with their children, as the role editor's tree does when a child
 * is checked, so menus and the permission tree agree.
 */
export const TENANT_ROLES: readonly RoleSeed[] = [
  ADMIN_ROLE,
  {
    name: 'Teacher',
    displayName: '教师',
    description: '编写文章与课程，出题、组卷、布置作业',
    permissions: [
      'Pages',
      'Pages.Articles',
      'Pages.Articles.Article',
      'Pages.Articles.LearningCourse',
      'Pages.Articles.UniversityCourse',
      'Pages.Articles.OneQuestionPerday',
      'Pages.Resources',
      'Pages.Resources.Resource',
      'Pages.Questions',
      'Pages.Questions.TestQuestion',
      'Pages.Questions.Teachers',
      'Pages.TestPapers',
      'Pages.TestPapers.Hand',
      'Pages.TestPapers.UniversityHand',
      'Pages.TestPapers.Random',
      'Pages.TestPapers.UniversityRandom',
      'Pages.Homeworks',
      'Pages.Homeworks.Hand',
      'Pages.Homeworks.Random',
    ],
  },
  {
    name: 'Editor',
    displayName: '编辑',
    description: '维护文章、课程、每日一题、资源与友情链接',
    permissions: [
      'Pages',
      'Pages.Articles',
      'Pages.Articles.Article',
      'Pages.Articles.LearningCourse',
      'Pages.Articles.OneQuestionPerday',
      'Pages.Resources',
      'Pages.Resources.Resource',
      'Pages.Others',
      'Pages.Others.FriendlyLink',
    ],
  },
  {
    name: 'Auditor',
    displayName: '审核员',
    description: '审核文章与资源，管理评论、留言、问卷和问答',
    permissions: [
      'Pages',
      'Pages.Articles',
      'Pages.Articles.AuditArticle',
      'Pages.Resources',
      'Pages.Resources.AuditResource',
      'Pages.Others',
      'Pages.Others.Discuss',
      'Pages.Others.LeaveMessage',
      'Pages.Others.Questionnaire',
      'Pages.Others.Answerquestion',
    ],
  },
  // New registrations get it (isDefault); members use the public site, not the console.
  { name: 'Member', displayName: '会员', description: '注册会员（默认角色，无后台权限）', isDefault: true, permissions: [] },
];

export interface DemoUser {
  userName: string;
  surname: string;
  name: string;
  identity: 1 | 2 | 3;
  /** userName of the parent; absent = directly under `admin`. */
  parent?: string;
  roles: readonly string[];
  /** Position, for the reader only. */
  title: string;
  isActive?: boolean;
  /** Days before the seeding time the account was created. */
  createdDaysAgo: number;
}

/**
 * Tenant Default's staff and students under `admin`:
 * admin -> 教研主任 -> 教研组长 -> 教师 -> 学生 (five levels).
 */
export const DEMO_USERS: readonly DemoUser[] = [
  // 教研主任 (directors of teaching and research)
  { userName: 'wangjianguo', surname: '王', name: '建国', identity: 3, roles: ['Admin'], title: '教研主任', createdDaysAgo: 59 },
  { userName: 'lishufen', surname: '李', name: '淑芬', identity: 3, roles: ['Admin'], title: '教研主任', createdDaysAgo: 58 },
  // 教研组长 (subject group leaders): teach and review
  {
    userName: 'zhangwei',
    surname: '张',
    name: '伟',
    identity: 2,
    parent: 'wangjianguo',
    roles: ['Teacher', 'Auditor'],
    title: '数学教研组长',
    createdDaysAgo: 56,
  },
  {
    userName: 'liuyang',
    surname: '刘',
    name: '洋',
    identity: 2,
    parent: 'wangjianguo',
    roles: ['Teacher', 'Auditor'],
    title: '物理教研组长',
    createdDaysAgo: 55,
  },
  {
    userName: 'chenjing',
    surname: '陈',
    name: '静',
    identity: 2,
    parent: 'lishufen',
    roles: ['Teacher', 'Auditor'],
    title: '语文教研组长',
    createdDaysAgo: 54,
  },
  {
    userName: 'yangfan',
    surname: '杨',
    name: '帆',
    identity: 2,
    parent: 'lishufen',
    roles: ['Teacher', 'Auditor'],
    title: '英语教研组长',
    createdDaysAgo: 52,
  },
  // 教师 (teachers)
  { userName: 'zhaolei', surname: '赵', name: '磊', identity: 2, parent: 'zhangwei', roles: ['Teacher'], title: '数学教师', createdDaysAgo: 49 },
  {
    userName: 'huangli',
    surname: '黄',
    name: '丽',
    identity: 2,
    parent: 'zhangwei',
    roles: ['Teacher', 'Editor'],
    title: '数学教师',
    createdDaysAgo: 47,
  },
  { userName: 'zhoujie', surname: '周', name: '杰', identity: 2, parent: 'liuyang', roles: ['Teacher'], title: '物理教师', createdDaysAgo: 45 },
  {
    userName: 'wumin',
    surname: '吴',
    name: '敏',
    identity: 2,
    parent: 'liuyang',
    roles: ['Teacher'],
    title: '物理教师',
    createdDaysAgo: 44,
    isActive: false,
  },
  { userName: 'xuqiang', surname: '徐', name: '强', identity: 2, parent: 'chenjing', roles: ['Teacher'], title: '语文教师', createdDaysAgo: 42 },
  {
    userName: 'sunyan',
    surname: '孙',
    name: '燕',
    identity: 2,
    parent: 'chenjing',
    roles: ['Teacher', 'Editor'],
    title: '语文教师',
    createdDaysAgo: 40,
  },
  { userName: 'machao', surname: '马', name: '超', identity: 2, parent: 'yangfan', roles: ['Teacher'], title: '英语教师', createdDaysAgo: 38 },
  { userName: 'zhuting', surname: '朱', name: '婷', identity: 2, parent: 'yangfan', roles: ['Teacher'], title: '英语教师', createdDaysAgo: 36 },
  // 学生 (students, general members)
  { userName: 'huyuhang', surname: '胡', name: '宇航', identity: 1, parent: 'zhaolei', roles: ['Member'], title: '学生', createdDaysAgo: 33 },
  { userName: 'guozihan', surname: '郭', name: '子涵', identity: 1, parent: 'zhaolei', roles: ['Member'], title: '学生', createdDaysAgo: 31 },
  { userName: 'hexinyi', surname: '何', name: '欣怡', identity: 1, parent: 'huangli', roles: ['Member'], title: '学生', createdDaysAgo: 29 },
  { userName: 'gaozixuan', surname: '高', name: '梓萱', identity: 1, parent: 'huangli', roles: ['Member'], title: '学生', createdDaysAgo: 27 },
  { userName: 'linhaoran', surname: '林', name: '浩然', identity: 1, parent: 'zhoujie', roles: ['Member'], title: '学生', createdDaysAgo: 25 },
  {
    userName: 'luosiyuan',
    surname: '罗',
    name: '思远',
    identity: 1,
    parent: 'zhoujie',
    roles: ['Member'],
    title: '学生',
    createdDaysAgo: 23,
    isActive: false,
  },
  { userName: 'zhengyutong', surname: '郑', name: '雨桐', identity: 1, parent: 'wumin', roles: ['Member'], title: '学生', createdDaysAgo: 21 },
  { userName: 'liangjiayi', surname: '梁', name: '嘉怡', identity: 1, parent: 'xuqiang', roles: ['Member'], title: '学生', createdDaysAgo: 18 },
  { userName: 'xiejunjie', surname: '谢', name: '俊杰', identity: 1, parent: 'xuqiang', roles: ['Member'], title: '学生', createdDaysAgo: 16 },
  { userName: 'songjiaqi', surname: '宋', name: '佳琪', identity: 1, parent: 'sunyan', roles: ['Member'], title: '学生', createdDaysAgo: 14 },
  { userName: 'tangyiming', surname: '唐', name: '一鸣', identity: 1, parent: 'sunyan', roles: ['Member'], title: '学生', createdDaysAgo: 11 },
  { userName: 'xushihan', surname: '许', name: '诗涵', identity: 1, parent: 'machao', roles: ['Member'], title: '学生', createdDaysAgo: 9 },
  {
    userName: 'hanzixuan',
    surname: '韩',
    name: '子轩',
    identity: 1,
    parent: 'machao',
    roles: ['Member'],
    title: '学生',
    createdDaysAgo: 6,
    isActive: false,
  },
  { userName: 'fengyating', surname: '冯', name: '雅婷', identity: 1, parent: 'zhuting', roles: ['Member'], title: '学生', createdDaysAgo: 4 },
  { userName: 'dengbowen', surname: '邓', name: '博文', identity: 1, parent: 'zhuting', roles: ['Member'], title: '学生', createdDaysAgo: 2 },
];

export const HOST_LANGUAGES = [
  { name: 'zh-Hans', displayName: '简体中文', icon: 'famfamfam-flags cn' },
  { name: 'en', displayName: 'English', icon: 'famfamfam-flags gb' },
] as const;

export const APPLICATION_SETTINGS = [{ name: 'Abp.Localization.DefaultLanguageName', value: 'zh-Hans' }] as const;

export const BROWSERS = [
  'Chrome / 126.0 / Windows',
  'Edge / 125.0 / Windows',
  'Chrome / 124.0 / Mac OS X',
  'Safari / 17.4 / Mac OS X',
  'Firefox / 126.0 / Windows',
  'WeChat / 8.0 / Android',
  'Chrome Mobile / 125.0 / Android',
  'Mobile Safari / 17.5 / iOS',
] as const;

/** Common surnames and given names for bulk users (benchmarks). */
export const BULK_SURNAMES = [
  '王',
  '李',
  '张',
  '刘',
  '陈',
  '杨',
  '黄',
  '赵',
  '吴',
  '周',
  '徐',
  '孙',
  '马',
  '朱',
  '胡',
  '郭',
  '何',
  '高',
  '林',
  '罗',
] as const;
export const BULK_NAMES = [
  '伟',
  '芳',
  '娜',
  '敏',
  '静',
  '磊',
  '洋',
  '艳',
  '勇',
  '军',
  '杰',
  '娟',
  '涛',
  '明',
  '超',
  '秀英',
  '浩然',
  '子涵',
  '欣怡',
  '梓萱',
  '宇轩',
  '思远',
  '雨桐',
  '一鸣',
] as const;
