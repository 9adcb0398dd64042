import {
  reviewableList,
  type DecideManyResult,
  type GetReviewInboxInput,
  type ReviewableKey,
  type ReviewInboxDecision,
  type ReviewInboxFilter,
  type ReviewInboxItemDto,
  type ReviewReasonTemplate,
} from '@edu/sdk';

/**
 * The review inbox's screen state and the pure rules over it (what the
 * server is asked, the reason sent, the age shown, the results listed), apart
 * from the view so they can be tested without a browser.
 */

/** "Waiting over N days" choices of the age filter. */
export const AGE_OPTIONS = [1, 3, 7, 30] as const;

export interface InboxFilterState {
  /** Applied author text (the input applies on search). */
  author: string;
  /** Over N days, or null for any age. */
  olderThanDays: number | null;
  /** UTC+8 calendar days `YYYY-MM-DD`, or ''. */
  from: string;
  to: string;
}

export const EMPTY_FILTER: InboxFilterState = { author: '', olderThanDays: null, from: '', to: '' };

/** The filters as the SDK takes them (empty ones left out). */
export function filterQuery(f: InboxFilterState): ReviewInboxFilter {
  return {
    ...(f.author.trim() && { Author: f.author.trim() }),
    ...(f.olderThanDays !== null && { OlderThanDays: f.olderThanDays }),
    ...(f.from && { SubmittedFrom: f.from }),
    ...(f.to && { SubmittedTo: f.to }),
  };
}

/** The inbox's filters in its list state (what its URL keeps) are `filterQuery`'s members, read back by `inboxFilterOf`. */
const FILTER = { author: 'Author', age: 'OlderThanDays', from: 'SubmittedFrom', to: 'SubmittedTo' } as const satisfies Record<
  string,
  keyof ReviewInboxFilter
>;
const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** The inbox filter a list state holds (from a link typed by hand too: values of the wrong kind are dropped). */
export function inboxFilterOf(values: Readonly<Record<string, unknown>>): InboxFilterState {
  const author = values[FILTER.author];
  const age = values[FILTER.age];
  const day = (v: unknown) => (typeof v === 'string' && DAY.test(v) ? v : '');
  return {
    author: typeof author === 'string' ? author : '',
    olderThanDays: typeof age === 'number' && Number.isSafeInteger(age) && age > 0 ? age : null,
    from: day(values[FILTER.from]),
    to: day(values[FILTER.to]),
  };
}

/** The type a list state's tab names, or null (全部) for none or one the registry does not know. */
export function inboxTypeOf(tab: string | undefined): ReviewableKey | null {
  return reviewableList.find((r) => r.clientKey === tab)?.clientKey ?? null;
}

/** The list query of a page (1-based) of one type or all. */
export function listQuery(f: InboxFilterState, type: ReviewableKey | null, page: number, pageSize: number): GetReviewInboxInput {
  return { ...filterQuery(f), ...(type && { Type: type }), SkipCount: (page - 1) * pageSize, MaxResultCount: pageSize };
}

/** A row's selection key: type and id (ids repeat across types). */
export const rowKey = (item: Pick<ReviewInboxItemDto, 'type' | 'id'>) => `${item.type}:${item.id}`;

/** The web's i18n key of a type's name (the registry's). */
export function typeLabelKey(type: string): string {
  return reviewableList.find((r) => r.clientKey === type)?.i18nKey ?? type;
}

/** Whole days an item has waited (0 on the day it came). */
export function waitingDays(submittedTime: string, now: number): number {
  return Math.max(0, Math.floor((now - Date.parse(submittedTime)) / 86_400_000));
}

/** The rejection reason sent: the chosen template's text, then the reviewer's own words. */
export function composeReason(templateText: string | null, text: string): string {
  return [templateText?.trim(), text.trim()].filter((s): s is string => Boolean(s)).join(' ');
}

/** The decisions of a bulk action, each naming the step the reviewer saw awaited (a step passed meanwhile is a conflict). */
export function decisionsOf(items: readonly ReviewInboxItemDto[], decision: 1 | 2, reason: string | null): ReviewInboxDecision[] {
  return items.map((i) => ({ type: i.type, id: i.id, decision, reviewStep: i.reviewStep, ...(reason && { reason }) }));
}

type DecisionResult = DecideManyResult['items'][number];

export type ResultLine = {
  item: Pick<ReviewInboxItemDto, 'type' | 'id' | 'title'>;
} & Pick<DecisionResult, 'status' | 'message' | 'result' | 'nextStepName'>;

/** The results in the order decided, each with the item it concerns; failures first, so a long list shows them at once. */
export function resultLines(result: DecideManyResult, items: readonly ReviewInboxItemDto[]): ResultLine[] {
  const byKey = new Map(items.map((i) => [rowKey(i), i]));
  const lines = result.items.map((r) => ({
    item: byKey.get(rowKey(r)) ?? { type: r.type, id: r.id, title: `#${r.id}` },
    status: r.status,
    message: r.message,
    result: r.result,
    nextStepName: r.nextStepName,
  }));
  return [...lines.filter((l) => l.status !== 'ok'), ...lines.filter((l) => l.status === 'ok')];
}

/** One line of a bulk decision's summary: how many were approved, moved on to a step (one line per step), rejected, not decided. */
export type SummaryLine = { outcome: 'approved' | 'advanced' | 'rejected' | 'failed'; count: number; step: string | null };

/** The summary of the results, outcomes with none left out (a pass that moved an item on is not counted as approved). */
export function resultSummary(lines: readonly ResultLine[]): SummaryLine[] {
  const out: SummaryLine[] = [];
  const add = (outcome: SummaryLine['outcome'], step: string | null) => {
    const line = out.find((l) => l.outcome === outcome && l.step === step);
    if (line) line.count++;
    else out.push({ outcome, count: 1, step });
  };
  for (const l of lines)
    add(l.status !== 'ok' || !l.result ? 'failed' : l.result, l.status === 'ok' && l.result === 'advanced' ? l.nextStepName : null);
  const rank = { approved: 0, advanced: 1, rejected: 2, failed: 3 } as const;
  return out.sort((a, b) => rank[a.outcome] - rank[b.outcome]);
}

export type { ReviewReasonTemplate };
