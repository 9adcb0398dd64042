import { DEFAULT_PAGE_SIZE, FIRST_PAGE, PAGE_SIZE_OPTIONS } from '@edu/ui';
import { createContext, useCallback, useContext, useLayoutEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useSearchParams } from 'react-router-dom';
import type { FilterValues, ListState } from './query.ts';

/**
 * The state every list of the console keeps (paging, sorting, filters and the
 * tab it shows), in the URL of its route when the screen binds it there
 * (`<ListInUrl>`, as react-admin keeps `page`, `perPage`, `sort` and `filter`
 * in the location): a filtered list can be linked, survives a reload, and each
 * tab of the shell's tab bar, which keeps its page's last URL, comes back to
 * the list as it was left. A list outside such a screen (a test, a list in a
 * dialog) keeps the same state in memory.
 */
export interface ListParams extends ListState {
  /** The tab the list shows (a variant, a status, a type), or undefined for the first one. */
  tab?: string;
}

/** The defaults a list starts from, left out of its URL. */
export interface ListDefaults {
  pageSize?: number;
  sorting?: string;
}

/** The query-string members of a list. */
export const LIST_PARAM = { page: 'page', pageSize: 'pageSize', sort: 'sort', filter: 'filter', tab: 'tab' } as const;

/** An ABP `Sorting` a list may ask for: a field (dotted path) and an optional direction. */
const SORTING = /^[A-Za-z][A-Za-z0-9_.]{0,63}( (asc|desc))?$/i;

function positiveInt(raw: string | null): number | undefined {
  if (raw === null || !/^\d{1,6}$/.test(raw)) return undefined;
  const n = Number(raw);
  return n >= FIRST_PAGE ? n : undefined;
}

/** The filters of a `filter` member (JSON of an object of strings, numbers and booleans); anything else is dropped. */
export function parseFilterParam(raw: string | null): FilterValues {
  if (!raw) return {};
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    return {};
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return {};
  const out: FilterValues = {};
  for (const [key, value] of Object.entries(parsed)) {
    if (typeof value === 'string' || typeof value === 'boolean' || (typeof value === 'number' && Number.isFinite(value))) out[key] = value;
  }
  return out;
}

/** The list state a query string holds; members that are missing or not valid fall back to the defaults. */
export function parseListParams(search: URLSearchParams, defaults: ListDefaults = {}): ListParams {
  const size = positiveInt(search.get(LIST_PARAM.pageSize));
  const sort = search.get(LIST_PARAM.sort);
  const tab = search.get(LIST_PARAM.tab);
  return {
    page: positiveInt(search.get(LIST_PARAM.page)) ?? FIRST_PAGE,
    pageSize: size !== undefined && PAGE_SIZE_OPTIONS.some((o) => o === size) ? size : (defaults.pageSize ?? DEFAULT_PAGE_SIZE),
    sorting: sort !== null && SORTING.test(sort) ? sort : defaults.sorting,
    filters: parseFilterParam(search.get(LIST_PARAM.filter)),
    ...(tab ? { tab } : {}),
  };
}

/** Filters with a value (blank strings, null and undefined are "not filtering" and stay out of the URL). */
function setFilters(filters: FilterValues): FilterValues {
  return Object.fromEntries(Object.entries(filters).filter(([, v]) => v !== undefined && v !== null && v !== ''));
}

/**
 * The query string of a list state: `base` (the route's other members) with
 * the list's members set, defaults left out so a fresh list has a bare URL.
 */
export function writeListParams(params: ListParams, defaults: ListDefaults = {}, base = new URLSearchParams()): URLSearchParams {
  const out = new URLSearchParams(base);
  const put = (key: string, value: string | undefined) => (value === undefined ? out.delete(key) : out.set(key, value));
  const filters = setFilters(params.filters);
  put(LIST_PARAM.tab, params.tab || undefined);
  put(LIST_PARAM.filter, Object.keys(filters).length > 0 ? JSON.stringify(filters) : undefined);
  put(LIST_PARAM.sort, params.sorting && params.sorting !== defaults.sorting ? params.sorting : undefined);
  put(LIST_PARAM.page, params.page > FIRST_PAGE ? String(params.page) : undefined);
  put(LIST_PARAM.pageSize, params.pageSize !== (defaults.pageSize ?? DEFAULT_PAGE_SIZE) ? String(params.pageSize) : undefined);
  return out;
}

interface UrlBinding {
  /** The query string rendered now. */
  search: URLSearchParams;
  /** The query string as last written, which the router may not have rendered yet. */
  current: () => URLSearchParams;
  write: (next: URLSearchParams) => void;
}

const ListUrlContext = createContext<UrlBinding | null>(null);

/**
 * Binds the list of a screen to its route's URL. The first list inside takes
 * it; lists nested in that list (its dialogs) keep their state in memory.
 * A change replaces the history entry (typing a filter is not a page to go back to).
 *
 * The router renders a new URL in a transition, so a second change can come
 * before the first is rendered (a tab chosen, then at once a search), possibly
 * from another part of the screen (the tabs and the list each hold the
 * state): every change builds on the last one written, kept here for all of
 * them until the router has rendered it.
 */
export function ListInUrl({ children }: { children: ReactNode }) {
  const [search, setSearch] = useSearchParams();
  const written = useRef<string[]>([]);
  useLayoutEffect(() => {
    // What the router rendered: drop it and what was written before it; a URL never written (back, a link) drops them all.
    const rendered = written.current.lastIndexOf(search.toString());
    written.current = rendered < 0 ? [] : written.current.slice(rendered + 1);
  }, [search]);
  const binding = useMemo<UrlBinding>(
    () => ({
      search,
      current: () => {
        const last = written.current.at(-1);
        return last === undefined ? search : new URLSearchParams(last);
      },
      write: (next) => {
        written.current.push(next.toString());
        setSearch(next, { replace: true });
      },
    }),
    [search, setSearch],
  );
  return <ListUrlContext.Provider value={binding}>{children}</ListUrlContext.Provider>;
}

/** Keeps what is inside (a list's dialogs) from taking the URL of the list around it. */
export function ListOutOfUrl({ children }: { children: ReactNode }) {
  return <ListUrlContext.Provider value={null}>{children}</ListUrlContext.Provider>;
}

/** Whether the list here keeps its state in the URL. */
export const useListInUrl = () => useContext(ListUrlContext) !== null;

/**
 * The state of one list and the changes a user makes to it. Every change that
 * alters what is listed goes back to page 1; `reset` clears the filters and the
 * sorting, keeping the page size and the tab.
 */
export function useListParams(defaults: ListDefaults = {}) {
  const { pageSize: defaultSize, sorting: defaultSorting } = defaults;
  const binding = useContext(ListUrlContext);
  const [local, setLocal] = useState<ListParams>(() => ({
    page: FIRST_PAGE,
    pageSize: defaultSize ?? DEFAULT_PAGE_SIZE,
    sorting: defaultSorting,
    filters: {},
  }));
  const search = binding?.search;
  const fromUrl = useMemo(
    () => (search ? parseListParams(search, { pageSize: defaultSize, sorting: defaultSorting }) : null),
    [search, defaultSize, defaultSorting],
  );
  const params = fromUrl ?? local;

  const update = useCallback(
    (change: (p: ListParams) => ListParams) => {
      if (!binding) {
        setLocal(change);
        return;
      }
      const defaults = { pageSize: defaultSize, sorting: defaultSorting };
      const base = binding.current();
      binding.write(writeListParams(change(parseListParams(base, defaults)), defaults, base));
    },
    [binding, defaultSize, defaultSorting],
  );

  const setPage = useCallback((page: number) => update((p) => ({ ...p, page })), [update]);
  const setPageSize = useCallback((pageSize: number) => update((p) => ({ ...p, page: FIRST_PAGE, pageSize })), [update]);
  const setSorting = useCallback((sorting: string | undefined) => update((p) => ({ ...p, page: FIRST_PAGE, sorting })), [update]);
  const setFilter = useCallback(
    (name: string, value: FilterValues[string]) => update((p) => ({ ...p, page: FIRST_PAGE, filters: { ...p.filters, [name]: value } })),
    [update],
  );
  /** Applies a whole filter set at once (a filter bar's 查询). */
  const applyFilters = useCallback((filters: FilterValues) => update((p) => ({ ...p, page: FIRST_PAGE, filters })), [update]);
  /** Another tab: page 1; `fresh` also clears filters and sorting (a variant tab is another list). */
  const setTab = useCallback(
    (tab: string | undefined, options: { fresh?: boolean } = {}) =>
      update((p) =>
        options.fresh ? { page: FIRST_PAGE, pageSize: p.pageSize, sorting: defaultSorting, filters: {}, tab } : { ...p, page: FIRST_PAGE, tab },
      ),
    [update, defaultSorting],
  );
  const reset = useCallback(
    () => update((p) => ({ page: FIRST_PAGE, pageSize: p.pageSize, sorting: defaultSorting, filters: {}, tab: p.tab })),
    [update, defaultSorting],
  );

  /** The URL query the state was read from (undefined for a list kept in memory): the address the router has rendered. */
  const urlRendered = search?.toString();
  return { params, urlRendered, update, setPage, setPageSize, setSorting, setFilter, applyFilters, setTab, reset };
}

export type ListParamsApi = ReturnType<typeof useListParams>;
