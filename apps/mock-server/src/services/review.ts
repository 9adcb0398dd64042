import { ReviewService } from '@edu/sdk';
import { implement } from '../kit/register-service.ts';
import { reviewHistory } from '../kit/review.ts';

/** Extension: the decision history of a reviewable item (kit/review.ts). */
export const review = implement(ReviewService, {
  GetReviewHistory: (input, ctx) => reviewHistory(ctx, input.EntityName, input.Id),
});
