import type { z } from 'zod';

/** A row value that maps onto a DTO value of type `V`: the same, or a Date where the DTO has an ISO string. */
type Stored<V> = V | (V extends string ? Date : never);

/** The row fields a DTO needs besides the computed ones `C`. */
export type RowFor<D, C> = { [K in Exclude<keyof D, keyof C>]-?: Stored<D[K]> };

/**
 * The default DTO mapping: given the SDK's DTO object schema, takes each of its
 * keys from `computed` when given there, else from the row, with dates written
 * as ABP's ISO strings (as `iso()`). A service writes mapping code only for
 * computed fields (names, lookups, enum narrowing):
 *
 *   const toDto = dtoMapper(FriendLinkDto);
 *   toDto(row, { linkType: ... })
 *
 * The row must have every DTO key the computed fields don't give, of the DTO's
 * type (checked at compile time by `RowFor`). The values are not parsed here:
 * a list maps thousands of rows a second, and a per-row parse was a fifth of a
 * list request's cost. Drift at run time is caught where every response
 * passes, by the endpoint's output check (register-service.ts), which the
 * tests and `pnpm dev` run on every call.
 *
 * A key the row lacks (undefined) is left out, as JSON would: list rows lack
 * the bodies their list DTO leaves out (content.ts `listDto`), and their DTOs
 * then carry only the list's keys, with no copy to strip the rest.
 */
export function dtoMapper<S extends z.ZodObject>(schema: S) {
  const keys = Object.keys(schema.shape);
  return <C extends Partial<z.output<S>> = Record<never, never>>(row: RowFor<z.output<S>, C>, computed?: C): z.output<S> => {
    const source: Readonly<Record<string, unknown>> = row;
    const extra: Readonly<Record<string, unknown>> = computed ?? {};
    const out: Record<string, unknown> = {};
    for (const key of keys) {
      const value = key in extra ? extra[key] : source[key];
      if (value !== undefined) out[key] = value instanceof Date ? value.toISOString() : value;
    }
    return out as z.output<S>;
  };
}
