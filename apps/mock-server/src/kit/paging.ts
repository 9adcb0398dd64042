import { invalid } from './errors.ts';

export type SortOrder = 'asc' | 'desc';
export type OrderBy = Array<Record<string, SortOrder>>;

/**
 * Parses ABP's Dynamic-LINQ `Sorting` ("userName desc, id") into Prisma
 * `orderBy`, allowing only the DTO fields in `sortable` (DTO name -> column,
 * matched case-insensitively). Unknown fields are a 400 on `sorting`, never a
 * raw database error. `id desc` is appended as the tie-breaker, ABP's default.
 */
export function parseSorting(sorting: string | undefined, sortable: Readonly<Record<string, string>>, message: (field: string) => string): OrderBy {
  const byLower = new Map(Object.entries(sortable).map(([k, v]) => [k.toLowerCase(), v]));
  const out: OrderBy = [];
  for (const part of (sorting ?? '').split(',')) {
    const [field, dir, ...rest] = part.trim().split(/\s+/);
    if (!field) continue;
    const column = byLower.get(field.toLowerCase());
    const d = (dir ?? 'asc').toLowerCase();
    if (!column || rest.length || (d !== 'asc' && d !== 'desc')) invalid('sorting', message(part.trim()));
    out.push({ [column]: d });
  }
  if (!out.some((o) => 'id' in o)) out.push({ id: 'desc' });
  return out;
}

/** A case-insensitive "contains" over several columns (SQLite LIKE is case-insensitive for ASCII). */
export function keywordWhere(
  keyword: string | undefined,
  columns: readonly string[],
): { OR: Array<{ [column: string]: { contains: string } }> } | undefined {
  const k = keyword?.trim();
  if (!k) return undefined;
  return { OR: columns.map((c) => ({ [c]: { contains: k } })) };
}

/** ISO 8601 in UTC with `Z` (docs/architecture/domain-rules.md, "Time"). */
export function iso(date: Date): string;
export function iso(date: Date | null | undefined): string | null;
export function iso(date: Date | null | undefined): string | null {
  return date ? date.toISOString() : null;
}
