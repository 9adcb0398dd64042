import { resourceScreen } from '../../resources/index.ts';
import { articleResource } from './article.resource.tsx';

/** 文章 (/articles/article): all articles, or 我的及下级 (the caller's and their subordinates'). */
export default resourceScreen(articleResource, { variantTabs: ['mine'] });
