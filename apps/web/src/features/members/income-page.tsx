import { Badge, Card, Field, Flex, Heading, Input, SimpleGrid, Stack, Table, Text } from '@chakra-ui/react';
import { chinaDay, formatYuan, LedgerEntryType, PayChannel, type LedgerEntryDto } from '@edu/sdk';
import { DonutChart, LineChart, StatCard, type ColumnDef } from '@edu/ui';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../lib/client.ts';
import { ListInUrl, LocalizedUi, ScreenCard, useApi, useRunCall, type CallInput } from '../../resources/index.ts';
import { channelOptions } from './payment-page.tsx';
import { chinaTime, filterQuery, memberColumn, MoneyList, useMoneyList, Yuan, type MoneyFilter, type MoneyPaging } from './money.tsx';

export const ledgerTypeTabs = [1, 2, 3, 4, 5].map((value) => ({ value, labelKey: `members.ledgerType.${value}` }));

const ENUMS = [{ name: 'Channel', labelKey: 'members.fields.channel', options: channelOptions }];

function ledgerQuery(filter: MoneyFilter, tab: number | null, paging: MoneyPaging): CallInput<typeof api.income.getAll> {
  const channel = PayChannel.safeParse(filter.extra.Channel).data;
  const type = LedgerEntryType.safeParse(tab).data;
  return { ...filterQuery(filter), ...paging, ...(channel ? { Channel: channel } : {}), ...(type ? { Type: type } : {}) };
}

/** The last 30 UTC+8 days, today included. */
function defaultPeriod(): { from: string; to: string } {
  const now = Date.now();
  return { from: chinaDay(now - 29 * 86_400_000), to: chinaDay(now) };
}

function Panel({ title, children, testId }: { title: ReactNode; children: ReactNode; testId?: string }) {
  return (
    <Card.Root variant="outline" height="full" data-testid={testId}>
      <Card.Header pb="0">
        <Heading size="sm" as="h2">
          {title}
        </Heading>
      </Card.Header>
      <Card.Body>{children}</Card.Body>
    </Card.Root>
  );
}

/** The ledger: every money movement, filtered, with tabs per type, totals and export. */
function Ledger() {
  const { t } = useTranslation();
  const runCall = useRunCall();
  const list = useMoneyList(api.income.getAll, ENUMS, ledgerQuery);

  const columns: ColumnDef<LedgerEntryDto, unknown>[] = [
    { id: 'serialNo', header: t('members.fields.serialNo'), cell: ({ row }) => row.original.serialNo },
    memberColumn(t),
    {
      id: 'type',
      header: t('members.fields.type'),
      cell: ({ row }) => <Badge variant="subtle">{t(`members.ledgerType.${row.original.type}`)}</Badge>,
    },
    { id: 'channel', header: t('members.fields.channel'), cell: ({ row }) => t(`members.channel.${row.original.channel}`) },
    { id: 'amount', header: t('members.fields.amount'), enableSorting: true, cell: ({ row }) => <Yuan fen={row.original.amount} signed /> },
    { id: 'balanceAfter', header: t('members.fields.balanceAfter'), cell: ({ row }) => <Yuan fen={row.original.balanceAfter} /> },
    { id: 'orderNo', header: t('members.fields.orderNo'), cell: ({ row }) => row.original.orderNo ?? '—' },
    { id: 'remark', header: t('members.fields.remark'), cell: ({ row }) => row.original.remark ?? '—' },
    { id: 'creationTime', header: t('members.fields.creationTime'), enableSorting: true, cell: ({ row }) => chinaTime(row.original.creationTime) },
  ];
  return (
    <Stack gap="4" data-testid="ledger">
      <Heading size="md" as="h2">
        {t('members.income.ledger')}
      </Heading>
      <MoneyList
        list={list}
        columns={columns}
        tabs={ledgerTypeTabs}
        tabLabel={t('members.fields.type')}
        onExport={() => runCall(api.income.getAllToExcel, list.exportQuery, { invalidates: [] })}
        testId="ledger-table"
      />
    </Stack>
  );
}

/**
 * 收入记录: the platform's income over a period of UTC+8 days (`Income/
 * GetIncomeSummary`): totals, income per day as a chart and a table, income
 * by what was bought, and below it the ledger every figure comes from.
 */
export default function IncomePage() {
  const { t } = useTranslation();
  const [period, setPeriod] = useState(defaultPeriod);
  const valid = !!period.from && !!period.to && period.from <= period.to;
  const { data: s, isLoading } = useApi(api.income.getIncomeSummary, valid ? { DateFrom: period.from, DateTo: period.to } : null);
  const empty = t('members.income.empty');
  const days = s?.byDay ?? [];
  // About a dozen day labels under the chart, whatever the period's length.
  const labelStep = Math.max(1, Math.ceil(days.length / 12));
  return (
    <LocalizedUi>
      <Stack gap="4">
        <ScreenCard>
          <Stack gap="5" data-testid="income-page">
            <Flex gap="3" wrap="wrap" align="flex-end">
              <Field.Root width="auto" invalid={!valid}>
                <Field.Label>{t('members.filters.dateFrom')}</Field.Label>
                <Input
                  size="sm"
                  type="date"
                  value={period.from}
                  onChange={(e) => setPeriod((p) => ({ ...p, from: e.target.value }))}
                  data-testid="income-from"
                />
              </Field.Root>
              <Field.Root width="auto" invalid={!valid}>
                <Field.Label>{t('members.filters.dateTo')}</Field.Label>
                <Input
                  size="sm"
                  type="date"
                  value={period.to}
                  onChange={(e) => setPeriod((p) => ({ ...p, to: e.target.value }))}
                  data-testid="income-to"
                />
                {!valid && <Field.ErrorText>{t('members.filters.badDates')}</Field.ErrorText>}
              </Field.Root>
              <Text fontSize="sm" color="fg.muted" pb="2">
                {t('members.filters.timeZone')}
              </Text>
            </Flex>
            <SimpleGrid columns={{ base: 1, sm: 2, lg: 3, xl: 6 }} gap="3">
              {(
                [
                  ['income', s?.totals.income, 'green'],
                  ['refunded', s?.totals.refunded, 'orange'],
                  ['net', s?.totals.net, 'brand'],
                  ['recharged', s?.totals.recharged, 'blue'],
                  ['rewards', s?.totals.rewards, 'purple'],
                  ['balanceHeld', s?.balanceHeld, 'gray'],
                ] as const
              ).map(([key, fen, color]) => (
                <StatCard
                  key={key}
                  label={t(`members.income.${key}`)}
                  value={fen === undefined ? '—' : formatYuan(fen)}
                  colorPalette={color}
                  loading={isLoading}
                  data-testid={`income-${key}`}
                />
              ))}
            </SimpleGrid>
            <SimpleGrid columns={{ base: 1, lg: 3 }} gap="4">
              <Stack gridColumn={{ lg: 'span 2' }}>
                <Panel title={t('members.income.perDay')} testId="income-chart">
                  <LineChart
                    labels={days.map((d, i) => (i % labelStep === 0 ? d.day.slice(5) : ''))}
                    series={[
                      { name: t('members.income.net'), values: days.map((d) => d.net) },
                      { name: t('members.income.recharged'), values: days.map((d) => d.recharged) },
                    ]}
                    emptyText={empty}
                    formatValue={formatYuan}
                    aria-label={t('members.income.perDay')}
                  />
                </Panel>
              </Stack>
              <Panel title={t('members.income.byType')} testId="income-by-type">
                <DonutChart
                  items={(s?.byType ?? []).map((x) => ({ name: t(`members.itemType.${x.itemType}`), value: x.net }))}
                  centerLabel={t('members.income.net')}
                  emptyText={empty}
                  formatValue={formatYuan}
                  aria-label={t('members.income.byType')}
                />
                <Stack gap="1" mt="3">
                  {(s?.byType ?? []).map((x) => (
                    <Flex key={x.itemType} justify="space-between" fontSize="sm">
                      <Text>{t('members.income.typeLine', { type: t(`members.itemType.${x.itemType}`), count: x.orders })}</Text>
                      <Yuan fen={x.net} />
                    </Flex>
                  ))}
                </Stack>
              </Panel>
            </SimpleGrid>
            <Table.ScrollArea borderWidth="1px" borderRadius="md" maxH="80" tabIndex={0} role="region" aria-label={t('members.income.perDay')}>
              <Table.Root size="sm" stickyHeader data-testid="income-days">
                <Table.Header>
                  <Table.Row>
                    <Table.ColumnHeader>{t('members.income.day')}</Table.ColumnHeader>
                    <Table.ColumnHeader textAlign="end">{t('members.income.orders')}</Table.ColumnHeader>
                    <Table.ColumnHeader textAlign="end">{t('members.income.income')}</Table.ColumnHeader>
                    <Table.ColumnHeader textAlign="end">{t('members.income.refunded')}</Table.ColumnHeader>
                    <Table.ColumnHeader textAlign="end">{t('members.income.net')}</Table.ColumnHeader>
                    <Table.ColumnHeader textAlign="end">{t('members.income.recharged')}</Table.ColumnHeader>
                  </Table.Row>
                </Table.Header>
                <Table.Body>
                  {[...days].reverse().map((d) => (
                    <Table.Row key={d.day}>
                      <Table.Cell>{d.day}</Table.Cell>
                      <Table.Cell textAlign="end">{d.orders}</Table.Cell>
                      <Table.Cell textAlign="end">
                        <Yuan fen={d.income} />
                      </Table.Cell>
                      <Table.Cell textAlign="end">
                        <Yuan fen={d.refunded} />
                      </Table.Cell>
                      <Table.Cell textAlign="end">
                        <Yuan fen={d.net} strong />
                      </Table.Cell>
                      <Table.Cell textAlign="end">
                        <Yuan fen={d.recharged} />
                      </Table.Cell>
                    </Table.Row>
                  ))}
                </Table.Body>
              </Table.Root>
            </Table.ScrollArea>
          </Stack>
        </ScreenCard>
        <ScreenCard>
          <ListInUrl>
            <Ledger />
          </ListInUrl>
        </ScreenCard>
      </Stack>
    </LocalizedUi>
  );
}
