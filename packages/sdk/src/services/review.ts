import { z } from 'zod';
import { ReviewableEntitySchema } from '../reviewables.ts';
import { defineService } from '../core/define-service.ts';
import { AbpDateTime } from '../core/schemas.ts';

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
 * Extension (not in the spec; named in ABP's style): the review history of an
 * item, oldest decision first, across every submission (an edit starts a new
 * round at step 0). Anyone who may read the entity (its `Get` endpoint's
 * permission) may read its history; the item must be visible to the caller.
 */
export const ReviewService = defineService('Review', {
  GetReviewHistory: { input: GetReviewHistoryInput, output: z.array(ReviewDecisionDto), access: 'authenticated', extension: true },
});
