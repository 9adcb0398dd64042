import { chinaDay, fenToYuan, type LedgerEntryType, type PayChannel } from '@edu/sdk';
import { Prisma } from '@edu/db';
import type { RequestContext } from '../kit/context.ts';
import { invalid, UserFriendlyError } from '../kit/errors.ts';
import type { RowOf } from '../kit/crud.ts';

/**
 * The ledger: the only code that writes `LedgerEntry` and `MemberAccount`
 * rows (docs/architecture/money.md, "The ledger").
 *
 * `book` appends one entry inside the caller's transaction: the member's
 * account is moved by ONE guarded statement (`balance + amount >= 0`), so
 * concurrent bookings never lose an update and never overdraw; the entry
 * records the balance the statement returned. Entries are never updated or
 * deleted (SQLite triggers refuse it); `reverse` appends the opposite amount.
 */

export type LedgerRow = RowOf<'LedgerEntry'>;

/** Largest balance a member may hold: 20,000,000.00 yuan (an Int column holds 2^31 − 1 fen). */
export const MAX_BALANCE_FEN = 2_000_000_000;

/** The balance is short: the message names balance and need (a user-friendly 500, as ABP's UserFriendlyException). */
export class InsufficientBalanceError extends UserFriendlyError {}

/** Number prefixes: ledger serials, recharge orders, consumption orders. */
export type NumberKind = 'LE' | 'R' | 'C';

/**
 * Reserves `count` numbers of a kind (one atomic statement) and answers them
 * formatted: prefix + UTC+8 day `yyyyMMdd` + 8-digit sequence. The sequence
 * runs across days, so numbers stay unique and sort by time.
 */
export async function reserveNumbers(ctx: RequestContext, kind: NumberKind, count = 1, at = new Date()): Promise<string[]> {
  const rows = await ctx.db.$queryRaw<Array<{ value: number | bigint }>>`
    INSERT INTO "MoneySequence" ("name", "value") VALUES (${kind}, ${count})
    ON CONFLICT("name") DO UPDATE SET "value" = "value" + excluded."value"
    RETURNING "value"`;
  const top = Number(rows[0]?.value ?? count);
  const day = chinaDay(at).replaceAll('-', '');
  return Array.from({ length: count }, (_, i) => `${kind}${day}${String(top - count + 1 + i).padStart(8, '0')}`);
}

/** A live user of the session's tenant (money belongs to the member's tenant); a 400 on `member` otherwise. */
export async function requireMember(ctx: RequestContext, memberId: number, member = 'memberId') {
  const user = await ctx.db.user.findFirst({
    where: { id: memberId },
    select: { id: true, tenantId: true, userName: true, name: true, surname: true },
  });
  return user ?? invalid(member, ctx.t('LedgerNoMember', memberId));
}

export interface Booking {
  memberId: number;
  type: LedgerEntryType;
  channel: PayChannel;
  /** Signed fen: + into the balance, − out of it; never 0. */
  amount: number;
  orderNo?: string | null;
  transactionNo?: string | null;
  remark?: string | null;
  reversalOfId?: number | null;
  /** Default: the session's user (null for a member's own action). */
  operatorUserId?: number | null;
}

/**
 * Appends one entry and moves the member's balance, in the caller's
 * transaction (`tx.inTransaction` must be true: a booking and the order it
 * belongs to commit together). Refused with `InsufficientBalanceError` when
 * the balance would fall below zero, a user-friendly error above
 * `MAX_BALANCE_FEN`.
 */
export async function book(tx: RequestContext, b: Booking): Promise<LedgerRow> {
  if (!tx.inTransaction) throw new Error('Ledger bookings must run inside a transaction.');
  const tenantId = tx.session.tenantId;
  const now = new Date();
  await tx.db
    .$executeRaw`INSERT OR IGNORE INTO "MemberAccount" ("userId", "tenantId", "balance", "entryCount") VALUES (${b.memberId}, ${tenantId}, 0, 0)`;
  // The guarded read-modify-write: one statement, so no interleaving can lose an update or overdraw.
  const moved = await tx.db.$queryRaw<Array<{ balance: number | bigint }>>`
    UPDATE "MemberAccount" SET "balance" = "balance" + ${b.amount}, "entryCount" = "entryCount" + 1, "lastModificationTime" = ${now}
    WHERE "userId" = ${b.memberId} AND "balance" + ${b.amount} >= 0 AND "balance" + ${b.amount} <= ${MAX_BALANCE_FEN}
    RETURNING "balance"`;
  const after = moved[0];
  if (!after) {
    const account = await tx.db.memberAccount.findUnique({ where: { userId: b.memberId }, select: { balance: true } });
    const balance = account?.balance ?? 0;
    if (balance + b.amount < 0) throw new InsufficientBalanceError(tx.t('BalanceShort', fenToYuan(balance), fenToYuan(-b.amount)));
    throw new UserFriendlyError(tx.t('BalanceTooMuch', fenToYuan(MAX_BALANCE_FEN)));
  }
  const [serialNo] = await reserveNumbers(tx, 'LE', 1, now);
  const entry = await tx.db.ledgerEntry.create({
    data: {
      tenantId,
      serialNo: serialNo!,
      memberId: b.memberId,
      type: b.type,
      channel: b.channel,
      amount: b.amount,
      balanceAfter: Number(after.balance),
      orderNo: b.orderNo ?? null,
      transactionNo: b.transactionNo ?? null,
      operatorUserId: b.operatorUserId === undefined ? tx.session.userId : b.operatorUserId,
      remark: b.remark ?? null,
      reversalOfId: b.reversalOfId ?? null,
      creationTime: now,
    },
  });
  await tx.db.memberAccount.update({ where: { userId: b.memberId }, data: { lastEntryId: entry.id } });
  return entry;
}

/**
 * Reverses an entry: an Adjustment of the opposite amount with the reason as
 * its remark. An entry is reversed at most once (`reversalOfId` is unique, so
 * two concurrent reversals cannot both commit) and a reversal is not reversed.
 */
export async function reverse(tx: RequestContext, entry: LedgerRow, reason: string): Promise<LedgerRow> {
  if (entry.reversalOfId !== null) throw new UserFriendlyError(tx.t('LedgerReversalOfReversal'));
  // Raw, by the unique index (the tenant filter would walk the tenant index); the entry is the caller's tenant's.
  const done = await tx.db.$queryRaw<Array<{ id: number | bigint }>>`SELECT "id" FROM "LedgerEntry" WHERE "reversalOfId" = ${entry.id}`;
  if (done.length) throw new UserFriendlyError(tx.t('LedgerAlreadyReversed'));
  try {
    return await book(tx, {
      memberId: entry.memberId,
      type: 5,
      channel: 4,
      amount: -entry.amount,
      orderNo: entry.orderNo,
      remark: reason,
      reversalOfId: entry.id,
    });
  } catch (err) {
    if (err instanceof Prisma.PrismaClientKnownRequestError && err.code === 'P2002') throw new UserFriendlyError(tx.t('LedgerAlreadyReversed'));
    throw err;
  }
}

/** A member's balance as the ledger says it (the sum), for checks and tests; the account column must equal it. */
export async function ledgerBalance(ctx: RequestContext, memberId: number): Promise<{ balance: number; entries: number }> {
  // By the member index; the caller has checked the member is of the session's tenant (requireMember).
  const rows = await ctx.db.$queryRaw<Array<{ total: number | bigint | null; n: number | bigint }>>`
    SELECT SUM("amount") AS total, COUNT(*) AS n FROM "LedgerEntry" WHERE "memberId" = ${memberId}`;
  return { balance: Number(rows[0]?.total ?? 0), entries: Number(rows[0]?.n ?? 0) };
}
