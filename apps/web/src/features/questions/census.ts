/**
 * Pure helpers of the statistics screen (题目统计): calendar days in China
 * Standard Time, a per-day series with the empty days filled in, and the
 * table export (CSV with a UTF-8 BOM, which Excel opens as UTF-8 Chinese; no
 * spreadsheet library in the browser bundle for a table of a few dozen rows).
 */

const DAY_MS = 86_400_000;
const UTC8_MS = 8 * 3_600_000;

/** `YYYY-MM-DD` of an instant in UTC+8. */
export function dayUtc8(ms: number): string {
  return new Date(ms + UTC8_MS).toISOString().slice(0, 10);
}

/** The default range: the 30 UTC+8 days ending today. */
export function defaultRange(now = Date.now()): { begin: string; end: string } {
  return { begin: dayUtc8(now - 29 * DAY_MS), end: dayUtc8(now) };
}

/** Every day from `begin` to `end` (inclusive) with its count, 0 where the server listed none. */
export function fillDays(perDay: ReadonlyArray<{ day: string; count: number }>, begin: string, end: string): Array<{ day: string; count: number }> {
  const counts = new Map(perDay.map((d) => [d.day, d.count]));
  const start = Date.parse(`${begin}T00:00:00Z`);
  const stop = Date.parse(`${end}T00:00:00Z`);
  if (!Number.isFinite(start) || !Number.isFinite(stop) || stop < start) return [...perDay];
  const out: Array<{ day: string; count: number }> = [];
  for (let t = start; t <= stop; t += DAY_MS) {
    const day = new Date(t).toISOString().slice(0, 10);
    out.push({ day, count: counts.get(day) ?? 0 });
  }
  return out;
}

/** Longest range drawn day by day; longer ones are drawn by month, and beyond two years by year. */
export const MAX_DAILY_POINTS = 62;
const MAX_MONTHLY_POINTS = 24;

/**
 * The per-day series as chart points: days (`MM-DD`) for up to two months,
 * else months (`YYYY-MM`), else years, so a long range stays readable.
 */
export function trendPoints(
  perDay: ReadonlyArray<{ day: string; count: number }>,
  begin: string,
  end: string,
): { unit: 'day' | 'month' | 'year'; labels: string[]; values: number[] } {
  const days = fillDays(perDay, begin, end);
  if (days.length <= MAX_DAILY_POINTS) return { unit: 'day', labels: days.map((d) => d.day.slice(5)), values: days.map((d) => d.count) };
  const months = new Set(days.map((d) => d.day.slice(0, 7)));
  const keyLength = months.size <= MAX_MONTHLY_POINTS ? 7 : 4;
  const buckets = new Map<string, number>();
  for (const d of days) {
    const key = d.day.slice(0, keyLength);
    buckets.set(key, (buckets.get(key) ?? 0) + d.count);
  }
  return { unit: keyLength === 7 ? 'month' : 'year', labels: [...buckets.keys()], values: [...buckets.values()] };
}

/** One line of the statistics table: the dimension (题型), the item (单选题), the count and its share of the total. */
export interface CensusRow {
  dimension: string;
  item: string;
  count: number;
  share: string;
}

export function shareOf(count: number, total: number): string {
  return total > 0 ? `${((count / total) * 100).toFixed(1)}%` : '0.0%';
}

function csvCell(v: string | number): string {
  const s = String(v);
  // Formula-looking cells are prefixed so a spreadsheet shows them as text (CSV injection).
  const safe = /^[=+\-@\t\r]/.test(s) ? `'${s}` : s;
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

/** The table as CSV (CRLF lines, a UTF-8 BOM first so Excel reads Chinese right). */
export function toCsv(header: readonly string[], rows: ReadonlyArray<readonly (string | number)[]>): string {
  return `\uFEFF${[header, ...rows].map((r) => r.map(csvCell).join(',')).join('\r\n')}\r\n`;
}
