/** Spec section 9: every list starts at page 1 with 10 items per page. */
export const FIRST_PAGE = 1;
export const DEFAULT_PAGE_SIZE = 10;
export const PAGE_SIZE_OPTIONS = [10, 20, 50, 100] as const;

/** Number of pages for a total (at least 1, so an empty list still shows page 1 of 1). */
export function pageCount(total: number, pageSize: number): number {
  if (!Number.isFinite(total) || total <= 0 || pageSize <= 0) return 1;
  return Math.ceil(total / pageSize);
}

/** ABP's `SkipCount` for a 1-based page. */
export function skipCount(page: number, pageSize: number): number {
  return Math.max(0, (Math.max(FIRST_PAGE, Math.floor(page)) - 1) * pageSize);
}

/** Keeps a page inside 1..pageCount (e.g. after deleting the last row of the last page). */
export function clampPage(page: number, total: number, pageSize: number): number {
  return Math.min(Math.max(FIRST_PAGE, Math.floor(page) || FIRST_PAGE), pageCount(total, pageSize));
}

/** The page of a given skip count (inverse of `skipCount`). */
export function pageOfSkip(skip: number, pageSize: number): number {
  return Math.floor(Math.max(0, skip) / Math.max(1, pageSize)) + FIRST_PAGE;
}

export type PageItem = number | 'ellipsis-start' | 'ellipsis-end';

/**
 * The buttons of a pager: always the first and last page, the current page with
 * `siblings` on each side, and an ellipsis where pages are left out. A gap of a
 * single page shows that page instead of an ellipsis.
 *
 * `pageItems(6, 20)` is `[1, '…', 5, 6, 7, '…', 20]`.
 */
export function pageItems(page: number, count: number, siblings = 1): PageItem[] {
  if (count <= 0) return [FIRST_PAGE];
  const current = Math.min(Math.max(1, page), count);
  // first + last + current + 2 siblings + 2 ellipses
  const slots = 2 * siblings + 5;
  if (count <= slots) return Array.from({ length: count }, (_, i) => i + 1);
  let start = Math.max(2, current - siblings);
  let end = Math.min(count - 1, current + siblings);
  // Keep the number of buttons constant near the edges.
  if (current - siblings <= 3) {
    start = 2;
    end = Math.max(end, 2 * siblings + 3);
  }
  if (current + siblings >= count - 2) {
    end = count - 1;
    start = Math.min(start, count - 2 * siblings - 2);
  }
  const items: PageItem[] = [1];
  if (start > 2) items.push('ellipsis-start');
  for (let p = start; p <= end; p++) items.push(p);
  if (end < count - 1) items.push('ellipsis-end');
  items.push(count);
  return items;
}
