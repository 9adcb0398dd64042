import type { ComponentType } from 'react';
import { Permissions } from '@edu/sdk';

/**
 * The route table of spec section 2, as data. Router, sidebar menu,
 * breadcrumbs, tabs, page titles and the error-403 guard all derive from it.
 *
 * A page's screen is `features/<group>/<child>-page.tsx` in kebab-case (default
 * export), e.g. `features/test-questions/test-question-census-page.tsx`. Screens are found
 * with `import.meta.glob`, so a route whose screen file does not exist yet has
 * `page: undefined` and stays out of the menu and the router: adding the file
 * (and nothing else) brings the route to life.
 */
export type PageModule = { default: ComponentType };
export type PageLoader = () => Promise<PageModule>;

export type IconName =
  | 'home'
  | 'setting'
  | 'member'
  | 'article'
  | 'resource'
  | 'question'
  | 'paper'
  | 'homework'
  | 'other'
  | 'user';

export interface NavPage {
  /** Unique route name (tabs, titles, the lock screen's saved page). */
  readonly name: string;
  /** Absolute path. */
  readonly path: string;
  /** i18n key of the title. */
  readonly titleKey: string;
  readonly permission?: string;
  readonly icon?: IconName;
  /** The screen, or undefined while it is not built. */
  readonly page?: PageLoader;
  /** Reachable by URL but never listed in the menu. */
  readonly hideInMenu?: boolean;
}

export interface NavGroup {
  readonly name: string;
  readonly path: string;
  readonly titleKey: string;
  readonly permission?: string;
  readonly icon: IconName;
  readonly children: readonly NavPage[];
}

const screens = import.meta.glob<PageModule>('./features/**/*-page.tsx');

/** The lazy loader of `features/<screen>.tsx`, or undefined when the file does not exist. */
export function screen(path: string): PageLoader | undefined {
  return screens[`./features/${path}.tsx`];
}

export const HOME_NAME = 'home_index';
export const LOGIN_NAME = 'login';
export const LOCKING_NAME = 'locking';
export const FORBIDDEN_NAME = 'error-403';
export const OWN_SPACE_NAME = 'ownspace_index';
/** Spec section 2: this page can never be opened from the menu. */
export const MENU_EXCLUDED: readonly string[] = ['accesstest_index'];

/** Routes outside the shell. */
export const publicPages = {
  login: { name: LOGIN_NAME, path: '/', titleKey: 'routes.login' },
  locking: { name: LOCKING_NAME, path: '/locking', titleKey: 'routes.locking' },
} as const satisfies Record<string, NavPage>;

/** Shell routes that are not menu groups. */
export const otherPages: readonly NavPage[] = [
  { name: FORBIDDEN_NAME, path: '/error-403', titleKey: 'routes.error-403', hideInMenu: true },
  { name: OWN_SPACE_NAME, path: '/own-space', titleKey: 'routes.ownspace_index', hideInMenu: true, icon: 'user' },
];

/** `testQuestions` -> `test-questions` (file names are kebab-case). */
export const kebab = (s: string) => s.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);

const g = (
  name: string,
  permission: string,
  icon: IconName,
  children: ReadonlyArray<[child: string, permission: string, screenPath?: string]>,
  path = `/${name}`,
): NavGroup => ({
  name,
  path,
  titleKey: `routes.${name}`,
  permission,
  icon,
  children: children.map(([child, perm, screenPath]) => ({
    name: child,
    path: `${path}/${child}`,
    titleKey: `routes.${child}`,
    permission: perm,
    page: screen(screenPath ?? `${kebab(name)}/${kebab(child)}-page`),
  })),
});

/** Spec section 2, group by group, child by child (order as in the spec). */
export const appGroups: readonly NavGroup[] = [
  {
    name: 'main',
    path: '/main',
    titleKey: 'routes.home_index',
    permission: Permissions.Pages,
    icon: 'home',
    children: [
      { name: HOME_NAME, path: '/main/home', titleKey: 'routes.home_index', permission: Permissions.Pages, icon: 'home', page: screen('main/home-page') },
    ],
  },
  g('setting', Permissions.Administration, 'setting', [
    ['manager', Permissions.Manages, 'setting/manager-page'],
    ['classificationType', Permissions.ClassificationTypes],
    ['multiCategory', Permissions.MultiLevelCategorys],
    ['keyword', Permissions.Dictionarys],
    ['chapterType', Permissions.ChapterTypes],
    ['advertising', Permissions.Administration],
    // Extension (not in spec section 2, asked for by the lead): the website's navigation menus, with a recycle bin.
    ['navigationMenu', Permissions.Administration],
  ]),
  g('member', Permissions.Members, 'member', [
    ['user', Permissions.MembersUsers],
    ['importuser', Permissions.MembersImportUsers],
    ['payment', Permissions.Administration],
    ['consumptions', Permissions.Administration],
    ['income', Permissions.Administration],
  ]),
  g('articles', Permissions.Articles, 'article', [
    ['article', Permissions.ArticlesArticle],
    ['auditArticle', Permissions.ArticlesAuditArticle],
    ['learningCourse', Permissions.ArticlesLearningCourse],
    ['learningUsCourse', Permissions.ArticlesUniversityCourse],
    ['auditLearning', Permissions.ArticlesLearningCourse],
    ['oneQuestionPerday', Permissions.ArticlesOneQuestionPerday],
  ]),
  g('resources', Permissions.Resources, 'resource', [
    ['resource', Permissions.ResourcesResource],
    ['hiresource', Permissions.ResourcesUniversity],
    ['auditResource', Permissions.ResourcesAuditResource],
  ]),
  g('testQuestions', Permissions.Questions, 'question', [
    ['testQuestion', Permissions.QuestionsTestQuestion],
    ['testQuestionUs', Permissions.QuestionsUniversityQuestion],
    ['testQuestionCensus', Permissions.QuestionsStatistical],
    ['testQuestionTeacher', Permissions.QuestionsTeachers],
  ]),
  g('testPapers', Permissions.TestPapers, 'paper', [
    ['testPaper', Permissions.TestPapersHand],
    ['testPaperUs', Permissions.TestPapersUniversityHand],
    ['randomPaper', Permissions.TestPapersRandom],
    ['randomPaperUs', Permissions.TestPapersUniversityRandom],
    ['auditedTestPaper', Permissions.Manages],
  ]),
  g('workPapers', Permissions.Homeworks, 'homework', [
    ['homeWork', Permissions.HomeworksHand],
    ['randomWork', Permissions.HomeworksRandom],
    ['auditedHomeWork', Permissions.Manages],
  ]),
  g('miscellaneous', Permissions.Others, 'other', [
    ['friendlyLink', Permissions.OthersFriendlyLink],
    ['siteMessage', Permissions.OthersSiteMessage],
    ['discuss', Permissions.OthersDiscuss],
    ['leaveMessage', Permissions.OthersLeaveMessage],
    ['questionnaire', Permissions.OthersQuestionnaire],
    ['answerquestion', Permissions.OthersAnswerquestion],
  ]),
];
