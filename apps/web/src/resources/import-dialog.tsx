import { Badge, Box, Button, Checkbox, HStack, Stack, Table, Text } from '@chakra-ui/react';
import { BackgroundJobState, importResultOf, type BackgroundJobDto, type ImportMode, type ImportResult } from '@edu/sdk';
import { ProgressBar } from '@edu/ui';
import { useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useJob } from '../lib/jobs.ts';
import { DownloadButton } from './file-actions.tsx';

/**
 * The import flow every import screen shares (members, the question bank, a
 * paper's file import): choose a file and options, a dry run (检查文件) that
 * lists the counts, every row's errors (row or question/line, column, reason)
 * and the duplicates, then the commit (确认导入) with the same file and
 * options, disabled while all-or-nothing would write nothing; the job's
 * progress bar while a run works; the rejected-rows report to download.
 *
 * Every importer names the steps alike, with the shared keys of `import.*`
 * (common.json): `template`, `dryRun`, `again`, `commit`, `report`, `close`,
 * `allOrNothing`, `blockedHint`, `row`, `column`, `reason`. What it reads and
 * writes comes from the screen's own key set (`prefix`, e.g. `members.import`):
 * `counts.{total,valid,invalid,duplicates,created}`, `errors`, `questionAt`,
 * `dryRunDone`, `committed`, `notCommitted`, and optionally `duplicateRows`,
 * `duplicateOfId`, `duplicateOfRow`.
 */

type Phase =
  | { kind: 'setup' }
  | { kind: 'running'; mode: ImportMode; jobId: number }
  | { kind: 'done'; mode: ImportMode; job: BackgroundJobDto | null; result: ImportResult | null; failed: string | null };

export interface ImportFlow {
  phase: Phase;
  busy: boolean;
  allOrNothing: boolean;
  setAllOrNothing: (v: boolean) => void;
  /** The finished run's result (null while none or when the job failed). */
  result: ImportResult | null;
  /** The finished job itself, for importers whose result says more (`paperImportResultOf`). */
  job: BackgroundJobDto | null;
  dryRunDone: boolean;
  committed: boolean;
  /** All-or-nothing with invalid rows: a commit would write nothing. */
  blocked: boolean;
  /** Some row would be written. */
  writable: boolean;
  /** Options are fixed while a run works and after the commit. */
  locked: boolean;
  run: (mode: ImportMode) => Promise<void>;
  reset: () => void;
  finish: (job: BackgroundJobDto | null, failed: string | null) => void;
}

/**
 * The flow's state. `begin` starts a run on the server and answers its job
 * id (it throws when the server refused; the error modal has said why).
 * `onCommitted` runs once a commit has ended (refresh the list behind).
 */
export function useImportFlow(begin: (mode: ImportMode, allOrNothing: boolean) => Promise<number>, onCommitted?: () => void): ImportFlow {
  const [phase, setPhase] = useState<Phase>({ kind: 'setup' });
  const [busy, setBusy] = useState(false);
  const [allOrNothing, setAllOrNothing] = useState(true);
  const result = phase.kind === 'done' ? phase.result : null;
  const dryRunDone = phase.kind === 'done' && phase.mode === 'dryRun' && result !== null;
  const committed = phase.kind === 'done' && phase.mode === 'commit';
  return {
    phase,
    busy,
    allOrNothing,
    setAllOrNothing,
    result,
    job: phase.kind === 'done' ? phase.job : null,
    dryRunDone,
    committed,
    blocked: !!result && allOrNothing && result.invalidRows > 0,
    writable: !!result && result.valid - result.skippedDuplicates > 0,
    locked: phase.kind === 'running' || committed,
    run: async (mode) => {
      setBusy(true);
      try {
        const jobId = await begin(mode, allOrNothing);
        setPhase({ kind: 'running', mode, jobId });
      } catch {
        // The error modal says why (a file the server cannot read is a 400 on `file`).
      } finally {
        setBusy(false);
      }
    },
    reset: () => setPhase({ kind: 'setup' }),
    finish: (job, failed) => {
      if (phase.kind !== 'running') return;
      setPhase({ kind: 'done', mode: phase.mode, job, result: job ? importResultOf(job) : null, failed });
      if (phase.mode === 'commit') onCommitted?.();
    },
  };
}

/** The counts of a result as coloured badges: read, valid, errors, duplicates, written. */
function Counts({ result, prefix }: { result: ImportResult; prefix: string }) {
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
          {t(`${prefix}.counts.${key}`, { count: n })}
        </Badge>
      ))}
    </HStack>
  );
}

/** Every error of the file: row (or question and line), column, reason; a focusable, named scroll region. */
function ErrorGrid({ result, prefix }: { result: ImportResult; prefix: string }) {
  const { t } = useTranslation();
  if (result.errors.length === 0) return null;
  const title = t(`${prefix}.errors`, { count: result.errorCount });
  return (
    <Stack gap="1">
      <Text fontWeight="semibold">{title}</Text>
      <Table.ScrollArea borderWidth="1px" borderRadius="md" maxH="72" tabIndex={0} role="region" aria-label={title}>
        <Table.Root size="sm" stickyHeader data-testid="import-errors">
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeader w="20">{t('import.row')}</Table.ColumnHeader>
              <Table.ColumnHeader w="28">{t('import.column')}</Table.ColumnHeader>
              <Table.ColumnHeader>{t('import.reason')}</Table.ColumnHeader>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {result.errors.map((e, i) => (
              <Table.Row key={i}>
                <Table.Cell>{e.question !== null ? t(`${prefix}.questionAt`, { n: e.question, row: e.row }) : e.row}</Table.Cell>
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

/** Duplicates skipped (same as a live record or an earlier row). */
function DuplicateList({ result, prefix }: { result: ImportResult; prefix: string }) {
  const { t } = useTranslation();
  const dups = result.rows.filter((r) => r.status === 'duplicate');
  if (dups.length === 0) return null;
  return (
    <Stack gap="1" data-testid="import-duplicates">
      <Text fontWeight="semibold">{t(`${prefix}.duplicateRows`)}</Text>
      {dups.slice(0, 50).map((r) => (
        <Text key={r.row} fontSize="sm" color="fg.muted">
          {r.duplicateOfId !== null
            ? t(`${prefix}.duplicateOfId`, { row: r.row, label: r.label, id: r.duplicateOfId })
            : t(`${prefix}.duplicateOfRow`, { row: r.row, label: r.label, other: r.duplicateOfRow })}
        </Text>
      ))}
    </Stack>
  );
}

/** One run: the job's progress bar until it ends, then `onEnd` once. */
function RunView({ jobId, onEnd }: { jobId: number; onEnd: (job: BackgroundJobDto | null, failed: string | null) => void }) {
  const { t } = useTranslation();
  const { job, finished } = useJob(jobId, { pollMs: 600 });
  const S = BackgroundJobState.values;
  useEffect(() => {
    if (!finished || !job) return;
    onEnd(job, job.state === S.Failed ? (job.error ?? t('jobs.failed')) : null);
    // Reported once, when the job ends.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [finished]);
  const label = !job ? t('jobs.queued') : (job.message ?? t(job.state === S.Queued ? 'jobs.queued' : 'jobs.running'));
  return <ProgressBar value={!job || job.state === S.Queued ? undefined : job.progress} label={label} data-testid="job-progress" />;
}

/** 有错误时全部不导入. */
export function AllOrNothingCheckbox({ flow }: { flow: ImportFlow }) {
  const { t } = useTranslation();
  return (
    <Checkbox.Root
      checked={flow.allOrNothing}
      onCheckedChange={(e) => flow.setAllOrNothing(!!e.checked)}
      disabled={flow.locked}
      data-testid="import-all-or-nothing"
    >
      <Checkbox.HiddenInput />
      <Checkbox.Control />
      <Checkbox.Label>{t('import.allOrNothing')}</Checkbox.Label>
    </Checkbox.Root>
  );
}

/**
 * The flow's buttons: 检查文件 (enabled by `canStart`), then 重新选择文件 and
 * 确认导入; after the commit, `done` (close, or import another file).
 */
export function ImportButtons({ flow, canStart, onRestart, done }: { flow: ImportFlow; canStart: boolean; onRestart?: () => void; done: ReactNode }) {
  const { t } = useTranslation();
  if (flow.committed) return <>{done}</>;
  const running = flow.phase.kind === 'running';
  return (
    <>
      {flow.dryRunDone && (
        <Button
          variant="outline"
          onClick={() => {
            flow.reset();
            onRestart?.();
          }}
          data-testid="import-again"
        >
          {t('import.again')}
        </Button>
      )}
      {flow.dryRunDone ? (
        <Button
          colorPalette="brand"
          disabled={flow.blocked || !flow.writable}
          loading={flow.busy}
          onClick={() => void flow.run('commit')}
          data-testid="import-commit"
        >
          {t('import.commit')}
        </Button>
      ) : (
        <Button
          colorPalette="brand"
          disabled={!canStart || running}
          loading={flow.busy || running}
          onClick={() => void flow.run('dryRun')}
          data-testid="import-dry-run"
        >
          {t('import.dryRun')}
        </Button>
      )}
    </>
  );
}

/**
 * The running job's progress, a failure's reason, and the result: its
 * summary line, counts, the hint when all-or-nothing blocks the commit, the
 * errors, the duplicates (`duplicates`), what the importer adds after the
 * counts (`summary`: what went into a paper), the report download and
 * further downloads (`children`: a password file).
 */
export function ImportOutcome({
  flow,
  prefix,
  duplicates = false,
  summary,
  children,
}: {
  flow: ImportFlow;
  prefix: string;
  duplicates?: boolean;
  summary?: ReactNode;
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  const { phase, result } = flow;
  return (
    <>
      {phase.kind === 'running' && <RunView key={phase.jobId} jobId={phase.jobId} onEnd={flow.finish} />}
      {phase.kind === 'done' && phase.failed && (
        <Text color="fg.error" data-testid="import-failed">
          {phase.failed}
        </Text>
      )}
      {result && (
        <Stack gap="3" data-testid="import-result" data-mode={result.mode} data-committed={result.committed}>
          <Text fontWeight="semibold">
            {result.mode === 'dryRun'
              ? t(`${prefix}.dryRunDone`, { file: result.fileName })
              : result.committed
                ? t(`${prefix}.committed`, { count: result.created })
                : t(`${prefix}.notCommitted`)}
          </Text>
          <Counts result={result} prefix={prefix} />
          {summary}
          {flow.dryRunDone && flow.blocked && <Text color="fg.warning">{t('import.blockedHint')}</Text>}
          <ErrorGrid result={result} prefix={prefix} />
          {duplicates && <DuplicateList result={result} prefix={prefix} />}
          <HStack gap="2" wrap="wrap">
            {result.report && (
              <Box data-testid="import-report">
                <DownloadButton file={result.report}>{t('import.report')}</DownloadButton>
              </Box>
            )}
            {children}
          </HStack>
        </Stack>
      )}
    </>
  );
}
