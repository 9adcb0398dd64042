import { Badge, Box, Button, Code, Field, Flex, Input, NativeSelect, SimpleGrid, Stack, Tabs, Text } from '@chakra-ui/react';
import {
  AUDIT_EXPORT_MAX_ROWS,
  AUDIT_RETENTION_DAYS,
  LoginAttemptResult,
  Permissions,
  type AuditLogListDto,
  type GetAuditLogsInput,
  type UserLoginAttemptDto,
} from '@edu/sdk';
import { DataTable, ModalDialog, notify, type ColumnDef } from '@edu/ui';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../lib/client.ts';
import { useDownload } from '../../resources/file-actions.tsx';
import { EntityChangesTab } from '../../shared/audit/entity-history.tsx';
import { WhoCanTab } from '../../shared/audit/who-can.tsx';
import { LocalizedUi, ScreenCard, useApi, useApiMutation, useCan } from '../../resources/index.ts';

/** An instant as the console shows times: local, to the second. */
const timeOf = (iso: string | null) => (iso ? new Date(iso).toLocaleString('zh-CN', { hour12: false }) : '—');
/** A `datetime-local` value as an ISO instant (empty: no bound). */
const instantOf = (local: string) => (local ? new Date(local).toISOString() : undefined);
const numberOf = (text: string) => (text.trim() === '' || !Number.isFinite(Number(text)) ? undefined : Math.max(0, Math.trunc(Number(text))));

interface AuditDraft {
  start: string;
  end: string;
  user: string;
  service: string;
  method: string;
  minMs: string;
  maxMs: string;
  error: '' | 'true' | 'false';
}
const EMPTY_DRAFT: AuditDraft = { start: '', end: '', user: '', service: '', method: '', minMs: '', maxMs: '', error: '' };

/** The filter the server reads, from what the form holds. */
function auditFilter(d: AuditDraft): Omit<GetAuditLogsInput, 'SkipCount' | 'MaxResultCount'> {
  return {
    StartDate: instantOf(d.start),
    EndDate: instantOf(d.end),
    UserName: d.user.trim() || undefined,
    ServiceName: d.service.trim() || undefined,
    MethodName: d.method.trim() || undefined,
    MinExecutionDuration: numberOf(d.minMs),
    MaxExecutionDuration: numberOf(d.maxMs),
    HasException: d.error === '' ? undefined : d.error === 'true',
  };
}

function TextFilter(props: { label: string; value: string; onChange: (v: string) => void; type?: string; testId: string }) {
  return (
    <Field.Root>
      <Field.Label>{props.label}</Field.Label>
      <Input size="sm" type={props.type ?? 'text'} value={props.value} onChange={(e) => props.onChange(e.target.value)} data-testid={props.testId} />
    </Field.Root>
  );
}

function SelectFilter(props: {
  label: string;
  value: string;
  onChange: (v: string) => void;
  options: ReadonlyArray<[string, string]>;
  testId: string;
}) {
  return (
    <Field.Root>
      <Field.Label>{props.label}</Field.Label>
      <NativeSelect.Root size="sm">
        <NativeSelect.Field value={props.value} onChange={(e) => props.onChange(e.target.value)} data-testid={props.testId}>
          {props.options.map(([value, label]) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
    </Field.Root>
  );
}

function Detail({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Flex gap="3" align="baseline">
      <Text w="28" flexShrink={0} color="fg.muted" fontSize="sm">
        {label}
      </Text>
      <Box fontSize="sm" minW="0" wordBreak="break-all">
        {children ?? '—'}
      </Box>
    </Flex>
  );
}

/** One audit row in full: who, what, with which parameters, how long, and the exception. */
function AuditDetails({ row, onClose }: { row: AuditLogListDto | null; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <ModalDialog
      open={row !== null}
      onOpenChange={(open) => !open && onClose()}
      title={t('audit.details.title')}
      size="lg"
      data-testid="audit-details"
    >
      {row && (
        <Stack gap="2">
          <Detail label={t('audit.fields.user')}>{row.userName}</Detail>
          <Detail label={t('audit.fields.service')}>{row.serviceName}</Detail>
          <Detail label={t('audit.fields.method')}>{row.methodName}</Detail>
          <Detail label={t('audit.fields.time')}>{timeOf(row.executionTime)}</Detail>
          <Detail label={t('audit.fields.duration')}>{t('audit.ms', { count: row.executionDuration })}</Detail>
          <Detail label={t('audit.fields.clientIp')}>{row.clientIpAddress}</Detail>
          <Detail label={t('audit.fields.browser')}>{row.browserInfo}</Detail>
          <Detail label={t('audit.fields.parameters')}>
            <Code display="block" whiteSpace="pre-wrap" p="2" data-testid="audit-details-parameters">
              {row.parameters ?? '—'}
            </Code>
          </Detail>
          <Detail label={t('audit.fields.exception')}>
            {row.exception ? (
              <Text color="fg.error" data-testid="audit-details-exception">
                {row.exception}
              </Text>
            ) : (
              t('audit.noError')
            )}
          </Detail>
        </Stack>
      )}
    </ModalDialog>
  );
}

/** Whether two flat filter drafts say the same. */
const sameFilters = <T extends object>(a: T, b: T) => (Object.keys(a) as Array<keyof T>).every((k) => a[k] === b[k]);

function AuditLogsTab() {
  const { t } = useTranslation();
  const download = useDownload();
  const [draft, setDraft] = useState<AuditDraft>(EMPTY_DRAFT);
  const [applied, setApplied] = useState<AuditDraft>(EMPTY_DRAFT);
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(10);
  const [sorting, setSorting] = useState<string | undefined>();
  const [open, setOpen] = useState<AuditLogListDto | null>(null);
  const [exporting, setExporting] = useState(false);
  const filter = { ...auditFilter(applied), Sorting: sorting };
  const { data, isLoading, mutate } = useApi(api.auditLog.getAuditLogs, { ...filter, SkipCount: (page - 1) * pageSize, MaxResultCount: pageSize });
  // 搜索 with the same filters asks again (calls recorded since), as ASP.NET Zero's audit screen does.
  const search = () => (sameFilters(draft, applied) && page === 1 ? void mutate() : (setApplied(draft), setPage(1)));
  const set = (key: keyof AuditDraft) => (value: string) => setDraft((d) => ({ ...d, [key]: value }));

  const columns: ColumnDef<AuditLogListDto, unknown>[] = [
    { id: 'executionTime', header: t('audit.fields.time'), enableSorting: true, cell: ({ row }) => timeOf(row.original.executionTime) },
    { id: 'userName', header: t('audit.fields.user'), cell: ({ row }) => row.original.userName ?? '—' },
    { id: 'serviceName', header: t('audit.fields.service'), enableSorting: true, cell: ({ row }) => row.original.serviceName },
    { id: 'methodName', header: t('audit.fields.method'), enableSorting: true, cell: ({ row }) => row.original.methodName },
    {
      id: 'executionDuration',
      header: t('audit.fields.duration'),
      enableSorting: true,
      cell: ({ row }) => t('audit.ms', { count: row.original.executionDuration }),
    },
    { id: 'clientIpAddress', header: t('audit.fields.clientIp'), cell: ({ row }) => row.original.clientIpAddress ?? '—' },
    {
      id: 'exception',
      header: t('audit.fields.result'),
      cell: ({ row }) => (
        <Badge colorPalette={row.original.exception ? 'red' : 'green'} variant="subtle">
          {row.original.exception ? t('audit.failed') : t('audit.succeeded')}
        </Badge>
      ),
    },
    {
      id: 'actions',
      header: t('audit.fields.actions'),
      cell: ({ row }) => (
        <Button size="xs" variant="outline" onClick={() => setOpen(row.original)} data-testid="audit-open-details">
          {t('audit.details.open')}
        </Button>
      ),
    },
  ];

  const exportAll = async () => {
    setExporting(true);
    try {
      await download(await api.auditLog.getAuditLogsToExcel(filter));
    } finally {
      setExporting(false);
    }
  };

  return (
    <Stack gap="4" data-testid="audit-logs">
      <SimpleGrid columns={{ base: 1, md: 4 }} gap="3">
        <TextFilter label={t('audit.filters.start')} type="datetime-local" value={draft.start} onChange={set('start')} testId="audit-filter-start" />
        <TextFilter label={t('audit.filters.end')} type="datetime-local" value={draft.end} onChange={set('end')} testId="audit-filter-end" />
        <TextFilter label={t('audit.fields.user')} value={draft.user} onChange={set('user')} testId="audit-filter-user" />
        <TextFilter label={t('audit.fields.service')} value={draft.service} onChange={set('service')} testId="audit-filter-service" />
        <TextFilter label={t('audit.fields.method')} value={draft.method} onChange={set('method')} testId="audit-filter-method" />
        <TextFilter label={t('audit.filters.minMs')} type="number" value={draft.minMs} onChange={set('minMs')} testId="audit-filter-min" />
        <TextFilter label={t('audit.filters.maxMs')} type="number" value={draft.maxMs} onChange={set('maxMs')} testId="audit-filter-max" />
        <SelectFilter
          label={t('audit.filters.hasError')}
          value={draft.error}
          onChange={(v) => setDraft((d) => ({ ...d, error: v === 'true' || v === 'false' ? v : '' }))}
          options={[
            ['', t('audit.filters.all')],
            ['true', t('audit.failed')],
            ['false', t('audit.succeeded')],
          ]}
          testId="audit-filter-error"
        />
      </SimpleGrid>
      <Flex gap="2" justify="space-between" align="center" wrap="wrap">
        <Text fontSize="sm" color="fg.muted">
          {t('audit.exportCap', { count: AUDIT_EXPORT_MAX_ROWS })}
        </Text>
        <Flex gap="2">
          <Button size="sm" variant="outline" onClick={() => (setDraft(EMPTY_DRAFT), setApplied(EMPTY_DRAFT), setPage(1))}>
            {t('audit.filters.reset')}
          </Button>
          <Button size="sm" colorPalette="brand" onClick={search} data-testid="audit-search">
            {t('audit.filters.search')}
          </Button>
          <Button size="sm" variant="outline" loading={exporting} onClick={() => void exportAll()} data-testid="audit-export">
            {t('audit.export')}
          </Button>
        </Flex>
      </Flex>
      <DataTable
        columns={columns}
        data={data?.items ?? []}
        total={data?.totalCount ?? 0}
        page={page}
        pageSize={pageSize}
        onPageChange={setPage}
        onPageSizeChange={(size) => (setPageSize(size), setPage(1))}
        sorting={sorting}
        onSortingChange={setSorting}
        loading={isLoading}
        data-testid="audit-table"
      />
      <AuditDetails row={open} onClose={() => setOpen(null)} />
    </Stack>
  );
}

/** How many days audit rows are kept (App.Auditing.RetentionDays): read by every reader, edited by administrators. */
function RetentionSetting() {
  const { t } = useTranslation();
  const canEdit = useCan([Permissions.Administration]);
  const { data } = useApi(api.auditLog.getAuditSettings, {});
  const save = useApiMutation(api.auditLog.updateAuditSettings);
  // What was typed; null shows the stored value.
  const [typed, setTyped] = useState<string | null>(null);
  const days = typed ?? (data ? String(data.retentionDays) : '');
  const value = Number(days);
  const valid = Number.isInteger(value) && value >= AUDIT_RETENTION_DAYS.min && value <= AUDIT_RETENTION_DAYS.max;
  const submit = async () => {
    try {
      await save.trigger({ retentionDays: value });
      setTyped(null);
      notify.success(t('audit.retention.saved'));
    } catch {
      // Shown by the error modal; the typed value stays.
    }
  };
  return (
    <Flex gap="3" align="end" wrap="wrap" data-testid="audit-retention">
      <Field.Root invalid={days !== '' && !valid} w="auto">
        <Field.Label>{t('audit.retention.label')}</Field.Label>
        <Input
          size="sm"
          type="number"
          w="32"
          min={AUDIT_RETENTION_DAYS.min}
          max={AUDIT_RETENTION_DAYS.max}
          value={days}
          readOnly={!canEdit}
          onChange={(e) => setTyped(e.target.value)}
          data-testid="audit-retention-days"
        />
      </Field.Root>
      {canEdit && (
        <Button
          size="sm"
          variant="outline"
          disabled={!valid}
          loading={save.isMutating}
          onClick={() => void submit()}
          data-testid="audit-retention-save"
        >
          {t('audit.retention.save')}
        </Button>
      )}
      <Text fontSize="sm" color="fg.muted" pb="1.5">
        {t('audit.retention.hint', { min: AUDIT_RETENTION_DAYS.min, max: AUDIT_RETENTION_DAYS.max })}
      </Text>
    </Flex>
  );
}

const RESULTS = Object.entries(LoginAttemptResult.values);

function LoginAttemptsTab() {
  const { t } = useTranslation();
  const [user, setUser] = useState('');
  const [result, setResult] = useState('');
  const [applied, setApplied] = useState({ user: '', result: '' });
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(10);
  const parsedResult = LoginAttemptResult.safeParse(Number(applied.result)).data;
  const { data, isLoading, mutate } = useApi(api.userLogin.getUserLoginAttempts, {
    Filter: applied.user.trim() || undefined,
    Result: applied.result === '' ? undefined : parsedResult,
    SkipCount: (page - 1) * pageSize,
    MaxResultCount: pageSize,
  });

  const columns: ColumnDef<UserLoginAttemptDto, unknown>[] = [
    { id: 'creationTime', header: t('audit.fields.time'), cell: ({ row }) => timeOf(row.original.creationTime) },
    { id: 'userNameOrEmailAddress', header: t('audit.fields.user'), cell: ({ row }) => row.original.userNameOrEmailAddress },
    { id: 'tenancyName', header: t('audit.fields.tenant'), cell: ({ row }) => row.original.tenancyName ?? t('audit.host') },
    {
      id: 'result',
      header: t('audit.fields.result'),
      cell: ({ row }) => (
        <Badge colorPalette={row.original.result === LoginAttemptResult.values.Success ? 'green' : 'red'} variant="subtle">
          {t(`audit.loginResult.${row.original.result}`)}
        </Badge>
      ),
    },
    { id: 'clientIpAddress', header: t('audit.fields.clientIp'), cell: ({ row }) => row.original.clientIpAddress ?? '—' },
    { id: 'browserInfo', header: t('audit.fields.browser'), cell: ({ row }) => <Text lineClamp={1}>{row.original.browserInfo ?? '—'}</Text> },
    {
      id: 'lockoutEndDate',
      header: t('audit.fields.lockout'),
      cell: ({ row }) => (row.original.lockoutEndDate ? t('audit.lockedUntil', { time: timeOf(row.original.lockoutEndDate) }) : '—'),
    },
  ];

  return (
    <Stack gap="4" data-testid="login-attempts">
      <Flex gap="3" align="end" wrap="wrap">
        <Box w="60">
          <TextFilter label={t('audit.fields.user')} value={user} onChange={setUser} testId="login-filter-user" />
        </Box>
        <Box w="60">
          <SelectFilter
            label={t('audit.fields.result')}
            value={result}
            onChange={setResult}
            options={[['', t('audit.filters.all')], ...RESULTS.map(([, v]): [string, string] => [String(v), t(`audit.loginResult.${v}`)])]}
            testId="login-filter-result"
          />
        </Box>
        <Button
          size="sm"
          colorPalette="brand"
          onClick={() => (sameFilters({ user, result }, applied) && page === 1 ? void mutate() : (setApplied({ user, result }), setPage(1)))}
          data-testid="login-search"
        >
          {t('audit.filters.search')}
        </Button>
      </Flex>
      <DataTable
        columns={columns}
        data={data?.items ?? []}
        total={data?.totalCount ?? 0}
        page={page}
        pageSize={pageSize}
        onPageChange={setPage}
        onPageSizeChange={(size) => (setPageSize(size), setPage(1))}
        loading={isLoading}
        data-testid="login-table"
      />
    </Stack>
  );
}

/** 审计日志: every service call (filters, details, export) and the sign-in attempts, for holders of Pages.Administration.AuditLogs. */
export default function AuditLogsPage() {
  const { t } = useTranslation();
  return (
    <LocalizedUi>
      <ScreenCard>
        <RetentionSetting />
        <Tabs.Root defaultValue="logs" lazyMount mt="4">
          <Tabs.List>
            <Tabs.Trigger value="logs" data-testid="audit-tab-logs">
              {t('audit.tabs.logs')}
            </Tabs.Trigger>
            <Tabs.Trigger value="logins" data-testid="audit-tab-logins">
              {t('audit.tabs.logins')}
            </Tabs.Trigger>
            <Tabs.Trigger value="history" data-testid="audit-tab-history">
              {t('audit.tabs.history')}
            </Tabs.Trigger>
            <Tabs.Trigger value="whoCan" data-testid="audit-tab-who-can">
              {t('audit.tabs.whoCan')}
            </Tabs.Trigger>
          </Tabs.List>
          <Tabs.Content value="logs">
            <AuditLogsTab />
          </Tabs.Content>
          <Tabs.Content value="logins">
            <LoginAttemptsTab />
          </Tabs.Content>
          <Tabs.Content value="history">
            <EntityChangesTab />
          </Tabs.Content>
          <Tabs.Content value="whoCan">
            <WhoCanTab />
          </Tabs.Content>
        </Tabs.Root>
      </ScreenCard>
    </LocalizedUi>
  );
}
