import type { ContentRow } from '../kit/content.ts';
import type { RequestContext } from '../kit/context.ts';
import { invalid } from '../kit/errors.ts';
import { sensitiveWordsOf } from '../kit/sensitive-words.ts';

/**
 * What member comments (services/discuss.ts) and leave messages
 * (services/leave-message.ts) share: the list filters beyond the content kit's
 * and the sensitive-word flag on the DTO. Rules: docs/architecture/domain-rules.md,
 * "Community".
 */

/** The filters both lists take (SDK `GetAllDiscussInput`, `GetAllLeaveMessageInput`). */
export interface FeedbackQuery {
  CreatorUserId?: number;
  DateFrom?: string;
  DateTo?: string;
  Flagged?: boolean;
}

/** A `YYYY-MM-DD` day in China Standard Time -> its first instant (UTC). */
const chinaDayStart = (day: string) => new Date(`${day}T00:00:00+08:00`);
const DAY_MS = 86_400_000;

/** The conditions of the shared filters, typed as every feedback model's where input accepts them. */
export function feedbackConditions(q: FeedbackQuery, ctx: RequestContext) {
  if (q.DateFrom && q.DateTo && q.DateTo < q.DateFrom) invalid('dateTo', ctx.t('FeedbackDateRange'));
  const and: Array<{ creatorUserId: number } | { creationTime: { gte?: Date; lt?: Date } } | { sensitiveHits: number | { gt: number } }> = [];
  if (q.CreatorUserId !== undefined) and.push({ creatorUserId: q.CreatorUserId });
  if (q.DateFrom || q.DateTo)
    and.push({
      creationTime: {
        ...(q.DateFrom && { gte: chinaDayStart(q.DateFrom) }),
        ...(q.DateTo && { lt: new Date(chinaDayStart(q.DateTo).getTime() + DAY_MS) }),
      },
    });
  if (q.Flagged !== undefined) and.push({ sensitiveHits: q.Flagged ? { gt: 0 } : 0 });
  return and;
}

/** The stored flag as the DTO shows it. */
export function flagFields(row: { sensitiveHits: number; sensitiveWords: string }) {
  return { sensitiveHits: row.sensitiveHits, sensitiveWords: sensitiveWordsOf(row.sensitiveWords) };
}

/** Sortable columns both lists share. */
export const feedbackSortable = { id: 'id', creationTime: 'creationTime', auditStatus: 'auditStatus', sensitiveHits: 'sensitiveHits' } as const;

/** A plain-text excerpt for the `title` column of comments (notifications, the inbox). */
export function excerpt(text: string, max = 40): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  const chars = [...flat];
  return chars.length <= max ? flat : `${chars.slice(0, max).join('')}…`;
}

export type FeedbackRow = ContentRow & { sensitiveHits: number; sensitiveWords: string };
