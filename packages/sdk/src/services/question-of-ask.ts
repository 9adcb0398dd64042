import { z } from 'zod';
import { AuditInput, AuditStatus, AuthorDto, ContentQuery, ReviewDto } from '../core/content.ts';
import { defineService } from '../core/define-service.ts';
import { AbpDateInput, IdQuery, PagedQuery, VoidResult, crud, listDto, paged } from '../core/schemas.ts';
import { declarePermissions, permission, withPermissions } from '../core/permission.ts';
import { UserIdentity } from './user.ts';
import { reviewable, singleStepFlow } from '../core/review.ts';
import { ClassType } from './classification-type.ts';

/**
 * Online Q&A (在线问答, route `answerquestion`): a member asks a question, and
 * members, teachers and administrators reply in its thread. The question and
 * each reply are reviewed on their own (review registry entries
 * `questionOfAsk` and `questionOfAskReply`, one step each, decided by holders
 * of `Pages.Others.Answerquestion`); the author is notified of each decision.
 *
 * Decisions (the spec names the calls only; docs/architecture/domain-rules.md,
 * "Community"):
 * - Every call needs the route permission `Pages.Others.Answerquestion`;
 *   `Create` and `ReplayAsk` make the caller the author (the member app's
 *   calls, served here with the console's permission).
 * - Questions and replies are plain text (line breaks kept, no markup);
 *   sensitive words from the dictionary are refused (400 naming the field).
 * - A question may sit in a question category (class type 3, the subject).
 * - Replies are posted only to approved questions. A reply by staff (identity
 *   Teacher or Administrator) is published at once (approved, the author as
 *   auditor); a member's reply waits for review.
 * - Public views (the member site) show approved replies of approved questions
 *   only: `GetAllAskReply` with `PublicView: true`; the console lists all with
 *   their states.
 * - Deleting a reply is soft and touches nothing else of the thread (the counts
 *   follow). Deleting a question soft-deletes its live replies at the same
 *   moment (they leave every list and review queue with it).
 * - The best answer (`AcceptReplayAsk`, extension): an approved reply of the
 *   thread; `acceptedReplyId` reads null while that reply is not approved and
 *   live.
 */

/** A reply in a thread. `title` is a plain-text excerpt of `content` (60 characters). */
export const QuestionOfAskReplyDto = z
  .object({
    id: z.number().int(),
    questionOfAskId: z.number().int(),
    /** The question's title (moderated lists and the review inbox show what a reply answers). */
    questionTitle: z.string(),
    title: z.string(),
    content: z.string(),
    /** The author's identity (1 member, 2 teacher, 3 administrator); null when the author is gone. */
    creatorIdentity: UserIdentity.nullable(),
    /** This reply is the question's accepted (best) answer. */
    isAccepted: z.boolean(),
  })
  .extend(ReviewDto.shape)
  .extend(AuthorDto.shape);
export type QuestionOfAskReplyDto = z.infer<typeof QuestionOfAskReplyDto>;

/**
 * A member's question. `approvedReplyCount` / `pendingReplyCount` /
 * `rejectedReplyCount`: live replies in each review state (one grouped query
 * per page).
 */
export const QuestionOfAskDto = z
  .object({
    id: z.number().int(),
    title: z.string(),
    content: z.string(),
    categoryId: z.number().int().nullable(),
    categoryName: z.string().nullable(),
    acceptedReplyId: z.number().int().nullable(),
    approvedReplyCount: z.number().int().min(0),
    pendingReplyCount: z.number().int().min(0),
    rejectedReplyCount: z.number().int().min(0),
  })
  .extend(ReviewDto.shape)
  .extend(AuthorDto.shape);
export type QuestionOfAskDto = z.infer<typeof QuestionOfAskDto>;
/** A row of the question lists: no `content` (Get returns it). */
export const QuestionOfAskListDto = listDto(QuestionOfAskDto, { content: true });
export type QuestionOfAskListDto = z.infer<typeof QuestionOfAskListDto>;

export const CreateQuestionOfAskInput = z.object({
  title: z.string().trim().min(1).max(100),
  /** Plain text; line breaks are kept. */
  content: z.string().trim().min(1).max(5000),
  /** A question category (class type 3); optional. */
  categoryId: z.number().int().min(1).nullish(),
});
export type CreateQuestionOfAskInput = z.input<typeof CreateQuestionOfAskInput>;
export const UpdateQuestionOfAskInput = CreateQuestionOfAskInput.extend({ id: z.number().int().min(1) });

/**
 * The question lists: `ContentQuery` (keyword over title and content, category
 * subtree, review state) plus `HasPendingReplies` (questions with / without a
 * reply awaiting review) and `CreatedFrom` / `CreatedTo` (asked on these
 * calendar days, China Standard Time, both ends included).
 */
export const GetAllQuestionOfAskInput = ContentQuery.extend({
  HasPendingReplies: z.boolean().optional(),
  CreatedFrom: AbpDateInput.optional(),
  CreatedTo: AbpDateInput.optional(),
});
export type GetAllQuestionOfAskInput = z.input<typeof GetAllQuestionOfAskInput>;

/**
 * A thread's replies, oldest first: all of them with their states (optionally
 * one state), or with `PublicView` what the member site shows (approved replies,
 * none while the question is not approved). The accepted reply is not moved.
 */
export const GetAllAskReplyInput = PagedQuery.extend({
  QuestionOfAskId: z.number().int().min(1),
  AuditStatus: AuditStatus.optional(),
  PublicView: z.boolean().optional(),
  MaxResultCount: z.number().int().min(1).max(200).default(50),
});
export type GetAllAskReplyInput = z.input<typeof GetAllAskReplyInput>;

/** The reviewers' queue of replies (pending, not their own), optionally one thread's; newest first. */
export const GetAllModeratedRepliesInput = PagedQuery.extend({ QuestionOfAskId: z.number().int().min(1).optional() });

/** A reply to a question (`ReplayAsk`, the spec's spelling). */
export const ReplayAskInput = z.object({
  questionOfAskId: z.number().int().min(1),
  content: z.string().trim().min(1).max(5000),
});
export type ReplayAskInput = z.input<typeof ReplayAskInput>;

/** Accepts a reply as the best answer, or clears it (`replyId` null). */
export const AcceptReplayAskInput = z.object({ id: z.number().int().min(1), replyId: z.number().int().min(1).nullable() });

/** The online Q&A's permission (the permission tree collects them from this service). */
export const QuestionOfAskPermissions = declarePermissions({
  Others: {
    Answerquestion: permission('在线问答', 'Online Q&A', { reviews: true, order: 6 }),
  },
});
const P = QuestionOfAskPermissions;
export const QuestionOfAskService = reviewable(
  withPermissions(
    defineService(
      'QuestionOfAsk',
      {
        ...crud({
          dto: QuestionOfAskDto,
          list: QuestionOfAskListDto,
          create: CreateQuestionOfAskInput,
          update: UpdateQuestionOfAskInput,
          query: GetAllQuestionOfAskInput,
        }),
        GetAllAskReply: { input: GetAllAskReplyInput, output: paged(QuestionOfAskReplyDto), inferred: true },
        ReplayAsk: { input: ReplayAskInput, output: QuestionOfAskReplyDto, inferred: true },
        DeleteReplayAsk: { input: IdQuery, output: VoidResult },
        AuditReplayAsk: { input: AuditInput, output: QuestionOfAskReplyDto },
        AuditedQuestionOfAsk: { input: AuditInput, output: QuestionOfAskDto },
        /** Extension: the questions awaiting the caller's review (the registry's moderated list). */
        GetAllModerated: { input: GetAllQuestionOfAskInput, output: paged(QuestionOfAskListDto), extension: true },
        /** Extension: the replies awaiting the caller's review. */
        GetAllModeratedReplies: { input: GetAllModeratedRepliesInput, output: paged(QuestionOfAskReplyDto), extension: true },
        /** Extension: the accepted (best) answer of a thread. */
        AcceptReplayAsk: { input: AcceptReplayAskInput, output: QuestionOfAskDto, extension: true },
      },
      { access: P.OthersAnswerquestion },
    ),
    QuestionOfAskPermissions,
  ),
  {
    /** Online Q&A questions: one step by `Pages.Others.Answerquestion` (spec: AuditedQuestionOfAsk); optional question category. */
    questionOfAsk: {
      reviewEndpoint: 'AuditedQuestionOfAsk',
      moderatedList: 'GetAllModerated',
      flow: singleStepFlow('AuditQuestionOfAskFlow', P.OthersAnswerquestion),
      classTypeId: ClassType.Question,
      displayName: { 'zh-Hans': '问答', en: 'Q&A question' },
      countText: { 'zh-Hans': '{0} 个问答', en: '{0} Q&A question(s)' },
    },
    /** Replies of Q&A threads, reviewed apart from their question (spec: AuditReplayAsk); entity `QuestionOfAskReply`. */
    questionOfAskReply: {
      client: 'questionOfAsk',
      entity: 'QuestionOfAskReply',
      reviewEndpoint: 'AuditReplayAsk',
      moderatedList: 'GetAllModeratedReplies',
      flow: singleStepFlow('AuditReplayAskFlow', P.OthersAnswerquestion),
      classTypeId: null,
      displayName: { 'zh-Hans': '回答', en: 'Q&A reply' },
      countText: { 'zh-Hans': '{0} 条回答', en: '{0} Q&A reply(ies)' },
    },
  },
);
