import { Badge, Box, Button, Flex, HStack, IconButton, Input, NativeSelect, Stack, Table, Text } from '@chakra-ui/react';
import {
  formatYuan,
  MAX_RANDOM_RULES,
  parseRandomParams,
  type QuestionDifficulty,
  type QuestionType,
  type RandomGroupReport,
  type RandomRule,
  type TestPaperDto,
} from '@edu/sdk';
import { Cascader, notify, PlusIcon, TrashIcon } from '@edu/ui';
import { useEffect, useMemo, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { api } from '../../lib/client.ts';
import { applyServerErrors } from '../../lib/errors.tsx';
import { translateOptions, useApi, useRunCall } from '../../resources/index.ts';
import { difficultyOptions, typeOptions, useQuestionChapterOptions } from '../../shared/questions/question-api.ts';
import { ClassType, useCategoryTree } from '../../shared/categories.tsx';
import { fieldErrorMap, type PaperCell } from './paper-api.ts';
import { emptyPaperForm, PaperFields, paperFieldsInput, paperFormOf, type PaperFormValues } from './paper-fields.tsx';

/** A rule as the editor holds it: the source is a category subtree or a chapter (知识点), never both. */
interface RuleDraft {
  key: number;
  questionType: QuestionType;
  source: 'category' | 'chapter';
  categoryId: number | null;
  chapterTypeId: number | null;
  difficulty: QuestionDifficulty | null;
  count: number;
  score: number;
}

let ruleSeq = 0;
const newRule = (): RuleDraft => ({
  key: ++ruleSeq,
  questionType: 1,
  source: 'category',
  categoryId: null,
  chapterTypeId: null,
  difficulty: null,
  count: 5,
  score: 2,
});

function ruleOf(r: RandomRule): RuleDraft {
  return {
    key: ++ruleSeq,
    questionType: r.questionType,
    source: r.chapterTypeId ? 'chapter' : 'category',
    categoryId: r.categoryId ?? null,
    chapterTypeId: r.chapterTypeId ?? null,
    difficulty: r.difficulty ?? null,
    count: r.count,
    score: r.score,
  };
}

function ruleInput(r: RuleDraft): RandomRule {
  return {
    questionType: r.questionType,
    ...(r.source === 'category' ? { categoryId: r.categoryId } : { chapterTypeId: r.chapterTypeId }),
    difficulty: r.difficulty,
    count: r.count,
    score: r.score,
  };
}

const complete = (r: RuleDraft) => (r.source === 'category' ? r.categoryId !== null : r.chapterTypeId !== null) && r.count >= 1;

/** What a dry run's answer depends on (the rules and the paper's bank through its category): a report is shown only for the rules on screen. */
const dryRunKey = (input: { rules: RandomRule[]; categoryId: number } | null) => (input ? JSON.stringify([input.rules, input.categoryId]) : '');

/** Waits `ms` after the last change of `value` (the dry run is asked once typing pauses). */
function useDebounced<T>(value: T, ms: number): T {
  const [out, setOut] = useState(value);
  useEffect(() => {
    const id = setTimeout(() => setOut(value), ms);
    return () => clearTimeout(id);
  }, [value, ms]);
  return out;
}

function Select<V extends string | number>({
  value,
  options,
  onChange,
  label,
  empty,
}: {
  value: V | null;
  options: ReadonlyArray<{ value: string | number; label: string }>;
  onChange: (v: string) => void;
  label: string;
  empty?: string;
}) {
  return (
    <NativeSelect.Root size="xs" minW="24">
      <NativeSelect.Field aria-label={label} value={value ?? ''} onChange={(e) => onChange(e.target.value)}>
        {empty !== undefined && <option value="">{empty}</option>}
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
 * 随机组卷: the paper's fields and its rules (type × category subtree or
 * chapter × difficulty → count and score). Every change asks the server for
 * the joint dry run (`CreateRandomGroup` with `dryRun`, debounced), shown per
 * rule as required / available / assignable with the limiting rules marked;
 * 生成 is enabled only when the report says feasible and matches the rules on
 * screen. With `paperId` it regenerates that paper in place.
 */
export function RandomEditor({
  cell,
  paperId,
  onGenerated,
}: {
  cell: PaperCell;
  paperId: number | null;
  onGenerated: (paper: TestPaperDto) => void;
}) {
  const { t } = useTranslation();
  const loaded = useApi(api.testPaper.get, paperId ? { Id: paperId } : null, { fresh: true });
  if (paperId && !loaded.data) return <Text color="fg.muted">{t('papers.loading')}</Text>;
  // Keyed by the loaded paper: the rules start from its params once.
  return <RuleEditorBody key={loaded.data?.id ?? 'new'} cell={cell} initial={loaded.data ?? null} onGenerated={onGenerated} />;
}

function RuleEditorBody({
  cell,
  initial,
  onGenerated,
}: {
  cell: PaperCell;
  initial: TestPaperDto | null;
  onGenerated: (paper: TestPaperDto) => void;
}) {
  const { t } = useTranslation();
  const runCall = useRunCall();
  const paperId = initial?.id ?? null;
  const form = useForm<PaperFormValues>({ defaultValues: initial ? paperFormOf(initial) : emptyPaperForm });
  const values = useWatch({ control: form.control });
  const [rules, setRules] = useState<RuleDraft[]>(() => {
    const params = initial ? parseRandomParams(initial.params) : null;
    return params ? params.rules.map(ruleOf) : [newRule()];
  });
  const [report, setReport] = useState<RandomGroupReport | null>(null);
  const [reportFor, setReportFor] = useState<string | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  /** The key of the last dry run answered (or refused): while it differs from the one asked, a check is under way. */
  const [answeredFor, setAnsweredFor] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const tree = useCategoryTree(ClassType.Question);
  const chapters = useQuestionChapterOptions();
  const types = translateOptions(t, typeOptions);
  const difficulties = translateOptions(t, difficultyOptions);

  const dryInput = useMemo(() => {
    if (!rules.every(complete) || !values.categoryId) return null;
    const fields = paperFieldsInput({ ...emptyPaperForm, ...values }, cell);
    // The title does not change what can be drawn: a dry run before it is typed uses a stand-in.
    return { ...fields, title: fields.title.trim() || t('papers.random.dryRunTitle'), rules: rules.map(ruleInput), dryRun: true };
  }, [rules, values, cell, t]);
  const dryKey = dryRunKey(dryInput);
  const debounced = useDebounced(dryInput, 400);

  useEffect(() => {
    if (!debounced) return;
    let live = true;
    const key = dryRunKey(debounced);
    void runCall(api.testPaper.createRandomGroup, debounced, { silent: true, invalidates: [] }).then(
      (result) => {
        if (!live) return;
        setAnsweredFor(key);
        setReport(result.report);
        setReportFor(key);
        setErrors({});
      },
      (e: unknown) => {
        if (!live) return;
        setAnsweredFor(key);
        setReport(null);
        setReportFor(null);
        setErrors(fieldErrorMap(e));
      },
    );
    return () => {
      live = false;
    };
  }, [debounced, runCall]);

  const current = report !== null && reportFor === dryKey;
  const checking = debounced !== null && answeredFor !== dryRunKey(debounced);
  const feasible = current && report.feasible;

  const setRule = (key: number, patch: Partial<RuleDraft>) => setRules(rules.map((r) => (r.key === key ? { ...r, ...patch } : r)));

  const generate = async (v: PaperFormValues) => {
    setBusy(true);
    try {
      const input = {
        ...paperFieldsInput(v, cell),
        rules: rules.map(ruleInput),
        ...(report && { seed: report.seed }),
        ...(paperId && { id: paperId }),
      };
      const result = await runCall(api.testPaper.createRandomGroup, input, { silent: true });
      if (result.paper) {
        notify.success(t('papers.random.generated', { count: result.paper.totalQuestion }));
        onGenerated(result.paper);
      }
    } catch (e) {
      applyServerErrors(form, e);
    } finally {
      setBusy(false);
    }
  };

  const lineOf = (index: number) => (current ? report.rules.find((r) => r.index === index) : undefined);

  return (
    <Stack gap="4" data-testid="random-editor">
      <PaperFields control={form.control} cell={cell} />
      <Box>
        <Flex justify="space-between" align="center" mb="2">
          <Text fontWeight="semibold">{t('papers.random.rules')}</Text>
          <Button
            size="xs"
            variant="outline"
            disabled={rules.length >= MAX_RANDOM_RULES}
            onClick={() => setRules([...rules, newRule()])}
            data-testid="rule-add"
          >
            <PlusIcon />
            {t('papers.random.addRule')}
          </Button>
        </Flex>
        <Table.ScrollArea borderWidth="1px" borderRadius="md">
          <Table.Root size="sm" data-testid="rule-table">
            <Table.Header>
              <Table.Row>
                {['type', 'source', 'scope', 'difficulty', 'count', 'score', 'required', 'available', 'assignable', 'actions'].map((c) => (
                  <Table.ColumnHeader key={c}>{t(`papers.random.columns.${c}`)}</Table.ColumnHeader>
                ))}
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {rules.map((rule, i) => {
                const line = lineOf(i);
                const n = i + 1;
                const error = errors[`rules.${i}.count`] ?? errors[`rules.${i}.categoryId`] ?? errors[`rules.${i}.score`];
                return (
                  <Table.Row
                    key={rule.key}
                    bg={line?.limiting ? 'red.subtle' : undefined}
                    data-testid="rule-row"
                    data-limiting={line?.limiting ? 'true' : undefined}
                  >
                    <Table.Cell>
                      <Select
                        value={rule.questionType}
                        options={types}
                        label={t('papers.random.typeOf', { n })}
                        onChange={(v) => setRule(rule.key, { questionType: Number(v) as QuestionType })}
                      />
                    </Table.Cell>
                    <Table.Cell>
                      <Select
                        value={rule.source}
                        options={[
                          { value: 'category', label: t('papers.random.source.category') },
                          { value: 'chapter', label: t('papers.random.source.chapter') },
                        ]}
                        label={t('papers.random.sourceOf', { n })}
                        onChange={(v) => setRule(rule.key, { source: v === 'chapter' ? 'chapter' : 'category' })}
                      />
                    </Table.Cell>
                    <Table.Cell minW="48">
                      {rule.source === 'category' ? (
                        <Cascader
                          options={tree}
                          value={rule.categoryId}
                          onChange={(v) => setRule(rule.key, { categoryId: typeof v === 'number' ? v : null })}
                          changeOnSelect
                          size="xs"
                          placeholder={t('papers.random.pickCategory')}
                          aria-label={t('papers.random.categoryOf', { n })}
                          data-testid="rule-category"
                        />
                      ) : (
                        <Select
                          value={rule.chapterTypeId}
                          options={chapters}
                          empty={t('papers.random.pickChapter')}
                          label={t('papers.random.chapterOf', { n })}
                          onChange={(v) => setRule(rule.key, { chapterTypeId: v ? Number(v) : null })}
                        />
                      )}
                    </Table.Cell>
                    <Table.Cell>
                      <Select
                        value={rule.difficulty}
                        options={difficulties}
                        empty={t('papers.random.anyDifficulty')}
                        label={t('papers.random.difficultyOf', { n })}
                        onChange={(v) => setRule(rule.key, { difficulty: v ? (Number(v) as QuestionDifficulty) : null })}
                      />
                    </Table.Cell>
                    <Table.Cell>
                      <Input
                        size="xs"
                        w="16"
                        type="number"
                        min={1}
                        value={rule.count}
                        onChange={(e) => setRule(rule.key, { count: Math.max(0, Math.floor(Number(e.target.value) || 0)) })}
                        aria-label={t('papers.random.countOf', { n })}
                        aria-invalid={error ? true : undefined}
                        data-testid="rule-count"
                      />
                    </Table.Cell>
                    <Table.Cell>
                      <Input
                        size="xs"
                        w="16"
                        type="number"
                        min={0}
                        step={0.5}
                        value={rule.score}
                        onChange={(e) => setRule(rule.key, { score: Number(e.target.value) || 0 })}
                        aria-label={t('papers.random.scoreOf', { n })}
                        data-testid="rule-score"
                      />
                    </Table.Cell>
                    <Table.Cell textAlign="end">{line?.required ?? '—'}</Table.Cell>
                    <Table.Cell textAlign="end" data-testid="rule-available">
                      {line?.available ?? '—'}
                    </Table.Cell>
                    <Table.Cell textAlign="end" data-testid="rule-assignable">
                      <HStack gap="1" justify="flex-end">
                        <Text as="span">{line?.assignable ?? '—'}</Text>
                        {line?.limiting && (
                          <Badge colorPalette="red" size="sm">
                            {t('papers.random.limiting')}
                          </Badge>
                        )}
                      </HStack>
                      {error && (
                        <Text fontSize="xs" color="red.fg">
                          {error}
                        </Text>
                      )}
                    </Table.Cell>
                    <Table.Cell>
                      <IconButton
                        size="xs"
                        variant="ghost"
                        colorPalette="red"
                        disabled={rules.length === 1}
                        aria-label={t('papers.random.removeRule', { n })}
                        onClick={() => setRules(rules.filter((r) => r.key !== rule.key))}
                      >
                        <TrashIcon />
                      </IconButton>
                    </Table.Cell>
                  </Table.Row>
                );
              })}
            </Table.Body>
          </Table.Root>
        </Table.ScrollArea>
      </Box>
      <Box
        borderWidth="1px"
        borderRadius="md"
        p="3"
        bg={current && !report.feasible ? 'red.subtle' : 'bg.subtle'}
        data-testid="dry-run"
        aria-live="polite"
      >
        {!dryInput ? (
          <Text fontSize="sm" color="fg.muted">
            {t('papers.random.incomplete')}
          </Text>
        ) : !current ? (
          <Text fontSize="sm" color="fg.muted">
            {t(checking ? 'papers.random.checking' : 'papers.random.waiting')}
          </Text>
        ) : report.feasible ? (
          <Text fontSize="sm" data-testid="dry-run-ok">
            {t('papers.random.feasible', { count: report.required, score: report.totalFraction, price: formatYuan(report.money) })}
          </Text>
        ) : (
          <Stack gap="1">
            <Text fontSize="sm" fontWeight="semibold" color="red.fg" data-testid="dry-run-short">
              {t('papers.random.infeasible', { short: report.required - report.assignable })}
            </Text>
            {report.rules
              .filter((r) => r.limiting || r.shortBy > 0)
              .map((r) => (
                <Text key={r.index} fontSize="sm" data-testid="dry-run-line">
                  {t('papers.random.ruleLine', { n: r.index + 1, message: r.message })}
                </Text>
              ))}
          </Stack>
        )}
      </Box>
      {/* Kept in view at the bottom of the scrolling dialog body. */}
      <HStack justify="flex-end" position="sticky" bottom="0" bg="bg" py="2" zIndex="1">
        <Button
          colorPalette="brand"
          loading={busy}
          disabled={!feasible}
          onClick={() => void form.handleSubmit(generate)()}
          data-testid="random-generate"
        >
          {t(paperId ? 'papers.random.regenerate' : 'papers.random.generate')}
        </Button>
      </HStack>
    </Stack>
  );
}
