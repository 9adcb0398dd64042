import { Badge, Box, Button, Field, HStack, Input, NativeSelect, Stack, Text, Wrap } from '@chakra-ui/react';
import { reviewableList, type ReviewableKey, type ReviewInboxItemDto } from '@edu/sdk';
import { ConfirmDialog, DataTable, formatDateTimeUtc8, type ColumnDef, type RowSelectionState } from '@edu/ui';
import { useId, useMemo, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../lib/client.ts';
import { message } from '../../lib/notify.ts';
import { LocalizedUi, ScreenCard, useApi, useRunCall } from '../../resources/index.ts';
import { PreviewDialog, RejectDialog, ResultsDialog } from './inbox-dialogs.tsx';
import {
  AGE_OPTIONS,
  decisionsOf,
  EMPTY_FILTER,
  filterQuery,
  listQuery,
  resultLines,
  rowKey,
  typeLabelKey,
  waitingDays,
  type InboxFilterState,
  type ResultLine,
} from './inbox-model.ts';

/** After a decision: the inbox, every reviewable's lists, the home page's figures. */
const INVALIDATES = ['ReviewInbox', 'Session', ...new Set(reviewableList.map((r) => r.service.name))];

/**
 * 审核中心 (issue 11 item 8): every item awaiting the user's review across the
 * registry's types. Counts per type as chips, filters (author, waiting time,
 * submission days), the queue (sensitive-word hits first and marked, then
 * oldest), one item's preview, approve / reject (reason templates plus the
 * reviewer's words) one by one or for the selection, and the per-item
 * results of a bulk decision.
 */
export default function ReviewInboxPage() {
  const { t } = useTranslation();
  const runCall = useRunCall();
  const [type, setType] = useState<ReviewableKey | null>(null);
  const [filter, setFilter] = useState<InboxFilterState>(EMPTY_FILTER);
  const [authorText, setAuthorText] = useState('');
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(10);
  const [selection, setSelection] = useState<RowSelectionState>({});
  const [preview, setPreview] = useState<ReviewInboxItemDto | null>(null);
  const [approving, setApproving] = useState<ReviewInboxItemDto[] | null>(null);
  const [rejecting, setRejecting] = useState<ReviewInboxItemDto[] | null>(null);
  const [results, setResults] = useState<ResultLine[] | null>(null);
  const [now] = useState(() => Date.now());
  const ids = { author: useId(), age: useId(), from: useId(), to: useId() };

  const counts = useApi(api.reviewInbox.getCounts, filterQuery(filter));
  const list = useApi(api.reviewInbox.getAll, listQuery(filter, type, page, pageSize));
  const items = useMemo(() => list.data?.items ?? [], [list.data]);
  const selected = items.filter((i) => selection[rowKey(i)]);

  /** Any change of what is listed starts at page 1 with nothing selected. */
  const refilter = (next: Partial<InboxFilterState>) => {
    setFilter((f) => ({ ...f, ...next }));
    setPage(1);
    setSelection({});
  };
  const pickType = (next: ReviewableKey | null) => {
    setType(next);
    setPage(1);
    setSelection({});
  };
  const searchAuthor = (e: FormEvent) => {
    e.preventDefault();
    refilter({ author: authorText });
  };
  const reset = () => {
    setAuthorText('');
    setType(null);
    refilter(EMPTY_FILTER);
  };

  const decide = async (targets: readonly ReviewInboxItemDto[], decision: 1 | 2, reason: string | null) => {
    const result = await runCall(api.reviewInbox.decideMany, { items: decisionsOf(targets, decision, reason) }, { invalidates: INVALIDATES });
    setSelection({});
    setPreview(null);
    if (result.failed > 0 || targets.length > 1) setResults(resultLines(result, targets));
    else message.success(t(decision === 1 ? 'inbox.done.approved' : 'inbox.done.rejected'));
  };

  const columns: ColumnDef<ReviewInboxItemDto, unknown>[] = [
    {
      id: 'type',
      header: t('inbox.columns.type'),
      cell: ({ row }) => (
        <Badge variant="subtle" colorPalette="blue" whiteSpace="nowrap">
          {t(typeLabelKey(row.original.type))}
        </Badge>
      ),
    },
    {
      id: 'title',
      header: t('inbox.columns.title'),
      cell: ({ row }) => {
        const item = row.original;
        return (
          <Stack gap="1" minW="14rem" maxW="32rem" data-testid="inbox-row" data-key={rowKey(item)} data-hits={item.sensitiveHits}>
            <HStack gap="2" align="start">
              {item.sensitiveHits > 0 && (
                <Badge variant="solid" colorPalette="red" flexShrink={0} title={t('inbox.sensitive', { count: item.sensitiveHits })}>
                  {t('inbox.sensitiveShort')} ×{item.sensitiveHits}
                </Badge>
              )}
              <Button
                variant="plain"
                size="sm"
                h="auto"
                p="0"
                fontWeight="medium"
                textAlign="start"
                whiteSpace="normal"
                color="fg"
                _hover={{ textDecoration: 'underline' }}
                onClick={() => setPreview(item)}
                aria-label={t('inbox.openLabel', { title: item.title })}
                data-testid="inbox-open"
              >
                {item.title}
              </Button>
            </HStack>
            <Text fontSize="xs" color="fg.muted" lineClamp={2}>
              {item.preview ?? t('inbox.noPreview')}
            </Text>
          </Stack>
        );
      },
    },
    { id: 'author', header: t('inbox.columns.author'), cell: ({ row }) => row.original.authorName ?? t('inbox.noAuthor') },
    {
      id: 'submitted',
      header: t('inbox.columns.submitted'),
      cell: ({ row }) => {
        const days = waitingDays(row.original.submittedTime, now);
        return (
          <Stack gap="0" whiteSpace="nowrap">
            <Text fontSize="sm">{formatDateTimeUtc8(row.original.submittedTime)}</Text>
            <Text fontSize="xs" color={days >= 7 ? 'orange.700' : 'fg.muted'}>
              {days === 0 ? t('inbox.age.today') : t('inbox.age.days', { count: days })}
            </Text>
          </Stack>
        );
      },
    },
    {
      id: 'step',
      header: t('inbox.columns.step'),
      cell: ({ row }) => t(`review.steps.${row.original.stepName}`, { defaultValue: row.original.stepName }),
    },
    {
      id: 'actions',
      header: t('inbox.columns.actions'),
      cell: ({ row }) => (
        <HStack gap="1">
          <Button
            size="xs"
            variant="outline"
            colorPalette="green"
            onClick={() => setApproving([row.original])}
            aria-label={`${t('inbox.approve')} ${row.original.title}`}
            data-testid="inbox-approve"
          >
            {t('inbox.approve')}
          </Button>
          <Button
            size="xs"
            variant="outline"
            colorPalette="red"
            onClick={() => setRejecting([row.original])}
            aria-label={`${t('inbox.reject')} ${row.original.title}`}
            data-testid="inbox-reject"
          >
            {t('inbox.reject')}
          </Button>
        </HStack>
      ),
    },
  ];

  const total = counts.data?.total;
  return (
    <LocalizedUi>
      <ScreenCard>
        <Stack gap="4" data-testid="review-inbox">
          <Wrap gap="2" role="group" aria-label={t('inbox.typesLabel')} data-testid="inbox-types">
            <Button
              size="xs"
              variant={type === null ? 'solid' : 'outline'}
              colorPalette="brand"
              aria-pressed={type === null}
              onClick={() => pickType(null)}
            >
              {total === undefined ? t('inbox.all') : t('inbox.countOf', { label: t('inbox.all'), count: total })}
            </Button>
            {(counts.data?.items ?? []).map((c) => (
              <Button
                key={c.type}
                size="xs"
                variant={type === c.type ? 'solid' : 'outline'}
                colorPalette="brand"
                aria-pressed={type === c.type}
                onClick={() => pickType(c.type)}
                data-testid="inbox-type"
                data-type={c.type}
                data-count={c.count}
              >
                {t('inbox.countOf', { label: t(typeLabelKey(c.type)), count: c.count })}
              </Button>
            ))}
          </Wrap>

          <Box as="form" onSubmit={searchAuthor} display="flex" flexWrap="wrap" gap="3" alignItems="end" data-testid="inbox-filters">
            <Field.Root w="auto">
              <Field.Label htmlFor={ids.author}>{t('inbox.filters.author')}</Field.Label>
              <Input
                id={ids.author}
                size="sm"
                w="12rem"
                value={authorText}
                placeholder={t('inbox.filters.authorPlaceholder')}
                onChange={(e) => setAuthorText(e.target.value)}
                data-testid="inbox-author"
              />
            </Field.Root>
            <Field.Root w="auto">
              <Field.Label htmlFor={ids.age}>{t('inbox.filters.age')}</Field.Label>
              <NativeSelect.Root size="sm" w="10rem">
                <NativeSelect.Field
                  id={ids.age}
                  value={filter.olderThanDays === null ? '' : String(filter.olderThanDays)}
                  onChange={(e) => refilter({ olderThanDays: e.currentTarget.value ? Number(e.currentTarget.value) : null })}
                  data-testid="inbox-age"
                >
                  <option value="">{t('inbox.filters.ageAny')}</option>
                  {AGE_OPTIONS.map((d) => (
                    <option key={d} value={d}>
                      {t('inbox.filters.ageOver', { count: d })}
                    </option>
                  ))}
                </NativeSelect.Field>
                <NativeSelect.Indicator />
              </NativeSelect.Root>
            </Field.Root>
            <Field.Root w="auto">
              <Field.Label htmlFor={ids.from}>{t('inbox.filters.from')}</Field.Label>
              <Input id={ids.from} type="date" size="sm" w="10rem" value={filter.from} onChange={(e) => refilter({ from: e.target.value })} />
            </Field.Root>
            <Field.Root w="auto">
              <Field.Label htmlFor={ids.to}>{t('inbox.filters.to')}</Field.Label>
              <Input id={ids.to} type="date" size="sm" w="10rem" value={filter.to} onChange={(e) => refilter({ to: e.target.value })} />
            </Field.Root>
            <HStack gap="2">
              <Button type="submit" size="sm" colorPalette="brand" data-testid="inbox-search">
                {t('inbox.filters.search')}
              </Button>
              <Button type="button" size="sm" variant="outline" onClick={reset}>
                {t('inbox.filters.reset')}
              </Button>
            </HStack>
          </Box>

          <HStack gap="2" wrap="wrap" minH="8" data-testid="inbox-bulk">
            <Text fontSize="sm" color="fg.muted" aria-live="polite">
              {t('inbox.selected', { count: selected.length })}
            </Text>
            <Button
              size="sm"
              colorPalette="brand"
              disabled={selected.length === 0}
              onClick={() => setApproving(selected)}
              data-testid="inbox-approve-selected"
            >
              {t('inbox.approveSelected')}
            </Button>
            <Button
              size="sm"
              colorPalette="red"
              variant="outline"
              disabled={selected.length === 0}
              onClick={() => setRejecting(selected)}
              data-testid="inbox-reject-selected"
            >
              {t('inbox.rejectSelected')}
            </Button>
            {selected.length > 0 && (
              <Button size="sm" variant="ghost" onClick={() => setSelection({})}>
                {t('inbox.clearSelection')}
              </Button>
            )}
          </HStack>

          <DataTable
            columns={columns}
            data={items}
            total={list.data?.totalCount ?? 0}
            page={page}
            pageSize={pageSize}
            onPageChange={(p) => {
              setPage(p);
              setSelection({});
            }}
            onPageSizeChange={(s) => {
              setPageSize(s);
              setPage(1);
              setSelection({});
            }}
            loading={list.isLoading}
            getRowId={rowKey}
            selectable
            rowSelection={selection}
            onRowSelectionChange={setSelection}
            emptyContent={t('inbox.empty')}
            data-testid="inbox-table"
          />
        </Stack>

        <PreviewDialog
          item={preview}
          onClose={() => setPreview(null)}
          onApprove={(item) => setApproving([item])}
          onReject={(item) => setRejecting([item])}
        />
        <ConfirmDialog
          open={approving !== null}
          onOpenChange={(open) => !open && setApproving(null)}
          title={t('inbox.approveConfirm.title')}
          description={
            approving && approving.length === 1
              ? t('inbox.approveConfirm.one', { title: approving[0]!.title })
              : t('inbox.approveConfirm.many', { count: approving?.length ?? 0 })
          }
          confirmLabel={t('inbox.approve')}
          onConfirm={() => (approving ? decide(approving, 1, null) : undefined)}
        />
        <RejectDialog items={rejecting} onClose={() => setRejecting(null)} onReject={(reason) => decide(rejecting ?? [], 2, reason)} />
        <ResultsDialog lines={results} onClose={() => setResults(null)} />
      </ScreenCard>
    </LocalizedUi>
  );
}
