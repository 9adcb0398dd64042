import { Badge, Box, Button, ButtonGroup, Field, Flex, HStack, Input, NativeSelect, Stack, Text } from '@chakra-ui/react';
import { formatYuan, parseYuan, type FileDto, type MoneyTotals } from '@edu/sdk';
import { DataTable, skipCount, type ColumnDef, type SelectOption } from '@edu/ui';
import type { TFunction } from 'i18next';
import { useCallback, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { api } from '../../lib/client.ts';
import { saveResult } from '../../resources/file-actions.tsx';
import { useApi, useList, type ApiCall, type FilterValues, type ListParams } from '../../resources/index.ts';
import { SearchPicker, searchPickerField, type PickerSource } from '../../resources/search-picker.tsx';
import { appliesNow, useFollowingDraft, type FilterEdit } from '../../resources/filter-rule.ts';

/**
 * The pieces every money screen shares (充值管理, 消费记录, 收入记录): amounts
 * as yuan, the filter bar (UTC+8 days, member, amount range in yuan, order or
 * serial number, one or two enum selects), tabs with counts per status, the
 * totals of the current filter and the export of the filtered set.
 */

/** An amount in fen shown as yuan with two decimals; `signed` adds + and colours money in green, money out in red. */
export function Yuan({ fen, signed = false, strong = false }: { fen: number; signed?: boolean; strong?: boolean }) {
  // The 700 shades keep 4.5:1 contrast on the subtle backgrounds of the totals bar.
  const tone = !signed || fen === 0 ? undefined : fen > 0 ? 'in' : 'out';
  const color = tone && (tone === 'in' ? { base: 'green.700', _dark: 'green.300' } : { base: 'red.700', _dark: 'red.300' });
  return (
    <Text
      as="span"
      fontVariantNumeric="tabular-nums"
      whiteSpace="nowrap"
      color={color}
      fontWeight={strong ? 'semibold' : undefined}
      data-fen={fen}
      data-tone={tone}
    >
      {formatYuan(fen, { sign: signed })}
    </Text>
  );
}

/** The filters a money list applies besides its tab: all optional, amounts in fen, days `YYYY-MM-DD` (UTC+8). */
export interface MoneyFilter {
  Keyword?: string;
  DateFrom?: string;
  DateTo?: string;
  MemberId?: number;
  MinAmount?: number;
  MaxAmount?: number;
  /** The screen's own enum filters (channel, item type, ledger type) by query name. */
  extra: Record<string, number | undefined>;
}

export const emptyFilter = (): MoneyFilter => ({ extra: {} });

/** The query members of a filter without empty values. */
export function filterQuery(f: MoneyFilter): Omit<MoneyFilter, 'extra'> {
  const { extra: _extra, ...rest } = f;
  return Object.fromEntries(Object.entries(rest).filter(([, v]) => v !== undefined && v !== ''));
}

/** A select of an enum filter: its query name, label key and options (`value` numbers). */
export interface EnumFilterSpec {
  name: string;
  labelKey: string;
  options: ReadonlyArray<{ value: number; labelKey: string }>;
}

/**
 * Members found by the server as the user types (`User/GetMemberOptions`, at
 * most 10), for the member filter and the recharge and consumption forms: the
 * money screens' own permission suffices, and a tenant's 100,000 members are
 * never all listed.
 */
export const memberSource: PickerSource = {
  useSearch(keyword, active) {
    const found = useApi(api.user.getMemberOptions, active ? { Keyword: keyword } : null, { keepPreviousData: true, silent: true });
    return { items: found.data?.items ?? [], searching: found.isValidating };
  },
  useSelected(id) {
    const { data } = useApi(api.user.getMemberOptions, id === null ? null : { Id: id }, { silent: true });
    return data?.items.find((m) => m.id === id) ?? null;
  },
};

/** The recharge and consumption forms' member field. */
export const memberPickerField = searchPickerField(memberSource, 'members.filters.memberSearch', 'member-picker');

interface Draft {
  Keyword: string;
  DateFrom: string;
  DateTo: string;
  MemberId: string;
  MinAmount: string;
  MaxAmount: string;
  extra: Record<string, string>;
}

const toDraft = (f: MoneyFilter): Draft => ({
  Keyword: f.Keyword ?? '',
  DateFrom: f.DateFrom ?? '',
  DateTo: f.DateTo ?? '',
  MemberId: f.MemberId ? String(f.MemberId) : '',
  MinAmount: f.MinAmount !== undefined ? formatYuan(f.MinAmount, { symbol: false }).replace(/,/g, '') : '',
  MaxAmount: f.MaxAmount !== undefined ? formatYuan(f.MaxAmount, { symbol: false }).replace(/,/g, '') : '',
  extra: Object.fromEntries(Object.entries(f.extra).map(([k, v]) => [k, v === undefined ? '' : String(v)])),
});

function SelectField({
  label,
  value,
  onChange,
  options,
  testId,
  width = '40',
}: {
  label: string;
  value: string;
  onChange: (v: string) => void;
  options: readonly SelectOption[];
  testId: string;
  width?: string;
}) {
  const { t } = useTranslation();
  return (
    <Field.Root width="auto">
      <Field.Label fontSize="xs">{label}</Field.Label>
      <NativeSelect.Root size="sm" width={width}>
        <NativeSelect.Field value={value} onChange={(e) => onChange(e.currentTarget.value)} data-testid={testId}>
          <option value="">{t('filters.all')}</option>
          {options.map((o) => (
            <option key={String(o.value)} value={String(o.value)}>
              {o.label}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
    </Field.Root>
  );
}

/** A draft's amounts in fen and what is wrong with it: a bad amount or a reversed range is marked and not applied. */
function checkDraft(d: Draft) {
  const min = d.MinAmount.trim() ? parseYuan(d.MinAmount) : undefined;
  const max = d.MaxAmount.trim() ? parseYuan(d.MaxAmount) : undefined;
  const badMin = min === null || (min !== undefined && min < 0);
  const badMax = max === null || (max !== undefined && max < 0);
  const badAmountRange = !badMin && !badMax && min !== undefined && max !== undefined && min > max;
  const badDates = !!d.DateFrom && !!d.DateTo && d.DateFrom > d.DateTo;
  return { min, max, badMin, badMax, badAmountRange, badDates, invalid: badMin || badMax || badAmountRange || badDates };
}

/** The filter a valid draft applies. */
function fromDraft(d: Draft, enums: readonly EnumFilterSpec[]): MoneyFilter {
  const { min, max } = checkDraft(d);
  return {
    Keyword: d.Keyword.trim() || undefined,
    DateFrom: d.DateFrom || undefined,
    DateTo: d.DateTo || undefined,
    MemberId: d.MemberId ? Number(d.MemberId) : undefined,
    MinAmount: min ?? undefined,
    MaxAmount: max ?? undefined,
    extra: Object.fromEntries(enums.map((e) => [e.name, d.extra[e.name] ? Number(d.extra[e.name]) : undefined])),
  };
}

/** The bar's typed boxes; the dates, the member and the selects are chosen. */
type TypedBox = 'Keyword' | 'MinAmount' | 'MaxAmount';

/**
 * The filter bar, on the console lists' one rule (`resources/filter-rule.ts`):
 * dates, member and selects apply when they change, the keyword and the
 * amounts with 查询 (or Enter), a box emptied at once, and any other change
 * applies the boxes as they read; 重置 clears all. Amounts are typed in yuan
 * and sent in fen; a bad amount or a reversed range is marked and nothing is
 * applied until it is put right.
 */
export function MoneyFilterBar({
  value,
  onApply,
  enums = [],
}: {
  value: MoneyFilter;
  onApply: (f: MoneyFilter) => void;
  enums?: readonly EnumFilterSpec[];
}) {
  const { t } = useTranslation();
  const applied = toDraft(value);
  const { draft, setDraft, markApplied } = useFollowingDraft(applied);
  const { badMin, badMax, badAmountRange, badDates, invalid } = checkDraft(draft);

  const applyDraft = (d: Draft) => {
    if (checkDraft(d).invalid) return;
    const f = fromDraft(d, enums);
    markApplied(toDraft(f));
    onApply(f);
  };
  const edit = (next: Draft, e: FilterEdit) => {
    setDraft(next);
    if (appliesNow(e)) applyDraft(next);
  };
  const type = (k: TypedBox) => (text: string) => edit({ ...draft, [k]: text }, { kind: 'typed', text, applied: applied[k] });
  const choose = (k: 'DateFrom' | 'DateTo' | 'MemberId') => (v: string) => edit({ ...draft, [k]: v }, { kind: 'chose' });
  const apply = () => applyDraft(draft);
  const reset = () => {
    const empty = toDraft(emptyFilter());
    setDraft(empty);
    markApplied(empty);
    onApply(emptyFilter());
  };

  return (
    <Box
      as="form"
      onSubmit={(e: React.FormEvent) => {
        e.preventDefault();
        apply();
      }}
      role="search"
      aria-label={t('members.filters.title')}
      data-testid="money-filters"
    >
      <Flex gap="3" wrap="wrap" align="flex-end">
        <Field.Root width="auto">
          <Field.Label fontSize="xs">{t('members.filters.keyword')}</Field.Label>
          <Input
            size="sm"
            width="56"
            value={draft.Keyword}
            onChange={(e) => type('Keyword')(e.target.value)}
            placeholder={t('members.filters.keywordHint')}
            data-testid="money-keyword"
          />
        </Field.Root>
        <Field.Root width="auto" invalid={badDates}>
          <Field.Label fontSize="xs">{t('members.filters.dateFrom')}</Field.Label>
          <Input size="sm" type="date" value={draft.DateFrom} onChange={(e) => choose('DateFrom')(e.target.value)} data-testid="money-date-from" />
        </Field.Root>
        <Field.Root width="auto" invalid={badDates}>
          <Field.Label fontSize="xs">{t('members.filters.dateTo')}</Field.Label>
          <Input size="sm" type="date" value={draft.DateTo} onChange={(e) => choose('DateTo')(e.target.value)} data-testid="money-date-to" />
        </Field.Root>
        <Box width="64">
          <SearchPicker
            {...memberSource}
            label={t('members.filters.member')}
            value={draft.MemberId ? Number(draft.MemberId) : null}
            onChange={(id) => choose('MemberId')(id === null ? '' : String(id))}
            placeholder={t('members.filters.memberSearch')}
            testId="money-member"
            size="sm"
          />
        </Box>
        {enums.map((e) => (
          <SelectField
            key={e.name}
            label={t(e.labelKey)}
            value={draft.extra[e.name] ?? ''}
            onChange={(v) => edit({ ...draft, extra: { ...draft.extra, [e.name]: v } }, { kind: 'chose' })}
            options={e.options.map((o) => ({ value: o.value, label: t(o.labelKey) }))}
            testId={`money-filter-${e.name}`}
            width="32"
          />
        ))}
        <Field.Root width="auto" invalid={badMin || badAmountRange}>
          <Field.Label fontSize="xs">{t('members.filters.minAmount')}</Field.Label>
          <Input
            size="sm"
            width="28"
            inputMode="decimal"
            value={draft.MinAmount}
            onChange={(e) => type('MinAmount')(e.target.value)}
            data-testid="money-min"
          />
        </Field.Root>
        <Field.Root width="auto" invalid={badMax || badAmountRange}>
          <Field.Label fontSize="xs">{t('members.filters.maxAmount')}</Field.Label>
          <Input
            size="sm"
            width="28"
            inputMode="decimal"
            value={draft.MaxAmount}
            onChange={(e) => type('MaxAmount')(e.target.value)}
            data-testid="money-max"
          />
        </Field.Root>
        <HStack gap="2">
          <Button size="sm" type="submit" colorPalette="brand" disabled={invalid} data-testid="money-search">
            {t('members.filters.search')}
          </Button>
          <Button size="sm" variant="outline" onClick={reset} data-testid="money-reset">
            {t('members.filters.reset')}
          </Button>
        </HStack>
      </Flex>
      <Text fontSize="xs" color="fg.muted" mt="1">
        {invalid ? t(badDates ? 'members.filters.badDates' : 'members.filters.badAmount') : t('members.filters.timeZone')}
      </Text>
    </Box>
  );
}

/** Tabs over a status (or type) with the count of each for the current filter; `null` is 全部. */
export function CountTabs({
  tabs,
  counts,
  countAll,
  active,
  onChange,
  label,
}: {
  tabs: ReadonlyArray<{ value: number; labelKey: string }>;
  counts: ReadonlyArray<{ value: number; count: number }> | undefined;
  countAll: number | undefined;
  active: number | null;
  onChange: (v: number | null) => void;
  label: string;
}) {
  const { t } = useTranslation();
  const items: Array<{ value: number | null; text: string; count: number | undefined }> = [
    { value: null, text: t('filters.all'), count: countAll },
    ...tabs.map((tab) => ({
      value: tab.value,
      text: t(tab.labelKey),
      count: counts ? (counts.find((c) => c.value === tab.value)?.count ?? 0) : undefined,
    })),
  ];
  return (
    <ButtonGroup size="sm" attached variant="outline" role="tablist" aria-label={label} flexWrap="wrap">
      {items.map((i) => (
        <Button
          key={i.value ?? 'all'}
          role="tab"
          aria-selected={active === i.value}
          variant={active === i.value ? 'solid' : 'outline'}
          colorPalette={active === i.value ? 'brand' : 'gray'}
          onClick={() => onChange(i.value)}
          data-testid={`money-tab-${i.value ?? 'all'}`}
          data-count={i.count}
        >
          {i.text}
          {i.count !== undefined && (
            <Badge size="sm" variant={active === i.value ? 'surface' : 'subtle'} ms="1">
              {i.count}
            </Badge>
          )}
        </Button>
      ))}
    </ButtonGroup>
  );
}

/** How a list's totals are labelled; `neutralNet` shows 净额 without the gain/loss colours (spending is not a loss). */
export interface TotalsLabels {
  inKey?: string;
  outKey?: string;
  neutralNet?: boolean;
}

/** The totals of the current filter (every page): count, money in, money out, net. */
export function TotalsBar({
  totals,
  inKey = 'members.totals.in',
  outKey = 'members.totals.out',
  neutralNet = false,
}: TotalsLabels & { totals: MoneyTotals | undefined }) {
  const { t } = useTranslation();
  const item = (label: string, node: ReactNode, testId: string) => (
    <Stack gap="0" minW="28" data-testid={testId}>
      <Text fontSize="xs" color="fg.muted">
        {label}
      </Text>
      <Text fontSize="lg">{node}</Text>
    </Stack>
  );
  return (
    <Flex gap="6" wrap="wrap" px="4" py="2" bg="bg.subtle" borderRadius="md" aria-live="polite" data-testid="money-totals">
      {item(t('members.totals.count'), totals?.count ?? '—', 'totals-count')}
      {item(t(inKey), totals ? <Yuan fen={totals.in} strong /> : '—', 'totals-in')}
      {item(t(outKey), totals ? <Yuan fen={totals.out} strong /> : '—', 'totals-out')}
      {item(t('members.totals.net'), totals ? <Yuan fen={totals.net} signed={!neutralNet} strong /> : '—', 'totals-net')}
    </Flex>
  );
}

/** 导出: the filtered set as `.xlsx` (every page), saved under the server's file name. */
export function ExportButton({ run }: { run: () => Promise<FileDto> }) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const onClick = async () => {
    setBusy(true);
    try {
      await saveResult(await run());
    } catch {
      // The error modal says why.
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button size="sm" variant="outline" loading={busy} onClick={() => void onClick()} data-testid="money-export">
      {t('members.export')}
    </Button>
  );
}

/** A day and time in UTC+8 (`2026-11-23 14:05`), whatever the browser's zone. */
export function chinaTime(iso: string | null | undefined): string {
  if (!iso) return '—';
  const d = new Date(Date.parse(iso) + 8 * 3600_000).toISOString();
  return `${d.slice(0, 10)} ${d.slice(11, 16)}`;
}

/** The member column every money list shows: `姓名（用户名）`, the user name alone when the name is empty. */
export function memberColumn<Row extends MemberNamed>(t: TFunction): ColumnDef<Row, unknown> {
  return {
    id: 'member',
    header: t('members.fields.member'),
    cell: ({ row }) => memberText(row.original),
  };
}

type MemberNamed = { memberName: string | null; memberUserName: string };

/** A money row's member as the lists and confirmations show them: `张伟（zhangwei）`. */
export const memberText = (row: MemberNamed): string => `${row.memberName || row.memberUserName}（${row.memberUserName}）`;

/** Paging and sorting as ABP takes them; the export of a list takes its query without the paging. */
export interface MoneyPaging {
  Sorting?: string;
  SkipCount?: number;
  MaxResultCount?: number;
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * The money filter a list state holds. The state may come from a link typed
 * by hand, so a value of the wrong kind is dropped rather than sent.
 */
export function moneyFilterOf(filters: FilterValues, enums: readonly EnumFilterSpec[]): MoneyFilter {
  const text = (k: string) => {
    const v = filters[k];
    return typeof v === 'string' && v.trim() ? v.trim() : undefined;
  };
  const day = (k: string) => {
    const v = text(k);
    return v && DAY.test(v) ? v : undefined;
  };
  const whole = (k: string, min: number) => {
    const v = filters[k];
    return typeof v === 'number' && Number.isSafeInteger(v) && v >= min ? v : undefined;
  };
  return {
    Keyword: text('Keyword'),
    DateFrom: day('DateFrom'),
    DateTo: day('DateTo'),
    MemberId: whole('MemberId', 1),
    MinAmount: whole('MinAmount', 0),
    MaxAmount: whole('MaxAmount', 0),
    extra: Object.fromEntries(enums.map((e) => [e.name, whole(e.name, 0)])),
  };
}

/** A money filter as list state (what the URL keeps). */
export const moneyFilterValues = (f: MoneyFilter): FilterValues => ({ ...filterQuery(f), ...f.extra });

/** A money list's tab (a status or type value) from the list state; `null` is 全部. */
export function moneyTabOf(tab: string | undefined): number | null {
  return tab !== undefined && /^\d{1,3}$/.test(tab) ? Number(tab) : null;
}

/**
 * One money list on the console's one list core (`useList`: page, page size,
 * sorting, filters and tab in the route's URL, see `ListInUrl`). `build` turns
 * the applied filter, the tab and the paging into the list call's own query
 * (its enum members parsed by the SDK's enums, so a stale value is dropped
 * rather than sent); the export takes the same query without the paging.
 */
export function useMoneyList<I extends z.ZodType, O extends z.ZodType>(
  call: ApiCall<I, O>,
  enums: readonly EnumFilterSpec[],
  build: (filter: MoneyFilter, tab: number | null, paging: MoneyPaging) => z.input<I>,
) {
  const toQuery = useCallback(
    (p: ListParams) =>
      build(moneyFilterOf(p.filters, enums), moneyTabOf(p.tab), {
        ...(p.sorting ? { Sorting: p.sorting } : {}),
        SkipCount: skipCount(p.page, p.pageSize),
        MaxResultCount: p.pageSize,
      }),
    [build, enums],
  );
  const list = useList<I, O>(call, { toQuery });
  const filter = moneyFilterOf(list.state.filters, enums);
  const tab = moneyTabOf(list.state.tab);
  const { applyFilters, setTab } = list;
  return {
    ...list,
    filter,
    tab,
    enums,
    /** The filtered query without paging (what the export takes). */
    exportQuery: build(filter, tab, list.state.sorting ? { Sorting: list.state.sorting } : {}),
    applyFilter: useCallback((f: MoneyFilter) => applyFilters(moneyFilterValues(f)), [applyFilters]),
    selectTab: useCallback((v: number | null) => setTab(v === null ? undefined : String(v)), [setTab]),
  };
}

/** What a money list answers besides its rows: counts per tab and totals of the filter. */
interface MoneyPage<Row> {
  items: Row[];
  totalCount: number;
  counts: ReadonlyArray<{ value: number; count: number }>;
  countAll: number;
  totals: MoneyTotals;
}

/** The part of a money list its layout reads. */
interface MoneyListView<Row> {
  filter: MoneyFilter;
  tab: number | null;
  enums: readonly EnumFilterSpec[];
  data: MoneyPage<Row> | undefined;
  firstLoad: boolean;
  state: ListParams;
  applyFilter: (f: MoneyFilter) => void;
  selectTab: (v: number | null) => void;
  setPage: (page: number) => void;
  setPageSize: (size: number) => void;
  setSorting: (sorting: string | undefined) => void;
}

/**
 * One money list laid out the way all three screens show it: the filter
 * bar, tabs with counts, the screen's actions beside 导出, the totals bar
 * and the paged table.
 */
export function MoneyList<Row>({
  list,
  columns,
  tabs,
  tabLabel,
  actions,
  onExport,
  totals,
  testId,
}: {
  list: MoneyListView<Row>;
  columns: ColumnDef<Row, unknown>[];
  tabs: ReadonlyArray<{ value: number; labelKey: string }>;
  tabLabel: string;
  actions?: ReactNode;
  onExport: () => Promise<FileDto>;
  totals?: TotalsLabels;
  testId: string;
}) {
  const { data, state } = list;
  return (
    <>
      <MoneyFilterBar value={list.filter} onApply={list.applyFilter} enums={list.enums} />
      <Flex gap="3" justify="space-between" wrap="wrap" align="center">
        <CountTabs tabs={tabs} counts={data?.counts} countAll={data?.countAll} active={list.tab} onChange={list.selectTab} label={tabLabel} />
        <HStack gap="2">
          {actions}
          <ExportButton run={onExport} />
        </HStack>
      </Flex>
      <TotalsBar totals={data?.totals} {...totals} />
      <DataTable
        columns={columns}
        data={data?.items ?? []}
        total={data?.totalCount ?? 0}
        page={state.page}
        pageSize={state.pageSize}
        onPageChange={list.setPage}
        onPageSizeChange={list.setPageSize}
        sorting={state.sorting}
        onSortingChange={list.setSorting}
        loading={list.firstLoad}
        data-testid={testId}
      />
    </>
  );
}
