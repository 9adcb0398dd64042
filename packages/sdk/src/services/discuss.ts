import { z } from 'zod';
import { AuditInput, AuditStatus, AuthorDto, ReviewDto, scopedLists } from '../core/content.ts';
import { defineService } from '../core/define-service.ts';
import { abpEnum } from '../core/enums.ts';
import { AbpDateInput, PagedQuery, crud } from '../core/schemas.ts';
import { SensitiveFlagDto } from '../core/sensitive.ts';
import { declarePermissions, permission, withPermissions } from '../core/permission.ts';
import { reviewable, singleStepFlow } from '../core/review.ts';

/**
 * What a comment is on (inferred; the spec shows no fields): 1 article (文章),
 * 2 course (课程), 3 resource (资源), 4 daily question (每日一题), 5 paper or
 * homework (试卷). The target is `targetType` + `targetId` in the comment's tenant.
 */
export const DiscussTargetType = abpEnum({ Article: 1, LearningCourse: 2, Resource: 3, OneQuestionPerday: 4, TestPaper: 5 }, 'Comment target');
export type DiscussTargetType = z.infer<typeof DiscussTargetType>;

/** Longest comment (plain text, characters). */
export const DISCUSS_MAX_LENGTH = 1000;

/**
 * A member's comment (会员评论) on a piece of content. Plain text (no markup is
 * interpreted), reviewed before it is public (the review registry's one-step
 * flow `AuditDiscussFlow`, `Pages.Others.Discuss`).
 * - `title`: the first 40 characters of the (masked) content, the name review
 *   notifications and the inbox show.
 * - `targetTitle`: the target's title now, read in one query per page; a
 *   comment on a deleted target still reads back, with `targetDeleted: true`.
 * - `parentId`: a reply to another comment on the same target (one level:
 *   a reply to a reply hangs on the same parent); `replyToName` its author.
 * - `sensitiveHits` / `sensitiveWords`: see core/sensitive.ts.
 */
export const DiscussDto = z
  .object({
    id: z.number().int(),
    title: z.string(),
    content: z.string(),
    targetType: DiscussTargetType,
    targetId: z.number().int(),
    targetTitle: z.string().nullable(),
    targetDeleted: z.boolean(),
    parentId: z.number().int().nullable(),
    replyToName: z.string().nullable(),
  })
  .extend(SensitiveFlagDto.shape)
  .extend(ReviewDto.shape)
  .extend(AuthorDto.shape);
export type DiscussDto = z.infer<typeof DiscussDto>;

/** Create: the caller is the author. The target must be a live item of the tenant; `parentId` a comment on the same target. */
export const CreateDiscussInput = z.object({
  targetType: DiscussTargetType,
  targetId: z.number().int().min(1),
  parentId: z.number().int().min(1).nullish(),
  content: z.string().trim().min(1).max(DISCUSS_MAX_LENGTH),
});
export type CreateDiscussInput = z.input<typeof CreateDiscussInput>;
/** Update changes the text only (target and parent are fixed); it sends the comment back to review. */
export const UpdateDiscussInput = z.object({ id: z.number().int().min(1), content: CreateDiscussInput.shape.content });
export type UpdateDiscussInput = z.input<typeof UpdateDiscussInput>;

/**
 * Comment lists: `Keyword` (content), `AuditStatus`, `TargetType`, `TargetId`,
 * `CreatorUserId` (one member), `DateFrom`/`DateTo` (UTC+8 days, inclusive),
 * `Flagged` (true: only comments with masked sensitive words). Default order
 * newest first; `Sorting` by `id`, `creationTime`, `auditStatus`, `sensitiveHits`.
 */
export const GetAllDiscussInput = PagedQuery.extend({
  AuditStatus: AuditStatus.optional(),
  TargetType: DiscussTargetType.optional(),
  TargetId: z.number().int().min(1).optional(),
  CreatorUserId: z.number().int().min(1).optional(),
  DateFrom: AbpDateInput.optional(),
  DateTo: AbpDateInput.optional(),
  Flagged: z.boolean().optional(),
});
export type GetAllDiscussInput = z.input<typeof GetAllDiscussInput>;

/** The comments' permission (the permission tree collects them from this service). */
export const DiscussPermissions = declarePermissions({
  Others: {
    Discuss: permission('会员评论', 'Member comments', { reviews: true, order: 3 }),
  },
});
const P = DiscussPermissions;
export const DiscussService = reviewable(
  withPermissions(
    defineService(
      'Discuss',
      {
        ...crud({ dto: DiscussDto, create: CreateDiscussInput, update: UpdateDiscussInput, query: GetAllDiscussInput }),
        /** Extension: the reviewers' queue (pending, not their own; the review registry's `moderatedList`). */
        GetAllModerated: {
          ...scopedLists(DiscussDto, GetAllDiscussInput, { mine: P.OthersDiscuss, moderated: P.OthersDiscuss }).GetAllModerated,
          extension: true,
        },
        /**
         * The spec's `POST auditedDiscuss?id={id}`: `id` in the query, the decision
         * (`auditStatus`, `auditReason`) in the body. The server also accepts the id in
         * the body (a generic AuditInput); given in both they must agree.
         */
        AuditedDiscuss: { input: AuditInput, output: DiscussDto, queryKeys: ['id'], action: 'auditedDiscuss', inferred: true },
      },
      { access: P.OthersDiscuss },
    ),
    DiscussPermissions,
  ),
  {
    /** Member comments: one step by `Pages.Others.Discuss` (spec: `POST auditedDiscuss?id=`: the id in the query, the decision in the body). */
    discuss: {
      reviewEndpoint: 'AuditedDiscuss',
      moderatedList: 'GetAllModerated',
      flow: singleStepFlow('AuditDiscussFlow', P.OthersDiscuss),
      classTypeId: null,
      displayName: { 'zh-Hans': '评论', en: 'comment' },
      countText: { 'zh-Hans': '{0} 条评论', en: '{0} comment(s)' },
      title: { 'zh-Hans': '会员评论', en: 'Member comments' },
    },
  },
);
