/**
 * The permission tree of spec sections 2 and 6, as one const. Route guards,
 * menus, the server's checks, `GetAll`'s `allPermissions`, the role editor's
 * tree and the authorization test matrix all derive from it.
 *
 * Display names are given in zh-Hans and en; the server localizes 403 messages
 * and the role tree from them. `hostOnly` marks permissions only host users can
 * hold (ABP's `MultiTenancySides.Host`).
 */
export interface PermissionNode {
  readonly name: string;
  readonly displayName: { readonly 'zh-Hans': string; readonly en: string };
  readonly hostOnly?: boolean;
  /** Not named by the spec; added where a service needed a permission of its own. */
  readonly inferred?: boolean;
  readonly children?: readonly PermissionNode[];
}

const p = (
  name: string,
  zh: string,
  en: string,
  children?: readonly PermissionNode[],
  extra: Pick<PermissionNode, 'hostOnly' | 'inferred'> = {},
): PermissionNode => ({ name, displayName: { 'zh-Hans': zh, en }, ...(children && { children }), ...extra });

export const permissionTree = [
  p('Pages', '页面', 'Pages', [
    p('Pages.Administration', '系统设置', 'System settings', [
      p('Pages.Administration.Manages', '管理员', 'Administrators'),
      p('Pages.Administration.Tenants', '租户管理', 'Tenants', undefined, { hostOnly: true, inferred: true }),
      p('Pages.Administration.ClassificationTypes', '分类类型', 'Classification types'),
      p('Pages.Administration.MultiLevelCategorys', '多级分类', 'Multi-level categories'),
      p('Pages.Administration.Dictionarys', '字典管理', 'Dictionaries'),
      p('Pages.Administration.ChapterTypes', '章节管理', 'Chapters'),
    ]),
    p('Pages.Members', '会员管理', 'Members', [
      p('Pages.Members.Users', '会员', 'Members'),
      p('Pages.Members.ImportUsers', '导入用户', 'Import users'),
    ]),
    p('Pages.Articles', '文章管理', 'Articles', [
      p('Pages.Articles.Article', '文章', 'Articles'),
      p('Pages.Articles.AuditArticle', '文章审核', 'Article review'),
      p('Pages.Articles.LearningCourse', '课程管理', 'Courses'),
      p('Pages.Articles.UniversityCourse', '大学课程', 'University courses'),
      p('Pages.Articles.AuditLearning', '课程审核', 'Course review', undefined, { inferred: true }),
      p('Pages.Articles.OneQuestionPerday', '每日一题', 'Daily question'),
      p('Pages.Articles.AuditOneQuestionPerday', '每日一题审核', 'Daily question review', undefined, { inferred: true }),
    ]),
    p('Pages.Resources', '资源管理', 'Resources', [
      p('Pages.Resources.Resource', '资源', 'Resources'),
      p('Pages.Resources.University', '大学资源', 'University resources'),
      p('Pages.Resources.AuditResource', '资源审核', 'Resource review'),
    ]),
    p('Pages.Questions', '题库管理', 'Question bank', [
      p('Pages.Questions.TestQuestion', '试题', 'Test questions'),
      p('Pages.Questions.UniversityQuestion', '大学试题', 'University questions'),
      p('Pages.Questions.Statistical', '试题统计', 'Question statistics'),
      p('Pages.Questions.Teachers', '教师试题', 'Teacher questions'),
    ]),
    p('Pages.TestPapers', '试卷管理', 'Test papers', [
      p('Pages.TestPapers.Hand', '手动组卷', 'Manual papers'),
      p('Pages.TestPapers.UniversityHand', '大学手动组卷', 'University manual papers'),
      p('Pages.TestPapers.Random', '随机组卷', 'Random papers'),
      p('Pages.TestPapers.UniversityRandom', '大学随机组卷', 'University random papers'),
    ]),
    p('Pages.Homeworks', '作业管理', 'Homework', [
      p('Pages.Homeworks.Hand', '手动作业', 'Manual homework'),
      p('Pages.Homeworks.Random', '随机作业', 'Random homework'),
    ]),
    p('Pages.Others', '其他管理', 'Others', [
      p('Pages.Others.FriendlyLink', '友情链接', 'Friend links'),
      p('Pages.Others.SiteMessage', '网站消息', 'Website messages'),
      p('Pages.Others.Discuss', '会员评论', 'Member comments'),
      p('Pages.Others.LeaveMessage', '互动留言', 'Mutual messages'),
      p('Pages.Others.Questionnaire', '问卷调查', 'Questionnaires'),
      p('Pages.Others.Answerquestion', '在线问答', 'Online Q&A'),
    ]),
  ]),
] as const satisfies readonly PermissionNode[];

/** Every node of the tree, depth first, with its parent's name. */
export function flattenPermissions(
  nodes: readonly PermissionNode[] = permissionTree,
  parent: string | null = null,
): Array<PermissionNode & { parent: string | null }> {
  return nodes.flatMap((n) => [{ ...n, parent }, ...flattenPermissions(n.children ?? [], n.name)]);
}

export const allPermissionNames: readonly string[] = flattenPermissions().map((n) => n.name);

/** The permissions that exist on a side: the host (null) has all; a tenant all but the host-only ones. */
export function permissionsOfSide(tenantId: number | null): string[] {
  return flattenPermissions()
    .filter((n) => tenantId === null || !n.hostOnly)
    .map((n) => n.name);
}

/** The permission names, as constants: `Permissions.ArticlesArticle === 'Pages.Articles.Article'`. */
export const Permissions = {
  Pages: 'Pages',
  Administration: 'Pages.Administration',
  Manages: 'Pages.Administration.Manages',
  Tenants: 'Pages.Administration.Tenants',
  ClassificationTypes: 'Pages.Administration.ClassificationTypes',
  MultiLevelCategorys: 'Pages.Administration.MultiLevelCategorys',
  Dictionarys: 'Pages.Administration.Dictionarys',
  ChapterTypes: 'Pages.Administration.ChapterTypes',
  Members: 'Pages.Members',
  MembersUsers: 'Pages.Members.Users',
  MembersImportUsers: 'Pages.Members.ImportUsers',
  Articles: 'Pages.Articles',
  ArticlesArticle: 'Pages.Articles.Article',
  ArticlesAuditArticle: 'Pages.Articles.AuditArticle',
  ArticlesLearningCourse: 'Pages.Articles.LearningCourse',
  ArticlesUniversityCourse: 'Pages.Articles.UniversityCourse',
  ArticlesAuditLearning: 'Pages.Articles.AuditLearning',
  ArticlesOneQuestionPerday: 'Pages.Articles.OneQuestionPerday',
  ArticlesAuditOneQuestionPerday: 'Pages.Articles.AuditOneQuestionPerday',
  Resources: 'Pages.Resources',
  ResourcesResource: 'Pages.Resources.Resource',
  ResourcesUniversity: 'Pages.Resources.University',
  ResourcesAuditResource: 'Pages.Resources.AuditResource',
  Questions: 'Pages.Questions',
  QuestionsTestQuestion: 'Pages.Questions.TestQuestion',
  QuestionsUniversityQuestion: 'Pages.Questions.UniversityQuestion',
  QuestionsStatistical: 'Pages.Questions.Statistical',
  QuestionsTeachers: 'Pages.Questions.Teachers',
  TestPapers: 'Pages.TestPapers',
  TestPapersHand: 'Pages.TestPapers.Hand',
  TestPapersUniversityHand: 'Pages.TestPapers.UniversityHand',
  TestPapersRandom: 'Pages.TestPapers.Random',
  TestPapersUniversityRandom: 'Pages.TestPapers.UniversityRandom',
  Homeworks: 'Pages.Homeworks',
  HomeworksHand: 'Pages.Homeworks.Hand',
  HomeworksRandom: 'Pages.Homeworks.Random',
  Others: 'Pages.Others',
  OthersFriendlyLink: 'Pages.Others.FriendlyLink',
  OthersSiteMessage: 'Pages.Others.SiteMessage',
  OthersDiscuss: 'Pages.Others.Discuss',
  OthersLeaveMessage: 'Pages.Others.LeaveMessage',
  OthersQuestionnaire: 'Pages.Others.Questionnaire',
  OthersAnswerquestion: 'Pages.Others.Answerquestion',
} as const;

export type PermissionName = (typeof Permissions)[keyof typeof Permissions];
