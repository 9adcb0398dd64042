import {
  Box,
  Button,
  ButtonGroup,
  Flex,
  Heading,
  HStack,
  IconButton,
  Input,
  InputGroup,
  Menu,
  NativeSelect,
  Portal,
  Stack,
} from '@chakra-ui/react';
import {
  Cascader,
  ChevronDownIcon,
  ConfirmDialog,
  DataTable,
  EditIcon,
  notify,
  pageCount,
  PlusIcon,
  RefreshIcon,
  SearchIcon,
  TrashIcon,
  type ColumnDef,
  type RowSelectionState,
} from '@edu/ui';
import type { TFunction } from 'i18next';
import { useCallback, useEffect, useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useCall, useCanner, useRunCall, type AnyCall } from './api-hooks.ts';
import { CellValue } from './cells.tsx';
import { LocalizedUi, resourceLabels, translateOptions } from './i18n.tsx';
import { buildListQuery, initialListState, parseFilterValue, type FilterValues, type ListState } from './query.ts';
import { ResourceForm, rowIdOf } from './resource-form.tsx';
import type { ActionCtx, AnyResource, ConfirmSpec, FilterSpec, RowAction, ToolbarAction } from './types.ts';

type Dialog =
  | { kind: 'create' }
  | { kind: 'edit'; row: unknown }
  | { kind: 'delete'; row: unknown }
  | { kind: 'rowConfirm'; action: RowAction<unknown>; row: unknown }
  | { kind: 'rowDialog'; action: RowAction<unknown>; row: unknown }
  | { kind: 'toolbarConfirm'; action: ToolbarAction<unknown> }
  | { kind: 'toolbarDialog'; action: ToolbarAction<unknown> };

const EMPTY_SELECTION: RowSelectionState = {};

/** Whether a per-row switch allows the built-in edit or delete. */
function allowed(flag: boolean | ((row: unknown) => boolean) | undefined, row: unknown): boolean {
  if (flag === undefined) return true;
  return typeof flag === 'function' ? flag(row) : flag;
}

function serviceNames(resource: AnyResource, call?: AnyCall, extra?: readonly string[]): string[] {
  const names = new Set<string>([resource.service.getAll.endpoint.service, ...(resource.invalidates ?? [])]);
  if (call) names.add(call.endpoint.service);
  for (const n of extra ?? []) names.add(n);
  return [...names];
}

function confirmTexts(
  t: TFunction,
  spec: boolean | ConfirmSpec | undefined,
  vars: Record<string, unknown>,
): { title: string; description: string } {
  const s = typeof spec === 'object' ? spec : {};
  return {
    title: t(s.titleKey ?? 'actions.confirmTitle', vars),
    description: t(s.descriptionKey ?? 'actions.confirmRun', vars),
  };
}

// --- filters ------------------------------------------------------------------

function SelectFilter({
  spec,
  value,
  onChange,
  label,
  t,
}: {
  spec: Extract<FilterSpec, { type: 'select' | 'boolean' }>;
  value: FilterValues[string];
  onChange: (v: FilterValues[string]) => void;
  label: string;
  t: TFunction;
}) {
  const useOptions = spec.type === 'select' && spec.useOptions ? spec.useOptions : () => undefined;
  const remote = useOptions();
  const options =
    spec.type === 'boolean'
      ? [
          { value: 'true', label: t(spec.trueKey ?? 'table.status.active') },
          { value: 'false', label: t(spec.falseKey ?? 'table.status.inactive') },
        ]
      : (remote ?? translateOptions(t, spec.options));
  const kind = spec.type === 'boolean' ? 'boolean' : typeof options[0]?.value === 'number' ? 'number' : 'string';
  return (
    <NativeSelect.Root size="sm" width="auto" minW="36">
      <NativeSelect.Field
        aria-label={label}
        data-testid={`filter-${spec.name}`}
        value={value === undefined || value === null ? '' : String(value)}
        onChange={(e) => onChange(parseFilterValue(e.currentTarget.value, kind))}
      >
        <option value="">{t('filters.allOf', { label })}</option>
        {options.map((o) => (
          <option key={String(o.value)} value={String(o.value)}>
            {t('filters.valueOf', { label, value: o.label })}
          </option>
        ))}
      </NativeSelect.Field>
      <NativeSelect.Indicator />
    </NativeSelect.Root>
  );
}

function CascaderFilter({
  spec,
  value,
  onChange,
  label,
  t,
}: {
  spec: Extract<FilterSpec, { type: 'cascader' }>;
  value: FilterValues[string];
  onChange: (v: FilterValues[string]) => void;
  label: string;
  t: TFunction;
}) {
  const options = spec.useTreeOptions();
  return (
    <Cascader
      options={options}
      value={value === undefined || value === null || value === '' ? null : (value as string | number)}
      onChange={(v) => onChange(v ?? undefined)}
      changeOnSelect={spec.changeOnSelect ?? true}
      placeholder={t('filters.allOf', { label })}
      aria-label={label}
      size="sm"
      width={{ base: 'full', sm: '64' }}
      portalled
      data-testid={`filter-${spec.name}`}
    />
  );
}

// --- row actions -------------------------------------------------------------

interface RowActionItem {
  key: string;
  label: string;
  icon?: ReactNode;
  destructive?: boolean;
  inline: boolean;
  run: () => void;
}

function RowActionsCell({ items, moreLabel }: { items: RowActionItem[]; moreLabel: string }) {
  const inline = items.filter((i) => i.inline);
  const menu = items.filter((i) => !i.inline);
  return (
    <HStack gap="1" justify="flex-end" wrap="nowrap">
      {inline.map((i) => (
        <Button
          key={i.key}
          size="xs"
          variant="ghost"
          colorPalette={i.destructive ? 'red' : 'brand'}
          onClick={i.run}
          data-testid={`row-action-${i.key}`}
        >
          {i.icon}
          {i.label}
        </Button>
      ))}
      {menu.length > 0 && (
        <Menu.Root
          positioning={{ placement: 'bottom-end' }}
          onSelect={(d) => menu.find((i) => i.key === d.value)?.run()}
        >
          <Menu.Trigger asChild>
            <Button size="xs" variant="ghost" colorPalette="gray" data-testid="row-action-more">
              {moreLabel}
              <ChevronDownIcon />
            </Button>
          </Menu.Trigger>
          <Portal>
            <Menu.Positioner>
              <Menu.Content minW="36">
                {menu.map((i) => (
                  <Menu.Item
                    key={i.key}
                    value={i.key}
                    color={i.destructive ? 'fg.error' : undefined}
                    data-testid={`row-action-${i.key}`}
                  >
                    {i.icon}
                    {i.label}
                  </Menu.Item>
                ))}
              </Menu.Content>
            </Menu.Positioner>
          </Portal>
        </Menu.Root>
      )}
    </HStack>
  );
}

// --- the page ----------------------------------------------------------------

export interface ResourcePageProps {
  resource: AnyResource;
  /** Show the resource title above the list (default true; off inside tabs). */
  showTitle?: boolean;
  /** Extra content at the left of the toolbar. */
  toolbarExtra?: ReactNode;
  /** Content between the title and the toolbar (breadcrumbs of a tree level, a hint). */
  subheader?: ReactNode;
  /**
   * Declared variants offered as tabs beside the title, after the base list
   * (labelled `resources.<name>.variants.all`): `['mine']` gives 全部 | 我的及下级.
   * A tab whose list call the user may not make is left out.
   */
  variantTabs?: readonly string[];
}

interface InnerProps extends ResourcePageProps {
  /** The title when tabs switch variants (the page's, not the variant's). */
  title?: string;
  tabs?: ReactNode;
}

/**
 * The screen of a resource: filters, toolbar (create, batch and custom actions,
 * refresh), the server-paged table (page 1, 10 per page, sorting) with row
 * actions, and the dialogs (create/edit form, delete confirmation, custom).
 */
export function ResourcePage(props: ResourcePageProps) {
  return (
    <LocalizedUi>
      {props.variantTabs && props.variantTabs.length > 0 ? <VariantTabsPage {...props} /> : <ResourcePageInner {...props} />}
    </LocalizedUi>
  );
}

function VariantTabsPage(props: ResourcePageProps) {
  const { t } = useTranslation();
  const can = useCanner();
  const { resource } = props;
  const labels = resourceLabels(t, resource.name);
  const variants = useMemo(
    () =>
      (props.variantTabs ?? [])
        .map((key) => ({ key, resource: resource.variant(key) }))
        .filter((v) => can((v.resource.list ?? v.resource.service.getAll).endpoint.access)),
    [resource, props.variantTabs, can],
  );
  const [active, setActive] = useState('');
  const shown = variants.find((v) => v.key === active)?.resource ?? resource;
  const tabs =
    variants.length > 0 ? (
      <ButtonGroup size="xs" attached variant="outline" role="tablist" aria-label={labels.title(resource.titleKey)}>
        {[{ key: '' }, ...variants].map(({ key }) => (
          <Button
            key={key || 'all'}
            role="tab"
            aria-selected={active === key}
            variant={active === key ? 'solid' : 'outline'}
            colorPalette={active === key ? 'brand' : 'gray'}
            onClick={() => setActive(key)}
            data-testid={`variant-tab-${key || 'all'}`}
          >
            {key
              ? t(`resources.${resource.name}.variants.${key}`)
              : t(`resources.${resource.name}.variants.all`, { defaultValue: t('filters.all') })}
          </Button>
        ))}
      </ButtonGroup>
    ) : undefined;
  // A new tab starts a new list (page 1, no filters, nothing selected).
  return <ResourcePageInner key={active || 'all'} {...props} resource={shown} title={labels.title(resource.titleKey)} tabs={tabs} />;
}

function ResourcePageInner({ resource, showTitle = true, toolbarExtra, subheader, title, tabs }: InnerProps) {
  const { t, i18n } = useTranslation();
  const labels = resourceLabels(t, resource.name);
  const can = useCanner();
  const runCall = useRunCall();
  const { service } = resource;
  const listCall = resource.list ?? service.getAll;

  const [state, setState] = useState<ListState>(() => initialListState(10, resource.defaultSorting));
  const [keyword, setKeyword] = useState('');
  const [selection, setSelection] = useState<RowSelectionState>(EMPTY_SELECTION);
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const close = useCallback(() => setDialog(null), []);

  const query = useMemo(() => buildListQuery(state, resource.query), [state, resource.query]);
  const list = useCall(listCall, query as never, { keepPreviousData: true });
  const page = list.data as { totalCount: number; items: unknown[] } | undefined;
  const rows = page?.items ?? [];
  const total = page?.totalCount ?? 0;

  // A new page, sort or filter starts with nothing selected.
  useEffect(() => setSelection(EMPTY_SELECTION), [query]);
  // Deleting the last rows of the last page moves back to the new last page.
  useEffect(() => {
    if (page && state.page > 1 && state.page > pageCount(total, state.pageSize))
      setState((s) => ({ ...s, page: pageCount(total, s.pageSize) }));
  }, [page, total, state.page, state.pageSize]);

  const keywordFilter = resource.filters?.find((f) => f.type === 'keyword');
  const setFilter = (name: string, value: FilterValues[string]) =>
    setState((s) => ({ ...s, page: 1, filters: { ...s.filters, [name]: value } }));
  const search = () => keywordFilter && setFilter(keywordFilter.name, keyword);
  const reset = () => {
    setKeyword('');
    setState((s) => initialListState(s.pageSize, resource.defaultSorting));
  };
  const refresh = useCallback(() => void list.mutate(), [list]);

  // Filters naming a form field start a new record with their value (the category the list shows).
  const createDefaults: Record<string, unknown> = {};
  for (const f of resource.filters ?? []) {
    if ((f.type === 'select' || f.type === 'cascader') && f.formField) {
      const v = state.filters[f.name];
      if (v !== undefined && v !== null && v !== '') createDefaults[f.formField] = v;
    }
  }

  const crud = resource.crud ?? {};
  const perms = resource.permissions ?? {};
  const canCreate = !!service.create && !!resource.form && crud.create !== false && can(perms.create ?? service.create.endpoint.access);
  const canUpdate = !!service.update && !!resource.form && crud.update !== false && can(perms.update ?? service.update.endpoint.access);
  const canDelete = !!service.delete && crud.delete !== false && can(perms.delete ?? service.delete.endpoint.access);

  const toolbarActions = (resource.actions ?? []).filter((a) => can(a.permission ?? a.call?.endpoint.access));
  const rowActions = (resource.rowActions ?? []).filter((a) => can(a.permission ?? a.call?.endpoint.access));
  const selectable = toolbarActions.some((a) => a.batch);

  const selectedRows = rows.filter((r) => selection[String(rowIdOf(resource, r))]);
  const actionCtx: ActionCtx<unknown> = {
    selected: selectedRows,
    ids: selectedRows.map((r) => rowIdOf(resource, r)),
    t,
    refresh,
  };

  const runToolbar = async (action: ToolbarAction<unknown>) => {
    if (!action.call) return;
    await runCall(action.call, action.input?.(actionCtx) ?? {}, serviceNames(resource, action.call, action.invalidates));
    if (action.successKey !== false) notify.success(t(action.successKey ?? 'actions.done'));
    if (action.batch) setSelection(EMPTY_SELECTION);
  };
  const startToolbar = (action: ToolbarAction<unknown>) => {
    if (action.dialog) setDialog({ kind: 'toolbarDialog', action });
    else if (action.confirm) setDialog({ kind: 'toolbarConfirm', action });
    else void runToolbar(action).catch(() => undefined);
  };

  const runRow = async (action: RowAction<unknown>, row: unknown) => {
    if (!action.call) return;
    await runCall(action.call, action.input?.(row) ?? { id: rowIdOf(resource, row) }, serviceNames(resource, action.call, action.invalidates));
    if (action.successKey !== false) notify.success(t(action.successKey ?? 'actions.done'));
  };
  const startRow = useCallback(
    (action: RowAction<unknown>, row: unknown) => {
      if (action.dialog) setDialog({ kind: 'rowDialog', action, row });
      else if (action.confirm) setDialog({ kind: 'rowConfirm', action, row });
      else void runRow(action, row).catch(() => undefined);
    },
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [resource],
  );

  const columns = useMemo<ColumnDef<unknown, unknown>[]>(() => {
    const defs: ColumnDef<unknown, unknown>[] = resource.columns.map((spec) => ({
      id: spec.sortField ?? spec.field,
      accessorFn: (row: unknown) => (row as Record<string, unknown>)[spec.field],
      header: labels.field(spec.field, spec.labelKey),
      enableSorting: !!spec.sortable,
      meta: { width: spec.width, minWidth: spec.minWidth, align: spec.align, truncate: spec.truncate },
      cell: ({ row, getValue }) => {
        if (spec.cell) {
          const C = spec.cell;
          return <C row={row.original} value={getValue()} />;
        }
        if (spec.render) return spec.render(row.original, t);
        return <CellValue value={getValue()} type={spec.type} options={spec.options} t={t} />;
      },
    }));
    const hasRowActions = canUpdate || canDelete || rowActions.length > 0;
    if (hasRowActions) {
      defs.push({
        id: '__actions',
        header: t('table.actions'),
        enableSorting: false,
        meta: { align: 'end', width: '1%' },
        cell: ({ row }) => {
          const r = row.original;
          const items: RowActionItem[] = [];
          if (canUpdate && allowed(crud.update, r))
            items.push({ key: 'edit', label: t('actions.edit'), icon: <EditIcon />, inline: true, run: () => setDialog({ kind: 'edit', row: r }) });
          for (const a of rowActions) {
            if (a.visible && !a.visible(r)) continue;
            items.push({
              key: a.key,
              label: labels.action(a.key, a.labelKey),
              icon: a.icon,
              destructive: a.destructive,
              inline: !!a.inline,
              run: () => startRow(a, r),
            });
          }
          if (canDelete && allowed(crud.delete, r))
            items.push({
              key: 'delete',
              label: t('actions.delete'),
              icon: <TrashIcon />,
              destructive: true,
              inline: true,
              run: () => setDialog({ kind: 'delete', row: r }),
            });
          return <RowActionsCell items={items} moreLabel={t('actions.more')} />;
        },
      });
    }
    return defs;
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [resource, t, i18n.language, canUpdate, canDelete, rowActions.length, startRow]);

  const rowName = (row: unknown) =>
    resource.rowLabel ? resource.rowLabel(row) : String((row as { name?: unknown }).name ?? rowIdOf(resource, row));

  return (
    <Stack gap="4" data-testid={`resource-page-${resource.name}`}>
      {(showTitle || tabs) && (
        <Flex gap="3" align="center" justify="space-between" wrap="wrap">
          {showTitle && (
            <Heading size="md" as="h2">
              {title ?? labels.title(resource.titleKey)}
            </Heading>
          )}
          {tabs}
        </Flex>
      )}
      {subheader}
      <Flex gap="3" wrap="wrap" align="center" justify="space-between">
        <HStack gap="2" wrap="wrap">
          {toolbarExtra}
          {resource.filters?.map((f) =>
            f.type === 'keyword' ? (
              <InputGroup key={f.name} startElement={<SearchIcon color="fg.muted" />} width={{ base: 'full', sm: '64' }}>
                <Input
                  size="sm"
                  value={keyword}
                  placeholder={t(f.placeholderKey ?? `resources.${resource.name}.filters.${f.name}`, {
                    defaultValue: t('filters.keyword'),
                  })}
                  onChange={(e) => setKeyword(e.target.value)}
                  onKeyDown={(e) => e.key === 'Enter' && search()}
                  data-testid="filter-keyword"
                />
              </InputGroup>
            ) : f.type === 'cascader' ? (
              <CascaderFilter
                key={f.name}
                spec={f}
                value={state.filters[f.name]}
                onChange={(v) => setFilter(f.name, v)}
                label={labels.filter(f.name, f.labelKey)}
                t={t}
              />
            ) : (
              <SelectFilter
                key={f.name}
                spec={f}
                value={state.filters[f.name]}
                onChange={(v) => setFilter(f.name, v)}
                label={labels.filter(f.name, f.labelKey)}
                t={t}
              />
            ),
          )}
          {resource.filters && resource.filters.length > 0 && (
            <>
              <Button size="sm" colorPalette="brand" variant="subtle" onClick={search} data-testid="filter-search">
                <SearchIcon />
                {t('filters.search')}
              </Button>
              <Button size="sm" variant="ghost" onClick={reset} data-testid="filter-reset">
                {t('filters.reset')}
              </Button>
            </>
          )}
        </HStack>
        <HStack gap="2" wrap="wrap">
          {toolbarActions.map((a) => (
            <Button
              key={a.key}
              size="sm"
              variant="outline"
              colorPalette={a.destructive ? 'red' : 'gray'}
              disabled={a.batch && selectedRows.length === 0}
              onClick={() => startToolbar(a)}
              data-testid={`action-${a.key}`}
            >
              {a.icon}
              {labels.action(a.key, a.labelKey)}
            </Button>
          ))}
          {canCreate && (
            <Button size="sm" colorPalette="brand" onClick={() => setDialog({ kind: 'create' })} data-testid="action-create">
              <PlusIcon />
              {t('actions.create')}
            </Button>
          )}
          <IconButton size="sm" variant="ghost" aria-label={t('actions.refresh')} onClick={refresh} data-testid="action-refresh">
            <RefreshIcon />
          </IconButton>
        </HStack>
      </Flex>

      <Box>
        <DataTable<unknown>
          columns={columns}
          data={rows}
          total={total}
          page={state.page}
          pageSize={state.pageSize}
          onPageChange={(p) => setState((s) => ({ ...s, page: p }))}
          onPageSizeChange={(n) => setState((s) => ({ ...s, page: 1, pageSize: n }))}
          sorting={state.sorting}
          onSortingChange={(sorting) => setState((s) => ({ ...s, page: 1, sorting }))}
          loading={list.isLoading || list.isValidating}
          getRowId={(r) => String(rowIdOf(resource, r))}
          selectable={selectable}
          rowSelection={selection}
          onRowSelectionChange={setSelection}
          data-testid={`${resource.name}-table`}
        />
      </Box>

      {(dialog?.kind === 'create' || dialog?.kind === 'edit') && (
        <ResourceForm
          resource={resource}
          mode={dialog.kind === 'create' ? 'create' : 'update'}
          row={dialog.kind === 'edit' ? dialog.row : undefined}
          defaults={dialog.kind === 'create' ? createDefaults : undefined}
          open
          onClose={close}
        />
      )}

      {dialog?.kind === 'delete' && service.delete && (
        <ConfirmDialog
          open
          onOpenChange={(o) => !o && close()}
          destructive
          title={t('actions.confirmDeleteTitle')}
          description={t('actions.confirmDelete', { name: rowName(dialog.row) })}
          confirmLabel={t('actions.delete')}
          onConfirm={async () => {
            await runCall(service.delete!, { Id: rowIdOf(resource, dialog.row) }, serviceNames(resource));
            notify.success(t('actions.deleted'));
          }}
        />
      )}

      {dialog?.kind === 'rowConfirm' && (
        <ConfirmDialog
          open
          onOpenChange={(o) => !o && close()}
          destructive={dialog.action.destructive}
          {...confirmTexts(t, dialog.action.confirm, {
            name: rowName(dialog.row),
            action: labels.action(dialog.action.key, dialog.action.labelKey),
          })}
          confirmLabel={labels.action(dialog.action.key, dialog.action.labelKey)}
          onConfirm={() => runRow(dialog.action, dialog.row)}
        />
      )}

      {dialog?.kind === 'toolbarConfirm' && (
        <ConfirmDialog
          open
          onOpenChange={(o) => !o && close()}
          destructive={dialog.action.destructive}
          {...confirmTexts(t, dialog.action.confirm, {
            count: actionCtx.ids.length,
            action: labels.action(dialog.action.key, dialog.action.labelKey),
          })}
          confirmLabel={labels.action(dialog.action.key, dialog.action.labelKey)}
          onConfirm={() => runToolbar(dialog.action)}
        />
      )}

      {dialog?.kind === 'rowDialog' && dialog.action.dialog && (
        <dialog.action.dialog open onClose={close} row={dialog.row} resource={resource} />
      )}
      {dialog?.kind === 'toolbarDialog' && dialog.action.dialog && (
        <dialog.action.dialog open onClose={close} ctx={actionCtx} resource={resource} />
      )}
    </Stack>
  );
}
