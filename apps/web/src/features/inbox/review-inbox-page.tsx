import { Stack } from '@chakra-ui/react';
import { ConfirmDialog, DataTable } from '@edu/ui';
import { useTranslation } from 'react-i18next';
import { ListInUrl, LocalizedUi, ScreenCard } from '../../resources/index.ts';
import { useInboxColumns } from './inbox-columns.tsx';
import { PreviewDialog, RejectDialog, ResultsDialog } from './inbox-dialogs.tsx';
import { rowKey } from './inbox-model.ts';
import { InboxBulkBar, InboxFilters, InboxTypeChips } from './inbox-toolbar.tsx';
import { useReviewInbox, type ReviewInbox } from './use-review-inbox.ts';

/** The confirmation of an approval, one item or many. */
function ApproveConfirm({ inbox }: { inbox: ReviewInbox }) {
  const { t } = useTranslation();
  const items = inbox.pending?.kind === 'approve' ? inbox.pending.items : null;
  return (
    <ConfirmDialog
      open={items !== null}
      onOpenChange={(open) => !open && inbox.closePending()}
      title={t('inbox.approveConfirm.title')}
      description={
        items && items.length === 1
          ? t('inbox.approveConfirm.one', { title: items[0]!.title })
          : t('inbox.approveConfirm.many', { count: items?.length ?? 0 })
      }
      confirmLabel={t('inbox.approve')}
      onConfirm={() => (items ? inbox.decide(items, 1, null) : undefined)}
    />
  );
}

function ReviewInboxScreen() {
  const { t } = useTranslation();
  const inbox = useReviewInbox();
  const { list } = inbox;
  const columns = useInboxColumns(inbox);
  const rejecting = inbox.pending?.kind === 'reject' ? inbox.pending.items : null;
  return (
    <LocalizedUi>
      <ScreenCard>
        <Stack gap="4" data-testid="review-inbox">
          <InboxTypeChips counts={inbox.counts} type={inbox.type} onPick={inbox.pickType} />
          <InboxFilters filter={inbox.filter} onChange={inbox.refilter} onReset={inbox.reset} />
          <InboxBulkBar selected={list.selectedRows} onApprove={inbox.approve} onReject={inbox.reject} onClear={list.clearSelection} />
          <DataTable
            columns={columns}
            data={list.rows}
            total={list.total}
            page={list.state.page}
            pageSize={list.state.pageSize}
            onPageChange={list.setPage}
            onPageSizeChange={list.setPageSize}
            loading={list.firstLoad}
            getRowId={rowKey}
            selectable
            rowSelection={list.selection}
            onRowSelectionChange={list.setSelection}
            emptyContent={t('inbox.empty')}
            data-testid="inbox-table"
          />
        </Stack>

        <PreviewDialog
          item={inbox.preview}
          onClose={() => inbox.setPreview(null)}
          onApprove={(item) => inbox.approve([item])}
          onReject={(item) => inbox.reject([item])}
        />
        <ApproveConfirm inbox={inbox} />
        <RejectDialog items={rejecting} onClose={inbox.closePending} onReject={(reason) => inbox.decide(rejecting ?? [], 2, reason)} />
        <ResultsDialog lines={inbox.results} onClose={inbox.closeResults} />
      </ScreenCard>
    </LocalizedUi>
  );
}

/**
 * 审核中心 (docs/architecture/review.md, "The review inbox"): every item awaiting the user's review across the
 * registry's types. Counts per type as chips, filters (author, waiting time,
 * submission days), the queue (sensitive-word hits first and marked, then
 * oldest), one item's preview, approve / reject (reason templates plus the
 * reviewer's words) one by one or for the selection, and the per-item
 * results of a bulk decision. The type, filters and page are kept in the URL.
 */
export default function ReviewInboxPage() {
  return (
    <ListInUrl>
      <ReviewInboxScreen />
    </ListInUrl>
  );
}
