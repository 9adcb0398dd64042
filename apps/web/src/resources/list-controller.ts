import { FIRST_PAGE, notify, pageCount, type RowSelectionState } from '@edu/ui';
import type { TFunction } from 'i18next';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { dynamicCall, useApi, useRunCall, type AnyCall, type ApiCall } from '../lib/use-api.ts';
import type { z } from 'zod';
import { useCanner } from '../lib/permissions.ts';
import { allowedActions } from './allowed-actions.ts';
import { appliesNow, useFollowingDraft } from './filter-rule.ts';
import { useHostSide } from './tenant-column.tsx';
import { useListParams, type ListDefaults, type ListParams } from './list-state.tsx';
import { buildListQuery, type FilterValues } from './query.ts';
import { rowIdOf } from './row-id.ts';
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

/** The row type of a paged output (`{ items: Row[] }`). */
export type PageRowOf<O> = O extends { items: ReadonlyArray<infer R> } ? R : unknown;

export interface UseListOptions<I extends z.ZodType, O extends z.ZodType> extends ListDefaults {
  /** The call's input for a list state (paging, sorting, filters and tab as the endpoint takes them); a stable function. */
  toQuery: (params: ListParams) => z.input<I>;
  /** The key of a row in the selection (default: its `id`). */
  rowKey?: (row: PageRowOf<z.output<O>>) => string;
}

/**
 * The headless core of every list of the console (a resource's, the money
 * lists', the review inbox): the list's state (`useListParams`: in the route's
 * URL under `<ListInUrl>`), the page of rows its call answers, the selection
 * (emptied whenever what is listed changes) and the move back to the last page
 * when deleting emptied the one shown. Views and screens only read it.
 */
export function useList<I extends z.ZodType, O extends z.ZodType>(call: ApiCall<I, O>, options: UseListOptions<I, O>) {
  const { toQuery, rowKey = defaultRowKey, pageSize, sorting } = options;
  const state = useListParams({ pageSize, sorting });
  const { params } = state;
  const query = useMemo(() => toQuery(params), [toQuery, params]);
  const list = useApi<I, O>(call, query, { keepPreviousData: true });
  const page = asPage(list.data);
  const rows = useMemo(() => (page?.items ?? []) as Array<PageRowOf<z.output<O>>>, [page?.items]);
  const total = page?.totalCount ?? 0;

  const [selection, setSelection] = useState<RowSelectionState>(EMPTY_SELECTION);
  // Adjusted while rendering (React's "adjust state when a value changes"), not in an effect:
  // a new page, sort, filter or tab starts with nothing selected.
  const queryKey = JSON.stringify(query);
  const [selectedFor, setSelectedFor] = useState(queryKey);
  if (selectedFor !== queryKey) {
    setSelectedFor(queryKey);
    setSelection(EMPTY_SELECTION);
  }
  const clearSelection = useCallback(() => setSelection(EMPTY_SELECTION), []);
  const selectedRows = rows.filter((r) => selection[rowKey(r)]);

  // Deleting the last rows of the last page moves back to the new last page.
  const { setPage } = state;
  const last = page ? pageCount(total, params.pageSize) : undefined;
  useEffect(() => {
    if (last !== undefined && params.page > 1 && params.page > last) setPage(last);
  }, [last, params.page, setPage]);

  const { mutate } = list;
  const refresh = useCallback(() => void mutate(), [mutate]);
  return {
    ...state,
    /** The list state (page, page size, sorting, filters, tab). */
    state: params,
    query,
    /** The whole answer of the list call (a money list's counts and totals beside its rows). */
    data: list.data,
    rows,
    total,
    loading: list.isLoading || list.isValidating,
    /** Loading with nothing shown yet. */
    firstLoad: list.isLoading,
    refresh,
    selection,
    setSelection,
    clearSelection,
    selectedRows,
  };
}

function defaultRowKey(row: unknown): string {
  const id = typeof row === 'object' && row !== null && 'id' in row ? row.id : undefined;
  return String(id);
}

/** The call a resource's list reads with. */
export const resourceListCall = (resource: AnyResource) => resource.list ?? resource.service.getAll;

/** The query a resource's list sends for a list state (its fixed query, the paging, sorting and filters). */
export const resourceListQuery = (resource: AnyResource, params: ListParams) => buildListQuery(params, resource.query);

/**
 * The headless list of a resource, apart from any view (as react-admin's
 * `useListController` is apart from `<List>`): the core list (`useList`) over
 * the resource's list call with its filters as ABP's GetAll query, the
 * built-ins and actions the user may use, the open dialog, and the functions
 * that run actions. The view pieces (`ListFilters`, `ListToolbar`,
 * `ListTable`, `ListDialogs`) only read it.
 */
export function useListController(resource: AnyResource) {
  const { t } = useTranslation();
  const can = useCanner();
  const runCall = useRunCall();
  const { service } = resource;
  const toQuery = useCallback((p: ListParams) => resourceListQuery(resource, p), [resource]);
  const rowKey = useCallback((row: unknown) => String(rowIdOf(resource, row)), [resource]);
  const listCall = resourceListCall(resource);
  const core = useList(dynamicCall(listCall), { toQuery, rowKey, sorting: resource.defaultSorting });
  const { state, rows, refresh, selection, setSelection, selectedRows } = core;

  // The console lists' one filter rule (`filter-rule.ts`, the money lists' bar keeps it too): a select, date or
  // tree picker applies when it changes, the keyword box with 查询 or Enter; a box emptied applies at once, and
  // any other filter's change applies the box as it reads. The box follows the applied keyword when that
  // changes from elsewhere (a link, 重置, back).
  const keywordFilter = resource.filters?.find((f) => f.type === 'keyword');
  // Names are open (`any`) on a resource of any service; a list state keys its filters by string.
  const keywordName = keywordFilter ? String(keywordFilter.name) : undefined;
  const applied = keywordName ? state.filters[keywordName] : undefined;
  const appliedKeyword = typeof applied === 'string' ? applied : '';
  const { draft: keyword, setDraft, markApplied } = useFollowingDraft(appliedKeyword);
  const [dialog, setDialog] = useState<ListDialog | null>(null);
  const closeDialog = useCallback(() => setDialog(null), []);

  const { update } = core;
  /** Applies filter values together with the keyword box as it reads. */
  const applyWithKeyword = (filters: FilterValues, text: string) => {
    if (keywordName === undefined) {
      update((p) => ({ ...p, page: FIRST_PAGE, filters: { ...p.filters, ...filters } }));
      return;
    }
    const value = text.trim() === '' ? undefined : text;
    markApplied(value ?? '');
    update((p) => ({ ...p, page: FIRST_PAGE, filters: { ...p.filters, ...filters, [keywordName]: value } }));
  };
  const setKeyword = (text: string) => {
    setDraft(text);
    if (appliesNow({ kind: 'typed', text, applied: appliedKeyword })) applyWithKeyword({}, text);
  };
  const setFilter = (name: string, value: FilterValues[string]) => applyWithKeyword({ [name]: value }, keyword);
  // 查询 with nothing changed asks the server again (new rows since), as a refresh would.
  const search = () => {
    const value = keyword.trim() === '' ? '' : keyword;
    if (value === appliedKeyword && state.page === FIRST_PAGE) refresh();
    else applyWithKeyword({}, keyword);
  };
  const resetFilters = () => {
    setDraft('');
    core.reset();
  };

  // Filters naming a form field start a new record with their value (the category the list shows).
  const createDefaults: Record<string, unknown> = {};
  for (const f of resource.filters ?? []) {
    if ((f.type === 'select' || f.type === 'cascader') && f.formField) {
      const v = state.filters[String(f.name)];
      if (v !== undefined && v !== null && v !== '') createDefaults[f.formField] = v;
    }
  }

  const crud = resource.crud ?? {};
  const hostSide = useHostSide();
  const showTenant = !!resource.tenantOwned && hostSide && rows.some((r) => typeof r === 'object' && r !== null && 'tenantId' in r);
  const { canCreate, canUpdate, canDelete, toolbarActions, rowActions } = allowedActions(resource, can, hostSide);
  const selectable = toolbarActions.some((a) => a.batch);

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
    if (action.batch) core.clearSelection();
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
    query: core.query,
    /** The URL query the list was rendered from (undefined for a list kept in memory). */
    urlRendered: core.urlRendered,
    rows,
    showTenant,
    total: core.total,
    loading: core.loading,
    refresh,
    setPage: core.setPage,
    setPageSize: core.setPageSize,
    setSorting: core.setSorting,
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
