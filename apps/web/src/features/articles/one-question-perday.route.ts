import { Permissions } from '@edu/sdk';
import type { RouteDescriptor } from '../../navigation.ts';

/** 每日一题, last under 文章管理: the list, with the author's own and the reviewers' queue as tabs. */
export const routes: readonly RouteDescriptor[] = [
  {
    group: 'articles',
    name: 'oneQuestionPerday',
    permission: Permissions.ArticlesOneQuestionPerday,
    resource: () => import('./one-question-perday.resource.tsx').then((m) => m.oneQuestionPerdayResource),
    tabs: ['mine', 'moderated'],
  },
];
