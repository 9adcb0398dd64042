import { FIRST_PAGE, skipCount } from '@edu/ui';

/** A filter value as a screen keeps it: empty string or null/undefined means "not filtering". */
export type FilterValues = Record<string, string | number | boolean | null | undefined>;

export interface ListState {
  page: number;
  pageSize: number;
  /** ABP Sorting string (`'userName desc'`) or undefined for the server default. */
  sorting?: string;
  filters: FilterValues;
}

/**
 * The GetAll query of a list: ABP paging (`SkipCount`, `MaxResultCount`),
 * `Sorting` when set, the fixed query of the resource or variant, and every
 * filter that has a value (strings trimmed; blank strings, null and undefined
 * dropped so the server's "no filter" applies).
 */
export function buildListQuery(state: ListState, fixed: Record<string, unknown> = {}): Record<string, unknown> {
  const out: Record<string, unknown> = {
    ...fixed,
    SkipCount: skipCount(state.page, state.pageSize),
    MaxResultCount: state.pageSize,
  };
  if (state.sorting) out.Sorting = state.sorting;
  for (const [key, raw] of Object.entries(state.filters)) {
    if (raw === null || raw === undefined) continue;
    const value = typeof raw === 'string' ? raw.trim() : raw;
    if (value === '') continue;
    out[key] = value;
  }
  return out;
}

/** Initial list state: page 1, 10 per page (spec section 9). */
export function initialListState(pageSize = 10, sorting?: string, filters: FilterValues = {}): ListState {
  return { page: FIRST_PAGE, pageSize, sorting, filters };
}

/** Reads a select filter's string back to its typed value ('' -> undefined, 'true'/'false' -> boolean). */
export function parseFilterValue(key: string, kind: 'boolean' | 'number' | 'string'): string | number | boolean | undefined {
  if (key === '') return undefined;
  if (kind === 'boolean') return key === 'true';
  if (kind === 'number') {
    const n = Number(key);
    return Number.isFinite(n) ? n : undefined;
  }
  return key;
}
