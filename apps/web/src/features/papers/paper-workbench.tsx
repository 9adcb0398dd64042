import { Badge, Box, Button, Flex, Grid, HStack, IconButton, Input, NativeSelect, Stack, Text } from '@chakra-ui/react';
import { formatYuan, type TestPaperDto, type TestQuestionDto } from '@edu/sdk';
import { notify, SortableList, TrashIcon } from '@edu/ui';
import { useEffect, useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { api } from '../../lib/client.ts';
import { applyServerErrors } from '../../lib/errors.tsx';
import { useApi, useRunCall } from '../../resources/index.ts';
import { listQuestions } from '../../shared/questions/question-api.ts';
import { BankSearch } from './bank-search.tsx';
import { PaperImportDialog } from './paper-import.tsx';
import { fieldErrorMap, type PaperCell } from './paper-api.ts';
import {
  addQuestion,
  draftOf,
  draftQuestionOf,
  draftTotals,
  effectiveScore,
  move,
  sectionsInput,
  type DraftQuestion,
  type DraftSection,
} from './paper-draft.ts';
import { emptyPaperForm, PaperFields, paperFieldsInput, paperFormOf, type PaperFormValues } from './paper-fields.tsx';

/** A score typed in a small box: empty is null, anything else a number (the server checks half points and range). */
function ScoreInput({
  value,
  onChange,
  label,
  testId,
}: {
  value: number | null;
  onChange: (v: number | null) => void;
  label: string;
  testId?: string;
}) {
  return (
    <Input
      size="xs"
      w="16"
      type="number"
      min={0}
      max={100}
      step={0.5}
      value={value ?? ''}
      onChange={(e) => onChange(e.target.value === '' ? null : Number(e.target.value))}
      aria-label={label}
      data-testid={testId}
    />
  );
}

/** 换姊妹题: the question's family (approved, shown), any member the paper does not hold replaces it in place. */
function SisterSwap({
  question,
  isUniversity,
  onSwap,
  onClose,
}: {
  question: DraftQuestion;
  isUniversity: boolean;
  onSwap: (q: TestQuestionDto) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const family = useApi(
    listQuestions,
    question.sisterGroupId
      ? { SisterGroupId: question.sisterGroupId, IsUniversity: isUniversity, AuditStatus: 1, IsShow: true, MaxResultCount: 50 }
      : null,
  );
  const others = (family.data?.items ?? []).filter((q) => q.id !== question.questionId);
  return (
    <Box borderWidth="1px" borderRadius="md" p="2" mt="1" bg="bg.subtle" data-testid="sister-swap">
      <Flex justify="space-between" align="center" mb="1">
        <Text fontSize="sm" fontWeight="medium">
          {t('papers.swap.title')}
        </Text>
        <Button size="xs" variant="ghost" onClick={onClose}>
          {t('papers.swap.close')}
        </Button>
      </Flex>
      {others.length === 0 && !family.isLoading && (
        <Text fontSize="sm" color="fg.muted">
          {t('papers.swap.none')}
        </Text>
      )}
      {others.map((q) => (
        <Flex key={q.id} gap="2" align="center" py="1">
          <Text fontSize="xs" color="fg.muted">
            #{q.id}
          </Text>
          <Text fontSize="sm" flex="1" truncate title={q.title}>
            {q.title}
          </Text>
          <Button size="xs" variant="outline" onClick={() => onSwap(q)} data-testid={`swap-to-${q.id}`}>
            {t('papers.swap.use')}
          </Button>
        </Flex>
      ))}
    </Box>
  );
}

function Totals({ sections, saved, dirty }: { sections: readonly DraftSection[]; saved: TestPaperDto | null; dirty: boolean }) {
  const { t } = useTranslation();
  const local = draftTotals(sections);
  return (
    <HStack gap="4" wrap="wrap" borderWidth="1px" borderRadius="md" px="3" py="2" bg="bg.subtle" data-testid="paper-totals" aria-live="polite">
      <Text fontSize="sm" fontWeight="semibold">
        {t('papers.totals.estimate')}
      </Text>
      <Text fontSize="sm" data-testid="total-count">
        {t('papers.totals.count', { count: local.totalQuestion })}
      </Text>
      <Text fontSize="sm" data-testid="total-score">
        {t('papers.totals.score', { score: local.totalFraction })}
      </Text>
      <Text fontSize="sm" data-testid="total-price">
        {t('papers.totals.price', { price: formatYuan(local.money) })}
      </Text>
      {saved && (
        <Text fontSize="sm" color={dirty ? 'fg.muted' : 'fg'} data-testid="saved-totals">
          {t(dirty ? 'papers.totals.savedStale' : 'papers.totals.saved', {
            count: saved.totalQuestion,
            score: saved.totalFraction,
            price: formatYuan(saved.money),
          })}
        </Text>
      )}
    </HStack>
  );
}

/**
 * The manual assembly workbench: the paper's fields, the bank pane, the
 * sections with their questions (drag to reorder, a score per question or per
 * section, swap for a sister, remove), the local totals and, once saved, the
 * server's. Server validation errors land on the fields and rows they name.
 */
export function PaperWorkbench({
  cell,
  paperId,
  onSaved,
}: {
  cell: PaperCell;
  paperId: number | null;
  /** Called with the paper as loaded and after each save. */
  onSaved: (paper: TestPaperDto) => void;
}) {
  const { t } = useTranslation();
  const loaded = useApi(api.testPaper.get, paperId ? { Id: paperId } : null, { fresh: true });
  const initial = loaded.data ?? null;
  useEffect(() => {
    if (initial) onSaved(initial);
  }, [initial, onSaved]);
  if (paperId && !initial) return <Text color="fg.muted">{t('papers.loading')}</Text>;
  // Keyed by the loaded paper: the draft starts from it once, later reads do not overwrite typing.
  return <WorkbenchBody key={initial?.id ?? 'new'} cell={cell} initial={initial} onSaved={onSaved} />;
}

function WorkbenchBody({ cell, initial, onSaved }: { cell: PaperCell; initial: TestPaperDto | null; onSaved: (paper: TestPaperDto) => void }) {
  const { t } = useTranslation();
  const runCall = useRunCall();
  const [saved, setSaved] = useState<TestPaperDto | null>(initial);
  const [sections, setSections] = useState<DraftSection[]>(() => (initial ? draftOf(initial) : []));
  const [dirty, setDirty] = useState(false);
  const [target, setTarget] = useState<string>('');
  const [swapping, setSwapping] = useState<string | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const [importing, setImporting] = useState(false);
  const form = useForm<PaperFormValues>({ defaultValues: initial ? paperFormOf(initial) : emptyPaperForm });

  const change = (next: DraftSection[]) => {
    setSections(next);
    setDirty(true);
  };
  const updateSection = (key: string, patch: (s: DraftSection) => DraftSection) => change(sections.map((s) => (s.key === key ? patch(s) : s)));
  const updateQuestion = (sKey: string, qKey: string, patch: (q: DraftQuestion) => DraftQuestion) =>
    updateSection(sKey, (s) => ({ ...s, questions: s.questions.map((q) => (q.key === qKey ? patch(q) : q)) }));

  const save = async (values: PaperFormValues) => {
    setBusy(true);
    setErrors({});
    try {
      const input = { ...paperFieldsInput(values, cell), sections: sectionsInput(sections) };
      const paper = saved
        ? await runCall(api.testPaper.update, { ...input, id: saved.id }, { silent: true })
        : await runCall(api.testPaper.create, input, { silent: true });
      setSaved(paper);
      setSections(draftOf(paper));
      setDirty(false);
      notify.success(t(saved ? 'actions.updated' : 'actions.created'));
      onSaved(paper);
    } catch (e) {
      setErrors(fieldErrorMap(e));
      applyServerErrors(form, e);
    } finally {
      setBusy(false);
    }
  };

  /** After a file import: the paper as the server has it now (new sections and questions, back to review). */
  const reload = async () => {
    if (!saved) return;
    try {
      const paper = await runCall(api.testPaper.get, { Id: saved.id }, { invalidates: [] });
      setSaved(paper);
      setSections(draftOf(paper));
      setDirty(false);
      onSaved(paper);
    } catch {
      // shown by the error modal
    }
  };

  const sectionOptions = useMemo(() => sections.map((s) => ({ value: s.key, label: s.title })), [sections]);
  const questionNumber = (sIndex: number, qIndex: number) => sections.slice(0, sIndex).reduce((n, s) => n + s.questions.length, 0) + qIndex + 1;

  return (
    <Stack gap="4" data-testid="paper-workbench">
      <PaperFields control={form.control} cell={cell} />
      <Totals sections={sections} saved={saved} dirty={dirty} />
      <Grid templateColumns={{ base: '1fr', lg: '360px 1fr' }} gap="4" alignItems="start">
        <Stack gap="2">
          <NativeSelect.Root size="sm">
            <NativeSelect.Field
              aria-label={t('papers.bank.target')}
              value={target}
              onChange={(e) => setTarget(e.target.value)}
              data-testid="bank-target"
            >
              <option value="">{t('papers.bank.targetAuto')}</option>
              {sectionOptions.map((o) => (
                <option key={o.value} value={o.value}>
                  {t('papers.bank.targetSection', { title: o.label })}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
          <BankSearch isUniversity={cell.isUniversity} sections={sections} onAdd={(q) => change(addQuestion(sections, q, target || null))} />
        </Stack>
        <Stack gap="3" data-testid="paper-sections">
          <HStack justify="flex-end" gap="2">
            {(!saved || dirty) && (
              <Text fontSize="xs" color="fg.muted">
                {t('papers.import.saveFirst')}
              </Text>
            )}
            <Button size="sm" variant="outline" disabled={!saved || dirty} onClick={() => setImporting(true)} data-testid="paper-import-file">
              {t('papers.import.action')}
            </Button>
          </HStack>
          {sections.length === 0 && (
            <Text color="fg.muted" fontSize="sm">
              {t('papers.sections.empty')}
            </Text>
          )}
          {sections.map((section, sIndex) => {
            const sectionTotal = section.questions.reduce((n, q) => n + effectiveScore(q, section), 0);
            return (
              <Box key={section.key} borderWidth="1px" borderRadius="md" p="3" data-testid="paper-section">
                <Flex gap="2" align="center" wrap="wrap" mb="2">
                  <Input
                    size="sm"
                    flex="1"
                    minW="40"
                    value={section.title}
                    onChange={(e) => updateSection(section.key, (s) => ({ ...s, title: e.target.value }))}
                    aria-label={t('papers.sections.titleOf', { n: sIndex + 1 })}
                    aria-invalid={errors[`sections.${sIndex}.title`] ? true : undefined}
                    data-testid="section-title"
                  />
                  <Text fontSize="sm" color="fg.muted">
                    {t('papers.sections.perQuestion')}
                  </Text>
                  <ScoreInput
                    value={section.score}
                    onChange={(v) => updateSection(section.key, (s) => ({ ...s, score: v }))}
                    label={t('papers.sections.perQuestionOf', { title: section.title })}
                    testId="section-score"
                  />
                  <Button
                    size="xs"
                    variant="outline"
                    disabled={section.score === null}
                    onClick={() => updateSection(section.key, (s) => ({ ...s, questions: s.questions.map((q) => ({ ...q, score: null })) }))}
                    data-testid="section-score-apply"
                  >
                    {t('papers.sections.applyAll')}
                  </Button>
                  <Text fontSize="sm" data-testid="section-total">
                    {t('papers.sections.total', { count: section.questions.length, score: sectionTotal })}
                  </Text>
                  <IconButton
                    size="xs"
                    variant="ghost"
                    colorPalette="red"
                    aria-label={t('papers.sections.remove', { title: section.title })}
                    onClick={() => change(sections.filter((s) => s.key !== section.key))}
                  >
                    <TrashIcon />
                  </IconButton>
                </Flex>
                {errors[`sections.${sIndex}.title`] && (
                  <Text fontSize="sm" color="fg.error">
                    {errors[`sections.${sIndex}.title`]}
                  </Text>
                )}
                <SortableList
                  items={section.questions.map((q) => ({ id: q.key, q }))}
                  onMove={(from, to) => updateSection(section.key, (s) => ({ ...s, questions: move(s.questions, from, to) }))}
                  texts={{
                    handle: (i) => t('papers.drag.handle', { n: questionNumber(sIndex, i) }),
                    instructions: t('form.list.instructions'),
                    picked: (p) => t('form.list.picked', { p }),
                    moved: (from, to) => t('form.list.moved', { from, to }),
                    dropped: (from, to) => t('form.list.dropped', { from, to }),
                    cancelled: (p) => t('form.list.cancelled', { p }),
                  }}
                  renderItem={({ q }, qIndex, handle) => {
                    const path = `sections.${sIndex}.questions.${qIndex}`;
                    const error = errors[`${path}.questionId`] ?? errors[`${path}.score`] ?? errors[`${path}.id`];
                    const n = questionNumber(sIndex, qIndex);
                    return (
                      <Box
                        borderWidth="1px"
                        borderRadius="md"
                        px="2"
                        py="1"
                        mb="1"
                        bg="bg"
                        borderColor={error ? 'border.error' : undefined}
                        data-testid="paper-question"
                      >
                        <Flex gap="2" align="center">
                          {handle}
                          <Text fontSize="sm" w="6" textAlign="end">
                            {n}.
                          </Text>
                          <Badge size="sm" variant="subtle">
                            {t(`questions.type.${q.questionType}`)}
                          </Badge>
                          <Text fontSize="sm" flex="1" truncate title={q.title} data-testid="paper-question-title">
                            {q.title}
                          </Text>
                          <ScoreInput
                            value={q.score ?? effectiveScore(q, section)}
                            onChange={(v) => updateQuestion(section.key, q.key, (x) => ({ ...x, score: v }))}
                            label={t('papers.questions.scoreOf', { n })}
                            testId="question-score"
                          />
                          <Button
                            size="xs"
                            variant="ghost"
                            disabled={q.sisterGroupId === null}
                            onClick={() => setSwapping(swapping === q.key ? null : q.key)}
                            aria-label={t('papers.swap.open', { n })}
                          >
                            {t('papers.swap.button')}
                          </Button>
                          <IconButton
                            size="xs"
                            variant="ghost"
                            colorPalette="red"
                            aria-label={t('papers.questions.remove', { n })}
                            onClick={() => updateSection(section.key, (s) => ({ ...s, questions: s.questions.filter((x) => x.key !== q.key) }))}
                            data-testid="question-remove"
                          >
                            <TrashIcon />
                          </IconButton>
                        </Flex>
                        {error && (
                          <Text fontSize="sm" color="fg.error" data-testid="question-error">
                            {error}
                          </Text>
                        )}
                        {swapping === q.key && (
                          <SisterSwap
                            question={q}
                            isUniversity={cell.isUniversity}
                            onClose={() => setSwapping(null)}
                            onSwap={(sister) => {
                              // The sister takes the question's place and score; the link is new (another question).
                              updateQuestion(section.key, q.key, () => ({ ...draftQuestionOf(sister), score: q.score }));
                              setSwapping(null);
                            }}
                          />
                        )}
                      </Box>
                    );
                  }}
                />
              </Box>
            );
          })}
        </Stack>
      </Grid>
      {importing && saved && <PaperImportDialog paper={saved} onClose={() => setImporting(false)} onImported={() => void reload()} />}
      {/* Kept in view at the bottom of the scrolling dialog body. */}
      <HStack justify="flex-end" position="sticky" bottom="0" bg="bg" py="2" zIndex="1" gap="2">
        {dirty && (
          <Text fontSize="sm" color="fg.muted">
            {t('papers.unsaved')}
          </Text>
        )}
        <Button colorPalette="brand" loading={busy} onClick={() => void form.handleSubmit(save)()} data-testid="paper-save">
          {t('papers.actions.save')}
        </Button>
      </HStack>
    </Stack>
  );
}
