import type { z } from 'zod';
import { mapStored, storedDateIso, type Columns, type Kind, type StoredRow } from './sql-list.ts';

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

/**
 * Whether a string holds a character JSON.stringify may escape: a quote, a
 * backslash, a control (U+0000 to U+001F and, a few more than JSON escapes,
 * U+007F to U+009F) or a surrogate (escaped when unpaired; a string with a
 * paired one takes JSON.stringify's path too and is written as it is there).
 * A loop over code units: about half the time of a Unicode property regex
 * (`/["\\\p{Cc}\p{Cs}]/u`) on a list's Chinese texts.
 */
function needsEscape(v: string): boolean {
  for (let i = 0; i < v.length; i++) {
    const c = v.charCodeAt(i);
    if (c < 0x20 || c === 0x22 || c === 0x5c || (c >= 0x7f && c <= 0x9f) || (c >= 0xd800 && c <= 0xdfff)) return true;
  }
  return false;
}

/** One value as JSON.stringify writes it inside an object (`undefined` is left out by the caller). */
export function jsonValue(v: unknown): string {
  if (typeof v === 'string') return needsEscape(v) ? JSON.stringify(v) : `"${v}"`;
  if (typeof v === 'number') return Number.isFinite(v) ? String(v) : 'null';
  if (typeof v === 'boolean') return v ? 'true' : 'false';
  if (v === null) return 'null';
  return JSON.stringify(v) ?? 'null';
}

/** A paged result: the total, the rows, and any further members (totals, counts). */
type PageResult = { items: readonly unknown[] } & Record<string, unknown>;

/**
 * The JSON writer of a paged output (`{ totalCount, items: [row] }`), compiled
 * once per list DTO from its keys: each row is written straight into the
 * page's text, with only the DTO's keys, in the DTO's order, and no copy of the
 * row or walk over its other keys (a list row may carry more than its DTO
 * declares, as ABP serializes the declared type only). The members beside
 * `items` go through JSON.stringify. The text is what
 * `JSON.stringify({ ...page, items: rows cut to the keys })` gives, byte for
 * byte (dto.test.ts).
 */
export function compilePageWriter(rowSchema: z.ZodObject): (page: PageResult) => string {
  const keys = Object.keys(rowSchema.shape);
  const prefixes = keys.map((k) => `${JSON.stringify(k)}:`);
  const writeRow = (row: Readonly<Record<string, unknown>>): string => {
    let s = '{';
    let first = true;
    for (let i = 0; i < keys.length; i++) {
      const v = row[keys[i]!];
      if (v === undefined) continue;
      s += `${first ? '' : ','}${prefixes[i]!}${jsonValue(v)}`;
      first = false;
    }
    return `${s}}`;
  };
  return (page) => {
    let out = '{';
    let first = true;
    for (const key of Object.keys(page)) {
      const value = page[key];
      if (value === undefined) continue;
      out += `${first ? '' : ','}${JSON.stringify(key)}:`;
      first = false;
      if (key !== 'items' || !Array.isArray(value)) {
        out += jsonValue(value);
        continue;
      }
      const rows: readonly unknown[] = value;
      out += '[';
      for (let i = 0; i < rows.length; i++) {
        const row = rows[i];
        if (i) out += ',';
        out += typeof row === 'object' && row !== null && !Array.isArray(row) ? writeRow(row as Readonly<Record<string, unknown>>) : jsonValue(row);
      }
      out += ']';
    }
    return `${out}}`;
  };
}

/**
 * A handler's result already written as JSON (`T` is the result it stands for):
 * the reply carries the text as it is, inside ABP's envelope, and the output
 * check (tests, `pnpm dev`) reads it back to check it.
 */
export class WrittenJson<T> {
  /** Never set: ties the text to the result type it stands for. */
  declare readonly result?: T;
  constructor(readonly text: string) {}
}

/** A DTO member a list takes from a column other than as stored: computed from that column's value as a row holds it (`context`: the page's lookups). */
export interface ComputedMember<C> {
  column: string;
  value: (mapped: unknown, context: C) => unknown;
}

/** A list DTO's row writer over stored rows: the columns to select (in this order) and the writer. */
export interface RowWriter<C> {
  readonly columns: readonly string[];
  write: (row: StoredRow, context: C) => string;
}

/** A bool column as its row holds it (`mapStored`), as JSON. */
const boolJson = (x: unknown) => (x === null ? 'null' : x === 1 || x === true ? 'true' : 'false');
/** A date column as its DTO holds it (`iso(toDate(x))`), as JSON: an ISO text needs no escapes. */
const dateJson = (x: unknown) => {
  const text = storedDateIso(x);
  return text === null ? 'null' : `"${text}"`;
};

/** What a compiled row writer's code reaches outside itself: the value writers and the computed members' functions, by place. */
interface WriterScope {
  readonly jsonValue: (v: unknown) => string;
  readonly boolJson: (v: unknown) => string;
  readonly dateJson: (v: unknown) => string;
  readonly mapStored: (kind: Kind, v: unknown) => unknown;
  readonly kinds: readonly Kind[];
  readonly values: ReadonlyArray<(mapped: unknown, context: never) => unknown>;
}

/**
 * The JSON writer of a list DTO's row, compiled once from the SDK's schema:
 * each member is its table's column of the same name, written from the stored
 * value as the object path maps and writes it (booleans from 0/1, dates in
 * ABP's ISO form, anything else by its JavaScript type as JSON.stringify
 * writes it), or one of `computed` (names looked up, a narrowed enum). The
 * text is what `JSON.stringify(dtoMapper(schema)(toRows(row), computed))`
 * gives, byte for byte, with no row object, no Date and no DTO object made.
 * Undefined when a DTO member is neither (the list then maps objects).
 *
 * The writer is one function generated from the members (`new Function`):
 * the keys are literals in its code, each member one expression on the row's
 * value at a fixed place, and a comma is decided at compile time wherever a
 * member before it is always written (only a computed member may be left out,
 * when its value is undefined). No step objects or closures are walked per
 * row; about a fifth of the CPU the closure walk took on an article page.
 */
export function compileRowWriter<C>(
  schema: z.ZodObject,
  columns: Columns,
  computed: Readonly<Record<string, ComputedMember<C>>>,
): RowWriter<C> | undefined {
  const selected: string[] = [];
  const at = (column: string) => {
    const i = selected.indexOf(column);
    return i >= 0 ? i : selected.push(column) - 1;
  };
  const kinds: Kind[] = [];
  const values: Array<(mapped: unknown, context: C) => unknown> = [];
  const lines: string[] = [];
  /** Whether a member is written before the current one whatever the row holds (its comma is then static). */
  let written = false;
  for (const key of Object.keys(schema.shape)) {
    const prefix = JSON.stringify(`${JSON.stringify(key)}:`);
    const member = Object.hasOwn(computed, key) ? computed[key] : undefined;
    const kind = columns.get(member ? member.column : key);
    if (!kind) return undefined;
    const i = at(member ? member.column : key);
    if (member) {
      const m = values.push(member.value) - 1;
      kinds[m] = kind;
      lines.push(
        `v = values[${m}](mapStored(kinds[${m}], row[${i}]), context);`,
        `if (v !== undefined) { s += ${written ? `',' + ` : `(first ? '' : ',') + `}${prefix} + jsonValue(v);${written ? '' : ' first = false;'} }`,
      );
    } else {
      const write = kind === 'bool' ? 'boolJson' : kind === 'date' ? 'dateJson' : 'jsonValue';
      lines.push(`s += ${written ? `',' + ` : `(first ? '' : ',') + `}${prefix} + ${write}(row[${i}]);${written ? '' : ' first = false;'}`);
      written = true;
    }
  }
  const body = [
    'const { jsonValue, boolJson, dateJson, mapStored, kinds, values } = scope;',
    'return function write(row, context) {',
    "let s = '{', v, first = true;",
    ...lines,
    "return s + '}';",
    '};',
  ].join('\n');
  // eslint-disable-next-line @typescript-eslint/no-implied-eval -- the code is built above from the DTO's keys (as JSON literals) and fixed places, never from data
  const factory = new Function('scope', body) as (scope: WriterScope) => RowWriter<C>['write'];
  const scope: WriterScope = { jsonValue, boolJson, dateJson, mapStored, kinds, values };
  return { columns: selected, write: factory(scope) };
}

/** A page's JSON (`{ totalCount, items }`, as `compilePageWriter` writes it) from its rows' JSON. */
export function pageJson(totalCount: number, rows: readonly string[]): string {
  return `{"totalCount":${jsonValue(totalCount)},"items":[${rows.join(',')}]}`;
}
