import type { ComponentType } from 'react';
import { Permissions, reviewInboxAccess } from '@edu/sdk';
import type { AnyResource } from './resources/types.ts';

/**
 * The route table of spec section 2, as data. Router, sidebar menu,
 * breadcrumbs, tabs, page titles and the error-403 guard all derive from it.
 *
 * A route's screen is either a resource list named in the table or declared
 * by its feature in a `*.route.ts` file (`RouteDescriptor`: a lazy import of
 * the resource, an optional variant and variant tabs: no page file), or a
 * hand-written screen `features/<group>/<child>-page.tsx` in kebab-case (default
 * export), e.g. `features/test-questions/test-question-census-page.tsx`. Those are
 * found with `import.meta.glob`, so a route whose screen file does not exist yet
 * has `page: undefined` and stays out of the menu and the router: adding the
 * file (and nothing else) brings the route to life.
 */
export type PageModule = { default: ComponentType };
export type PageLoader = () => Promise<PageModule>;

export type IconName = 'home' | 'setting' | 'member' | 'article' | 'resource' | 'question' | 'paper' | 'homework' | 'other' | 'user' | 'inbox';

/** Who may open a route: one permission, or any one of a list (a screen that serves several permissions, e.g. the review inbox). */
export type NavPermission = string | readonly string[];

/** Whether `granted` admits a route's permission rule (none: everyone signed in; a list: any one of it). */
export function allowedBy(granted: (permission: string) => boolean, permission: NavPermission | undefined): boolean {
  if (permission === undefined) return true;
  return typeof permission === 'string' ? granted(permission) : permission.some((p) => granted(p));
}

export interface NavPage {
  /** Unique route name (tabs, titles, the lock screen's saved page). */
  readonly name: string;
  /** Absolute path. */
  readonly path: string;
  /** i18n key of the title. */
  readonly titleKey: string;
  readonly permission?: NavPermission;
  readonly icon?: IconName;
  /** The screen, or undefined while it is not built. */
  readonly page?: PageLoader;
  /** Reachable by URL but never listed in the menu. */
  readonly hideInMenu?: boolean;
  /** The resource list the screen shows, when it is one (the permission preview reads its buttons). */
  readonly resource?: ResourceRoute;
}

export interface NavGroup {
  readonly name: string;
  readonly path: string;
  readonly titleKey: string;
  readonly permission?: NavPermission;
  readonly icon: IconName;
  readonly children: readonly NavPage[];
}

const screens = import.meta.glob<PageModule>('./features/**/*-page.tsx');

/** The lazy loader of `features/<screen>.tsx`, or undefined when the file does not exist. */
export function screen(path: string): PageLoader | undefined {
  return screens[`./features/${path}.tsx`];
}

/**
 * A route whose screen is one resource list: `resource` loads the resource
 * lazily (its module lands in the route's own chunk), `variant` picks a declared
 * variant, `tabs` offers declared variants as tabs beside the title.
 */
export interface ResourceRoute {
  readonly resource: () => Promise<AnyResource>;
  readonly variant?: string;
  readonly tabs?: readonly string[];
}

/**
 * The lazy screen of a resource route: the list mechanism and the resource,
 * loaded together. A variant's screen is titled as its route (文章审核).
 */
export function resourcePage(route: ResourceRoute, titleKey?: string): PageLoader {
  return async () => {
    const [{ resourceScreen }, base] = await Promise.all([import('./resources/screen.tsx'), route.resource()]);
    const resource = route.variant ? base.variant(route.variant, titleKey ? { titleKey } : undefined) : base;
    return { default: resourceScreen(resource, { variantTabs: route.tabs }) };
  };
}

// The resource modules, each imported lazily by the routes that show it.
const articles = () => import('./features/articles/article.resource.tsx').then((m) => m.articleResource);
const courses = () => import('./features/articles/learning-course.resource.tsx').then((m) => m.learningCourseResource);
const resources = () => import('./features/resources/resource.resource.tsx').then((m) => m.resourceResource);
const questions = () => import('./features/questions/test-question.resource.tsx').then((m) => m.testQuestionResource);
const teacherQuestions = () => import('./features/questions/test-question.resource.tsx').then((m) => m.teacherQuestionResource);
const papers = () => import('./features/papers/test-paper.resource.tsx').then((m) => m.testPaperResource);

export const HOME_NAME = 'home_index';
export const FORBIDDEN_NAME = 'error-403';
/** Shown for any path that is not a built screen (never a tab, never in the menu). */
export const NOT_FOUND_NAME = 'error-404';
export const OWN_SPACE_NAME = 'ownspace_index';
/** Spec section 2: this page can never be opened from the menu. */
export const MENU_EXCLUDED: readonly string[] = ['accesstest_index'];

// Routes outside the shell: their own module, so the login page can name itself without the route table.
export { LOCKING_NAME, LOGIN_NAME, publicPages } from './public-pages.ts';

/** Shell routes that are not menu groups. */
export const otherPages: readonly NavPage[] = [
  { name: FORBIDDEN_NAME, path: '/error-403', titleKey: 'routes.error-403', hideInMenu: true },
  { name: OWN_SPACE_NAME, path: '/own-space', titleKey: 'routes.ownspace_index', hideInMenu: true, icon: 'user' },
];

/** `testQuestions` -> `test-questions` (file names are kebab-case). */
export const kebab = (s: string) => s.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);

/** A child's screen: a resource route, or the path of a hand-written screen under `features/` (default: by name). */
type ChildScreen = string | ResourceRoute;

/**
 * A route a feature declares beside its resource, in `features/<group>/<name>.route.ts`
 * (export `routes`): navigation collects every such file (`import.meta.glob`,
 * eager: a descriptor is a few lines; the resource it names still loads lazily,
 * in the route's own chunk) and adds each to its group, after the child named
 * by `after` or last. A new resource screen needs no edit here.
 */
export interface RouteDescriptor extends ResourceRoute {
  /** The menu group (`articles`, `miscellaneous`, ...). */
  readonly group: string;
  /** The route's name: its path under the group, its title (`routes.<name>`, else the entity's name `entities.<name>`). */
  readonly name: string;
  readonly permission: NavPermission;
  /** The child of the group it follows in the menu; last when absent. */
  readonly after?: string;
}

const declaredRoutes: readonly RouteDescriptor[] = Object.values(
  import.meta.glob<readonly RouteDescriptor[]>('./features/**/*.route.ts', { eager: true, import: 'routes' }),
).flat();

/** The children of a group: those of the table, with the routes features declare for it put in place. */
function withDeclaredRoutes(group: string, children: ReadonlyArray<[child: string, permission: NavPermission, screen?: ChildScreen]>) {
  const out = [...children];
  for (const { group: of, name, permission, after, ...target } of declaredRoutes) {
    if (of !== group) continue;
    const at = after === undefined ? -1 : out.findIndex(([child]) => child === after);
    out.splice(at === -1 ? out.length : at + 1, 0, [name, permission, target]);
  }
  return out;
}

const g = (
  name: string,
  permission: NavPermission,
  icon: IconName,
  children: ReadonlyArray<[child: string, permission: NavPermission, screen?: ChildScreen]>,
  path = `/${name}`,
): NavGroup => ({
  name,
  path,
  titleKey: `routes.${name}`,
  permission,
  icon,
  children: withDeclaredRoutes(name, children).map(([child, perm, target]) => ({
    name: child,
    path: `${path}/${child}`,
    titleKey: `routes.${child}`,
    permission: perm,
    page: typeof target === 'object' ? resourcePage(target, `routes.${child}`) : screen(target ?? `${kebab(name)}/${kebab(child)}-page`),
    ...(typeof target === 'object' && { resource: target }),
  })),
});

/**
 * A page of a group reached from its lists, never from the menu: its path
 * carries parameters (`/testPapers/:list/:id/assemble`), it opens as a tab of
 * its own and survives a reload like any route.
 */
const detailPage = (group: string, name: string, route: string, permission: NavPermission, file: string): NavPage => ({
  name,
  path: `/${group}/${route}`,
  titleKey: `routes.${name}`,
  permission,
  hideInMenu: true,
  page: screen(file),
});

const withDetails = (group: NavGroup, ...pages: NavPage[]): NavGroup => ({ ...group, children: [...group.children, ...pages] });

/** Spec section 2, group by group, child by child (order as in the spec). */
export const appGroups: readonly NavGroup[] = [
  {
    name: 'main',
    path: '/main',
    titleKey: 'routes.home_index',
    permission: Permissions.Pages,
    icon: 'home',
    children: [
      {
        name: HOME_NAME,
        path: '/main/home',
        titleKey: 'routes.home_index',
        permission: Permissions.Pages,
        icon: 'home',
        page: screen('main/home-page'),
      },
    ],
  },
  // Extension (not in spec section 2): the review inbox (审核中心), for anyone who may decide a step of some review flow (derived from the registry).
  g('review', reviewInboxAccess, 'inbox', [['reviewInbox', reviewInboxAccess, 'inbox/review-inbox-page']]),
  g('setting', Permissions.Administration, 'setting', [
    ['manager', Permissions.Manages, 'setting/manager-page'],
    [
      'classificationType',
      Permissions.ClassificationTypes,
      { resource: () => import('./features/setting/classification-type.resource.tsx').then((m) => m.classificationTypeResource) },
    ],
    ['multiCategory', Permissions.MultiLevelCategorys],
    ['keyword', Permissions.Dictionarys, { resource: () => import('./features/setting/keyword.resource.tsx').then((m) => m.keywordResource) }],
    [
      'chapterType',
      Permissions.ChapterTypes,
      { resource: () => import('./features/setting/chapter-type.resource.tsx').then((m) => m.chapterTypeResource) },
    ],
    [
      'advertising',
      Permissions.Administration,
      { resource: () => import('./features/setting/advertising.resource.tsx').then((m) => m.advertisingResource) },
    ],
    // Extension (not in spec section 2, asked for by the lead): the website's navigation menus, with a recycle bin.
    [
      'navigationMenu',
      Permissions.Administration,
      {
        resource: () => import('./features/setting/navigation-menu.resource.tsx').then((m) => m.navigationMenuResource),
        tabs: ['recycleBin'],
      },
    ],
    // Extension (not in spec section 2): ASP.NET Zero's audit logs and sign-in attempts.
    ['auditLogs', Permissions.AuditLogs, 'audit/audit-logs-page'],
  ]),
  g('member', Permissions.Members, 'member', [
    ['user', Permissions.MembersUsers, { resource: () => import('./features/members/member.resource.tsx').then((m) => m.memberResource) }],
    ['importuser', Permissions.MembersImportUsers, 'members/importuser-page'],
    ['payment', Permissions.Administration, 'members/payment-page'],
    ['consumptions', Permissions.Administration, 'members/consumptions-page'],
    ['income', Permissions.Administration, 'members/income-page'],
  ]),
  g('articles', Permissions.Articles, 'article', [
    ['article', Permissions.ArticlesArticle, { resource: articles, tabs: ['mine'] }],
    ['auditArticle', Permissions.ArticlesAuditArticle, { resource: articles, variant: 'moderated' }],
    ['learningCourse', Permissions.ArticlesLearningCourse, { resource: courses, tabs: ['mine'] }],
    ['learningUsCourse', Permissions.ArticlesUniversityCourse, { resource: courses, variant: 'university', tabs: ['mine'] }],
    ['auditLearning', Permissions.ArticlesLearningCourse, { resource: courses, variant: 'moderated' }],
  ]),
  g('resources', Permissions.Resources, 'resource', [
    ['resource', Permissions.ResourcesResource, { resource: resources }],
    ['hiresource', Permissions.ResourcesUniversity, { resource: resources, variant: 'university' }],
    ['auditResource', Permissions.ResourcesAuditResource, { resource: resources, variant: 'moderated' }],
  ]),
  g('testQuestions', Permissions.Questions, 'question', [
    ['testQuestion', Permissions.QuestionsTestQuestion, { resource: questions }],
    ['testQuestionUs', Permissions.QuestionsUniversityQuestion, { resource: questions, variant: 'university' }],
    ['testQuestionCensus', Permissions.QuestionsStatistical, 'questions/census-page'],
    ['testQuestionTeacher', Permissions.QuestionsTeachers, { resource: teacherQuestions, tabs: ['queue', 'rejected'] }],
  ]),
  withDetails(
    g('testPapers', Permissions.TestPapers, 'paper', [
      ['testPaper', Permissions.TestPapersHand, { resource: papers, variant: 'manual' }],
      ['testPaperUs', Permissions.TestPapersUniversityHand, { resource: papers, variant: 'university' }],
      ['randomPaper', Permissions.TestPapersRandom, { resource: papers, variant: 'random' }],
      ['randomPaperUs', Permissions.TestPapersUniversityRandom, { resource: papers, variant: 'randomUs' }],
      ['auditedTestPaper', Permissions.Manages, { resource: papers, variant: 'moderated' }],
    ]),
    // Extension: the assembly workbench as a page, under the list it was opened from (`new` for a paper not saved yet).
    detailPage(
      'testPapers',
      'paperAssemble',
      ':list/:id/assemble',
      [Permissions.TestPapersHand, Permissions.TestPapersUniversityHand, Permissions.TestPapersRandom, Permissions.TestPapersUniversityRandom],
      'papers/paper-assemble-page',
    ),
  ),
  withDetails(
    g('workPapers', Permissions.Homeworks, 'homework', [
      ['homeWork', Permissions.HomeworksHand, { resource: papers, variant: 'homework' }],
      ['randomWork', Permissions.HomeworksRandom, { resource: papers, variant: 'randomWork' }],
      ['auditedHomeWork', Permissions.Manages, { resource: papers, variant: 'moderatedWork' }],
    ]),
    detailPage(
      'workPapers',
      'homeworkAssemble',
      ':list/:id/assemble',
      [Permissions.HomeworksHand, Permissions.HomeworksRandom],
      'papers/paper-assemble-page',
    ),
  ),
  g('miscellaneous', Permissions.Others, 'other', [
    [
      'friendlyLink',
      Permissions.OthersFriendlyLink,
      { resource: () => import('./features/miscellaneous/friend-link.resource.tsx').then((m) => m.friendLinkResource) },
    ],
    [
      'siteMessage',
      Permissions.OthersSiteMessage,
      { resource: () => import('./features/community/site-message/site-message.resource.tsx').then((m) => m.siteMessageResource) },
    ],
    [
      'discuss',
      Permissions.OthersDiscuss,
      { resource: () => import('./features/community/discuss/discuss.resource.tsx').then((m) => m.discussResource), tabs: ['moderated'] },
    ],
    [
      'leaveMessage',
      Permissions.OthersLeaveMessage,
      {
        resource: () => import('./features/community/leave-message/leave-message.resource.tsx').then((m) => m.leaveMessageResource),
        tabs: ['moderated'],
      },
    ],
    [
      'questionnaire',
      Permissions.OthersQuestionnaire,
      { resource: () => import('./features/community/questionnaire/questionnaire.resource.tsx').then((m) => m.questionnaireResource) },
    ],
    [
      'answerquestion',
      Permissions.OthersAnswerquestion,
      { resource: () => import('./features/community/answer-question/answer-question.resource.tsx').then((m) => m.questionOfAskResource) },
    ],
  ]),
];
