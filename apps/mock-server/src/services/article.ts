import { ArticleService, reviewables, type ArticleDto } from '@edu/sdk';
import { contentHandlers, pinFields, reviewFields, type ContentRow } from '../kit/content.ts';
import { implement } from '../kit/register-service.ts';

type ArticleRow = ContentRow & {
  categoryId: number;
  summary: string | null;
  content: string;
  coverImageUrl: string | null;
  author: string | null;
  source: string | null;
  keywords: string | null;
  viewCount: number;
};

const articles = contentHandlers<ArticleRow, ArticleDto, { title: string; categoryId: number; summary?: string | null; content: string }>({
  reviewable: reviewables.article,
  model: (ctx) => ctx.db.article as never,
  richFields: ['content'],
  textFields: ['title', 'summary'],
  keywordColumns: ['title', 'summary', 'keywords', 'author'],
  sortable: { id: 'id', title: 'title', creationTime: 'creationTime', viewCount: 'viewCount', auditStatus: 'auditStatus', isTop: 'isTop', topTime: 'topTime' },
  pinnable: true,
  toData: (i) => i,
  toDto: (r, l) => ({
    id: r.id,
    title: r.title,
    categoryId: r.categoryId,
    categoryName: l.category(r.categoryId),
    summary: r.summary,
    content: r.content,
    coverImageUrl: r.coverImageUrl,
    author: r.author,
    source: r.source,
    keywords: r.keywords,
    viewCount: r.viewCount,
    ...pinFields(r),
    ...reviewFields(r, l),
  }),
});

export const article = implement(ArticleService, { ...articles, AuditedArticle: articles.review, PlacedTopArticle: articles.pin });
