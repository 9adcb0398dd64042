import { Badge, Box, Button, Checkbox, Field, Flex, HStack, NativeSelect, SimpleGrid, Stack, Table, Text } from '@chakra-ui/react';
import { BackgroundJobState, importResultOf, Permissions, type ImportMode, type ImportResult, type TestQuestionDto } from '@edu/sdk';
import { Cascader, ModalDialog, ProgressBar } from '@edu/ui';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../lib/client.ts';
import { useJob } from '../../lib/jobs.ts';
import { DownloadButton, FileInput, saveResult } from '../../resources/file-actions.tsx';
import { useRunCall, type ActionDialogProps, type ToolbarAction } from '../../resources/index.ts';
import { ClassType, useCategoryTree } from '../setting/categories.tsx';
import { useChaptersOf } from './question-api.ts';

const importCall = api.testQuestion.importQuestions;
const fileField = importCall.endpoint.files[0]!;

/** The counts of a result as coloured badges: read, valid, errors, duplicates, written. */
function Counts({ result }: { result: ImportResult }) {
  const { t } = useTranslation();
  const items: Array<[string, number, string]> = [
    ['total', result.total, 'gray'],
    ['valid', result.valid - result.skippedDuplicates, 'green'],
    ['invalid', result.invalidRows, 'red'],
    ['duplicates', result.skippedDuplicates, 'orange'],
    ...(result.mode === 'commit' ? ([['created', result.created, 'blue']] as Array<[string, number, string]>) : []),
  ];
  return (
    <HStack gap="2" wrap="wrap" data-testid="import-counts">
      {items.map(([key, n, color]) => (
        <Badge key={key} colorPalette={color} variant="subtle" size="lg" data-testid={`import-count-${key}`} data-count={n}>
          {t(`questions.import.counts.${key}`, { count: n })}
        </Badge>
      ))}
    </HStack>
  );
}

/** Every error of the file: row (or question and line), column, reason. */
function ErrorGrid({ result }: { result: ImportResult }) {
  const { t } = useTranslation();
  if (result.errors.length === 0) return null;
  return (
    <Stack gap="1">
      <Text fontWeight="semibold">{t('questions.import.errors', { count: result.errorCount })}</Text>
      <Table.ScrollArea borderWidth="1px" borderRadius="md" maxH="64">
        <Table.Root size="sm" stickyHeader data-testid="import-errors">
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeader w="20">{t('questions.import.row')}</Table.ColumnHeader>
              <Table.ColumnHeader w="28">{t('questions.import.column')}</Table.ColumnHeader>
              <Table.ColumnHeader>{t('questions.import.reason')}</Table.ColumnHeader>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {result.errors.map((e, i) => (
              <Table.Row key={i}>
                <Table.Cell>{e.question !== null ? t('questions.import.questionAt', { n: e.question, row: e.row }) : e.row}</Table.Cell>
                <Table.Cell>{e.column ?? '—'}</Table.Cell>
                <Table.Cell>{e.reason}</Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
        </Table.Root>
      </Table.ScrollArea>
    </Stack>
  );
}

/** Duplicates skipped (same as a live question or an earlier row). */
function DuplicateList({ result }: { result: ImportResult }) {
  const { t } = useTranslation();
  const dups = result.rows.filter((r) => r.status === 'duplicate');
  if (dups.length === 0) return null;
  return (
    <Stack gap="1" data-testid="import-duplicates">
      <Text fontWeight="semibold">{t('questions.import.duplicateRows')}</Text>
      {dups.slice(0, 50).map((r) => (
        <Text key={r.row} fontSize="sm" color="fg.muted">
          {r.duplicateOfId !== null
            ? t('questions.import.duplicateOfId', { row: r.row, label: r.label, id: r.duplicateOfId })
            : t('questions.import.duplicateOfRow', { row: r.row, label: r.label, other: r.duplicateOfRow })}
        </Text>
      ))}
    </Stack>
  );
}

/** One run (dry run or commit): its progress, then its result. */
function RunView({ jobId, onResult }: { jobId: number; onResult: (r: ImportResult | null, failed: string | null) => void }) {
  const { t } = useTranslation();
  const { job, finished } = useJob(jobId, { pollMs: 700 });
  const S = BackgroundJobState.values;
  useEffect(() => {
    if (!finished || !job) return;
    onResult(importResultOf(job), job.state === S.Failed ? (job.error ?? t('jobs.failed')) : null);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [finished]);
  const label = !job ? t('jobs.queued') : (job.message ?? t(job.state === S.Queued ? 'jobs.queued' : 'jobs.running'));
  return <ProgressBar value={!job || job.state === S.Queued ? undefined : job.progress} label={label} data-testid="job-progress" />;
}

type Phase =
  | { kind: 'setup' }
  | { kind: 'running'; mode: ImportMode; jobId: number }
  | { kind: 'done'; mode: ImportMode; result: ImportResult | null; failed: string | null };

/**
 * 导入试题: download the template; choose a file (.xlsx/.csv/.docx/.txt), the
 * category (and chapter) and whether any bad row stops the whole import; a dry
 * run lists every row's errors and the duplicates with the counts; then the
 * commit writes (one transaction), with the job's progress bar and the report
 * of rejected rows to download.
 */
function ImportDialog({ open, onClose, ctx, university }: ActionDialogProps<TestQuestionDto> & { university: boolean }) {
  const { t } = useTranslation();
  const runCall = useRunCall();
  const tree = useCategoryTree(ClassType.Question);
  const [file, setFile] = useState<File | null>(null);
  const [categoryId, setCategoryId] = useState<number | null>(null);
  const [chapterTypeId, setChapterTypeId] = useState<number | null>(null);
  const chapters = useChaptersOf(categoryId);
  const [allOrNothing, setAllOrNothing] = useState(true);
  const [phase, setPhase] = useState<Phase>({ kind: 'setup' });
  const [busy, setBusy] = useState(false);

  const start = async (mode: ImportMode) => {
    if (!file || !categoryId) return;
    setBusy(true);
    try {
      const job = await runCall(
        importCall,
        { file, categoryId, ...(chapterTypeId ? { chapterTypeId } : {}), isUniversity: university, mode, allOrNothing },
        { invalidates: [] },
      );
      setPhase({ kind: 'running', mode, jobId: job.id });
    } catch {
      // The error modal says why (a file the server cannot read is a 400 on `file`).
    } finally {
      setBusy(false);
    }
  };
  const downloadTemplate = async () => {
    try {
      await saveResult(await runCall(api.testQuestion.getQuestionImportTemplate, {}, { invalidates: [] }));
    } catch {
      // shown by the error modal
    }
  };

  const result = phase.kind === 'done' ? phase.result : null;
  const dryRunDone = phase.kind === 'done' && phase.mode === 'dryRun' && result !== null;
  const committed = phase.kind === 'done' && phase.mode === 'commit';
  const blocked = !!result && allOrNothing && result.invalidRows > 0;
  const writable = !!result && result.valid - result.skippedDuplicates > 0;
  const setupLocked = phase.kind !== 'setup' && !dryRunDone;

  const footer = committed ? (
    <Button onClick={onClose} data-testid="import-close">
      {t('jobs.close')}
    </Button>
  ) : (
    <>
      <Button variant="outline" onClick={onClose}>
        {t('form.cancel')}
      </Button>
      {dryRunDone && (
        <Button variant="outline" onClick={() => setPhase({ kind: 'setup' })} data-testid="import-again">
          {t('questions.import.again')}
        </Button>
      )}
      {dryRunDone ? (
        <Button colorPalette="brand" disabled={blocked || !writable} loading={busy} onClick={() => void start('commit')} data-testid="import-commit">
          {t('questions.import.commit')}
        </Button>
      ) : (
        <Button
          colorPalette="brand"
          disabled={!file || !categoryId || phase.kind === 'running'}
          loading={busy || phase.kind === 'running'}
          onClick={() => void start('dryRun')}
          data-testid="import-dry-run"
        >
          {t('questions.import.dryRun')}
        </Button>
      )}
    </>
  );

  return (
    <ModalDialog
      open={open}
      onOpenChange={(o) => !o && onClose()}
      title={t(university ? 'questions.import.titleUs' : 'questions.import.title')}
      size="xl"
      footer={footer}
      data-testid="import-dialog"
    >
      <Stack gap="4">
        <Flex gap="3" align="center" justify="space-between" wrap="wrap" p="3" bg="bg.subtle" borderRadius="md">
          <Text fontSize="sm" color="fg.muted" flex="1" minW="60">
            {t('questions.import.formats')}
          </Text>
          <Button size="sm" variant="outline" onClick={() => void downloadTemplate()} data-testid="import-template">
            {t('questions.import.template')}
          </Button>
        </Flex>
        <SimpleGrid columns={{ base: 1, md: 2 }} gap="3">
          <Field.Root required>
            <Field.Label>
              {t('resources.testQuestion.fields.categoryId')}
              <Field.RequiredIndicator />
            </Field.Label>
            <Cascader
              options={tree}
              value={categoryId}
              onChange={(v) => {
                setCategoryId(typeof v === 'number' ? v : null);
                setChapterTypeId(null);
              }}
              changeOnSelect
              disabled={setupLocked}
              aria-label={t('resources.testQuestion.fields.categoryId')}
              data-testid="import-category"
            />
          </Field.Root>
          <Field.Root>
            <Field.Label>{t('resources.testQuestion.fields.chapterTypeId')}</Field.Label>
            <NativeSelect.Root disabled={setupLocked || !categoryId}>
              <NativeSelect.Field
                value={chapterTypeId ?? ''}
                onChange={(e) => setChapterTypeId(e.currentTarget.value ? Number(e.currentTarget.value) : null)}
                data-testid="import-chapter"
              >
                <option value="">{t('questions.editor.noChapter')}</option>
                {chapters.map((c) => (
                  <option key={c.value} value={c.value}>
                    {c.label}
                  </option>
                ))}
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
          </Field.Root>
        </SimpleGrid>
        {!setupLocked && phase.kind === 'setup' && <FileInput field={fileField} onFile={setFile} disabled={busy} />}
        {file && (
          <Text fontSize="sm" data-testid="upload-file-name">
            {t('files.selected', { name: file.name, size: `${Math.max(1, Math.ceil(file.size / 1024))} KB` })}
          </Text>
        )}
        <Checkbox.Root
          checked={allOrNothing}
          onCheckedChange={(e) => setAllOrNothing(!!e.checked)}
          disabled={phase.kind === 'running' || committed}
          data-testid="import-all-or-nothing"
        >
          <Checkbox.HiddenInput />
          <Checkbox.Control />
          <Checkbox.Label>{t('questions.import.allOrNothing')}</Checkbox.Label>
        </Checkbox.Root>

        {phase.kind === 'running' && (
          <RunView
            jobId={phase.jobId}
            onResult={(r, failed) => {
              setPhase({ kind: 'done', mode: phase.mode, result: r, failed });
              if (phase.mode === 'commit') ctx.refresh();
            }}
          />
        )}
        {phase.kind === 'done' && phase.failed && <Text color="fg.error">{phase.failed}</Text>}
        {result && (
          <Stack gap="3" data-testid="import-result" data-mode={result.mode}>
            <Text fontWeight="semibold">
              {result.mode === 'dryRun'
                ? t('questions.import.dryRunDone', { file: result.fileName })
                : result.committed
                  ? t('questions.import.committed', { count: result.created })
                  : t('questions.import.notCommitted')}
            </Text>
            <Counts result={result} />
            {dryRunDone && blocked && <Text color="fg.warning">{t('questions.import.blockedHint')}</Text>}
            <ErrorGrid result={result} />
            <DuplicateList result={result} />
            {result.report && (
              <Box>
                <DownloadButton file={result.report}>{t('jobs.downloadReport')}</DownloadButton>
              </Box>
            )}
          </Stack>
        )}
      </Stack>
    </ModalDialog>
  );
}

/** 导入 above a bank list (standard or university). */
export function importQuestionsAction(university: boolean): ToolbarAction<TestQuestionDto> {
  function Dialog(props: ActionDialogProps<TestQuestionDto>) {
    return <ImportDialog {...props} university={university} />;
  }
  return {
    key: 'import',
    labelKey: 'questions.import.action',
    permission: university ? Permissions.QuestionsUniversityQuestion : Permissions.QuestionsTestQuestion,
    dialog: Dialog,
  };
}
