import { notify, pageCount, type RowSelectionState } from '@edu/ui';
import type { TFunction } from 'i18next';
import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { dynamicCall, useApi, useRunCall, type AnyCall } from '../lib/use-api.ts';
import { useCanner } from '../lib/permissions.ts';
import { useHostSide } from './tenant-column.tsx';
import { buildListQuery, initialListState, type FilterValues, type ListState } from './query.ts';
import { rowIdOf } from './resource-form.tsx';
import type { ActionCtx, AnyResource, ConfirmSpec, RowAction, ToolbarAction } from './types.ts';

/** The dialog a list has open, if any. */
export type ListDialog =
  | { kind: 'create' }
  | { kind: 'edit'; row: unknown }
  | { kind: 'delete'; row: unknown }
  | { kind: 'rowConfirm'; action: RowAction<unknown>; row: unknown }
  | { kind: 'rowDialog'; action: RowAction<unknown>; row: unknown }
  | { kind: 'toolbarConfirm'; action: ToolbarAction<unknown> }
  | { kind: 'toolbarDialog'; action: ToolbarAction<unknown> };

const EMPTY_SELECTION: RowSelectionState = {};

/** Whether a per-row switch allows the built-in edit or delete. */
export function allowedFor(flag: boolean | ((row: unknown) => boolean) | undefined, row: unknown): boolean {
  if (flag === undefined) return true;
  return typeof flag === 'function' ? flag(row) : flag;
}

/** The services whose reads a write of this resource (through `call`) may change. */
export function serviceNames(resource: AnyResource, call?: AnyCall, extra?: readonly string[]): string[] {
  const names = new Set<string>([resource.service.getAll.endpoint.service, ...(resource.invalidates ?? [])]);
  if (call) names.add(call.endpoint.service);
  for (const n of extra ?? []) names.add(n);
  return [...names];
}

/** Title and text of an action's confirmation. */
export function confirmTexts(
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

/** A page of a GetAll call, whatever its row type. */
function asPage(data: unknown): { totalCount: number; items: unknown[] } | undefined {
  if (typeof data !== 'object' || data === null || !('items' in data) || !Array.isArray(data.items)) return undefined;
  const totalCount = 'totalCount' in data && typeof data.totalCount === 'number' ? data.totalCount : data.items.length;
  return { totalCount, items: data.items };
}

/**
 * The headless list of a resource, apart from any view (as react-admin's
 * `useListController` is apart from `<List>`): paging, sorting and filters as
 * ABP's GetAll query, the page of rows, selection, the built-ins and actions the
 * user may use, the open dialog, and the functions that run actions. The view
 * pieces (`ListFilters`, `ListToolbar`, `ListTable`, `ListDialogs`) only read it.
 */
export function useListController(resource: AnyResource) {
  const { t } = useTranslation();
  const can = useCanner();
  const runCall = useRunCall();
  const { service } = resource;
  const listCall = resource.list ?? service.getAll;

  const [state, setState] = useState<ListState>(() => initialListState(10, resource.defaultSorting));
  const [keyword, setKeyword] = useState('');
  const [selection, setSelection] = useState<RowSelectionState>(EMPTY_SELECTION);
  const [dialog, setDialog] = useState<ListDialog | null>(null);
  const closeDialog = useCallback(() => setDialog(null), []);

  const query = useMemo(() => buildListQuery(state, resource.query), [state, resource.query]);
  const list = useApi(dynamicCall(listCall), query, { keepPreviousData: true });
  const page = asPage(list.data);
  const rows = useMemo(() => page?.items ?? [], [page?.items]);
  const total = page?.totalCount ?? 0;

  // Both adjustments below happen while rendering (React's "adjust state when a value changes"), not in an effect.
  // A new page, sort or filter starts with nothing selected.
  const [selectedFor, setSelectedFor] = useState(query);
  if (selectedFor !== query) {
    setSelectedFor(query);
    setSelection(EMPTY_SELECTION);
  }
  // Deleting the last rows of the last page moves back to the new last page.
  if (page && state.page > 1 && state.page > pageCount(total, state.pageSize)) setState((s) => ({ ...s, page: pageCount(total, s.pageSize) }));

  const keywordFilter = resource.filters?.find((f) => f.type === 'keyword');
  const setFilter = useCallback(
    (name: string, value: FilterValues[string]) => setState((s) => ({ ...s, page: 1, filters: { ...s.filters, [name]: value } })),
    [],
  );
  const search = () => {
    if (keywordFilter) setFilter(keywordFilter.name, keyword);
  };
  const resetFilters = () => {
    setKeyword('');
    setState((s) => initialListState(s.pageSize, resource.defaultSorting));
  };
  const { mutate } = list;
  const refresh = useCallback(() => void mutate(), [mutate]);
  const setPage = (p: number) => setState((s) => ({ ...s, page: p }));
  const setPageSize = (n: number) => setState((s) => ({ ...s, page: 1, pageSize: n }));
  const setSorting = (sorting: string | undefined) => setState((s) => ({ ...s, page: 1, sorting }));

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
  const hostSide = useHostSide();
  // The host side cannot create a tenant's rows: no button that can only fail.
  const canCreate =
    !!service.create &&
    !!resource.form &&
    crud.create !== false &&
    !(resource.tenantOwned && hostSide) &&
    can(perms.create ?? service.create.endpoint.access);
  const showTenant = !!resource.tenantOwned && hostSide && rows.some((r) => typeof r === 'object' && r !== null && 'tenantId' in r);
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
    await runCall(dynamicCall(action.call), action.input?.(actionCtx) ?? {}, {
      invalidates: serviceNames(resource, action.call, action.invalidates),
    });
    if (action.successKey !== false) notify.success(t(action.successKey ?? 'actions.done'));
    if (action.batch) setSelection(EMPTY_SELECTION);
  };
  const startToolbar = (action: ToolbarAction<unknown>) => {
    if (action.dialog) setDialog({ kind: 'toolbarDialog', action });
    else if (action.confirm) setDialog({ kind: 'toolbarConfirm', action });
    else void runToolbar(action).catch(() => undefined);
  };

  const runRow = useCallback(
    async (action: RowAction<unknown>, row: unknown) => {
      if (!action.call) return;
      await runCall(dynamicCall(action.call), action.input?.(row) ?? { id: rowIdOf(resource, row) }, {
        invalidates: serviceNames(resource, action.call, action.invalidates),
      });
      if (action.successKey !== false) notify.success(t(action.successKey ?? 'actions.done'));
    },
    [resource, runCall, t],
  );
  const startRow = useCallback(
    (action: RowAction<unknown>, row: unknown) => {
      if (action.dialog) setDialog({ kind: 'rowDialog', action, row });
      else if (action.confirm) setDialog({ kind: 'rowConfirm', action, row });
      else void runRow(action, row).catch(() => undefined);
    },
    [runRow],
  );
  const deleteRow = async (row: unknown) => {
    if (!service.delete) return;
    await runCall(dynamicCall(service.delete), { Id: rowIdOf(resource, row) }, { invalidates: serviceNames(resource) });
    notify.success(t('actions.deleted'));
  };

  const rowName = (row: unknown) => {
    if (resource.rowLabel) return resource.rowLabel(row);
    const name = typeof row === 'object' && row !== null && 'name' in row ? row.name : undefined;
    return typeof name === 'string' || typeof name === 'number' ? String(name) : String(rowIdOf(resource, row));
  };

  return {
    resource,
    // list
    state,
    query,
    rows,
    showTenant,
    total,
    loading: list.isLoading || list.isValidating,
    refresh,
    setPage,
    setPageSize,
    setSorting,
    // filters
    keyword,
    setKeyword,
    setFilter,
    search,
    resetFilters,
    // selection
    selectable,
    selection,
    setSelection,
    selectedRows,
    actionCtx,
    // what the user may do
    canCreate,
    canUpdate,
    canDelete,
    crud,
    toolbarActions,
    rowActions,
    createDefaults,
    // dialogs and running actions
    dialog,
    setDialog,
    closeDialog,
    startToolbar,
    runToolbar,
    startRow,
    runRow,
    deleteRow,
    rowName,
  };
}

export type ListController = ReturnType<typeof useListController>;
