/** One sort key, as tanstack table keeps it: `id` is the field name. */
export interface SortKey {
  id: string;
  desc: boolean;
}

const SAFE_FIELD = /^[A-Za-z_][A-Za-z0-9_.]*$/;

/**
 * ABP's `Sorting` string (Dynamic LINQ) from sort keys:
 * `[{ id: 'userName', desc: true }]` gives `'userName desc'`; several keys join
 * with `', '`; no keys gives `undefined` (the server's default order, `Id desc`).
 * Field names that are not plain identifiers are dropped, so nothing but a
 * field path and a direction ever reaches the server.
 */
export function toAbpSorting(keys: readonly SortKey[] | null | undefined): string | undefined {
  const parts = (keys ?? []).filter((k) => SAFE_FIELD.test(k.id)).map((k) => `${k.id} ${k.desc ? 'desc' : 'asc'}`);
  return parts.length ? parts.join(', ') : undefined;
}

/** The inverse of `toAbpSorting`: `'userName desc, id'` gives two keys (no direction means asc). */
export function parseAbpSorting(sorting: string | null | undefined): SortKey[] {
  if (!sorting) return [];
  return sorting
    .split(',')
    .map((part) => part.trim().split(/\s+/))
    .filter(([field]) => !!field && SAFE_FIELD.test(field))
    .map(([field, dir]) => ({ id: field!, desc: (dir ?? '').toLowerCase() === 'desc' }));
}

/**
 * The next sort state when a column header is clicked, cycling
 * none -> ascending -> descending -> none, single column.
 */
export function nextSorting(current: string | undefined, field: string): string | undefined {
  const [key] = parseAbpSorting(current);
  if (!key || key.id !== field) return toAbpSorting([{ id: field, desc: false }]);
  if (!key.desc) return toAbpSorting([{ id: field, desc: true }]);
  return undefined;
}
