/**
 * The school clock of the seed: every seeded moment lies in school hours in
 * Asia/Shanghai (07:00 to before 22:00, evening study included), stored as
 * UTC as always.
 *
 * The seeders date rows relative to the seeding moment ("three days ago",
 * "two hours after it was written"). The seed runs them against a virtual
 * now, then moves every stored moment through one strictly increasing map of
 * each local day onto its school hours: 08:00-20:00 stays as it is, the night
 * before 08:00 is folded into 07:00-08:00 and the evening after 20:00 into
 * 20:00-22:00. Order is kept (an audit still follows its submission, a
 * ledger its bookings), and the virtual now is the moment the map takes to
 * the real one at the latest, so what was past stays past and what was
 * future stays future.
 */
import type { PrismaClient } from '../generated/prisma/client.ts';

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;
/** Asia/Shanghai has no daylight saving: UTC+8 all year. */
export const SHANGHAI_OFFSET_MS = 8 * HOUR_MS;
/** School hours in local time: [from, until). */
export const SCHOOL_HOURS = { from: 7, until: 22 } as const;
const KEEP_FROM = 8 * HOUR_MS;
const KEEP_UNTIL = 20 * HOUR_MS;
const FROM = SCHOOL_HOURS.from * HOUR_MS;
const UNTIL = SCHOOL_HOURS.until * HOUR_MS;

/** Columns holding a calendar day (00:00 Asia/Shanghai), not a moment: left as they are. */
export const DATE_ONLY_COLUMNS: ReadonlySet<string> = new Set(['OneQuestionPerday.publishDate']);

/** Append-only tables (a trigger refuses updates): their seeders write them on the school clock (`toSchoolTime`). */
export const APPEND_ONLY_TABLES: ReadonlySet<string> = new Set(['LedgerEntry']);

/** The local time of day of a moment, in ms, and the UTC ms of its local midnight. */
function split(ms: number): { midnight: number; time: number } {
  const local = ms + SHANGHAI_OFFSET_MS;
  const time = ((local % DAY_MS) + DAY_MS) % DAY_MS;
  return { midnight: ms - time, time };
}

/** The school-hours moment of the same local day (strictly increasing in `ms`). */
export function toSchoolTime(ms: number): number {
  const { midnight, time } = split(ms);
  if (time < KEEP_FROM) return midnight + FROM + time * ((KEEP_FROM - FROM) / KEEP_FROM);
  if (time <= KEEP_UNTIL) return ms;
  return midnight + KEEP_UNTIL + (time - KEEP_UNTIL) * ((UNTIL - KEEP_UNTIL) / (DAY_MS - KEEP_UNTIL));
}

/** The latest moment the school clock takes to `real` or earlier: the now the seeders run against. */
export function virtualNow(real: Date): Date {
  const { midnight, time } = split(real.getTime());
  if (time < FROM) return new Date(midnight - 1);
  if (time < KEEP_FROM) return new Date(midnight + (time - FROM) * (KEEP_FROM / (KEEP_FROM - FROM)));
  if (time <= KEEP_UNTIL) return real;
  if (time < UNTIL) return new Date(midnight + KEEP_UNTIL + (time - KEEP_UNTIL) * ((DAY_MS - KEEP_UNTIL) / (UNTIL - KEEP_UNTIL)));
  return new Date(midnight + DAY_MS - 1);
}

/** A moment on the local day `daysFromNow` days from `now` at a local clock time (`hour` may carry minutes as a fraction). */
export function localDayAt(now: Date, daysFromNow: number, hour: number): Date {
  const { midnight } = split(now.getTime() + daysFromNow * DAY_MS);
  return new Date(midnight + Math.round(hour * 60) * 60_000);
}

/** SQL of `toSchoolTime` over a column stored as Prisma's SQLite text (`2026-11-28T03:30:00.000+00:00`). */
function schoolTimeSql(column: string): string {
  const local = `(CAST(ROUND((julianday(${column}) - 2440587.5) * ${DAY_MS}) AS INTEGER) + ${SHANGHAI_OFFSET_MS})`;
  const time = `(${local} % ${DAY_MS})`;
  const mapped =
    `CASE WHEN ${time} < ${KEEP_FROM} THEN ${FROM} + ${time} / ${KEEP_FROM / (KEEP_FROM - FROM)} ` +
    `ELSE ${KEEP_UNTIL} + (${time} - ${KEEP_UNTIL}) * ${UNTIL - KEEP_UNTIL} / ${DAY_MS - KEEP_UNTIL} END`;
  const utc = `(${local} - ${time} + ${mapped} - ${SHANGHAI_OFFSET_MS})`;
  return `strftime('%Y-%m-%dT%H:%M:%f', ${utc} / 1000.0, 'unixepoch') || '+00:00'`;
}

/**
 * Moves every stored moment of the database onto the school clock: one
 * UPDATE per date column, touching only the values outside 08:00-20:00.
 * For a database the seed has just filled (every row is seeded).
 */
export async function moveOntoSchoolClock(prisma: PrismaClient): Promise<void> {
  const tables = await prisma.$queryRawUnsafe<Array<{ name: string }>>(
    "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT LIKE '\\_prisma%' ESCAPE '\\'",
  );
  for (const { name: table } of tables.filter((t) => !APPEND_ONLY_TABLES.has(t.name))) {
    const columns = await prisma.$queryRawUnsafe<Array<{ name: string; type: string }>>(`SELECT name, type FROM pragma_table_info('${table}')`);
    for (const { name } of columns.filter((c) => /DATE/i.test(c.type) && !DATE_ONLY_COLUMNS.has(`${table}.${c.name}`))) {
      const column = `"${name}"`;
      const time = `((CAST(ROUND((julianday(${column}) - 2440587.5) * ${DAY_MS}) AS INTEGER) + ${SHANGHAI_OFFSET_MS}) % ${DAY_MS})`;
      await prisma.$executeRawUnsafe(
        `UPDATE "${table}" SET ${column} = ${schoolTimeSql(column)} WHERE typeof(${column}) = 'text' AND (${time} < ${KEEP_FROM} OR ${time} > ${KEEP_UNTIL})`,
      );
    }
  }
}
