import { z } from 'zod';
import { defineService } from '../core/define-service.ts';
import { abpEnum } from '../core/enums.ts';
import { FileDto } from '../core/files.ts';
import { Fen, MemberRef, MoneyQuery, moneyPage } from '../core/money.ts';
import { AbpDateInput, AbpDateTime } from '../core/schemas.ts';
import { PermissionGroups } from '../core/permission.ts';

/**
 * The ledger and the platform's income (收入记录, `/member/income`). The spec
 * names the route and no service: `Income` is ours (extension), named in
 * ABP's style. docs/architecture/money.md, "Recharges, consumption, income".
 *
 * The ledger (`LedgerEntry`) is append-only: every money movement of a
 * member is one row, never updated or deleted (the server has no code path
 * that does, and SQLite triggers refuse UPDATE and DELETE). A correction is
 * a reversal row (`ReverseEntry`) with a mandatory reason. A member's
 * balance is the sum of their ledger's `amount`s; `balanceAfter` is that sum
 * up to and including the row.
 */

/**
 * Ledger entry type: 1 Recharge 充值 (money paid in: +), 2 Consumption 消费
 * (spent from the balance: −), 3 Refund 退款 (a consumption given back to
 * the balance: +), 4 Income 收入 (money a member earned on the platform, e.g.
 * a referral reward or prize, credited to the balance: +), 5 Adjustment 调整
 * (a manual correction by an administrator, ±, with a reason; reversals are
 * adjustments with `reversalOfId`).
 */
export const LedgerEntryType = abpEnum({ Recharge: 1, Consumption: 2, Refund: 3, Income: 4, Adjustment: 5 }, 'Ledger entry type');
export type LedgerEntryType = z.infer<typeof LedgerEntryType>;

/** Where the money moved: 1 WeChat Pay 微信支付, 2 Alipay 支付宝, 3 offline 线下 (cash, transfer; recorded by an administrator), 4 balance 余额. */
export const PayChannel = abpEnum({ WeChatPay: 1, Alipay: 2, Offline: 3, Balance: 4 }, 'Payment channel');
export type PayChannel = z.infer<typeof PayChannel>;

/**
 * One ledger row.
 * - `serialNo`: `LE` + UTC+8 day `yyyyMMdd` + 8-digit sequence, unique;
 * - `amount`: signed fen, the change to the member's balance; `balanceAfter`: the balance after it;
 * - `orderNo`: the related recharge or consumption order (`R…`/`C…`), null for adjustments and income;
 * - `transactionNo`: the payment gateway's transaction number (or an offline voucher number);
 * - `operatorUserId`/`operatorName`: who booked it (null when the member did it themselves);
 * - `reversalOfId`: the entry this one reverses; `reversedById`: the entry that reversed this one (computed).
 */
export const LedgerEntryDto = MemberRef.extend({
  id: z.number().int(),
  serialNo: z.string(),
  type: LedgerEntryType,
  channel: PayChannel,
  amount: Fen,
  balanceAfter: Fen,
  orderNo: z.string().nullable(),
  transactionNo: z.string().nullable(),
  operatorUserId: z.number().int().nullable(),
  operatorName: z.string().nullable(),
  remark: z.string().nullable(),
  reversalOfId: z.number().int().nullable(),
  reversedById: z.number().int().nullable(),
  creationTime: AbpDateTime,
});
export type LedgerEntryDto = z.infer<typeof LedgerEntryDto>;

/** Ledger filters: the money filters plus `Type` (the tabs) and `Channel`. `Keyword` matches a serial number, order number or transaction number (prefix) or the member. */
export const GetAllLedgerInput = MoneyQuery.extend({
  Type: LedgerEntryType.optional(),
  Channel: PayChannel.optional(),
});
export type GetAllLedgerInput = z.input<typeof GetAllLedgerInput>;

/** A page of ledger rows; `counts` per `type`. `totals.in`/`out`: money into / out of members' balances. */
export const LedgerPage = moneyPage(LedgerEntryDto);

/** A manual adjustment: a signed amount (not 0) and a mandatory reason (the remark). */
export const CreateAdjustmentInput = z.object({
  memberId: z.number().int().min(1),
  amount: z
    .number()
    .int()
    .min(-1_000_000_000)
    .max(1_000_000_000)
    .refine((v) => v !== 0, 'Not zero'),
  reason: z.string().trim().min(2).max(200),
});

/** Reverses one entry with the opposite amount (an adjustment), once; a reversal is not reversed again. Refused when it would make the balance negative. */
export const ReverseEntryInput = z.object({ id: z.number().int().min(1), reason: z.string().trim().min(2).max(200) });

/** The income period: UTC+8 calendar days, inclusive; default the last 30 days. At most 366 days. */
export const GetIncomeSummaryInput = z.object({ DateFrom: AbpDateInput.optional(), DateTo: AbpDateInput.optional() });

/**
 * The platform's income over a period, in fen. Income is what members spent
 * (consumption) less what was refunded; `recharged` is the money paid in
 * (recharges, which are prepaid balance, not yet income); `rewards` the
 * income entries credited to members (a cost); `adjustments` the net of
 * manual adjustments. `byDay` has every UTC+8 day of the period (zeros
 * included, for the chart); `byType` is income by what was bought (1
 * course, 2 paper, 3 homework: `ConsumptionItemType`).
 */
export const IncomeFigures = z.object({
  income: Fen,
  refunded: Fen,
  net: Fen,
  recharged: Fen,
  rewards: Fen,
  adjustments: Fen,
  orders: z.number().int().min(0),
});
export const IncomeSummaryDto = z.object({
  dateFrom: z.string(),
  dateTo: z.string(),
  totals: IncomeFigures,
  byDay: z.array(IncomeFigures.extend({ day: z.string() })),
  byType: z.array(z.object({ itemType: z.number().int(), income: Fen, refunded: Fen, net: Fen, orders: z.number().int().min(0) })),
  /** The balances members hold now (a liability of the platform): the sum of the whole ledger. */
  balanceHeld: Fen,
});
export type IncomeSummaryDto = z.infer<typeof IncomeSummaryDto>;

/** A member's balance: the sum of their ledger. */
export const MemberBalanceDto = z.object({ memberId: z.number().int(), balance: Fen, entries: z.number().int().min(0) });

export const IncomeService = defineService(
  'Income',
  {
    /** The ledger, filtered, with totals and counts per type. */
    GetAll: { input: GetAllLedgerInput, output: LedgerPage, extension: true },
    Get: { input: z.object({ Id: z.number().int().min(1) }), output: LedgerEntryDto, extension: true },
    /** The filtered ledger as `.xlsx` (amounts as yuan numbers with two decimals, serial and order numbers as text). */
    GetAllToExcel: { input: GetAllLedgerInput.omit({ SkipCount: true, MaxResultCount: true }), output: FileDto, extension: true },
    GetIncomeSummary: { input: GetIncomeSummaryInput, output: IncomeSummaryDto, extension: true },
    /** A manual adjustment of a member's balance (reason mandatory); refused when it would make the balance negative. */
    CreateAdjustment: { input: CreateAdjustmentInput, output: LedgerEntryDto, extension: true },
    ReverseEntry: { input: ReverseEntryInput, output: LedgerEntryDto, extension: true },
    GetMemberBalance: { input: z.object({ MemberId: z.number().int().min(1) }), output: MemberBalanceDto, extension: true },
  },
  { access: PermissionGroups.Administration.name },
);
