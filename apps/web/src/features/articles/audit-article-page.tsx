import { resourceScreen } from '../../resources/index.ts';
import { articleResource } from './article.resource.tsx';

/** 文章审核 (/articles/auditArticle): the articles awaiting review, with 预览, 审核通过 and 驳回. */
export default resourceScreen(articleResource.variant('moderated'));
