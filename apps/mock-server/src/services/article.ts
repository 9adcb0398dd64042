import { ArticleDto, ArticleListDto, ArticleService, CreateArticleInput, reviewables } from '@edu/sdk';
import type { z } from 'zod';
import { contentHandlers, pinFields, reviewFields, type ContentTableOf } from '../kit/content.ts';
import type { RequestContext } from '../kit/context.ts';
import { dtoMapper } from '../kit/dto.ts';
import { implement } from '../kit/register-service.ts';
import { reviewBinding } from '../kit/review.ts';

type In = z.output<typeof CreateArticleInput>;
const dto = dtoMapper(ArticleDto);

const articles = contentHandlers({
  reviewable: reviewables.article,
  input: CreateArticleInput,
  model: (ctx: RequestContext): ContentTableOf<'Article', In> => ctx.db.article,
  listDto: ArticleListDto,
  listFromColumns: true,
  richFields: ['content'],
  textFields: ['title', 'summary'],
  keywordColumns: ['title', 'summary', 'keywords', 'author'],
  keywordIndex: true,
  sortable: {
    id: 'id',
    title: 'title',
    creationTime: 'creationTime',
    viewCount: 'viewCount',
    auditStatus: 'auditStatus',
    isTop: 'isTop',
    topTime: 'topTime',
  },
  pinnable: (ctx) => ctx.db.article,
  toData: (i, rich) => ({ ...i, content: rich('content') ?? '' }),
  toDto: (r, l) => dto(r, { categoryName: l.category(r.categoryId), ...pinFields(r), ...reviewFields(r, l) }),
});

export const article = implement(
  ArticleService,
  { ...articles, AuditedArticle: articles.review, PlacedTopArticle: articles.pin },
  { reviews: [reviewBinding(reviewables.article, { model: (db) => db.article })] },
);
