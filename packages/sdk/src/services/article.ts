import { z } from 'zod';
import { AuditInput, AuthorDto, ContentQuery, PinDto, PinInput, ReviewDto, WebUrl, scopedLists } from '../core/content.ts';
import { defineService } from '../core/define-service.ts';
import { crud, listDto } from '../core/schemas.ts';
import { declarePermissions, permission, withPermissions } from '../core/permission.ts';
import { reviewable, singleStepFlow } from '../core/review.ts';
import { ClassType } from './classification-type.ts';

/**
 * An article (文章) in a category of class type 1. `content` is rich text
 * (HTML), sanitized on the server: scripts, event handlers and `javascript:`
 * URLs never survive a save. Reviewable and pinnable.
 */
export const ArticleDto = z
  .object({
    id: z.number().int(),
    title: z.string(),
    categoryId: z.number().int(),
    categoryName: z.string().nullable(),
    summary: z.string().nullable(),
    content: z.string(),
    coverImageUrl: z.string().nullable(),
    author: z.string().nullable(),
    source: z.string().nullable(),
    /** Comma-separated. */
    keywords: z.string().nullable(),
    viewCount: z.number().int(),
  })
  .extend(PinDto.shape)
  .extend(ReviewDto.shape)
  .extend(AuthorDto.shape);
export type ArticleDto = z.infer<typeof ArticleDto>;
/** A row of the article lists: no `content` (the body, up to 200 kB); Get returns it. */
export const ArticleListDto = listDto(ArticleDto, { content: true });
export type ArticleListDto = z.infer<typeof ArticleListDto>;

export const CreateArticleInput = z.object({
  title: z.string().trim().min(1).max(200),
  categoryId: z.number().int().min(1),
  summary: z.string().trim().max(500).nullish(),
  content: z.string().min(1).max(200_000),
  coverImageUrl: WebUrl.nullish(),
  author: z.string().trim().max(64).nullish(),
  source: z.string().trim().max(128).nullish(),
  keywords: z.string().trim().max(200).nullish(),
});
export const UpdateArticleInput = CreateArticleInput.extend({ id: z.number().int().min(1) });

/** The articles' permissions (the permission tree collects them from this service). */
export const ArticlePermissions = declarePermissions({
  Articles: {
    Article: permission('文章', 'Articles'),
    AuditArticle: permission('文章审核', 'Article review', { reviews: true }),
  },
});
const P = ArticlePermissions;
export const ArticleService = reviewable(
  withPermissions(
    defineService(
      'Article',
      {
        ...crud({ dto: ArticleDto, list: ArticleListDto, create: CreateArticleInput, update: UpdateArticleInput, query: ContentQuery }),
        ...scopedLists(ArticleListDto, ContentQuery, { mine: P.ArticlesArticle, moderated: P.ArticlesAuditArticle }),
        /** Approve or reject; the author is notified in real time. */
        AuditedArticle: { input: AuditInput, output: ArticleDto, access: P.ArticlesAuditArticle },
        /** Pin or unpin: pinned articles list first, newest pin first. */
        PlacedTopArticle: { input: PinInput, output: ArticleDto },
      },
      { access: P.ArticlesArticle },
    ),
    ArticlePermissions,
  ),
  {
    /** Articles: one step by `Pages.Articles.AuditArticle`. */
    article: {
      reviewEndpoint: 'AuditedArticle',
      moderatedList: 'GetAllModerated',
      flow: singleStepFlow('AuditArticleFlow', P.ArticlesAuditArticle),
      classTypeId: ClassType.Article,
      displayName: { 'zh-Hans': '文章', en: 'article' },
      countText: { 'zh-Hans': '{0} 篇文章', en: '{0} article(s)' },
      title: { 'zh-Hans': '文章', en: 'Articles' },
    },
  },
);
