import { Badge, Button, HStack, Stack, Text } from '@chakra-ui/react';
import type { ReviewInboxItemDto } from '@edu/sdk';
import { formatDateTimeUtc8, type ColumnDef } from '@edu/ui';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { rowKey, typeLabelKey, waitingDays } from './inbox-model.ts';
import type { ReviewInbox } from './use-review-inbox.ts';

/** The title cell: the sensitive-word mark, the title that opens the preview, the first words. */
function TitleCell({ item, onOpen }: { item: ReviewInboxItemDto; onOpen: (item: ReviewInboxItemDto) => void }) {
  const { t } = useTranslation();
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
          onClick={() => onOpen(item)}
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
}

/** When an item came and how long it has waited (orange after a week). */
function SubmittedCell({ time, now }: { time: string; now: number }) {
  const { t } = useTranslation();
  const days = waitingDays(time, now);
  return (
    <Stack gap="0" whiteSpace="nowrap">
      <Text fontSize="sm">{formatDateTimeUtc8(time)}</Text>
      <Text fontSize="xs" color={days >= 7 ? 'orange.700' : 'fg.muted'}>
        {days === 0 ? t('inbox.age.today') : t('inbox.age.days', { count: days })}
      </Text>
    </Stack>
  );
}

/** Approve and reject, or, when the caller may not decide the item (their own, an earlier step of its round theirs), both disabled and why. */
function ActionsCell({ item, approve, reject }: { item: ReviewInboxItemDto } & Pick<ReviewInbox, 'approve' | 'reject'>) {
  const { t } = useTranslation();
  const why = item.canDecide ? null : t(`inbox.cannotDecide.${item.cannotDecideReason ?? 'missingPermission'}`);
  const reasonId = `inbox-why-${rowKey(item)}`;
  return (
    <Stack gap="1" maxW="14rem">
      <HStack gap="1" title={why ?? undefined}>
        <Button
          size="xs"
          variant="outline"
          colorPalette="green"
          disabled={!item.canDecide}
          onClick={() => approve([item])}
          aria-label={`${t('inbox.approve')} ${item.title}`}
          aria-describedby={why ? reasonId : undefined}
          data-testid="inbox-approve"
        >
          {t('inbox.approve')}
        </Button>
        <Button
          size="xs"
          variant="outline"
          colorPalette="red"
          disabled={!item.canDecide}
          onClick={() => reject([item])}
          aria-label={`${t('inbox.reject')} ${item.title}`}
          aria-describedby={why ? reasonId : undefined}
          data-testid="inbox-reject"
        >
          {t('inbox.reject')}
        </Button>
      </HStack>
      {why && (
        <Text id={reasonId} fontSize="xs" color="fg.muted" data-testid="inbox-cannot-decide" data-reason={item.cannotDecideReason}>
          {why}
        </Text>
      )}
    </Stack>
  );
}

/** The inbox table's columns: type, title, author, submitted, step, approve and reject. */
export function useInboxColumns(inbox: Pick<ReviewInbox, 'setPreview' | 'approve' | 'reject'>): ColumnDef<ReviewInboxItemDto, unknown>[] {
  const { t } = useTranslation();
  const [now] = useState(() => Date.now());
  const { setPreview, approve, reject } = inbox;
  return [
    {
      id: 'type',
      header: t('inbox.columns.type'),
      cell: ({ row }) => (
        <Badge variant="subtle" colorPalette="blue" whiteSpace="nowrap">
          {t(typeLabelKey(row.original.type))}
        </Badge>
      ),
    },
    { id: 'title', header: t('inbox.columns.title'), cell: ({ row }) => <TitleCell item={row.original} onOpen={setPreview} /> },
    { id: 'author', header: t('inbox.columns.author'), cell: ({ row }) => row.original.authorName ?? t('inbox.noAuthor') },
    { id: 'submitted', header: t('inbox.columns.submitted'), cell: ({ row }) => <SubmittedCell time={row.original.submittedTime} now={now} /> },
    {
      id: 'step',
      header: t('inbox.columns.step'),
      cell: ({ row }) => t(`review.steps.${row.original.stepName}`, { defaultValue: row.original.stepName }),
    },
    {
      id: 'actions',
      header: t('inbox.columns.actions'),
      cell: ({ row }) => <ActionsCell item={row.original} approve={approve} reject={reject} />,
    },
  ];
}
