import { Box, Button, Card, Field, Flex, Heading, HStack, Input, SimpleGrid, Stack, Table, Text } from '@chakra-ui/react';
import type { QuestionStatisticsDto } from '@edu/sdk';
import { Cascader, DonutChart, LineChart, StatCard } from '@edu/ui';
import type { TFunction } from 'i18next';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../lib/client.ts';
import { saveFile } from '../../resources/file-actions.tsx';
import { LocalizedUi, ScreenCard, useApi } from '../../resources/index.ts';
import { useCategoryTree, ClassType } from '../../shared/categories.tsx';
import { defaultRange, shareOf, toCsv, trendPoints, type CensusRow } from './census.ts';

function Panel({ title, children, testId }: { title: ReactNode; children: ReactNode; testId?: string }) {
  return (
    <Card.Root variant="outline" height="full" data-testid={testId}>
      <Card.Header pb="0">
        <Heading size="sm">{title}</Heading>
      </Card.Header>
      <Card.Body>{children}</Card.Body>
    </Card.Root>
  );
}

/** The statistics as table rows: by type, difficulty, review state and author. */
export function censusRows(s: QuestionStatisticsDto, t: TFunction): CensusRow[] {
  const row = (dimension: string, item: string, count: number): CensusRow => ({ dimension, item, count, share: shareOf(count, s.total) });
  return [
    ...s.byType.map((x) => row(t('questions.census.byType'), t(`questions.type.${x.key}`), x.count)),
    ...s.byDifficulty.map((x) => row(t('questions.census.byDifficulty'), t(`questions.difficulty.${x.key}`), x.count)),
    ...s.byAuditStatus.map((x) => row(t('questions.census.byAuditStatus'), t(`content.audit.${x.key}`), x.count)),
    ...s.byAuthor.map((x) => row(t('questions.census.byAuthor'), x.userName ?? t('questions.census.unknownAuthor'), x.count)),
    row(t('questions.census.usage'), t('questions.census.used'), s.usage.used),
    row(t('questions.census.usage'), t('questions.census.unused'), s.usage.unused),
  ];
}

/** Authors as horizontal bars (most first). */
function AuthorBars({ items, emptyText }: { items: ReadonlyArray<{ name: string; count: number }>; emptyText: string }) {
  const max = Math.max(1, ...items.map((i) => i.count));
  if (items.length === 0) return <Text color="fg.muted">{emptyText}</Text>;
  return (
    <Stack gap="2" as="ul">
      {items.slice(0, 10).map((i) => (
        <Flex as="li" key={i.name} gap="2" align="center">
          <Text w="24" truncate fontSize="sm" title={i.name}>
            {i.name}
          </Text>
          <Box flex="1" bg="bg.muted" borderRadius="sm" h="3">
            <Box bg="brand.solid" h="3" borderRadius="sm" width={`${(i.count / max) * 100}%`} />
          </Box>
          <Text w="10" textAlign="end" fontSize="sm">
            {i.count}
          </Text>
        </Flex>
      ))}
    </Stack>
  );
}

/**
 * 题目统计 (`Pages.Questions.Statistical`): for a section (a question category
 * and its subtree) and a range of UTC+8 calendar days, the questions by type,
 * difficulty, review state and author and the questions added per day
 * (`getTopicOfStatistical`), how often they are used in papers, the section's all-time breakdown by child
 * category (`GetQuestionStatistical`), and the table as a CSV export.
 */
export default function CensusPage() {
  const { t } = useTranslation();
  const tree = useCategoryTree(ClassType.Question);
  const [picked, setPicked] = useState<number | null>(null);
  const sectionId = picked ?? (typeof tree[0]?.value === 'number' ? tree[0].value : null);
  const [range, setRange] = useState(defaultRange);
  const validRange = !!range.begin && !!range.end && range.begin <= range.end;
  const stats = useApi(
    api.testQuestion.getTopicOfStatistical,
    sectionId && validRange ? { sectionId, BeginTime: range.begin, EndTime: range.end } : null,
  );
  const section = useApi(api.testQuestion.getQuestionStatistical, sectionId ? { SectionId: sectionId } : null);
  const s = stats.data;
  const rows = s ? censusRows(s, t) : [];
  const trend = s ? trendPoints(s.perDay, range.begin, range.end) : { unit: 'day' as const, labels: [], values: [] };
  const empty = t('questions.census.empty');

  const exportCsv = () => {
    const csv = toCsv(
      [t('questions.census.dimension'), t('questions.census.item'), t('questions.census.count'), t('questions.census.share')],
      rows.map((r) => [r.dimension, r.item, r.count, r.share]),
    );
    saveFile({
      blob: new Blob([csv], { type: 'text/csv;charset=utf-8' }),
      fileName: `${t('questions.census.fileName')}-${range.begin}-${range.end}.csv`,
    });
  };

  return (
    <LocalizedUi>
      <ScreenCard>
        <Stack gap="5" data-testid="census-page">
          <Flex gap="3" wrap="wrap" align="flex-end">
            <Field.Root width="auto">
              <Field.Label>{t('questions.census.section')}</Field.Label>
              <Cascader
                options={tree}
                value={sectionId}
                onChange={(v) => setPicked(typeof v === 'number' ? v : null)}
                changeOnSelect
                clearable={false}
                size="sm"
                width="64"
                portalled
                aria-label={t('questions.census.section')}
                data-testid="census-section"
              />
            </Field.Root>
            <Field.Root width="auto" invalid={!validRange}>
              <Field.Label>{t('questions.census.begin')}</Field.Label>
              <Input
                size="sm"
                type="date"
                value={range.begin}
                onChange={(e) => setRange((r) => ({ ...r, begin: e.target.value }))}
                data-testid="census-begin"
              />
            </Field.Root>
            <Field.Root width="auto" invalid={!validRange}>
              <Field.Label>{t('questions.census.end')}</Field.Label>
              <Input
                size="sm"
                type="date"
                value={range.end}
                onChange={(e) => setRange((r) => ({ ...r, end: e.target.value }))}
                data-testid="census-end"
              />
              {!validRange && <Field.ErrorText>{t('questions.census.badRange')}</Field.ErrorText>}
            </Field.Root>
            <Text fontSize="sm" color="fg.muted" pb="2">
              {t('questions.census.timeZone')}
            </Text>
          </Flex>

          <SimpleGrid columns={{ base: 1, sm: 2, lg: 4 }} gap="3">
            <StatCard label={t('questions.census.total')} value={s?.total ?? 0} loading={stats.isLoading} data-testid="census-total" />
            <StatCard label={t('questions.census.allTime')} value={section.data?.total ?? 0} loading={section.isLoading} />
            <StatCard
              label={t('content.audit.1')}
              value={s?.byAuditStatus.find((x) => x.key === 1)?.count ?? 0}
              loading={stats.isLoading}
              colorPalette="green"
            />
            <StatCard
              label={t('content.audit.0')}
              value={s?.byAuditStatus.find((x) => x.key === 0)?.count ?? 0}
              loading={stats.isLoading}
              colorPalette="orange"
            />
          </SimpleGrid>

          <Panel title={t(`questions.census.per.${trend.unit}`)} testId="census-per-day">
            <LineChart
              labels={trend.labels}
              series={[{ name: t('questions.census.added'), values: trend.values }]}
              emptyText={empty}
              aria-label={t(`questions.census.per.${trend.unit}`)}
            />
          </Panel>

          <SimpleGrid columns={{ base: 1, md: 2, xl: 3 }} gap="4">
            <Panel title={t('questions.census.byType')} testId="census-by-type">
              <DonutChart
                items={(s?.byType ?? []).map((x) => ({ name: t(`questions.type.${x.key}`), value: x.count }))}
                centerLabel={t('questions.census.total')}
                emptyText={empty}
                aria-label={t('questions.census.byType')}
              />
            </Panel>
            <Panel title={t('questions.census.byDifficulty')} testId="census-by-difficulty">
              <DonutChart
                items={(s?.byDifficulty ?? []).map((x) => ({ name: t(`questions.difficulty.${x.key}`), value: x.count }))}
                centerLabel={t('questions.census.total')}
                emptyText={empty}
                aria-label={t('questions.census.byDifficulty')}
              />
            </Panel>
            <Panel title={t('questions.census.byAuditStatus')} testId="census-by-audit">
              <DonutChart
                items={(s?.byAuditStatus ?? []).map((x) => ({ name: t(`content.audit.${x.key}`), value: x.count }))}
                centerLabel={t('questions.census.total')}
                emptyText={empty}
                aria-label={t('questions.census.byAuditStatus')}
              />
            </Panel>
            <Panel title={t('questions.census.byAuthor')}>
              <AuthorBars
                items={(s?.byAuthor ?? []).map((a) => ({ name: a.userName ?? t('questions.census.unknownAuthor'), count: a.count }))}
                emptyText={empty}
              />
            </Panel>
            <Panel title={t('questions.census.usage')} testId="census-usage">
              <Stack gap="3">
                <Text fontSize="sm">
                  {t('questions.census.usageSummary', { used: s?.usage.used ?? 0, unused: s?.usage.unused ?? 0, uses: s?.usage.uses ?? 0 })}
                </Text>
                <Heading as="h3" size="xs">
                  {t('questions.census.mostUsed')}
                </Heading>
                <AuthorBars
                  items={(s?.usage.top ?? []).map((q) => ({ name: q.title, count: q.papers }))}
                  emptyText={t('questions.census.neverUsed')}
                />
              </Stack>
            </Panel>
            <Panel title={t('questions.census.byChild')} testId="census-children">
              <AuthorBars
                items={(section.data?.children ?? []).map((c) => ({ name: c.name, count: c.count }))}
                emptyText={t('questions.census.noChildren')}
              />
            </Panel>
          </SimpleGrid>

          <Stack gap="2">
            <HStack justify="space-between">
              <Heading size="sm">{t('questions.census.table')}</Heading>
              <Button size="sm" variant="outline" onClick={exportCsv} disabled={rows.length === 0} data-testid="census-export">
                {t('questions.census.export')}
              </Button>
            </HStack>
            <Table.ScrollArea borderWidth="1px" borderRadius="md">
              <Table.Root size="sm" data-testid="census-table">
                <Table.Header>
                  <Table.Row>
                    <Table.ColumnHeader>{t('questions.census.dimension')}</Table.ColumnHeader>
                    <Table.ColumnHeader>{t('questions.census.item')}</Table.ColumnHeader>
                    <Table.ColumnHeader textAlign="end">{t('questions.census.count')}</Table.ColumnHeader>
                    <Table.ColumnHeader textAlign="end">{t('questions.census.share')}</Table.ColumnHeader>
                  </Table.Row>
                </Table.Header>
                <Table.Body>
                  {rows.length === 0 && (
                    <Table.Row>
                      <Table.Cell colSpan={4} color="fg.muted">
                        {empty}
                      </Table.Cell>
                    </Table.Row>
                  )}
                  {rows.map((r) => (
                    <Table.Row key={`${r.dimension}-${r.item}`}>
                      <Table.Cell>{r.dimension}</Table.Cell>
                      <Table.Cell>{r.item}</Table.Cell>
                      <Table.Cell textAlign="end">{r.count}</Table.Cell>
                      <Table.Cell textAlign="end">{r.share}</Table.Cell>
                    </Table.Row>
                  ))}
                </Table.Body>
              </Table.Root>
            </Table.ScrollArea>
          </Stack>
        </Stack>
      </ScreenCard>
    </LocalizedUi>
  );
}
