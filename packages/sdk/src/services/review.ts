import { z } from 'zod';
import { ReviewableEntitySchema } from '../reviewables.ts';
import { defineService } from '../core/define-service.ts';
import { AbpDateTime } from '../core/schemas.ts';
import { Permissions } from '../permissions.ts';

/**
 * One decision of a review flow (packages/sdk/src/core/review.ts): at which
 * step, approve (1) or reject (2), why, by whom, when, and the item's
 * `auditStatus` after it (0 when it advanced to the next step).
 */
export const ReviewDecisionDto = z.object({
  id: z.number().int(),
  /** Index of the step decided (0 first) and its name in the flow. */
  step: z.number().int().min(0),
  stepName: z.string(),
  decision: z.literal([1, 2]),
  reason: z.string().nullable(),
  auditStatus: z.literal([0, 1, 2]),
  userId: z.number().int(),
  userName: z.string().nullable(),
  creationTime: AbpDateTime,
});
export type ReviewDecisionDto = z.infer<typeof ReviewDecisionDto>;

/** Which item's history: an entity name of the review registry and its id. */
export const GetReviewHistoryInput = z.object({
  EntityName: ReviewableEntitySchema,
  Id: z.number().int().min(1),
});

/**
 * The tenant's review rules, ABP settings (tenant level, `'true'`/`'false'`,
 * default `'false'`, visible to the client in `AbpUserConfiguration/GetAll`'s
 * `setting.values`):
 * - `App.Review.AllowSameReviewerForSteps`: whoever decided an earlier step
 *   of an item's current round (since its last submission) may decide a
 *   later step too. Off: a multi-step flow needs as many reviewers as steps.
 * - `App.Review.AllowAuthorReview`: the author of an item may decide it
 *   and sees it in their queues. Off: someone else must (the static Admin
 *   excepted, who decides their own items either way; the earlier-step rule
 *   still holds for them).
 */
export const REVIEW_SETTING_NAMES = {
  allowSameReviewerForSteps: 'App.Review.AllowSameReviewerForSteps',
  allowAuthorReview: 'App.Review.AllowAuthorReview',
} as const;

export const ReviewSettingsDto = z.object({ allowSameReviewerForSteps: z.boolean(), allowAuthorReview: z.boolean() });
export type ReviewSettingsDto = z.infer<typeof ReviewSettingsDto>;

/**
 * Why the caller may not decide an item now: `ownItem` (they wrote it and
 * `App.Review.AllowAuthorReview` is off), `decidedEarlierStep` (they decided
 * an earlier step of its current round and `App.Review.AllowSameReviewerForSteps`
 * is off), `missingPermission` (the awaited step's permission), `notPending`
 * (decided meanwhile).
 */
export const ReviewRefusal = z.enum(['ownItem', 'decidedEarlierStep', 'missingPermission', 'notPending']);
export type ReviewRefusal = z.infer<typeof ReviewRefusal>;

/**
 * Extension (not in the spec; named in ABP's style): the review history of an
 * item, oldest decision first, across every submission (an edit starts a new
 * round at step 0). Anyone who may read the entity (its `Get` endpoint's
 * permission) may read its history; the item must be visible to the caller.
 */
export const ReviewService = defineService('Review', {
  GetReviewHistory: { input: GetReviewHistoryInput, output: z.array(ReviewDecisionDto), access: 'authenticated', extension: true },
  /** The current tenant's review settings (REVIEW_SETTING_NAMES); a host caller reads and writes the application's defaults. */
  GetSettings: { input: z.object({}), output: ReviewSettingsDto, access: [Permissions.Administration], extension: true },
  UpdateSettings: { input: ReviewSettingsDto, output: ReviewSettingsDto, access: [Permissions.Administration], extension: true },
});
