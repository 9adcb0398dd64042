import { loadExcel } from '../kit/lazy.ts';
import type { Worksheet } from 'exceljs';
import { chinaDay, chinaDayRange, type FileDto, type MoneyTotals } from '@edu/sdk';
import { Prisma } from '@edu/db';
import type { RequestContext } from '../kit/context.ts';
import { invalid, UserFriendlyError } from '../kit/errors.ts';
import { saveTempFile } from '../kit/files.ts';
import { lookupTable } from '../kit/lookup.ts';
import { fullNameOf } from '../kit/names.ts';
import type { TextKey } from '../localization/texts.ts';

/**
 * One mechanism for the three money lists (ledger, recharges, consumption):
 * the filter is written once as SQL conditions; one grouped query gives the
 * tab counts (every condition but the tab's own), one the totals of the
 * filter, one the page's ids in order. Raw SQL goes past the data filters,
 * so tenant and soft delete are written here.
 */

export type MoneyTable = 'LedgerEntry' | 'Payment' | 'Consumption';

export interface MoneyFilter {
  DateFrom?: string;
  DateTo?: string;
  MemberId?: number;
  MinAmount?: number;
  MaxAmount?: number;
  Keyword?: string;
  Sorting?: string;
}

export interface MoneyListSpec {
  table: MoneyTable;
  softDelete: boolean;
  /** Conditions particular to the list (channel, item type, ...), without the tab's own. */
  where: Prisma.Sql[];
  /** Columns a keyword matches by prefix (order and serial numbers). */
  numberColumns: readonly string[];
  /** The tab's column (`status`, `type`), its chosen value, and every value it has (tabs with 0 are listed too). */
  tab: { column: string; value: number | undefined; values: readonly number[] };
  /** SQL of money in and money out of one row (both ≥ 0). */
  inSql: Prisma.Sql;
  outSql: Prisma.Sql;
}

const t = (table: MoneyTable) => Prisma.raw(`"${table}"`);
const col = (name: string) => Prisma.raw(`"${name}"`);

const likeEscape = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/** The common conditions: tenant, soft delete, UTC+8 days, member, |amount| range, keyword. */
export function baseConditions(
  ctx: RequestContext,
  spec: Pick<MoneyListSpec, 'table' | 'softDelete' | 'numberColumns'>,
  q: MoneyFilter,
): Prisma.Sql[] {
  if (q.DateFrom && q.DateTo && q.DateTo < q.DateFrom) invalid('dateTo', ctx.t('DateRangeReversed'));
  if (q.MinAmount !== undefined && q.MaxAmount !== undefined && q.MaxAmount < q.MinAmount) invalid('maxAmount', ctx.t('MoneyAmountRangeReversed'));
  const range = chinaDayRange(q.DateFrom, q.DateTo);
  const tenant = ctx.session.tenantId;
  const out: Prisma.Sql[] = [tenant === null ? Prisma.sql`"tenantId" IS NULL` : Prisma.sql`"tenantId" = ${tenant}`];
  if (spec.softDelete) out.push(Prisma.sql`"isDeleted" = 0`);
  if (range.gte) out.push(Prisma.sql`"creationTime" >= ${sqlTime(range.gte)}`);
  if (range.lt) out.push(Prisma.sql`"creationTime" < ${sqlTime(range.lt)}`);
  if (q.MemberId !== undefined) out.push(Prisma.sql`"memberId" = ${q.MemberId}`);
  if (q.MinAmount !== undefined) out.push(Prisma.sql`abs("amount") >= ${q.MinAmount}`);
  if (q.MaxAmount !== undefined) out.push(Prisma.sql`abs("amount") <= ${q.MaxAmount}`);
  const k = q.Keyword?.trim();
  if (k) {
    const prefix = `${likeEscape(k)}%`;
    const contains = `%${likeEscape(k)}%`;
    const numbers = spec.numberColumns.map((c) => Prisma.sql`${col(c)} LIKE ${prefix} ESCAPE '\\'`);
    const members = Prisma.sql`"memberId" IN (SELECT "id" FROM "User" WHERE ${tenant === null ? Prisma.sql`"tenantId" IS NULL` : Prisma.sql`"tenantId" = ${tenant}`}
      AND ("userName" LIKE ${contains} ESCAPE '\\' OR ("surname" || "name") LIKE ${contains} ESCAPE '\\' OR "phoneNumber" LIKE ${contains} ESCAPE '\\'))`;
    out.push(Prisma.sql`(${Prisma.join([...numbers, members], ' OR ')})`);
  }
  return out;
}

const SORTABLE = lookupTable({ creationtime: 'creationTime', amount: 'amount', id: 'id' });

/**
 * An instant as the adapter stores DateTime columns (ISO 8601 with `+00:00`):
 * compared as text with the column, it lets SQLite walk the index; a bound
 * `Date` made range scans about three times slower (bench/money.bench.ts).
 */
export function sqlTime(d: Date): string {
  return d.toISOString().replace('Z', '+00:00');
}

/** `Sorting` over creationTime, amount, id (`asc`/`desc`); default newest first. A 400 on `sorting` for anything else. */
function orderOf(ctx: RequestContext, sorting: string | undefined): Prisma.Sql {
  if (!sorting?.trim()) return Prisma.sql`"creationTime" DESC, "id" DESC`;
  const parts = sorting.split(',').map((p) => {
    const [field = '', dir = 'asc', ...rest] = p.trim().split(/\s+/);
    const column = SORTABLE[field.toLowerCase()];
    if (!column || rest.length || !/^(asc|desc)$/i.test(dir)) invalid('sorting', ctx.t('CannotSortBy', p.trim()));
    return `"${column}" ${dir.toUpperCase()}`;
  });
  return Prisma.raw(`${parts.join(', ')}, "id" DESC`);
}

export interface MoneyPageIds {
  ids: number[];
  totalCount: number;
  totals: MoneyTotals;
  counts: Array<{ value: number; count: number }>;
  countAll: number;
}

/** Counts and totals per tab value (the filter's totals are one tab's or all tabs'), and the page's ids. */
export async function moneyPageIds(
  ctx: RequestContext,
  spec: MoneyListSpec,
  q: MoneyFilter & { SkipCount: number; MaxResultCount: number },
): Promise<MoneyPageIds> {
  const base = [...baseConditions(ctx, spec, q), ...spec.where];
  const all = [...base, ...(spec.tab.value === undefined ? [] : [Prisma.sql`${col(spec.tab.column)} = ${spec.tab.value}`])];
  const where = (c: Prisma.Sql[]) => Prisma.join(c, ' AND ');
  const order = orderOf(ctx, q.Sorting);
  // One aggregate per tab value rather than GROUP BY: each walks the (tenant, tab, time) index without a sort (2–3x faster over a million ledger rows).
  const [page, ...byTab] = await Promise.all([
    ctx.db.$queryRaw<Array<{ id: number | bigint }>>`
      SELECT "id" FROM ${t(spec.table)} WHERE ${where(all)} ORDER BY ${order} LIMIT ${q.MaxResultCount} OFFSET ${q.SkipCount}`,
    ...spec.tab.values.map(
      (v) =>
        ctx.db.$queryRaw<Array<{ n: number | bigint; i: number | bigint | null; o: number | bigint | null }>>`
        SELECT COUNT(*) AS n, SUM(${spec.inSql}) AS i, SUM(${spec.outSql}) AS o FROM ${t(spec.table)} WHERE ${where([...base, Prisma.sql`${col(spec.tab.column)} = ${v}`])}`,
    ),
  ]);
  const groups = spec.tab.values.map((value, k) => {
    const r = byTab[k]?.[0];
    return { value, n: Number(r?.n ?? 0), in: Number(r?.i ?? 0), out: Number(r?.o ?? 0) };
  });
  const chosen = spec.tab.value === undefined ? groups : groups.filter((g) => g.value === spec.tab.value);
  const sum = (k: 'n' | 'in' | 'out') => chosen.reduce((a, g) => a + g[k], 0);
  return {
    ids: page.map((r) => Number(r.id)),
    totalCount: sum('n'),
    totals: { count: sum('n'), in: sum('in'), out: sum('out'), net: sum('in') - sum('out') },
    counts: spec.tab.values.map((value) => ({ value, count: groups.find((g) => g.value === value)?.n ?? 0 })),
    countAll: groups.reduce((a, g) => a + g.n, 0),
  };
}

/** Rows of ids in the ids' order (one query). */
export function inOrder<R extends { id: number }>(ids: readonly number[], rows: readonly R[]): R[] {
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/** Most rows one export writes; more is a user-friendly error asking for a narrower filter. */
export const EXPORT_MAX_ROWS = 100_000;
const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

export interface ExportColumn<R> {
  header: TextKey;
  width?: number;
  /** `yuan`: fen shown as a number with two decimals; `text`: kept as text (long numbers never turn into 1.2E+19); `time`: UTC+8 local time text. */
  kind: 'text' | 'yuan' | 'time' | 'number';
  value: (row: R) => string | number | null;
}

/**
 * The totals of the filter under the rows, after an empty row: a heading and
 * one labelled row each for the count, in, out and net, the figures numeric
 * cells of the second column with a number format (whole number; yuan with
 * two decimals), so a spreadsheet sums and charts them like the rows' amounts.
 */
function addTotals(ctx: RequestContext, sheet: Worksheet, totals: MoneyTotals): void {
  sheet.addRow([]);
  sheet.addRow([ctx.t('MoneyTotal')]).font = { bold: true };
  const figures: Array<[TextKey, number, string]> = [
    ['MoneyTotalCount', totals.count, '0'],
    ['MoneyTotalIn', totals.in / 100, '#,##0.00'],
    ['MoneyTotalOut', totals.out / 100, '#,##0.00'],
    ['MoneyTotalNet', totals.net / 100, '#,##0.00'],
  ];
  for (const [label, value, numFmt] of figures) {
    const row = sheet.addRow([ctx.t(label), value]);
    row.font = { bold: true };
    // The cell's own format wins over a text column's ('@'), so the figure stays a number.
    row.getCell(2).numFmt = numFmt;
  }
}

/** The filtered set as an xlsx temp file (`FileDto`); ids are read in pages of 2,000. */
export async function exportMoney<R>(
  ctx: RequestContext,
  spec: MoneyListSpec,
  q: MoneyFilter,
  load: (ids: number[]) => Promise<R[]>,
  options: { fileName: string; sheetName: string; columns: ReadonlyArray<ExportColumn<R>> },
): Promise<FileDto> {
  const first = await moneyPageIds(ctx, spec, { ...q, SkipCount: 0, MaxResultCount: 1 });
  if (first.totalCount > EXPORT_MAX_ROWS) throw new UserFriendlyError(ctx.t('MoneyExportTooMany', EXPORT_MAX_ROWS, first.totalCount));
  const workbook = new (await loadExcel()).Workbook();
  const sheet = workbook.addWorksheet(options.sheetName);
  sheet.columns = options.columns.map((c, i) => ({ header: ctx.t(c.header), key: `c${i}`, width: c.width ?? 14 }));
  sheet.getRow(1).font = { bold: true };
  sheet.views = [{ state: 'frozen', ySplit: 1 }];
  options.columns.forEach((c, i) => {
    if (c.kind === 'yuan') sheet.getColumn(i + 1).numFmt = '#,##0.00';
    if (c.kind === 'text') sheet.getColumn(i + 1).numFmt = '@';
  });
  for (let skip = 0; skip < first.totalCount; skip += 2000) {
    const { ids } = await moneyPageIds(ctx, spec, { ...q, SkipCount: skip, MaxResultCount: 2000 });
    for (const row of await load(ids)) {
      sheet.addRow(
        options.columns.map((c) => {
          const v = c.value(row);
          if (v === null) return null;
          if (c.kind === 'yuan' && typeof v === 'number') return v / 100;
          if (c.kind === 'text') return String(v);
          return v;
        }),
      );
    }
  }
  addTotals(ctx, sheet, first.totals);
  const bytes = new Uint8Array(await workbook.xlsx.writeBuffer());
  return saveTempFile(
    ctx.prisma,
    { tenantId: ctx.session.tenantId, userId: ctx.session.userId },
    { fileName: options.fileName, contentType: XLSX_TYPE, bytes },
  );
}

/** `2026-11-23 09:05:00` in UTC+8, for exports. */
export function chinaTime(d: Date | null): string | null {
  return d ? new Date(d.getTime() + 8 * 3600_000).toISOString().slice(0, 19).replace('T', ' ') : null;
}

/** Names of users (members, operators) for a page, one query. */
export async function userNames(ctx: RequestContext, ids: Iterable<number | null>): Promise<Map<number, { userName: string; name: string }>> {
  const list = [...new Set([...ids].filter((id): id is number => id !== null))];
  if (!list.length) return new Map();
  const rows = await ctx.prisma.user.findMany({ where: { id: { in: list } }, select: { id: true, userName: true, name: true, surname: true } });
  return new Map(rows.map((u) => [u.id, { userName: u.userName, name: fullNameOf(u) }]));
}

/** The member column of every money export: `姓名（用户名）`. */
export function memberExportColumn<R extends { memberName: string; memberUserName: string }>(): ExportColumn<R> {
  return { header: 'MoneyColumnMember', kind: 'text', width: 16, value: (r) => `${r.memberName}（${r.memberUserName}）` };
}

/** The remark column of every money export. */
export function remarkExportColumn<R extends { remark: string | null }>(): ExportColumn<R> {
  return { header: 'MoneyColumnRemark', kind: 'text', width: 30, value: (r) => r.remark };
}

/**
 * The three calls every money list serves alike: `GetAll` (the page with
 * tabs and totals), `Get` and `GetAllToExcel` (the filtered set, named
 * `<title>-<UTC+8 day>.xlsx`, the sheet named `<title>`).
 */
export function moneyListCalls<Q extends MoneyFilter, R>(list: {
  spec: (q: Q) => MoneyListSpec;
  load: (ctx: RequestContext, ids: number[]) => Promise<R[]>;
  one: (ctx: RequestContext, id: number) => Promise<R>;
  title: TextKey;
  columns: (ctx: RequestContext) => ReadonlyArray<ExportColumn<R>>;
}) {
  return {
    GetAll: async (q: Q & { SkipCount: number; MaxResultCount: number }, ctx: RequestContext) => {
      const page = await moneyPageIds(ctx, list.spec(q), q);
      return { ...page, items: await list.load(ctx, page.ids) };
    },
    Get: async (q: { Id: number }, ctx: RequestContext) => list.one(ctx, q.Id),
    GetAllToExcel: async (q: Q, ctx: RequestContext) =>
      exportMoney(ctx, list.spec(q), q, (ids) => list.load(ctx, ids), {
        fileName: `${ctx.t(list.title)}-${chinaDay(new Date())}.xlsx`,
        sheetName: ctx.t(list.title),
        columns: list.columns(ctx),
      }),
  };
}

/** Payment channels' names, for the money exports (payments and income). */
export const channelNames = {
  1: 'MoneyChannelWeChat',
  2: 'MoneyChannelAlipay',
  3: 'MoneyChannelOffline',
  4: 'MoneyChannelBalance',
} as const satisfies Record<number, TextKey>;
