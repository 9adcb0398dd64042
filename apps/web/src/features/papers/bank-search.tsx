import { Badge, Box, Button, Flex, HStack, Input, NativeSelect, Stack, Text } from '@chakra-ui/react';
import type { TestQuestionDto } from '@edu/sdk';
import { Cascader, PlusIcon, SearchIcon } from '@edu/ui';
import { useReducer, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { translateOptions, useApi } from '../../resources/index.ts';
import { difficultyOptions, listQuestions, typeOptions, useQuestionChapterOptions } from '../../shared/questions/question-api.ts';
import { ClassType, useCategoryTree } from '../../shared/categories.tsx';
import { bankFilterReducer, bankQuery, initialBankFilters, type BankChoice } from './bank-filters.ts';
import { blockedReason, type DraftSection } from './paper-draft.ts';

const PAGE = 10;

function OptionSelect({
  label,
  value,
  options,
  onChange,
  testId,
}: {
  label: string;
  value: number | null;
  options: ReadonlyArray<{ value: string | number; label: string }>;
  onChange: (v: number | null) => void;
  testId: string;
}) {
  const { t } = useTranslation();
  return (
    <NativeSelect.Root size="sm" flex="1" minW="28">
      <NativeSelect.Field
        aria-label={label}
        value={value ?? ''}
        onChange={(e) => onChange(e.target.value === '' ? null : Number(e.target.value))}
        data-testid={testId}
      >
        <option value="">{t('papers.bank.any', { name: label })}</option>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </NativeSelect.Field>
      <NativeSelect.Indicator />
    </NativeSelect.Root>
  );
}

/**
 * The bank pane of the workbench: the question bank's filters (keyword,
 * category subtree, chapter, type, difficulty) over `GetAllQuestion`, only
 * approved and shown questions of the paper's bank, one per sister family.
 * Questions the paper holds (or whose family it holds) cannot be added.
 * The filters follow one rule (`bankFilterReducer`): what the boxes show is
 * what is searched, the keyword once submitted or cleared.
 */
export function BankSearch({
  isUniversity,
  sections,
  onAdd,
  target,
}: {
  isUniversity: boolean;
  sections: readonly DraftSection[];
  onAdd: (q: TestQuestionDto) => void;
  /** Where added questions go (a select), under the title. */
  target?: ReactNode;
}) {
  const { t } = useTranslation();
  const tree = useCategoryTree(ClassType.Question);
  const chapters = useQuestionChapterOptions();
  const [filters, dispatch] = useReducer(bankFilterReducer, initialBankFilters);
  const choose = (name: BankChoice) => (value: number | null) => dispatch({ type: 'chose', name, value });
  const found = useApi(listQuestions, bankQuery(filters, isUniversity, PAGE));
  const items = found.data?.items ?? [];
  const total = found.data?.totalCount ?? 0;
  return (
    <Stack gap="2" data-testid="bank-search">
      <Text fontWeight="semibold">{t('papers.bank.title')}</Text>
      {target}
      <HStack
        as="form"
        gap="2"
        onSubmit={(e) => {
          e.preventDefault();
          dispatch({ type: 'submitted' });
        }}
      >
        <Input
          size="sm"
          type="search"
          value={filters.draft}
          onChange={(e) => dispatch({ type: 'typed', text: e.target.value })}
          placeholder={t('papers.bank.keyword')}
          aria-label={t('papers.bank.keyword')}
          data-testid="bank-keyword"
        />
        <Button size="sm" type="submit" aria-label={t('papers.bank.search')} data-testid="bank-search-button">
          <SearchIcon />
        </Button>
      </HStack>
      <Cascader
        options={tree}
        value={filters.applied.categoryId}
        onChange={(v) => choose('categoryId')(typeof v === 'number' ? v : null)}
        changeOnSelect
        size="sm"
        placeholder={t('papers.bank.category')}
        aria-label={t('papers.bank.category')}
        data-testid="bank-category"
      />
      <Flex gap="2" wrap="wrap">
        <OptionSelect
          label={t('papers.bank.chapter')}
          value={filters.applied.chapterTypeId}
          options={chapters}
          onChange={choose('chapterTypeId')}
          testId="bank-chapter"
        />
        <OptionSelect
          label={t('papers.bank.type')}
          value={filters.applied.questionType}
          options={translateOptions(t, typeOptions)}
          onChange={choose('questionType')}
          testId="bank-type"
        />
        <OptionSelect
          label={t('papers.bank.difficulty')}
          value={filters.applied.difficulty}
          options={translateOptions(t, difficultyOptions)}
          onChange={choose('difficulty')}
          testId="bank-difficulty"
        />
      </Flex>
      <Stack gap="1" aria-busy={found.isLoading} data-testid="bank-results">
        {items.length === 0 && !found.isLoading && (
          <Text fontSize="sm" color="fg.muted">
            {t('papers.bank.empty')}
          </Text>
        )}
        {items.map((q) => {
          const blocked = blockedReason(sections, q);
          return (
            <Flex key={q.id} gap="2" align="center" borderWidth="1px" borderRadius="md" px="2" py="1" data-testid="bank-row">
              <Box flex="1" minW="0">
                <HStack gap="1">
                  <Text fontSize="xs" color="fg.muted">
                    #{q.id}
                  </Text>
                  <Badge size="sm" variant="subtle">
                    {t(`questions.type.${q.questionType}`)}
                  </Badge>
                  <Badge size="sm" variant="outline">
                    {t(`questions.difficulty.${q.difficulty}`)}
                  </Badge>
                  <Text fontSize="xs" color="fg.muted">
                    {t('papers.points', { score: q.score })}
                  </Text>
                </HStack>
                <Text fontSize="sm" truncate title={q.title}>
                  {q.title}
                </Text>
              </Box>
              {blocked ? (
                <Text fontSize="xs" color="fg.muted" flexShrink={0}>
                  {t(`papers.bank.blocked.${blocked}`)}
                </Text>
              ) : (
                <Button
                  size="xs"
                  variant="outline"
                  colorPalette="brand"
                  onClick={() => onAdd(q)}
                  aria-label={t('papers.bank.addOne', { id: q.id })}
                  data-testid={`bank-add-${q.id}`}
                >
                  <PlusIcon />
                  {t('papers.bank.add')}
                </Button>
              )}
            </Flex>
          );
        })}
      </Stack>
      <HStack justify="space-between">
        <Text fontSize="xs" color="fg.muted">
          {t('papers.bank.total', { count: total })}
        </Text>
        <HStack gap="1">
          <Button size="xs" variant="ghost" disabled={filters.page === 0} onClick={() => dispatch({ type: 'page', page: filters.page - 1 })}>
            {t('papers.bank.prev')}
          </Button>
          <Button
            size="xs"
            variant="ghost"
            disabled={(filters.page + 1) * PAGE >= total}
            onClick={() => dispatch({ type: 'page', page: filters.page + 1 })}
          >
            {t('papers.bank.next')}
          </Button>
        </HStack>
      </HStack>
    </Stack>
  );
}
