import { SENSITIVE_MASK_VALUES } from '@edu/sdk';
import type { RequestContext } from './context.ts';
import { invalid } from './errors.ts';

/**
 * Sensitive words as their dictionary entry says (SDK core/sensitive.ts): an
 * entry whose `value` is `mask` (or `*`) is masked with `*`, any other is
 * refused. Text is matched normalized: NFKC (full-width -> half-width), lower
 * case, and spaces, punctuation and symbols between characters ignored, so
 * `赌 博`, `赌*博` and `ＡＢＣ` hit 赌博 and abc. Every occurrence counts.
 */
export type SensitiveAction = 'refuse' | 'mask';

export interface SensitiveWord {
  name: string;
  lower: string;
  action: SensitiveAction;
}

export function sensitiveAction(value: string | null): SensitiveAction {
  const v = value?.trim().toLowerCase() ?? '';
  return (SENSITIVE_MASK_VALUES as readonly string[]).includes(v) ? 'mask' : 'refuse';
}

const IGNORED = /^[\p{Z}\p{P}\p{S}\p{Cc}\p{Cf}]+$/u;

/** The normalized text and, for each of its UTF-16 units, the index of the original code point it came from. */
function normalize(text: string): { norm: string; origin: number[] } {
  let norm = '';
  const origin: number[] = [];
  let i = 0;
  for (const ch of text) {
    const n = ch.normalize('NFKC').toLowerCase();
    if (!IGNORED.test(n)) {
      norm += n;
      for (let k = 0; k < n.length; k++) origin.push(i);
    }
    i += ch.length;
  }
  return { norm, origin };
}

export interface SensitiveScan {
  /** The text with every masked occurrence's characters replaced by `*`. */
  text: string;
  /** Occurrences of mask words. */
  hits: number;
  /** Distinct mask words found, in order of first occurrence. */
  words: string[];
  /** The first refuse word found, or null. */
  refused: string | null;
}

/** Scans one text against the words. */
export function scanSensitive(words: readonly SensitiveWord[], text: string): SensitiveScan {
  const clean: SensitiveScan = { text, hits: 0, words: [], refused: null };
  if (!text || words.length === 0) return clean;
  const { norm, origin } = normalize(text);
  const masked = new Set<number>();
  const found: Array<{ at: number; name: string }> = [];
  let refused: { at: number; name: string } | null = null;
  let hits = 0;
  for (const w of words) {
    const needle = normalize(w.lower).norm;
    if (!needle) continue;
    for (let at = norm.indexOf(needle); at >= 0; at = norm.indexOf(needle, at + needle.length)) {
      if (w.action === 'refuse') {
        if (!refused || at < refused.at) refused = { at, name: w.name };
        break;
      }
      hits++;
      found.push({ at, name: w.name });
      for (let k = at; k < at + needle.length; k++) masked.add(origin[k]!);
    }
  }
  if (refused) return { ...clean, refused: refused.name };
  if (hits === 0) return clean;
  let out = '';
  let i = 0;
  for (const ch of text) {
    out += masked.has(i) ? '*' : ch;
    i += ch.length;
  }
  const ordered = [...new Set(found.sort((a, b) => a.at - b.at).map((f) => f.name))];
  return { text: out, hits, words: ordered, refused: null };
}

/** The flag columns a screened item stores (SDK `SensitiveFlagDto`, kept as JSON text). */
export interface SensitiveFlag {
  sensitiveHits: number;
  sensitiveWords: string;
}

export const NO_SENSITIVE_HITS: SensitiveFlag = { sensitiveHits: 0, sensitiveWords: '[]' };

/** The stored word list as the DTO's array (tolerates junk: an unreadable value reads as none). */
export function sensitiveWordsOf(stored: string): string[] {
  try {
    const v: unknown = JSON.parse(stored);
    return Array.isArray(v) ? v.filter((w): w is string => typeof w === 'string') : [];
  } catch {
    return [];
  }
}

/**
 * Screens the named text fields of an input with the tenant's dictionary
 * (from the cache): a refuse word is a 400 naming the field and the word;
 * mask words are masked in the returned values and counted in the flag.
 * The host has no dictionary: nothing changes.
 */
export async function screenSensitive<F extends string>(
  ctx: RequestContext,
  fields: Readonly<Partial<Record<F, string | null | undefined>>>,
): Promise<{ values: Partial<Record<F, string>>; flag: SensitiveFlag }> {
  const tenantId = ctx.session.tenantId;
  if (tenantId === null) return { values: {}, flag: NO_SENSITIVE_HITS };
  const { sensitiveWords } = await ctx.app.dictionaryCache.load(tenantId);
  const values: Partial<Record<F, string>> = {};
  let hits = 0;
  const words: string[] = [];
  for (const [field, text] of Object.entries<string | null | undefined>(fields)) {
    if (typeof text !== 'string') continue;
    const scan = scanSensitive(sensitiveWords, text);
    if (scan.refused) invalid(field, ctx.t('ContainsSensitiveWord', scan.refused));
    if (scan.hits) {
      values[field as F] = scan.text;
      hits += scan.hits;
      for (const w of scan.words) if (!words.includes(w)) words.push(w);
    }
  }
  return { values, flag: { sensitiveHits: hits, sensitiveWords: JSON.stringify(words) } };
}
