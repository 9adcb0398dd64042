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
  /** Decides a step of some review flow: its holders may open the review inbox (`reviewInboxAccess`). */
  readonly reviews?: boolean;
  readonly children?: readonly PermissionNode[];
}

type NodeExtra = Pick<PermissionNode, 'hostOnly' | 'inferred' | 'reviews'>;

/** A node keeping its name and its children's as literal types (so `Permissions` derives from the tree). */
type Node<N extends string, C extends readonly PermissionNode[]> = Omit<PermissionNode, 'name' | 'children'> & {
  readonly name: N;
  readonly children?: C;
};

function p<const N extends string, const C extends readonly PermissionNode[] = readonly []>(
  name: N,
  zh: string,
  en: string,
  children?: C,
  extra: NodeExtra = {},
): Node<N, C> {
  return { name, displayName: { 'zh-Hans': zh, en }, ...(children && { children }), ...extra };
}

export const permissionTree = [
  p('Pages', '页面', 'Pages', [
    p('Pages.Administration', '系统设置', 'System settings', [
      p('Pages.Administration.Manages', '管理员', 'Administrators', undefined, { reviews: true }),
      // ASP.NET Zero's (named under Users, as Zero's): sign in as a user of one's tenant (the host: of any tenant), see Account/Impersonate.
      p('Pages.Administration.Users.Impersonation', '模拟登录', 'Impersonation', undefined, { inferred: true }),
      p('Pages.Administration.Tenants', '租户管理', 'Tenants', undefined, { hostOnly: true, inferred: true }),
      p('Pages.Administration.ClassificationTypes', '分类类型', 'Classification types'),
      p('Pages.Administration.MultiLevelCategorys', '多级分类', 'Multi-level categories'),
      p('Pages.Administration.Dictionarys', '字典管理', 'Dictionaries'),
      p('Pages.Administration.ChapterTypes', '章节管理', 'Chapters'),
      p('Pages.Administration.AuditLogs', '审计日志', 'Audit logs', undefined, { inferred: true }),
    ]),
    p('Pages.Members', '会员管理', 'Members', [
      p('Pages.Members.Users', '会员', 'Members'),
      p('Pages.Members.ImportUsers', '导入用户', 'Import users'),
    ]),
    p('Pages.Articles', '文章管理', 'Articles', [
      p('Pages.Articles.Article', '文章', 'Articles'),
      p('Pages.Articles.AuditArticle', '文章审核', 'Article review', undefined, { reviews: true }),
      p('Pages.Articles.LearningCourse', '课程管理', 'Courses'),
      p('Pages.Articles.UniversityCourse', '大学课程', 'University courses'),
      p('Pages.Articles.AuditLearning', '课程审核', 'Course review', undefined, { inferred: true, reviews: true }),
      p('Pages.Articles.OneQuestionPerday', '每日一题', 'Daily question'),
      p('Pages.Articles.AuditOneQuestionPerday', '每日一题审核', 'Daily question review', undefined, { inferred: true, reviews: true }),
    ]),
    p('Pages.Resources', '资源管理', 'Resources', [
      p('Pages.Resources.Resource', '资源', 'Resources'),
      p('Pages.Resources.University', '大学资源', 'University resources'),
      p('Pages.Resources.AuditResource', '资源审核', 'Resource review', undefined, { reviews: true }),
    ]),
    p('Pages.Questions', '题库管理', 'Question bank', [
      p('Pages.Questions.TestQuestion', '试题', 'Test questions', undefined, { reviews: true }),
      p('Pages.Questions.UniversityQuestion', '大学试题', 'University questions'),
      p('Pages.Questions.Statistical', '试题统计', 'Question statistics'),
      p('Pages.Questions.Teachers', '教师试题', 'Teacher questions', undefined, { reviews: true }),
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
      p('Pages.Others.Discuss', '会员评论', 'Member comments', undefined, { reviews: true }),
      p('Pages.Others.LeaveMessage', '互动留言', 'Mutual messages', undefined, { reviews: true }),
      p('Pages.Others.Questionnaire', '问卷调查', 'Questionnaires', undefined, { reviews: true }),
      p('Pages.Others.Answerquestion', '在线问答', 'Online Q&A', undefined, { reviews: true }),
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

/** The nodes one level below `X`. */
type ChildrenOf<X> = X extends { readonly children?: infer C extends readonly unknown[] } ? C[number] : never;
type Level1 = (typeof permissionTree)[number];
type Level2 = ChildrenOf<Level1>;
type Level3 = ChildrenOf<Level2>;

/** A dotted name's parts joined (`Users.Impersonation` -> `UsersImpersonation`). */
type Undotted<S extends string> = S extends `${infer A}.${infer B}` ? `${A}${Undotted<B>}` : S;

/**
 * The constant's key of a permission name: `Pages.` dropped, the group and the
 * leaf joined (`Pages.Articles.Article` -> `ArticlesArticle`), except under
 * `Pages.Administration`, whose leaves are named alone (`Manages`).
 */
type ConstantKey<N extends string> = N extends `Pages.Administration.${infer L}`
  ? Undotted<L>
  : N extends `Pages.${infer G}.${infer L}`
    ? `${G}${L}`
    : N extends `Pages.${infer G}`
      ? G
      : N;

/** Every permission name of the tree (three levels: `Pages`, its groups, their leaves). */
export type PermissionName = (Level1 | Level2 | Level3)['name'];

function constantKey(name: string): string {
  const parts = name.split('.');
  if (parts.length === 1) return name;
  if (parts[1] === 'Administration' && parts.length > 2) return parts.slice(2).join('');
  return parts.slice(1).join('');
}

/**
 * The permission names, as constants derived from the tree (each name is
 * written once, there): `Permissions.ArticlesArticle === 'Pages.Articles.Article'`.
 */
export const Permissions = Object.freeze(Object.fromEntries(allPermissionNames.map((n) => [constantKey(n), n]))) as {
  readonly [N in PermissionName as ConstantKey<N>]: N;
};

/**
 * Every permission that decides a step of some review flow (nodes marked
 * `reviews`): who may open the review inbox (any one of them). Zod-free, so
 * the web's navigation reads it before sign-in; a test checks it is exactly
 * the permissions of the registry's flows.
 */
export const reviewInboxAccess: readonly string[] = flattenPermissions()
  .filter((n) => n.reviews)
  .map((n) => n.name);
