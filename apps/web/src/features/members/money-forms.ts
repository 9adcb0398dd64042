import { MAX_AMOUNT_FEN, parseYuan } from '@edu/sdk';
import { z } from 'zod';

/**
 * Form pieces of the money dialogs: an amount typed in yuan (`12.5`,
 * `1,234.56`) validated and turned into fen exactly (no floating point).
 */
export const yuanField = z
  .string()
  .trim()
  .min(1)
  .refine((s) => {
    const fen = parseYuan(s);
    return fen !== null && fen >= 1 && fen <= MAX_AMOUNT_FEN;
  }, 'members.form.badAmount');

/** The fen of a value `yuanField` accepted. */
export const fenOf = (yuan: unknown): number => parseYuan(String(yuan)) ?? 0;

/** A fresh idempotency key for one refund dialog (the server refunds a request number once). */
export const newRequestNo = (): string =>
  typeof crypto.randomUUID === 'function' ? crypto.randomUUID().replace(/-/g, '') : `${Date.now()}${Math.random().toString(36).slice(2, 10)}`;
