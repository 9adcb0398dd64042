import { reviewableList, type ReviewInboxItemDto } from '@edu/sdk';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../lib/client.ts';
import { message } from '../../lib/notify.ts';
import { useApi, useList, useRunCall, type ListParams } from '../../resources/index.ts';
import {
  decisionsOf,
  filterQuery,
  inboxFilterOf,
  inboxTypeOf,
  listQuery,
  resultLines,
  rowKey,
  type InboxFilterState,
  type ResultLine,
} from './inbox-model.ts';

/** After a decision: the inbox, every reviewable's lists, the home page's figures. */
const INVALIDATES = ['ReviewInbox', 'Session', ...new Set(reviewableList.map((r) => r.service.name))];

const toQuery = (p: ListParams) => listQuery(inboxFilterOf(p.filters), inboxTypeOf(p.tab), p.page, p.pageSize);

/** A decision the reviewer is about to confirm: approve (a confirmation) or reject (a reason). */
export type PendingDecision = { kind: 'approve' | 'reject'; items: readonly ReviewInboxItemDto[] };

/**
 * The review inbox's state on the console's one list core (`useList`: page,
 * page size, filters and the type as tab, in the route's URL): the counts per
 * type for the filter, the item previewed, the decision awaiting confirmation,
 * the results of the last bulk decision, and the decision itself.
 */
export function useReviewInbox() {
  const { t } = useTranslation();
  const runCall = useRunCall();
  const list = useList(api.reviewInbox.getAll, { toQuery, rowKey });
  const filter = inboxFilterOf(list.state.filters);
  const type = inboxTypeOf(list.state.tab);
  const counts = useApi(api.reviewInbox.getCounts, filterQuery(filter));

  const [preview, setPreview] = useState<ReviewInboxItemDto | null>(null);
  const [pending, setPending] = useState<PendingDecision | null>(null);
  const [results, setResults] = useState<ResultLine[] | null>(null);

  const { applyFilters, setTab, clearSelection } = list;
  const refilter = useCallback((next: Partial<InboxFilterState>) => applyFilters(filterQuery({ ...filter, ...next })), [applyFilters, filter]);
  const pickType = useCallback((next: string | null) => setTab(next ?? undefined), [setTab]);

  const decide = async (targets: readonly ReviewInboxItemDto[], decision: 1 | 2, reason: string | null) => {
    const result = await runCall(api.reviewInbox.decideMany, { items: decisionsOf(targets, decision, reason) }, { invalidates: INVALIDATES });
    clearSelection();
    setPreview(null);
    if (result.failed > 0 || targets.length > 1) setResults(resultLines(result, targets));
    else message.success(t(decision === 1 ? 'inbox.done.approved' : 'inbox.done.rejected'));
  };

  return {
    list,
    filter,
    type,
    counts: counts.data,
    refilter,
    pickType,
    /** 重置: every filter and the type. */
    reset: useCallback(() => setTab(undefined, { fresh: true }), [setTab]),
    preview,
    setPreview,
    pending,
    approve: useCallback((items: readonly ReviewInboxItemDto[]) => setPending({ kind: 'approve', items }), []),
    reject: useCallback((items: readonly ReviewInboxItemDto[]) => setPending({ kind: 'reject', items }), []),
    closePending: useCallback(() => setPending(null), []),
    results,
    closeResults: useCallback(() => setResults(null), []),
    decide,
  };
}

export type ReviewInbox = ReturnType<typeof useReviewInbox>;
