import { Badge, Box, Button, Field, Flex, HStack, Input, NativeSelect, Stack, Table, Text } from '@chakra-ui/react';
import { Permissions, type EntityChangeListDto, type EntityHistoryType } from '@edu/sdk';
import { formatDateTimeUtc8, ModalDialog } from '@edu/ui';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../lib/client.ts';
import { useApi, type RowAction, type RowDialogProps } from '../../resources/index.ts';

const CHANGE_COLORS = ['green', 'blue', 'red'] as const;

/** One change: when, who (and who was signed in as them), what kind, and each property from what to what. */
function ChangeItem({ change }: { change: EntityChangeListDto }) {
  const { t } = useTranslation();
  return (
    <Stack as="li" gap="1.5" borderStartWidth="2px" borderColor={`${CHANGE_COLORS[change.changeType]}.500`} ps="3" data-testid="entity-change">
      <HStack gap="2" wrap="wrap">
        <Badge colorPalette={CHANGE_COLORS[change.changeType]} variant="subtle">
          {t(`audit.history.changeType.${change.changeType}`)}
        </Badge>
        <Text fontSize="sm" fontWeight="medium">
          {t(`audit.history.types.${change.entityTypeFullName}`, { defaultValue: change.entityTypeFullName })} #{change.entityId}
        </Text>
        <Text fontSize="sm" color="fg.muted">
          {[change.userName, formatDateTimeUtc8(change.changeTime)].filter(Boolean).join(' · ')}
        </Text>
        {change.impersonatorUserId !== null && (
          <Badge colorPalette="orange" variant="outline" data-testid="entity-change-impersonator">
            {t('audit.history.impersonatedBy', { name: change.impersonatorUserName ?? `#${change.impersonatorUserId}` })}
          </Badge>
        )}
      </HStack>
      {change.propertyChanges.length > 0 && (
        <Table.Root size="sm" variant="outline">
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeader w="30%">{t('audit.history.property')}</Table.ColumnHeader>
              <Table.ColumnHeader>{t('audit.history.from')}</Table.ColumnHeader>
              <Table.ColumnHeader>{t('audit.history.to')}</Table.ColumnHeader>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {change.propertyChanges.map((p) => (
              <Table.Row key={p.id}>
                <Table.Cell>{t(`audit.history.properties.${p.propertyName}`, { defaultValue: p.propertyName })}</Table.Cell>
                <Table.Cell color="fg.muted" wordBreak="break-all">
                  {p.originalValue || '—'}
                </Table.Cell>
                <Table.Cell wordBreak="break-all">{p.newValue || '—'}</Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
        </Table.Root>
      )}
    </Stack>
  );
}

/** Changes newest first, with a "more" button while there are more. */
export function ChangeList({ items, loading }: { items: readonly EntityChangeListDto[] | undefined; loading: boolean }) {
  const { t } = useTranslation();
  if (loading) return <Text color="fg.muted">{t('table.loading')}</Text>;
  if (!items?.length) return <Text color="fg.muted">{t('audit.history.none')}</Text>;
  return (
    <Stack as="ol" gap="4" listStyleType="none" data-testid="entity-changes">
      {items.map((c) => (
        <ChangeItem key={c.id} change={c} />
      ))}
    </Stack>
  );
}

const PAGE = 20;

/** The history of one entity (AuditLog/GetEntityTypeChanges), newest first, twenty at a time. */
function HistoryDialog({ type, id, label, onClose }: { type: EntityHistoryType; id: number; label: string; onClose: () => void }) {
  const { t } = useTranslation();
  const [count, setCount] = useState(PAGE);
  const { data, isLoading } = useApi(
    api.auditLog.getEntityTypeChanges,
    { EntityTypeFullName: type, EntityId: id, MaxResultCount: Math.min(count, 1000) },
    { fresh: true, keepPreviousData: true },
  );
  return (
    <ModalDialog
      open
      onOpenChange={(o) => !o && onClose()}
      title={t('audit.history.title', { name: label })}
      size="lg"
      closeOnInteractOutside
      data-testid="entity-history"
    >
      <ChangeList items={data?.items} loading={isLoading && !data} />
      {data && data.totalCount > data.items.length && (
        <Box mt="3">
          <Button size="sm" variant="outline" onClick={() => setCount((n) => n + PAGE)}>
            {t('audit.history.more', { count: data.totalCount - data.items.length })}
          </Button>
        </Box>
      )}
    </ModalDialog>
  );
}

/** 变更历史 row action of a list whose rows are entities with history; shown to holders of the audit-log permission. */
export function entityHistoryAction<R extends { id: number }>(type: EntityHistoryType, label: (row: R) => string): RowAction<R> {
  return {
    key: 'entityHistory',
    labelKey: 'audit.history.action',
    permission: Permissions.AuditLogs,
    dialog: ({ open, onClose, row }: RowDialogProps<R>) =>
      open ? <HistoryDialog type={type} id={row.id} label={label(row)} onClose={onClose} /> : null,
  };
}

/** 数据变更 tab of the audit screen: the side's entity changes filtered by type, id and user. */
export function EntityChangesTab() {
  const { t } = useTranslation();
  const types = useApi(api.auditLog.getEntityHistoryObjectTypes, {});
  const [draft, setDraft] = useState({ type: '', id: '', user: '' });
  const [applied, setApplied] = useState(draft);
  const [count, setCount] = useState(PAGE);
  const id = Number(applied.id);
  const typeOption = types.data?.find((o) => o.value === applied.type);
  const { data, isLoading } = useApi(
    api.auditLog.getEntityChanges,
    {
      EntityTypeFullName: typeOption ? (typeOption.value as EntityHistoryType) : undefined,
      EntityId: Number.isInteger(id) && id > 0 ? id : undefined,
      UserName: applied.user.trim() || undefined,
      MaxResultCount: Math.min(count, 1000),
    },
    { keepPreviousData: true },
  );
  return (
    <Stack gap="4" data-testid="entity-changes-tab">
      <Flex gap="3" align="end" wrap="wrap">
        <Field.Root w="48">
          <Field.Label>{t('audit.history.type')}</Field.Label>
          <NativeSelect.Root size="sm">
            <NativeSelect.Field
              value={draft.type}
              onChange={(e) => setDraft((d) => ({ ...d, type: e.target.value }))}
              data-testid="history-filter-type"
            >
              <option value="">{t('audit.filters.all')}</option>
              {(types.data ?? []).map((o) => (
                <option key={o.value} value={o.value}>
                  {t(`audit.history.types.${o.value}`, { defaultValue: o.name })}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        </Field.Root>
        <Field.Root w="32">
          <Field.Label>{t('audit.history.entityId')}</Field.Label>
          <Input
            size="sm"
            type="number"
            min={1}
            value={draft.id}
            onChange={(e) => setDraft((d) => ({ ...d, id: e.target.value }))}
            data-testid="history-filter-id"
          />
        </Field.Root>
        <Field.Root w="48">
          <Field.Label>{t('audit.fields.user')}</Field.Label>
          <Input size="sm" value={draft.user} onChange={(e) => setDraft((d) => ({ ...d, user: e.target.value }))} data-testid="history-filter-user" />
        </Field.Root>
        <Button size="sm" colorPalette="brand" onClick={() => (setApplied(draft), setCount(PAGE))} data-testid="history-search">
          {t('audit.filters.search')}
        </Button>
      </Flex>
      <ChangeList items={data?.items} loading={isLoading && !data} />
      {data && data.totalCount > data.items.length && (
        <Box>
          <Button size="sm" variant="outline" onClick={() => setCount((n) => n + PAGE)} data-testid="history-more">
            {t('audit.history.more', { count: data.totalCount - data.items.length })}
          </Button>
        </Box>
      )}
    </Stack>
  );
}
