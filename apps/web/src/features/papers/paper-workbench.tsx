import { Alert, Badge, Box, Button, Flex, Grid, HStack, IconButton, Input, NativeSelect, Stack, Text } from '@chakra-ui/react';
import { formatYuan, type TestPaperDto, type TestQuestionDto } from '@edu/sdk';
import { notify, SortableList, TrashIcon } from '@edu/ui';
import { useEffect, useLayoutEffect, useMemo, useRef, useState, type RefObject } from 'react';
import { formatDateTimeUtc8 } from '@edu/ui';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useAbpState } from '../../lib/abp-store.ts';
import { api } from '../../lib/client.ts';
import { applyServerErrors } from '../../lib/errors.tsx';
import { lazyDialog, useApi, useRunCall } from '../../resources/index.ts';
import { listQuestions } from '../../shared/questions/question-api.ts';
import { BankSearch } from './bank-search.tsx';
import { LeaveGuard } from './leave-guard.tsx';
import { fieldErrorMap, type PaperCell } from './paper-api.ts';
import {
  addQuestion,
  draftOf,
  draftQuestionOf,
  draftTotals,
  effectiveScore,
  move,
  sectionsInput,
  sectionSummaries,
  type DraftQuestion,
  type DraftSection,
} from './paper-draft.ts';
import { emptyPaperForm, PaperFields, paperFieldsInput, paperFormOf, type PaperFormValues } from './paper-fields.tsx';
import { draftToOffer, dropDraft, keepDraft, type DraftOwner, type WorkbenchDraft } from './workbench-draft.ts';

/** The import and preview dialogs load when first opened, not with the workbench. */
const PaperImportDialog = lazyDialog(() => import('./paper-import.tsx').then((m) => m.PaperImportDialog));
const PaperPreviewDialog = lazyDialog(() => import('./paper-preview.tsx').then((m) => m.PaperPreviewDialog));

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

/** Per section and in all: what the paper holds now, and what the server last saved. Always in view above the panes. */
function Summary({
  sections,
  saved,
  dirty,
  busy,
  onSave,
  onPreview,
}: {
  sections: readonly DraftSection[];
  saved: TestPaperDto | null;
  dirty: boolean;
  busy: boolean;
  onSave: () => void;
  onPreview: () => void;
}) {
  const { t } = useTranslation();
  const local = draftTotals(sections);
  return (
    <Flex
      as="section"
      aria-label={t('papers.summary.label')}
      gap="3"
      align="center"
      wrap="wrap"
      borderWidth="1px"
      borderRadius="md"
      px="3"
      py="2"
      bg="bg"
      flexShrink={0}
      data-testid="paper-summary"
    >
      <HStack gap="3" wrap="wrap" aria-live="polite" data-testid="paper-totals">
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
      </HStack>
      <HStack as="ul" gap="1" wrap="wrap" listStyleType="none" flex="1" minW="0" aria-label={t('papers.summary.sections')}>
        {sectionSummaries(sections).map((s) => (
          <Box as="li" key={s.key} fontSize="xs" borderWidth="1px" borderRadius="sm" px="1.5" py="0.5" bg="bg.subtle" data-testid="summary-section">
            {t('papers.summary.section', { title: s.title, count: s.count, score: s.score })}
          </Box>
        ))}
      </HStack>
      {saved && (
        <Text fontSize="xs" color={dirty ? 'fg.muted' : 'fg'} data-testid="saved-totals">
          {t(dirty ? 'papers.totals.savedStale' : 'papers.totals.saved', {
            count: saved.totalQuestion,
            score: saved.totalFraction,
            price: formatYuan(saved.money),
          })}
        </Text>
      )}
      <HStack gap="2" ms="auto">
        {dirty && (
          <Text fontSize="sm" color="orange.700" data-testid="paper-unsaved">
            {t('papers.unsaved')}
          </Text>
        )}
        {saved && (
          <Button size="sm" variant="outline" onClick={onPreview} data-testid="editor-preview">
            {t('content.actions.preview')}
          </Button>
        )}
        <Button size="sm" colorPalette="brand" loading={busy} onClick={onSave} data-testid="paper-save">
          {t('papers.actions.save')}
        </Button>
      </HStack>
    </Flex>
  );
}

/**
 * Sets `--fill-top` on the element: its distance from the top of the page, so
 * that `calc(100dvh - var(--fill-top))` fills the window below the shell's
 * header and title, whatever their height.
 */
function useFillHeight<T extends HTMLElement>(): RefObject<T | null> {
  const ref = useRef<T>(null);
  useLayoutEffect(() => {
    const measure = () => {
      const el = ref.current;
      if (el) el.style.setProperty('--fill-top', `${Math.round(el.getBoundingClientRect().top + window.scrollY)}px`);
    };
    measure();
    window.addEventListener('resize', measure);
    return () => window.removeEventListener('resize', measure);
  }, []);
  return ref;
}

/**
 * The manual assembly workbench, a page of its own (`paper-assemble-page.tsx`):
 * the summary and save above, the bank and the paper side by side below, each
 * pane as tall as the window and scrolling on its own. The paper pane holds the
 * paper's fields and its sections (drag or keyboard to reorder sections, and
 * questions within a section; a score per question or per section; swap for a
 * sister; remove). Server validation errors land on the fields and rows they
 * name. Leaving with unsaved changes asks first (`LeaveGuard`).
 */
export function PaperWorkbench({
  cell,
  paperId,
  onCreated,
}: {
  /** The cell of the list the page was opened from (a saved paper keeps its own). */
  cell: PaperCell;
  paperId: number | null;
  /** Called once a new paper is saved (the page moves to its address). */
  onCreated: (paper: TestPaperDto) => void;
}) {
  const { t } = useTranslation();
  const loaded = useApi(api.testPaper.get, paperId ? { Id: paperId } : null, { fresh: true });
  const initial = loaded.data ?? null;
  if (paperId && !initial)
    return (
      <Text color="fg.muted" aria-busy={loaded.isLoading}>
        {t(loaded.error ? 'papers.notFound' : 'papers.loading')}
      </Text>
    );
  // Keyed by the loaded paper: the draft starts from it once, later reads do not overwrite typing.
  return (
    <WorkbenchBody
      key={initial?.id ?? 'new'}
      cell={initial ? { kind: initial.kind, isUniversity: initial.isUniversity } : cell}
      initial={initial}
      onCreated={onCreated}
    />
  );
}

/**
 * The unsaved state kept as a draft (`workbench-draft.ts`): kept when the page
 * goes with unsaved changes (the lock screen, a reload or closing the browser
 * tab; not when the user chose to leave without saving), offered on opening
 * the workbench when newer than the paper, forgotten once saved.
 */
function useKeptDraft(
  owner: DraftOwner,
  initial: TestPaperDto | null,
  unsaved: RefObject<boolean>,
  current: () => Pick<WorkbenchDraft, 'form' | 'sections'>,
) {
  const [offer, setOffer] = useState(() => draftToOffer(owner, initial));
  const left = useRef(false);
  // Read when the page goes: the latest owner and state.
  const latest = useRef({ owner, current });
  useEffect(() => {
    latest.current = { owner, current };
  });
  useEffect(() => {
    const keep = () => {
      if (!unsaved.current || left.current) return;
      const { form, sections } = latest.current.current();
      keepDraft(latest.current.owner, form, sections);
    };
    window.addEventListener('pagehide', keep);
    return () => {
      window.removeEventListener('pagehide', keep);
      keep();
    };
  }, [unsaved]);
  return {
    offer,
    /** The offered draft, taken (kept in storage until saved or left). */
    restore: () => {
      setOffer(null);
      return offer;
    },
    discard: () => {
      dropDraft(owner);
      setOffer(null);
    },
    /** The user left without saving, on purpose: nothing is kept. */
    discarded: () => {
      left.current = true;
      dropDraft(owner);
    },
    /** Saved as `paperId`: the drafts of the paper and of the new paper it was are gone. */
    forget: (paperId: number) => {
      dropDraft({ ...owner, paperId });
      dropDraft({ ...owner, paperId: null });
      setOffer(null);
    },
  };
}

function WorkbenchBody({ cell, initial, onCreated }: { cell: PaperCell; initial: TestPaperDto | null; onCreated: (paper: TestPaperDto) => void }) {
  const { t } = useTranslation();
  const runCall = useRunCall();
  const [saved, setSaved] = useState<TestPaperDto | null>(initial);
  const [sections, setSections] = useState<DraftSection[]>(() => (initial ? draftOf(initial) : []));
  const [sectionsDirty, setSectionsDirty] = useState(false);
  const [target, setTarget] = useState<string>('');
  const [swapping, setSwapping] = useState<string | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const [importing, setImporting] = useState(false);
  const [previewing, setPreviewing] = useState(false);
  const form = useForm<PaperFormValues>({ defaultValues: initial ? paperFormOf(initial) : emptyPaperForm });
  const dirty = sectionsDirty || form.formState.isDirty;
  // Read by the leave guard at navigation time; a save clears it before it navigates.
  const unsaved = useRef(dirty);
  useEffect(() => {
    unsaved.current = dirty;
  }, [dirty]);
  const fill = useFillHeight<HTMLDivElement>();
  const { session } = useAbpState();
  const { offer, restore, discard, discarded, forget } = useKeptDraft(
    { tenantId: session?.tenant?.id ?? null, userId: session?.user?.id ?? null, paperId: saved?.id ?? null },
    initial,
    unsaved,
    () => ({ form: form.getValues(), sections }),
  );

  const change = (next: DraftSection[]) => {
    setSections(next);
    setSectionsDirty(true);
  };
  const updateSection = (key: string, patch: (s: DraftSection) => DraftSection) => change(sections.map((s) => (s.key === key ? patch(s) : s)));
  const updateQuestion = (sKey: string, qKey: string, patch: (q: DraftQuestion) => DraftQuestion) =>
    updateSection(sKey, (s) => ({ ...s, questions: s.questions.map((q) => (q.key === qKey ? patch(q) : q)) }));

  /** The paper as the server has it now: the draft, the form and the saved totals start from it. */
  const adopt = (paper: TestPaperDto) => {
    unsaved.current = false;
    forget(paper.id);
    setSaved(paper);
    setSections(draftOf(paper));
    setSectionsDirty(false);
    form.reset(paperFormOf(paper));
  };

  const save = async (values: PaperFormValues) => {
    setBusy(true);
    setErrors({});
    try {
      const input = { ...paperFieldsInput(values, cell), sections: sectionsInput(sections) };
      const paper = saved
        ? await runCall(api.testPaper.update, { ...input, id: saved.id }, { silent: true })
        : await runCall(api.testPaper.create, input, { silent: true });
      adopt(paper);
      notify.success(t(saved ? 'actions.updated' : 'actions.created'));
      if (!saved) onCreated(paper);
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
      adopt(await runCall(api.testPaper.get, { Id: saved.id }, { invalidates: [] }));
    } catch {
      // shown by the error modal
    }
  };

  const sectionOptions = useMemo(() => sections.map((s) => ({ value: s.key, label: s.title })), [sections]);
  const questionNumber = (sIndex: number, qIndex: number) => sections.slice(0, sIndex).reduce((n, s) => n + s.questions.length, 0) + qIndex + 1;
  const listTexts = (handle: (i: number) => string) => ({
    handle,
    instructions: t('form.list.instructions'),
    picked: (p: number) => t('form.list.picked', { p }),
    moved: (from: number, to: number) => t('form.list.moved', { from, to }),
    dropped: (from: number, to: number) => t('form.list.dropped', { from, to }),
    cancelled: (p: number) => t('form.list.cancelled', { p }),
  });

  return (
    <Flex
      ref={fill}
      direction="column"
      gap="3"
      h={{ base: 'auto', lg: 'calc(100dvh - var(--fill-top, 0px) - 16px)' }}
      minH={{ lg: '480px' }}
      data-testid="paper-workbench"
    >
      {offer && (
        <Alert.Root status="info" size="sm" alignItems="center" data-testid="paper-draft-offer">
          <Alert.Indicator />
          <Alert.Title flex="1">{t('papers.draft.offer', { time: formatDateTimeUtc8(offer.keptAt) })}</Alert.Title>
          <HStack gap="2">
            <Button
              size="xs"
              colorPalette="brand"
              onClick={() => {
                const d = restore();
                if (!d) return;
                setSections(d.sections);
                setSectionsDirty(true);
                // Against the paper's own values, so the restored ones count as unsaved.
                form.reset(d.form, { keepDefaultValues: true });
              }}
              data-testid="paper-draft-restore"
            >
              {t('papers.draft.restore')}
            </Button>
            <Button size="xs" variant="outline" onClick={discard} data-testid="paper-draft-discard">
              {t('papers.draft.discard')}
            </Button>
          </HStack>
        </Alert.Root>
      )}
      <Summary
        sections={sections}
        saved={saved}
        dirty={dirty}
        busy={busy}
        onSave={() => void form.handleSubmit(save)()}
        onPreview={() => setPreviewing(true)}
      />
      <Grid templateColumns={{ base: '1fr', lg: '380px minmax(0, 1fr)' }} gap="3" flex="1" minH="0">
        <Stack
          as="section"
          aria-label={t('papers.bank.title')}
          gap="2"
          minH="0"
          overflowY={{ lg: 'auto' }}
          borderWidth="1px"
          borderRadius="md"
          p="3"
          bg="bg"
          data-testid="bank-pane"
        >
          <BankSearch
            isUniversity={cell.isUniversity}
            sections={sections}
            onAdd={(q) => change(addQuestion(sections, q, target || null))}
            target={
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
            }
          />
        </Stack>
        <Stack
          as="section"
          aria-label={t('papers.pane.paper')}
          gap="3"
          minH="0"
          overflowY={{ lg: 'auto' }}
          borderWidth="1px"
          borderRadius="md"
          p="3"
          bg="bg"
          data-testid="paper-pane"
        >
          <PaperFields control={form.control} cell={cell} />
          <HStack justify="space-between" gap="2" wrap="wrap">
            <Text fontWeight="semibold">{t('papers.sections.heading')}</Text>
            <HStack gap="2">
              {(!saved || dirty) && (
                <Text fontSize="xs" color="fg.muted">
                  {t('papers.import.saveFirst')}
                </Text>
              )}
              <Button size="sm" variant="outline" disabled={!saved || dirty} onClick={() => setImporting(true)} data-testid="paper-import-file">
                {t('papers.import.action')}
              </Button>
            </HStack>
          </HStack>
          {sections.length === 0 && (
            <Text color="fg.muted" fontSize="sm">
              {t('papers.sections.empty')}
            </Text>
          )}
          <Box data-testid="paper-sections">
            <SortableList
              items={sections.map((section) => ({ id: section.key, section }))}
              onMove={(from, to) => change(move(sections, from, to))}
              texts={listTexts((i) => t('papers.drag.sectionHandle', { n: i + 1, title: sections[i]?.title ?? '' }))}
              renderItem={({ section }, sIndex, sectionHandle) => {
                const sectionTotal = section.questions.reduce((n, q) => n + effectiveScore(q, section), 0);
                return (
                  <Box borderWidth="1px" borderRadius="md" p="3" mb="3" bg="bg" data-testid="paper-section">
                    <Flex gap="2" align="center" wrap="wrap" mb="2">
                      {sectionHandle}
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
                      texts={listTexts((i) => t('papers.drag.handle', { n: questionNumber(sIndex, i) }))}
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
              }}
            />
          </Box>
        </Stack>
      </Grid>
      {importing && saved && <PaperImportDialog paper={saved} onClose={() => setImporting(false)} onImported={() => void reload()} />}
      {saved && previewing && <PaperPreviewDialog open={previewing} onClose={() => setPreviewing(false)} paper={saved} />}
      <LeaveGuard unsaved={unsaved} onLeave={discarded} />
    </Flex>
  );
}
