import { z } from 'zod';
import { defineService } from '../core/define-service.ts';
import { abpEnum } from '../core/enums.ts';
import { FileDto } from '../core/files.ts';
import { FenAmount, MemberRef, MoneyQuery, moneyPage } from '../core/money.ts';
import { AbpDateTime, IdQuery, VoidResult } from '../core/schemas.ts';
import { PermissionGroups } from '../core/permission.ts';
import { PayChannel } from './income.ts';

/**
 * Recharge orders (充值管理, `/member/payment`): the spec's six calls
 * (GetAll, Create, Update, Delete?Id=, Get?Id=, ContinueToRecharge) plus the
 * extensions `ConfirmPaid`, `Close` and `GetAllToExcel`.
 * docs/architecture/money.md, "Recharges, consumption, income".
 *
 * States (`PaymentStatus`): 0 Pending 待支付 → 1 Paid 已支付 (booked: one
 * ledger Recharge row) or 2 Closed 已关闭 (nothing booked). Only these moves.
 *
 * - `Create` with channel 3 Offline (线下) records money the administrator
 *   has received: the order is Paid at once and the ledger is booked in the
 *   same transaction. With WeChat Pay / Alipay it is a Pending order the
 *   member pays at the gateway; `ConfirmPaid` records the gateway's answer.
 * - `ContinueToRecharge { id }` continues a Pending order (the member's
 *   "continue to pay"): the same order, `attempts` + 1, never a new order
 *   and never a credit. On a Paid order it answers the order unchanged
 *   (idempotent); on a Closed one it is refused.
 * - `ConfirmPaid { id, transactionNo }` books a Pending order: a guarded
 *   update (status 0 → 1) and the ledger row in one transaction, so a
 *   repeated or concurrent confirmation credits once; repeating it on a
 *   Paid order with the same transaction number answers the order, with
 *   another number it is refused. A transaction number is unique per tenant.
 * - `Update` changes amount, channel and remark of a Pending order; on a Paid
 *   or Closed order only the remark (a different amount or channel is
 *   refused): booked money never changes.
 * - `Delete` removes (soft) Pending or Closed orders only; a Paid order
 *   is refused: its money is booked (correct it with a ledger reversal).
 * - `Close { id }` closes a Pending order.
 */
export const PaymentStatus = abpEnum({ Pending: 0, Paid: 1, Closed: 2 }, 'Recharge order status');
export type PaymentStatus = z.infer<typeof PaymentStatus>;

/** Recharge channels: WeChat Pay, Alipay, offline (not the balance). */
export const RechargeChannel = PayChannel.refine((c) => c !== 4, 'A recharge is not paid from the balance');

/**
 * A recharge order. `orderNo`: `R` + UTC+8 day `yyyyMMdd` + 8-digit sequence;
 * `amount` in fen; `transactionNo` the gateway's number (offline: a voucher
 * number, optional); `ledgerSerialNo` the booking once Paid; `operatorName`
 * who created it (an administrator) or null (the member); `attempts` the
 * payment attempts (支付次数), the order's own first one included: 1 when
 * created (an offline recharge: paid once), + 1 per `ContinueToRecharge`.
 */
export const PaymentDto = MemberRef.extend({
  id: z.number().int(),
  orderNo: z.string(),
  amount: z.number().int(),
  channel: PayChannel,
  status: PaymentStatus,
  transactionNo: z.string().nullable(),
  remark: z.string().nullable(),
  attempts: z.number().int().min(0),
  lastAttemptTime: AbpDateTime.nullable(),
  paidTime: AbpDateTime.nullable(),
  closedTime: AbpDateTime.nullable(),
  ledgerEntryId: z.number().int().nullable(),
  ledgerSerialNo: z.string().nullable(),
  operatorName: z.string().nullable(),
  creationTime: AbpDateTime,
});
export type PaymentDto = z.infer<typeof PaymentDto>;

const transactionNo = z
  .string()
  .trim()
  .min(4)
  .max(64)
  .regex(/^[A-Za-z0-9_-]+$/, 'Letters, digits, _ and - only');

export const CreatePaymentInput = z.object({
  memberId: z.number().int().min(1),
  amount: FenAmount,
  channel: RechargeChannel,
  /** Offline: a voucher number (optional); online: set by `ConfirmPaid`, not here. */
  transactionNo: transactionNo.nullish(),
  remark: z.string().trim().max(200).nullish(),
});
export type CreatePaymentInput = z.input<typeof CreatePaymentInput>;
export const UpdatePaymentInput = z.object({
  id: z.number().int().min(1),
  amount: FenAmount,
  channel: RechargeChannel,
  remark: z.string().trim().max(200).nullish(),
});
export const ConfirmPaidInput = z.object({ id: z.number().int().min(1), transactionNo });
export const PaymentIdInput = z.object({ id: z.number().int().min(1) });

/** Recharge filters; `Status` is the tabs' field. */
export const GetAllPaymentInput = MoneyQuery.extend({ Status: PaymentStatus.optional(), Channel: PayChannel.optional() });
export type GetAllPaymentInput = z.input<typeof GetAllPaymentInput>;
/** `totals.in` is the paid amount of the filter, `out` 0; `counts` per status. */
export const PaymentPage = moneyPage(PaymentDto);

export const PaymentService = defineService(
  'Payment',
  {
    GetAll: { input: GetAllPaymentInput, output: PaymentPage, inferred: true },
    Get: { input: IdQuery, output: PaymentDto },
    Create: { input: CreatePaymentInput, output: PaymentDto, inferred: true },
    Update: { input: UpdatePaymentInput, output: PaymentDto, inferred: true },
    Delete: { input: IdQuery, output: VoidResult },
    ContinueToRecharge: { input: PaymentIdInput, output: PaymentDto, inferred: true },
    ConfirmPaid: { input: ConfirmPaidInput, output: PaymentDto, extension: true },
    Close: { input: PaymentIdInput, output: PaymentDto, extension: true },
    GetAllToExcel: { input: GetAllPaymentInput.omit({ SkipCount: true, MaxResultCount: true }), output: FileDto, extension: true },
  },
  { access: PermissionGroups.Administration.name },
);
