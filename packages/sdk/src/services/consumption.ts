import { z } from 'zod';
import { defineService } from '../core/define-service.ts';
import { abpEnum } from '../core/enums.ts';
import { FileDto } from '../core/files.ts';
import { FenAmount, MemberRef, MoneyQuery, moneyPage } from '../core/money.ts';
import { AbpDateTime, IdQuery, VoidResult } from '../core/schemas.ts';
import { PermissionGroups } from '../core/permission.ts';

/**
 * Consumption records (消费记录, `/member/consumptions`): the spec's five
 * calls plus the extensions `Refund` and `GetAllToExcel`.
 * docs/architecture/money.md, "Recharges, consumption, income".
 *
 * - `Create` books a purchase against the member's balance in one
 *   transaction (a ledger Consumption row, channel balance); when the balance
 *   is short it is refused with a user-friendly error naming the balance and
 *   the price (`余额不足：当前余额 ¥12.00，需支付 ¥30.00。`).
 * - `Refund { id, amount, reason, requestNo }` gives money back to the
 *   balance (a ledger Refund row): at most the refundable remainder
 *   (`amount − refundedAmount`); `requestNo` is the client's idempotency key
 *   (made when the refund dialog opens), unique per tenant: submitting the
 *   same request twice refunds once and answers the same record; the same
 *   key with another amount or reason is a 400 on `requestNo` (a key names
 *   one request, so it is never answered with another's result). The cap is
 *   a guarded update, so concurrent refunds never exceed the price.
 * - `Update` changes only the description (`itemName`, `remark`); amounts
 *   never change after booking.
 * - `Delete` (soft) is allowed only for a fully refunded record (its net is
 *   zero); the ledger keeps every row.
 *
 * Status (`ConsumptionStatus`): 1 Paid 已支付, 2 PartiallyRefunded 部分退款,
 * 3 Refunded 已退款.
 */
export const ConsumptionStatus = abpEnum({ Paid: 1, PartiallyRefunded: 2, Refunded: 3 }, 'Consumption status');
export type ConsumptionStatus = z.infer<typeof ConsumptionStatus>;
/** What was bought: 1 course 课程, 2 paper 试卷, 3 homework 作业. */
export const ConsumptionItemType = abpEnum({ Course: 1, Paper: 2, Homework: 3 }, 'Consumption item type');
export type ConsumptionItemType = z.infer<typeof ConsumptionItemType>;

export const ConsumptionRefundDto = z.object({
  id: z.number().int(),
  amount: z.number().int(),
  reason: z.string(),
  requestNo: z.string(),
  ledgerSerialNo: z.string(),
  operatorName: z.string().nullable(),
  creationTime: AbpDateTime,
});

/** `orderNo`: `C` + UTC+8 day + 8-digit sequence; `refundable` = `amount − refundedAmount`; `refunds` only on Get, Create, Update and Refund answers (lists: `[]`). */
export const ConsumptionDto = MemberRef.extend({
  id: z.number().int(),
  orderNo: z.string(),
  itemType: ConsumptionItemType,
  itemId: z.number().int().nullable(),
  itemName: z.string(),
  amount: z.number().int(),
  refundedAmount: z.number().int(),
  refundable: z.number().int(),
  status: ConsumptionStatus,
  remark: z.string().nullable(),
  ledgerSerialNo: z.string().nullable(),
  operatorName: z.string().nullable(),
  creationTime: AbpDateTime,
  refunds: z.array(ConsumptionRefundDto),
});
export type ConsumptionDto = z.infer<typeof ConsumptionDto>;

export const CreateConsumptionInput = z.object({
  memberId: z.number().int().min(1),
  itemType: ConsumptionItemType,
  /** The course, paper or homework id, when it is one of ours (not checked: items may be gone later). */
  itemId: z.number().int().min(1).nullish(),
  itemName: z.string().trim().min(1).max(100),
  amount: FenAmount,
  remark: z.string().trim().max(200).nullish(),
});
export type CreateConsumptionInput = z.input<typeof CreateConsumptionInput>;
export const UpdateConsumptionInput = z.object({
  id: z.number().int().min(1),
  itemName: z.string().trim().min(1).max(100),
  remark: z.string().trim().max(200).nullish(),
});
export const RefundConsumptionInput = z.object({
  id: z.number().int().min(1),
  amount: FenAmount,
  reason: z.string().trim().min(2).max(200),
  /** Idempotency key of this refund request (e.g. a UUID made when the dialog opened). */
  requestNo: z
    .string()
    .trim()
    .min(8)
    .max(64)
    .regex(/^[A-Za-z0-9_-]+$/),
});
export type RefundConsumptionInput = z.input<typeof RefundConsumptionInput>;

/** Consumption filters; `Status` is the tabs' field. */
export const GetAllConsumptionInput = MoneyQuery.extend({ Status: ConsumptionStatus.optional(), ItemType: ConsumptionItemType.optional() });
export type GetAllConsumptionInput = z.input<typeof GetAllConsumptionInput>;
/** `totals.out` is what was spent, `in` what was refunded, `net` = in − out; `counts` per status. */
export const ConsumptionPage = moneyPage(ConsumptionDto);

export const ConsumptionService = defineService(
  'Consumption',
  {
    GetAll: { input: GetAllConsumptionInput, output: ConsumptionPage, inferred: true },
    Get: { input: IdQuery, output: ConsumptionDto },
    Create: { input: CreateConsumptionInput, output: ConsumptionDto, inferred: true },
    Update: { input: UpdateConsumptionInput, output: ConsumptionDto, inferred: true },
    Delete: { input: IdQuery, output: VoidResult },
    Refund: { input: RefundConsumptionInput, output: ConsumptionDto, extension: true },
    GetAllToExcel: { input: GetAllConsumptionInput.omit({ SkipCount: true, MaxResultCount: true }), output: FileDto, extension: true },
  },
  { access: PermissionGroups.Administration.name },
);
