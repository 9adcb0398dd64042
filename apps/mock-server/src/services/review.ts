import { REVIEW_SETTING_NAMES, ReviewService } from '@edu/sdk';
import { implement } from '../kit/register-service.ts';
import { reviewHistory, reviewSettings } from '../kit/review.ts';
import { setTenantSetting } from '../kit/settings.ts';

/** Extension: the decision history of a reviewable item and the tenant's rules of who decides (kit/review.ts). */
export const review = implement(ReviewService, {
  GetReviewHistory: (input, ctx) => reviewHistory(ctx, input.EntityName, input.Id),
  GetSettings: (_input, ctx) => reviewSettings(ctx.prisma, ctx.session.tenantId),
  UpdateSettings: async (input, ctx) => {
    const tenantId = ctx.session.tenantId;
    // One transaction, one change set in the entity history (Setting) for both rules.
    await ctx.transaction(async (tx) => {
      for (const key of ['allowSameReviewerForSteps', 'allowAuthorReview'] as const)
        await setTenantSetting(tx.db, tenantId, REVIEW_SETTING_NAMES[key], String(input[key]), ctx.session.userId);
    });
    return reviewSettings(ctx.prisma, tenantId);
  },
});
