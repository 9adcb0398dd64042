import { z } from 'zod';
import { AbpDateInput } from './schemas.ts';

/**
 * Money (docs/architecture/money.md, "Amounts in integer fen").
 *
 * Every amount on the wire and in the database is an integer number of fen
 * (分, 1/100 yuan), never a floating-point yuan value. Screens show yuan with
 * two decimals (`formatYuan`), and read what a user types with `parseYuan`
 * (decimal text to fen, exactly, without floating point).
 */

/** Largest single amount: 10,000,000.00 yuan (a recharge, a consumption, an adjustment). */
export const MAX_AMOUNT_FEN = 1_000_000_000;

/** An amount in fen, may be negative (ledger amounts, balances). */
export const Fen = z.number().int().min(-Number.MAX_SAFE_INTEGER).max(Number.MAX_SAFE_INTEGER).describe('Amount in fen (1/100 yuan), an integer');
/** A positive amount in fen as an input: 1 fen to `MAX_AMOUNT_FEN`. */
export const FenAmount = z.number().int().min(1).max(MAX_AMOUNT_FEN).describe('Positive amount in fen (1/100 yuan), an integer');

/** `12345` → `"123.45"`; `-5` → `"-0.05"`. Integer arithmetic only. */
export function fenToYuan(fen: number): string {
  const sign = fen < 0 ? '-' : '';
  const abs = Math.abs(Math.trunc(fen));
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** `123456` → `"¥1,234.56"` (thousands grouped; `symbol: false` drops the ¥). */
export function formatYuan(fen: number, options: { symbol?: boolean; sign?: boolean } = {}): string {
  const [int = '0', dec = '00'] = fenToYuan(Math.abs(fen)).split('.');
  const grouped = int.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  const sign = fen < 0 ? '-' : options.sign && fen > 0 ? '+' : '';
  return `${sign}${options.symbol === false ? '' : '¥'}${grouped}.${dec}`;
}

/**
 * Yuan as a user types it (`12`, `12.5`, `1,234.56`, `¥3`, full-width digits)
 * → fen, or null when it is not an amount with at most two decimals.
 */
export function parseYuan(text: string): number | null {
  const s = text.normalize('NFKC').replace(/[¥￥,\s]/g, '');
  const m = /^(-?)(\d{1,13})(?:\.(\d{0,2}))?$/.exec(s);
  if (!m) return null;
  const fen = Number(m[2]) * 100 + Number((m[3] ?? '').padEnd(2, '0'));
  return m[1] === '-' ? -fen : fen;
}

/** A calendar day in China Standard Time, `YYYY-MM-DD`. */
export const CHINA_OFFSET_MS = 8 * 3600_000;

/** The UTC+8 calendar day of an instant, `YYYY-MM-DD`. */
export function chinaDay(instant: Date | string | number): string {
  return new Date(new Date(instant).getTime() + CHINA_OFFSET_MS).toISOString().slice(0, 10);
}

/** From 00:00 UTC+8 of `from` to 24:00 UTC+8 of `to` (as UTC instants; `to` exclusive). */
export function chinaDayRange(from: string | undefined, to: string | undefined): { gte?: Date; lt?: Date } {
  return {
    ...(from && { gte: new Date(Date.parse(`${from}T00:00:00Z`) - CHINA_OFFSET_MS) }),
    ...(to && { lt: new Date(Date.parse(`${to}T00:00:00Z`) - CHINA_OFFSET_MS + 86_400_000) }),
  };
}

/**
 * The filters every money list takes besides paging: `DateFrom`/`DateTo` are
 * calendar days in UTC+8 (inclusive), `MemberId` one member, `MinAmount` /
 * `MaxAmount` the absolute amount in fen (inclusive), `Keyword` an order or
 * serial number (prefix), a gateway transaction number or a member's user
 * name, name or phone.
 */
export const MoneyQuery = z.object({
  SkipCount: z.number().int().min(0).default(0),
  MaxResultCount: z.number().int().min(1).max(1000).default(10),
  /** `creationTime desc` (default), `amount`, `id`. */
  Sorting: z.string().max(200).optional(),
  Keyword: z.string().trim().max(64).optional(),
  DateFrom: AbpDateInput.optional(),
  DateTo: AbpDateInput.optional(),
  MemberId: z.number().int().min(1).optional(),
  MinAmount: z.number().int().min(0).max(Number.MAX_SAFE_INTEGER).optional(),
  MaxAmount: z.number().int().min(0).max(Number.MAX_SAFE_INTEGER).optional(),
});

/**
 * Totals of a money list for the current filter (all pages), in fen:
 * `count` rows, `in` the sum of money in (positive amounts), `out` the sum
 * of money out (as a positive number), `net` = in − out.
 */
export const MoneyTotals = z.object({ count: z.number().int().min(0), in: Fen, out: Fen, net: Fen });
export type MoneyTotals = z.infer<typeof MoneyTotals>;

/** One tab: a status (or type) value and how many rows the current filter (without the tab's own field) has in it. */
export const TabCount = z.object({ value: z.number().int(), count: z.number().int().min(0) });

/**
 * A money list's answer: ABP's `PagedResultDto` plus `totals` for the whole
 * filter and `counts` per status (type, for the ledger) for the tabs, computed
 * with every filter except the tab's own; `countAll` is the tabs' "all".
 */
export function moneyPage<T extends z.ZodType>(item: T) {
  return z.object({
    totalCount: z.number().int().min(0),
    items: z.array(item),
    totals: MoneyTotals,
    counts: z.array(TabCount),
    countAll: z.number().int().min(0),
  });
}

/** A member as money rows name them. */
export const MemberRef = z.object({
  memberId: z.number().int(),
  memberUserName: z.string(),
  memberName: z.string(),
});
