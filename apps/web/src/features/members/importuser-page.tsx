import { Badge, Box, Button, Checkbox, Field, Flex, Heading, HStack, Input, RadioGroup, Stack, Table, Text } from '@chakra-ui/react';
import { BackgroundJobState, importResultOf, ImportPasswordRule, type ImportMode, type ImportResult } from '@edu/sdk';
import { ProgressBar } from '@edu/ui';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../lib/client.ts';
import { useJob } from '../../lib/jobs.ts';
import { DownloadButton, FileInput, saveResult } from '../../resources/file-actions.tsx';
import { LocalizedUi, ScreenCard, useRunCall } from '../../resources/index.ts';

const importCall = api.user.importFromExcel;
const fileField = importCall.endpoint.files[0]!;

/** The counts of a result: read, valid, errors, already registered, created. */
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
          {t(`members.import.counts.${key}`, { count: n })}
        </Badge>
      ))}
    </HStack>
  );
}

/** Every problem of the file: row, column, reason. */
function ErrorGrid({ result }: { result: ImportResult }) {
  const { t } = useTranslation();
  if (result.errors.length === 0) return null;
  return (
    <Stack gap="1">
      <Text fontWeight="semibold">{t('members.import.errors', { count: result.errorCount })}</Text>
      <Table.ScrollArea
        borderWidth="1px"
        borderRadius="md"
        maxH="80"
        tabIndex={0}
        role="region"
        aria-label={t('members.import.errors', { count: result.errorCount })}
      >
        <Table.Root size="sm" stickyHeader data-testid="import-errors">
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeader w="20">{t('members.import.row')}</Table.ColumnHeader>
              <Table.ColumnHeader w="32">{t('members.import.column')}</Table.ColumnHeader>
              <Table.ColumnHeader>{t('members.import.reason')}</Table.ColumnHeader>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {result.errors.map((e, i) => (
              <Table.Row key={i}>
                <Table.Cell>{e.row}</Table.Cell>
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

/** One run (dry run or commit): the job's progress bar until it ends. */
function RunView({ jobId, onResult }: { jobId: number; onResult: (r: ImportResult | null, failed: string | null) => void }) {
  const { t } = useTranslation();
  const { job, finished } = useJob(jobId, { pollMs: 500 });
  const S = BackgroundJobState.values;
  useEffect(() => {
    if (!finished || !job) return;
    onResult(importResultOf(job), job.state === S.Failed ? (job.error ?? t('jobs.failed')) : null);
    // Reported once, when the job ends.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [finished]);
  const label = !job ? t('jobs.queued') : (job.message ?? t(job.state === S.Queued ? 'jobs.queued' : 'jobs.running'));
  return <ProgressBar value={!job || job.state === S.Queued ? undefined : job.progress} label={label} data-testid="job-progress" />;
}

type Phase =
  | { kind: 'setup' }
  | { kind: 'running'; mode: ImportMode; jobId: number }
  | { kind: 'done'; mode: ImportMode; result: ImportResult | null; failed: string | null };

const RULES: readonly ImportPasswordRule[] = [1, 2, 3];

/**
 * 导入用户: download the template; choose a file (.xlsx/.csv), the initial
 * password rule and whether one bad row stops everything; a dry run lists
 * every row's problems (row, column, reason) with the counts; the commit
 * writes in one transaction with the job's progress, then offers the report
 * of skipped rows (and the random passwords, when that rule was chosen).
 */
export default function ImportUserPage() {
  const { t } = useTranslation();
  const runCall = useRunCall();
  const [file, setFile] = useState<File | null>(null);
  const [fileKey, setFileKey] = useState(0);
  const [allOrNothing, setAllOrNothing] = useState(true);
  const [rule, setRule] = useState<ImportPasswordRule>(1);
  const [password, setPassword] = useState('');
  const [phase, setPhase] = useState<Phase>({ kind: 'setup' });
  const [busy, setBusy] = useState(false);
  const badPassword = rule === 1 && (password.length < 6 || password.length > 32);

  const start = async (mode: ImportMode) => {
    if (!file || badPassword) return;
    setBusy(true);
    try {
      const job = await runCall(
        importCall,
        { file, mode, allOrNothing, passwordRule: rule, ...(rule === 1 ? { password } : {}) },
        { invalidates: [] },
      );
      setPhase({ kind: 'running', mode, jobId: job.id });
    } catch {
      // The error modal says why (an unreadable file is a 400 on `file`).
    } finally {
      setBusy(false);
    }
  };
  const downloadTemplate = async () => {
    try {
      await saveResult(await runCall(api.user.getMemberImportTemplate, {}, { invalidates: [] }));
    } catch {
      // shown by the error modal
    }
  };
  const restart = () => {
    setPhase({ kind: 'setup' });
    setFile(null);
    setFileKey((k) => k + 1);
  };

  const result = phase.kind === 'done' ? phase.result : null;
  const dryRunDone = phase.kind === 'done' && phase.mode === 'dryRun' && result !== null;
  const committed = phase.kind === 'done' && phase.mode === 'commit';
  const blocked = !!result && allOrNothing && result.invalidRows > 0;
  const writable = !!result && result.valid - result.skippedDuplicates > 0;
  const locked = phase.kind === 'running' || committed;

  return (
    <LocalizedUi>
      <ScreenCard>
        <Stack gap="5" maxW="4xl" data-testid="importuser-page">
          <Flex gap="3" align="center" justify="space-between" wrap="wrap" p="3" bg="bg.subtle" borderRadius="md">
            <Text fontSize="sm" color="fg.muted" flex="1" minW="60">
              {t('members.import.formats')}
            </Text>
            <Button size="sm" variant="outline" onClick={() => void downloadTemplate()} data-testid="import-template">
              {t('members.import.template')}
            </Button>
          </Flex>

          {phase.kind === 'setup' && <FileInput key={fileKey} field={fileField} onFile={setFile} disabled={busy} />}
          {file && (
            <Text fontSize="sm" data-testid="upload-file-name">
              {t('files.selected', { name: file.name, size: `${Math.max(1, Math.ceil(file.size / 1024))} KB` })}
            </Text>
          )}

          <Stack gap="2">
            <Heading size="sm" as="h2" id="password-rule-label">
              {t('members.import.passwordRule')}
            </Heading>
            <RadioGroup.Root
              value={String(rule)}
              onValueChange={(e) => setRule(ImportPasswordRule.safeParse(Number(e.value)).data ?? 1)}
              disabled={locked}
              aria-labelledby="password-rule-label"
              data-testid="import-password-rule"
            >
              <Stack gap="2">
                {RULES.map((r) => (
                  <RadioGroup.Item key={r} value={String(r)} data-testid={`password-rule-${r}`}>
                    <RadioGroup.ItemHiddenInput />
                    <RadioGroup.ItemIndicator />
                    <RadioGroup.ItemText>{t(`members.import.rules.${r}`)}</RadioGroup.ItemText>
                  </RadioGroup.Item>
                ))}
              </Stack>
            </RadioGroup.Root>
            {rule === 1 && (
              <Field.Root invalid={badPassword} width="auto" maxW="xs" required>
                <Field.Label>{t('members.import.password')}</Field.Label>
                <Input
                  type="password"
                  autoComplete="new-password"
                  value={password}
                  onChange={(e) => setPassword(e.target.value)}
                  disabled={locked}
                  data-testid="import-password"
                />
                <Field.HelperText>{t('members.import.passwordHint')}</Field.HelperText>
              </Field.Root>
            )}
          </Stack>

          <Checkbox.Root
            checked={allOrNothing}
            onCheckedChange={(e) => setAllOrNothing(!!e.checked)}
            disabled={locked}
            data-testid="import-all-or-nothing"
          >
            <Checkbox.HiddenInput />
            <Checkbox.Control />
            <Checkbox.Label>{t('members.import.allOrNothing')}</Checkbox.Label>
          </Checkbox.Root>

          <HStack gap="2">
            {dryRunDone && (
              <Button variant="outline" onClick={restart} data-testid="import-again">
                {t('members.import.again')}
              </Button>
            )}
            {committed ? (
              <Button colorPalette="brand" onClick={restart} data-testid="import-another">
                {t('members.import.another')}
              </Button>
            ) : dryRunDone ? (
              <Button
                colorPalette="brand"
                disabled={blocked || !writable}
                loading={busy}
                onClick={() => void start('commit')}
                data-testid="import-commit"
              >
                {t('members.import.commit')}
              </Button>
            ) : (
              <Button
                colorPalette="brand"
                disabled={!file || badPassword || phase.kind === 'running'}
                loading={busy || phase.kind === 'running'}
                onClick={() => void start('dryRun')}
                data-testid="import-dry-run"
              >
                {t('members.import.dryRun')}
              </Button>
            )}
          </HStack>

          {phase.kind === 'running' && (
            <RunView jobId={phase.jobId} onResult={(r, failed) => setPhase({ kind: 'done', mode: phase.mode, result: r, failed })} />
          )}
          {phase.kind === 'done' && phase.failed && <Text color="fg.error">{phase.failed}</Text>}
          {result && (
            <Stack gap="3" data-testid="import-result" data-mode={result.mode} data-committed={result.committed}>
              <Text fontWeight="semibold">
                {result.mode === 'dryRun'
                  ? t('members.import.dryRunDone', { file: result.fileName })
                  : result.committed
                    ? t('members.import.committed', { count: result.created })
                    : t('members.import.notCommitted')}
              </Text>
              <Counts result={result} />
              {dryRunDone && blocked && <Text color="fg.warning">{t('members.import.blockedHint')}</Text>}
              <ErrorGrid result={result} />
              <HStack gap="2" wrap="wrap">
                {result.report && (
                  <Box data-testid="import-report">
                    <DownloadButton file={result.report}>{t('members.import.report')}</DownloadButton>
                  </Box>
                )}
                {result.files?.passwords && (
                  <Box data-testid="import-passwords">
                    <DownloadButton file={result.files.passwords}>{t('members.import.passwords')}</DownloadButton>
                  </Box>
                )}
              </HStack>
            </Stack>
          )}
        </Stack>
      </ScreenCard>
    </LocalizedUi>
  );
}
