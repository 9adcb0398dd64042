import { resourceScreen } from '../../resources/index.ts';
import { oneQuestionPerdayResource } from './one-question-perday.resource.tsx';

/** 每日一题 (/articles/oneQuestionPerday): all, 我的及下级, and 待审核 for reviewers; review in place. */
export default resourceScreen(oneQuestionPerdayResource, { variantTabs: ['mine', 'moderated'] });
