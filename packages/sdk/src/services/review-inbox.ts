import { z } from 'zod';
import { defineService } from '../core/define-service.ts';
import { ReviewableKeySchema } from '../reviewables.ts';
import { reviewInboxAccess } from '../permissions.ts';
import { AbpDateInput, AbpDateTime, paged } from '../core/schemas.ts';
import { ReviewRefusal } from './review.ts';

/**
 * The review inbox (审核中心), an extension (not in the spec;
 * docs/architecture/review.md, "The review inbox"):
 * one queue of every item awaiting review across every type of the review
 * registry (reviewables.ts `reviewables`). It derives from the registry:
 * a reviewable added there is in the inbox with no change here.
 *
 * Whose queue: items pending (`auditStatus` 0) at a step whose permission the
 * caller holds, not their own (static Admin sees their own too): the
 * moderated lists' rule, across types. A type the caller may decide at no step
 * is absent (no count, no items). Tenant: the caller's (the host sees every
 * tenant's items, as the data filters give it).
 *
 * Order: more sensitive-word hits first (a type declares its hit column on the
 * server, the `sensitiveHits` of its service's review binding; others have 0), then oldest
 * submission first (`submittedTime` = creation time: an edit returns an item
 * to the queue but does not move it to the back), then registry order, then id.
 */

/**
 * Filters shared by the list and the counts. `Author`: part of the author's
 * user name, name or surname, or the full Chinese name (surname + name);
 * `AuthorId`: one user; `OlderThanDays`: submitted at least that many days
 * ago (0..3650); `SubmittedFrom`/`SubmittedTo`: UTC+8 calendar days, inclusive.
 */
export const ReviewInboxFilter = z.object({
  Author: z.string().trim().max(64).optional(),
  AuthorId: z.number().int().min(1).optional(),
  OlderThanDays: z.number().int().min(0).max(3650).optional(),
  SubmittedFrom: AbpDateInput.optional(),
  SubmittedTo: AbpDateInput.optional(),
});
export type ReviewInboxFilter = z.input<typeof ReviewInboxFilter>;

/** The list: filters, one type or all (`Type`, a registry key), paging (at most 100 a page; the queue is merged from each type's first `SkipCount + MaxResultCount` items). */
export const GetReviewInboxInput = ReviewInboxFilter.extend({
  Type: ReviewableKeySchema.optional(),
  SkipCount: z.number().int().min(0).max(10_000).default(0),
  MaxResultCount: z.number().int().min(1).max(100).default(10),
});
export type GetReviewInboxInput = z.input<typeof GetReviewInboxInput>;

/** Longest plain-text preview on a list row (characters). */
export const REVIEW_PREVIEW_LENGTH = 120;

/**
 * One item awaiting the caller's decision. `type` is the registry key
 * (`article`, `testQuestion`, ...), `entity` its entity name; `preview` the
 * first non-empty of the row's `summary`, `description`, `content`, `stem`
 * columns as plain text (at most REVIEW_PREVIEW_LENGTH characters, `…` when
 * cut), null when the type has none; `sensitiveHits` the hit count (0 when the
 * type records none); `reviewStep`/`stepName` the step awaited (the flow's
 * step name, `review` in one-step flows). `canDecide`: whether the caller may
 * decide the item now; when not, `cannotDecideReason` says why (listed,
 * marked: items whose earlier step of this round the caller decided while
 * `App.Review.AllowSameReviewerForSteps` is off; `ownItem` only when the
 * settings change between the queue and the item).
 */
export const ReviewInboxItemDto = z.object({
  type: ReviewableKeySchema,
  entity: z.string(),
  id: z.number().int(),
  tenantId: z.number().int().nullable(),
  title: z.string(),
  authorId: z.number().int().nullable(),
  authorName: z.string().nullable(),
  submittedTime: AbpDateTime,
  preview: z.string().nullable(),
  sensitiveHits: z.number().int().min(0),
  reviewStep: z.number().int().min(0),
  stepName: z.string(),
  canDecide: z.boolean(),
  cannotDecideReason: ReviewRefusal.nullable(),
});
export type ReviewInboxItemDto = z.infer<typeof ReviewInboxItemDto>;

/** Items per type under the filters (types the caller may decide, registry order, zeros included) and their sum. */
export const ReviewInboxCountsDto = z.object({
  total: z.number().int().min(0),
  items: z.array(z.object({ type: ReviewableKeySchema, count: z.number().int().min(0) })),
});
export type ReviewInboxCountsDto = z.infer<typeof ReviewInboxCountsDto>;

/** One item by type and id. */
export const GetReviewInboxItemInput = z.object({ Type: ReviewableKeySchema, Id: z.number().int().min(1) });

/** Longest body of a preview (characters). */
export const REVIEW_BODY_LENGTH = 5000;

/**
 * The preview of one item (decision: a generic preview, not each entity's own
 * Get DTO, so a new type needs no screen of its own): the list row's fields,
 * the item's review state now (it may have been decided since the list was
 * read), and `body`, every text column of the preview list in that order as
 * plain text (REVIEW_BODY_LENGTH at most). For whoever may decide some step of
 * the type's flow; another tenant's or an unknown id is a 404.
 */
export const ReviewInboxPreviewDto = ReviewInboxItemDto.extend({
  auditStatus: z.literal([0, 1, 2]),
  auditReason: z.string().nullable(),
  body: z.string().nullable(),
});
export type ReviewInboxPreviewDto = z.infer<typeof ReviewInboxPreviewDto>;

/**
 * One decision of a bulk call: approve (1) or reject (2, `reason` required)
 * the item `id` of `type`. `reviewStep`: the step the caller saw awaited;
 * when given and the item awaits another step now, the item is a conflict.
 */
export const ReviewInboxDecision = z.object({
  type: ReviewableKeySchema,
  id: z.number().int().min(1),
  decision: z.literal([1, 2]),
  reason: z.string().trim().max(500).nullish(),
  reviewStep: z.number().int().min(0).optional(),
});
export type ReviewInboxDecision = z.input<typeof ReviewInboxDecision>;

/** At most this many decisions per call. */
export const MAX_BULK_DECISIONS = 100;

export const DecideManyInput = z.object({ items: z.array(ReviewInboxDecision).min(1).max(MAX_BULK_DECISIONS) });
export type DecideManyInput = z.input<typeof DecideManyInput>;

/**
 * The outcome of one decision: `ok`; `forbidden` (the awaited step's
 * permission is missing, or it is the caller's own item); `conflict` (decided
 * by someone else meanwhile, or awaiting another step: nothing is
 * reconsidered or taken down from the inbox); `notFound` (deleted, another
 * tenant's, unknown); `invalid` (a rejection without a reason); `error`
 * (anything else, logged). `message` is the localized reason of a failure,
 * `refusal` its code when the rules of who decides refused it (ReviewRefusal);
 * `auditStatus` the item's state after a success (0 when it moved on to the
 * next step); `result` what the success did: `approved` (final), `advanced`
 * (passed its step, now awaiting `nextStepName`, the flow's step name), or
 * `rejected`.
 */
export const ReviewInboxOutcome = z.enum(['ok', 'forbidden', 'conflict', 'notFound', 'invalid', 'error']);
export type ReviewInboxOutcome = z.infer<typeof ReviewInboxOutcome>;

export const ReviewInboxDecisionResult = z.object({
  type: ReviewableKeySchema,
  id: z.number().int(),
  status: ReviewInboxOutcome,
  message: z.string().nullable(),
  refusal: ReviewRefusal.nullable(),
  auditStatus: z.literal([0, 1, 2]).nullable(),
  result: z.enum(['approved', 'advanced', 'rejected']).nullable(),
  nextStepName: z.string().nullable(),
});
export type ReviewInboxDecisionResult = z.infer<typeof ReviewInboxDecisionResult>;

/**
 * Results in the order of the input, and how many succeeded and failed;
 * `approved` + `advanced` + `rejected` = `succeeded` (a pass that only moved an
 * item to its next step is `advanced`, not approved).
 */
export const DecideManyResult = z.object({
  succeeded: z.number().int().min(0),
  failed: z.number().int().min(0),
  approved: z.number().int().min(0),
  advanced: z.number().int().min(0),
  rejected: z.number().int().min(0),
  items: z.array(ReviewInboxDecisionResult),
});
export type DecideManyResult = z.infer<typeof DecideManyResult>;

/**
 * Rejection reason templates (keys; the console shows them localized as
 * `inbox.reasons.<key>` and sends the chosen text plus the reviewer's own
 * words as `reason`). The server stores whatever text arrives.
 */
export const REVIEW_REASON_TEMPLATES = ['offTopic', 'sensitive', 'inaccurate', 'lowQuality', 'duplicate', 'incomplete', 'copyright'] as const;
export type ReviewReasonTemplate = (typeof REVIEW_REASON_TEMPLATES)[number];

/**
 * Extension service `ReviewInbox` (paths `/api/services/app/ReviewInbox/<Key>`):
 * `GetAll` the merged queue, `GetCounts` per type, `Get` one item's preview,
 * `DecideMany` bulk decisions, each through the registry's state machine
 * (permissions, four eyes, notifications and races as the entity's own
 * decision endpoint; one failing item never stops the others).
 */
export const ReviewInboxService = defineService(
  'ReviewInbox',
  {
    GetAll: { input: GetReviewInboxInput, output: paged(ReviewInboxItemDto), extension: true },
    GetCounts: { input: ReviewInboxFilter, output: ReviewInboxCountsDto, extension: true },
    Get: { input: GetReviewInboxItemInput, output: ReviewInboxPreviewDto, extension: true },
    DecideMany: { input: DecideManyInput, output: DecideManyResult, extension: true },
  },
  { access: reviewInboxAccess },
);
