/**
 * Display filters of spec section 9. Pure functions, no locale or time-zone
 * dependency, so they give the same text in every browser.
 */

const CIRCLED = ['①', '②', '③', '④'] as const;

/** The most lines `joinLines` shows (spec section 5). */
export const JOIN_LINES_MAX = 4;

/**
 * Joins multi-line text into one line for table cells (spec section 9 (a)).
 *
 * Exact behaviour:
 * - lines are split on `\n`, `\r\n` or `\r`; each line is trimmed and blank lines are dropped;
 * - every kept line is prefixed with its circled number ①②③④, even when there is only one;
 * - lines are joined with the full-width Chinese semicolon `；` (U+FF1B), the punctuation
 *   a Chinese product uses between enumerated items;
 * - at most 4 lines are shown; when more exist, `…` is appended after the fourth;
 * - `null`, `undefined` or blank text gives `''`.
 *
 * `joinLines('a\nb')` is `'①a；②b'`.
 */
export function joinLines(text: string | null | undefined): string {
  if (text === null || text === undefined) return '';
  const lines = String(text)
    .split(/\r\n|\r|\n/)
    .map((l) => l.trim())
    .filter((l) => l.length > 0);
  const shown = lines.slice(0, JOIN_LINES_MAX).map((l, i) => `${CIRCLED[i]}${l}`);
  return shown.join('；') + (lines.length > JOIN_LINES_MAX ? '…' : '');
}

const ISO = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,9}))?)?)?\s*(Z|z|[+-]\d{2}(?::?\d{2})?)?$/;

const UTC8_OFFSET_MS = 8 * 3600_000;

/** Reads an ISO 8601 string as an instant; a value without an offset is UTC, as ABP writes and reads times. */
export function parseUtcInstant(value: string): number | null {
  const m = ISO.exec(value.trim());
  if (!m) return null;
  const [, y, mo, d, h = '0', mi = '0', s = '0', frac = '', zone] = m;
  const month = Number(mo);
  const day = Number(d);
  const hour = Number(h);
  const minute = Number(mi);
  const second = Number(s);
  if (month < 1 || month > 12 || day < 1 || day > 31 || hour > 23 || minute > 59 || second > 59) return null;
  const ms = frac ? Math.floor(Number(`0.${frac}`) * 1000) : 0;
  let t = Date.UTC(Number(y), month - 1, day, hour, minute, second, ms);
  // Reject rolled-over dates such as 2024-02-30.
  if (new Date(t).getUTCDate() !== day) return null;
  if (zone && zone !== 'Z' && zone !== 'z') {
    const sign = zone.startsWith('-') ? -1 : 1;
    const digits = zone.slice(1).replace(':', '');
    const offsetMinutes = Number(digits.slice(0, 2)) * 60 + Number(digits.slice(2) || '0');
    t -= sign * offsetMinutes * 60_000;
  }
  return t;
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/**
 * Shows an instant in China Standard Time (UTC+8) as `YYYY-MM-DD HH:mm:ss`
 * (spec section 9 (b)), whatever the browser's time zone.
 *
 * Input: an ISO 8601 string with or without an offset (without one means UTC),
 * a `Date`, or epoch milliseconds. Anything invalid (or empty) gives `''`.
 */
export function formatDateTimeUtc8(value: string | Date | number | null | undefined): string {
  if (value === null || value === undefined || value === '') return '';
  let t: number | null;
  if (value instanceof Date) t = value.getTime();
  else if (typeof value === 'number') t = value;
  else t = parseUtcInstant(value);
  if (t === null || !Number.isFinite(t)) return '';
  const d = new Date(t + UTC8_OFFSET_MS);
  if (Number.isNaN(d.getTime())) return '';
  return (
    `${pad(d.getUTCFullYear(), 4)}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())} ` +
    `${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())}`
  );
}

/** Same as `formatDateTimeUtc8`, date part only (`YYYY-MM-DD`). */
export function formatDateUtc8(value: string | Date | number | null | undefined): string {
  return formatDateTimeUtc8(value).slice(0, 10);
}

export interface NameByIdOptions {
  /** Key holding the id; default `id`. */
  idKey?: string;
  /** Key holding the name; default `name`. */
  nameKey?: string;
}

/** A primitive as text (ids, names); anything else has no text. */
export function primitiveText(v: unknown): string {
  return typeof v === 'string' || typeof v === 'number' || typeof v === 'bigint' || typeof v === 'boolean' ? String(v) : '';
}

/**
 * Looks up a name by id in a list (spec section 9 (c)). Ids compare as strings,
 * so `3` finds `'3'`. Not found, or no list, gives `''`.
 */
export function nameById<T extends object>(
  list: readonly T[] | null | undefined,
  id: unknown,
  { idKey = 'id', nameKey = 'name' }: NameByIdOptions = {},
): string {
  if (!list || id === null || id === undefined || id === '') return '';
  const key = primitiveText(id);
  const rows = list as ReadonlyArray<Record<string, unknown> | null | undefined>;
  const hit = rows.find((item) => item != null && item[idKey] != null && primitiveText(item[idKey]) === key);
  return primitiveText(hit?.[nameKey]);
}
