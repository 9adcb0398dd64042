import { Box, Button, Field, HStack, Input, NativeSelect, Text, Wrap } from '@chakra-ui/react';
import type { ReviewInboxCountsDto, ReviewInboxItemDto } from '@edu/sdk';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { AGE_OPTIONS, typeLabelKey, type InboxFilterState } from './inbox-model.ts';

/** 全部 and one chip per type with its count for the filter; the chosen one pressed. */
export function InboxTypeChips({
  counts,
  type,
  onPick,
}: {
  counts: ReviewInboxCountsDto | undefined;
  type: string | null;
  onPick: (type: string | null) => void;
}) {
  const { t } = useTranslation();
  const total = counts?.total;
  return (
    <Wrap gap="2" role="group" aria-label={t('inbox.typesLabel')} data-testid="inbox-types">
      <Button size="xs" variant={type === null ? 'solid' : 'outline'} colorPalette="brand" aria-pressed={type === null} onClick={() => onPick(null)}>
        {total === undefined ? t('inbox.all') : t('inbox.countOf', { label: t('inbox.all'), count: total })}
      </Button>
      {(counts?.items ?? []).map((c) => (
        <Button
          key={c.type}
          size="xs"
          variant={type === c.type ? 'solid' : 'outline'}
          colorPalette="brand"
          aria-pressed={type === c.type}
          onClick={() => onPick(c.type)}
          data-testid="inbox-type"
          data-type={c.type}
          data-count={c.count}
        >
          {t('inbox.countOf', { label: t(typeLabelKey(c.type)), count: c.count })}
        </Button>
      ))}
    </Wrap>
  );
}

/**
 * The filters: the author applies with 查询 (or Enter), the waiting time and
 * the days at once; 重置 clears them and the type. The author box follows the
 * applied author when that changes from elsewhere (a link, the browser's back).
 */
export function InboxFilters({
  filter,
  onChange,
  onReset,
}: {
  filter: InboxFilterState;
  onChange: (next: Partial<InboxFilterState>) => void;
  onReset: () => void;
}) {
  const { t } = useTranslation();
  const ids = { author: useId(), age: useId(), from: useId(), to: useId() };
  const [authorText, setAuthorText] = useState(filter.author);
  const [authorFor, setAuthorFor] = useState(filter.author);
  if (authorFor !== filter.author) {
    setAuthorFor(filter.author);
    setAuthorText(filter.author);
  }
  const search = (e: FormEvent) => {
    e.preventDefault();
    onChange({ author: authorText });
  };
  return (
    <Box as="form" onSubmit={search} display="flex" flexWrap="wrap" gap="3" alignItems="end" data-testid="inbox-filters">
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
            onChange={(e) => onChange({ olderThanDays: e.currentTarget.value ? Number(e.currentTarget.value) : null })}
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
        <Input id={ids.from} type="date" size="sm" w="10rem" value={filter.from} onChange={(e) => onChange({ from: e.target.value })} />
      </Field.Root>
      <Field.Root w="auto">
        <Field.Label htmlFor={ids.to}>{t('inbox.filters.to')}</Field.Label>
        <Input id={ids.to} type="date" size="sm" w="10rem" value={filter.to} onChange={(e) => onChange({ to: e.target.value })} />
      </Field.Root>
      <HStack gap="2">
        <Button type="submit" size="sm" colorPalette="brand" data-testid="inbox-search">
          {t('inbox.filters.search')}
        </Button>
        <Button type="button" size="sm" variant="outline" onClick={onReset}>
          {t('inbox.filters.reset')}
        </Button>
      </HStack>
    </Box>
  );
}

/** What is selected and the bulk decisions over it. */
export function InboxBulkBar({
  selected,
  onApprove,
  onReject,
  onClear,
}: {
  selected: readonly ReviewInboxItemDto[];
  onApprove: (items: readonly ReviewInboxItemDto[]) => void;
  onReject: (items: readonly ReviewInboxItemDto[]) => void;
  onClear: () => void;
}) {
  const { t } = useTranslation();
  return (
    <HStack gap="2" wrap="wrap" minH="8" data-testid="inbox-bulk">
      <Text fontSize="sm" color="fg.muted" aria-live="polite">
        {t('inbox.selected', { count: selected.length })}
      </Text>
      <Button
        size="sm"
        colorPalette="brand"
        disabled={selected.length === 0}
        onClick={() => onApprove(selected)}
        data-testid="inbox-approve-selected"
      >
        {t('inbox.approveSelected')}
      </Button>
      <Button
        size="sm"
        colorPalette="red"
        variant="outline"
        disabled={selected.length === 0}
        onClick={() => onReject(selected)}
        data-testid="inbox-reject-selected"
      >
        {t('inbox.rejectSelected')}
      </Button>
      {selected.length > 0 && (
        <Button size="sm" variant="ghost" onClick={onClear}>
          {t('inbox.clearSelection')}
        </Button>
      )}
    </HStack>
  );
}
