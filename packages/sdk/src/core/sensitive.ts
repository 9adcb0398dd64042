import { z } from 'zod';

/**
 * Sensitive-word flag of member-written items (comments, leave messages, and any
 * other reviewable that masks rather than refuses). A dictionary entry of type
 * `sensitiveWord` says what happens to text that contains it (its `value`):
 * `mask` (or `*`) masks each character of the hit with `*` and keeps the item;
 * anything else (empty, `refuse`) refuses the text with a 400 naming the field
 * and the word. Matching reads the text normalized (tags stripped, NFKC, lower
 * case, spaces and punctuation between characters ignored, so `赌 博` and
 * `賭-博`… `赌.博` all hit 赌博).
 *
 * Convention for the review inbox: a reviewable DTO that carries
 * `sensitiveHits > 0` lists first; `sensitiveWords` names the distinct words
 * masked, in order of first occurrence. Stored on the row as the columns
 * `sensitiveHits` (Int) and `sensitiveWords` (JSON text), so a queue can sort
 * by them in SQL.
 */
export const SensitiveFlagDto = z.object({
  /** Every occurrence of a masked word in the item's text (0 = clean). */
  sensitiveHits: z.number().int().min(0),
  /** The distinct dictionary words that were masked. */
  sensitiveWords: z.array(z.string()),
});
export type SensitiveFlagDto = z.infer<typeof SensitiveFlagDto>;

/** The dictionary `value` that makes a sensitive word masked instead of refused. */
export const SENSITIVE_MASK_VALUES = ['mask', '*'] as const;
