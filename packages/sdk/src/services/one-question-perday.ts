import { z } from 'zod';
import { AuditInput, AuthorDto, ContentQuery, ReviewDto, scopedLists } from '../core/content.ts';
import { defineService } from '../core/define-service.ts';
import { AbpDateInput, AbpDateTime, crud, listDto } from '../core/schemas.ts';
import { declarePermissions, permission, withPermissions } from '../core/permission.ts';
import { reviewable, singleStepFlow } from '../core/review.ts';
import { ClassType } from './classification-type.ts';

/**
 * The daily question (每日一题): a question stem (sanitized rich text), its
 * answer and analysis, published on a calendar day (UTC+8), optionally in a
 * question category (class type 3). Reviewable; approving needs the inferred
 * `Pages.Articles.AuditOneQuestionPerday`.
 */
export const OneQuestionPerdayDto = z
  .object({
    id: z.number().int(),
    title: z.string(),
    categoryId: z.number().int().nullable(),
    categoryName: z.string().nullable(),
    content: z.string(),
    answer: z.string(),
    analysis: z.string().nullable(),
    /** Midnight UTC+8 of the publishing day, as UTC. */
    publishDate: AbpDateTime,
  })
  .extend(ReviewDto.shape)
  .extend(AuthorDto.shape);
export type OneQuestionPerdayDto = z.infer<typeof OneQuestionPerdayDto>;
/** A row of the daily-question lists: no `content` (the stem, rich text) and no `analysis`; Get returns them. */
export const OneQuestionPerdayListDto = listDto(OneQuestionPerdayDto, { content: true, analysis: true });
export type OneQuestionPerdayListDto = z.infer<typeof OneQuestionPerdayListDto>;

export const CreateOneQuestionPerdayInput = z.object({
  title: z.string().trim().min(1).max(200),
  categoryId: z.number().int().min(1).nullish(),
  content: z.string().min(1).max(50_000),
  answer: z.string().trim().min(1).max(5000),
  analysis: z.string().max(20_000).nullish(),
  /** The publishing day, `YYYY-MM-DD` (China Standard Time). */
  publishDate: AbpDateInput,
});
export const UpdateOneQuestionPerdayInput = CreateOneQuestionPerdayInput.extend({ id: z.number().int().min(1) });

/** The daily question's permissions (the permission tree collects them from this service). */
export const OneQuestionPerdayPermissions = declarePermissions({
  Articles: {
    OneQuestionPerday: permission('每日一题', 'Daily question'),
    AuditOneQuestionPerday: permission('每日一题审核', 'Daily question review', { inferred: true, reviews: true }),
  },
});
const P = OneQuestionPerdayPermissions;
export const OneQuestionPerdayService = reviewable(
  withPermissions(
    defineService(
      'OneQuestionPerday',
      {
        ...crud({
          dto: OneQuestionPerdayDto,
          list: OneQuestionPerdayListDto,
          create: CreateOneQuestionPerdayInput,
          update: UpdateOneQuestionPerdayInput,
          query: ContentQuery,
        }),
        ...scopedLists(OneQuestionPerdayListDto, ContentQuery, { mine: P.ArticlesOneQuestionPerday, moderated: P.ArticlesAuditOneQuestionPerday }),
        AuditedOneQuestionPerday: { input: AuditInput, output: OneQuestionPerdayDto, access: P.ArticlesAuditOneQuestionPerday },
      },
      { access: P.ArticlesOneQuestionPerday },
    ),
    OneQuestionPerdayPermissions,
  ),
  {
    /** Daily questions: one step by the inferred `Pages.Articles.AuditOneQuestionPerday`. */
    oneQuestionPerday: {
      reviewEndpoint: 'AuditedOneQuestionPerday',
      moderatedList: 'GetAllModerated',
      flow: singleStepFlow('AuditOneQuestionPerdayFlow', P.ArticlesAuditOneQuestionPerday),
      classTypeId: ClassType.Question,
      displayName: { 'zh-Hans': '每日一题', en: 'daily question' },
      countText: { 'zh-Hans': '{0} 道每日一题', en: '{0} daily question(s)' },
      title: { 'zh-Hans': '每日一题', en: 'Daily question' },
    },
  },
);
