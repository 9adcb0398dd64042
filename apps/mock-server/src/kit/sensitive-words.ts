import { Converter } from 'opencc-js/t2cn';
import sanitizeHtml from 'sanitize-html';
import { SENSITIVE_MASK_VALUES } from '@edu/sdk';
import type { RequestContext } from './context.ts';
import { invalid } from './errors.ts';

/**
 * The one sensitive-word scanner of every surface (articles, questions,
 * papers, questionnaires and their answers, Q&A, site messages, comments,
 * leave messages). A dictionary entry whose `value` is `mask` (or `*`) is a
 * mask word, any other a refuse word (SDK core/sensitive.ts); what a surface
 * does with them is its rule: member feedback masks mask words and refuses
 * refuse words (`screenSensitive`), editorial and staff texts refuse every
 * word (`DictionaryCache.findSensitiveWord`).
 *
 * Text and words are compared as skeletons, so a word hides in no disguise:
 * - rich text (`{ rich: true }`) is read as a reader sees it: tags dropped,
 *   character references decoded (`赌<b>博</b>`, `&#36172;博`, `v&shy;pn`);
 * - compatibility decomposition (NFKD: full-width `ｖｐｎ`, mathematical `𝐯𝐩𝐧`,
 *   ligatures, circled letters) with combining marks (Mn, Me: accents,
 *   variation selectors) dropped;
 * - spaces, punctuation, symbols, control and format characters (zero-width
 *   space, soft hyphen, joiners, bidi marks) and invisible fillers ignored
 *   between characters (`赌 博`, `赌-博`, `v\u200Bpn`);
 * - lower case, then look-alike letters mapped to the Latin letter they
 *   imitate, as in a Unicode TR39 skeleton (Cyrillic `р`, Greek `ν`, small
 *   capitals `ᴠᴘɴ`; `CONFUSABLES` below);
 * - traditional characters as simplified (`賭博`), by OpenCC.
 *
 * Every occurrence counts. Masking replaces the original characters that
 * matched, one `*` each (a character's combining marks go with it; a
 * character reference is one character), and nothing else: separators,
 * tags and the rest of the text stay as written.
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

/**
 * Look-alike letters (TR39 confusables of Latin letters from Cyrillic, Greek,
 * Armenian and the small capitals and IPA letters), each mapped to the lower-case
 * Latin letter it imitates. Keys of both cases: an upper-case look-alike whose
 * lower case looks like nothing Latin (Cyrillic `В`, `Н`) is mapped before
 * lower-casing. Letters NFKD already folds (full-width, mathematical, `ſ`,
 * `ℓ`) and multi-letter look-alikes (`rn` for `m`) are not listed; neither
 * are digits (`0` for `o` would make every number suspect).
 */
const CONFUSABLES = new Map<string, string>(
  Object.entries({
    a: 'аɑαᴀАΑ',
    b: 'ʙВΒЬ',
    c: 'сᴄϲСϹ',
    d: 'ԁᴅ',
    e: 'еᴇЕΕ',
    f: 'ꜰ',
    g: 'ɡɢ',
    h: 'һʜНΗհ',
    i: 'іɪıɩιІΙӀ',
    j: 'јȷᴊЈ',
    k: 'κᴋКΚ',
    l: 'ӏʟ',
    m: 'ᴍМΜ',
    n: 'ɴΝո',
    o: 'оοᴏօОΟ',
    p: 'рρᴘРΡ',
    q: 'ԛզꞯԚ',
    r: 'ʀ',
    s: 'ѕꜱЅ',
    t: 'ᴛТΤ',
    u: 'υᴜսʊ',
    v: 'νᴠѵ',
    w: 'ԝᴡѡԜ',
    x: 'хχХΧ',
    y: 'уγүʏУΥҮ',
    z: 'ᴢΖ',
  }).flatMap(([latin, lookAlikes]) => [...lookAlikes].map((c) => [c, latin] as const)),
);

/**
 * Characters that separate rather than spell: separators, punctuation,
 * symbols, controls, format characters, lone surrogates, unassigned code
 * points, combining marks (variation selectors are Mn), and the invisible
 * Hangul and Braille fillers (letters and symbols that draw nothing).
 */
const IGNORED = /^[\p{Z}\p{P}\p{S}\p{Cc}\p{Cf}\p{Cs}\p{Cn}\p{Mn}\p{Me}\u115F\u1160\u3164\uFFA0\u2800]$/u;
const MARK = /^[\p{Mn}\p{Me}\u200D]$/u;
const HAN = /[\u3400-\u9FFF\uF900-\uFAFF\u{20000}-\u{3134F}]/u;

/** OpenCC traditional -> mainland simplified; its tables are built on first use (about 100 ms), not at start. */
let toSimplified: ((text: string) => string) | undefined;
const simplified = (text: string) => (toSimplified ??= Converter({ from: 't', to: 'cn' }))(text);

/** The skeleton of one code point (its letters, possibly none), not counting ASCII. */
function foldCodePoint(c: string): string {
  let letters = '';
  for (const d of c.normalize('NFKD')) {
    if (IGNORED.test(d)) continue;
    const direct = CONFUSABLES.get(d);
    if (direct !== undefined) {
      letters += direct;
      continue;
    }
    // Lower case can decompose again (`İ` -> `i` + dot above).
    for (const p of d.toLowerCase().normalize('NFKD')) if (!IGNORED.test(p)) letters += CONFUSABLES.get(p) ?? p;
  }
  // Traditional characters as simplified, one by one (a word and a text are folded alike).
  return HAN.test(letters) ? simplified(letters) : letters;
}

/** Folded code points, kept (the set of code points a text can hold is small; bounded all the same). */
const folded = new Map<number, string>();
const FOLDED_MAX = 65_536;

/** The skeleton of a text and, for each of its units, the source characters it came from. */
interface Skeleton {
  /** The skeleton, searched with `indexOf`. */
  text: string;
  /** For each UTF-16 unit of `text`: start and end (exclusive) of the source characters it came from; null when not asked for. */
  start: number[] | null;
  end: number[];
  /**
   * Without positions: the source range [runFrom, runTo) of characters that
   * are their own skeleton, not yet appended to `text` (copied in one slice,
   * not character by character: most of a Chinese text is such a run).
   */
  source: string;
  runFrom: number;
  runTo: number;
}

/** Appends the pending run of source characters to the skeleton. */
function flushRun(out: Skeleton) {
  if (out.runTo > out.runFrom) out.text += out.source.slice(out.runFrom, out.runTo);
  out.runFrom = out.runTo = -1;
}

/**
 * Appends the skeleton of one code point that came from the source range
 * [from, to); `verbatim`: that range is the code point itself (not a
 * character reference).
 */
function foldInto(out: Skeleton, cp: number, from: number, to: number, verbatim: boolean) {
  let letters: string;
  if (cp < 0x80) {
    // ASCII: letters and digits count (lower case), everything else separates.
    if ((cp >= 0x61 && cp <= 0x7a) || (cp >= 0x30 && cp <= 0x39)) letters = String.fromCharCode(cp);
    else if (cp >= 0x41 && cp <= 0x5a) letters = String.fromCharCode(cp | 0x20);
    else return;
  } else {
    const known = folded.get(cp);
    if (known === undefined) {
      letters = foldCodePoint(String.fromCodePoint(cp));
      if (folded.size < FOLDED_MAX) folded.set(cp, letters);
    } else letters = known;
  }
  if (!out.start) {
    if (verbatim && letters.length === to - from && letters.codePointAt(0) === cp) {
      if (from !== out.runTo) {
        flushRun(out);
        out.runFrom = from;
      }
      out.runTo = to;
      return;
    }
    flushRun(out);
    out.text += letters;
    return;
  }
  out.text += letters;
  for (let k = 0; k < letters.length; k++) {
    out.start.push(from);
    out.end.push(to);
  }
}

/** Appends the skeleton of one source piece (a decoded character reference) spanning [from, to). */
function fold(out: Skeleton, piece: string, from: number, to: number) {
  for (const c of piece) foldInto(out, c.codePointAt(0)!, from, to, false);
}

const REFERENCE = /&(?:#[xX]([0-9a-fA-F]{1,8})|#(\d{1,10})|([A-Za-z][A-Za-z0-9]{0,31}));?/y;
/** A Map, not an object literal: `&constructor;` must not find an inherited property. */
const COMMON_REFERENCES = new Map(Object.entries({ amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0' }));

/** Named references decoded so far (null: not a reference, literal text); bounded. */
const namedReferences = new Map<string, string | null>();
const NAMED_MAX = 4096;

/**
 * The named references of a text the common ones do not cover, decoded by
 * sanitize-html (its full HTML table, legacy forms without `;` included), the
 * ones not seen before in one call.
 */
function decodeNamed(text: string): Map<string, string | null> {
  const found = new Map<string, string | null>();
  const fresh: string[] = [];
  for (const m of text.matchAll(/&([A-Za-z][A-Za-z0-9]{0,31});?/g)) {
    if (COMMON_REFERENCES.has(m[1]!) || found.has(m[0])) continue;
    const known = namedReferences.get(m[0]);
    found.set(m[0], known ?? null);
    if (known === undefined) fresh.push(m[0]);
  }
  if (!fresh.length) return found;
  const out = sanitizeHtml(fresh.join('\n'), { allowedTags: [], allowedAttributes: {} }).split('\n');
  fresh.forEach((raw, i) => {
    const decoded = out[i];
    // An unknown name comes back escaped (`&amp;foo;`): it is literal text.
    const value = decoded !== undefined && !decoded.includes('&') ? decoded : null;
    found.set(raw, value);
    if (namedReferences.size < NAMED_MAX) namedReferences.set(raw, value);
  });
  return found;
}

/** The end of a tag or comment starting at `i` (`<` then a letter, `/`, `!` or `?`), or -1 when `<` is text. */
function tagEnd(html: string, i: number): number {
  const next = html[i + 1];
  if (next === undefined || !/[A-Za-z/!?]/.test(next)) return -1;
  if (html.startsWith('<!--', i)) {
    const close = html.indexOf('-->', i + 4);
    return close < 0 ? html.length : close + 3;
  }
  let quote: string | null = null;
  for (let k = i + 1; k < html.length; k++) {
    const ch = html[k];
    if (quote) {
      if (ch === quote) quote = null;
    } else if (ch === '"' || ch === "'") quote = ch;
    else if (ch === '>') return k + 1;
  }
  return html.length;
}

/** `positions`: also where each unit came from (only needed once something matched). Exported for its tests. */
export function skeletonOf(text: string, rich: boolean, positions = true): Skeleton {
  const out: Skeleton = { text: '', start: positions ? [] : null, end: [], source: text, runFrom: -1, runTo: -1 };
  if (!rich) {
    for (let i = 0; i < text.length;) {
      const cp = text.codePointAt(i)!;
      const len = cp > 0xffff ? 2 : 1;
      foldInto(out, cp, i, i + len, true);
      i += len;
    }
  } else {
    // Character references that need the full table, decoded at once.
    const named = decodeNamed(text);
    for (let i = 0; i < text.length;) {
      // By code unit: `text[i]` would make a string of each (non-Latin-1) character.
      const unit = text.charCodeAt(i);
      if (unit === 0x3c /* < */) {
        const end = tagEnd(text, i);
        if (end > 0) {
          i = end;
          continue;
        }
      }
      if (unit === 0x26 /* & */) {
        REFERENCE.lastIndex = i;
        const m = REFERENCE.exec(text);
        if (m) {
          const [raw, hex, dec, name] = m;
          let piece: string | undefined;
          if (name !== undefined) piece = COMMON_REFERENCES.get(name) ?? named.get(raw) ?? undefined;
          else {
            const code = hex !== undefined ? parseInt(hex, 16) : Number(dec);
            piece = code > 0 && code <= 0x10ffff && (code < 0xd800 || code > 0xdfff) ? String.fromCodePoint(code) : '\ufffd';
          }
          if (piece !== undefined) {
            fold(out, piece, i, i + raw.length);
            i += raw.length;
            continue;
          }
        }
      }
      const cp = text.codePointAt(i)!;
      const len = cp > 0xffff ? 2 : 1;
      foldInto(out, cp, i, i + len, true);
      i += len;
    }
  }
  flushRun(out);
  return out;
}

interface Needle {
  word: SensitiveWord;
  skeleton: string;
}
/** A dictionary snapshot's words as skeletons, by their first UTF-16 unit; computed once per snapshot. */
interface Needles {
  count: number;
  byFirst: Map<number, Array<{ index: number; needle: Needle }>>;
}
const needles = new WeakMap<readonly SensitiveWord[], Needles>();
function needlesOf(words: readonly SensitiveWord[]): Needles {
  let found = needles.get(words);
  if (!found) {
    const list = words.map((word) => ({ word, skeleton: skeletonOf(word.lower, false, false).text })).filter((n) => n.skeleton !== '');
    const byFirst = new Map<number, Array<{ index: number; needle: Needle }>>();
    list.forEach((needle, index) => {
      const first = needle.skeleton.charCodeAt(0);
      byFirst.set(first, [...(byFirst.get(first) ?? []), { index, needle }]);
    });
    found = { count: list.length, byFirst };
    needles.set(words, found);
  }
  return found;
}

export interface ScanOptions {
  /** The text is HTML: read its text (tags dropped, references decoded); masking leaves the markup alone. */
  rich?: boolean;
}

export interface SensitiveMatch {
  /** The dictionary entry's name. */
  word: string;
  action: SensitiveAction;
  /** Where it was found in the original text: UTF-16 offsets, end exclusive (tags inside included). */
  start: number;
  end: number;
}

export interface SensitiveScan {
  /** The text with every mask word's characters replaced by `*` (the input itself when nothing was masked or a word refuses it). */
  text: string;
  /** Occurrences of mask words. */
  hits: number;
  /** Distinct mask words found, in order of first occurrence. */
  words: string[];
  /** The first refuse word found (in text order), or null. */
  refused: string | null;
  /** Every occurrence of every word, mask and refuse, in text order. */
  matches: SensitiveMatch[];
}

/** Scans one text against the words (a tenant's dictionary snapshot). */
export function scanText(words: readonly SensitiveWord[], text: string, options: ScanOptions = {}): SensitiveScan {
  const clean: SensitiveScan = { text, hits: 0, words: [], refused: null, matches: [] };
  if (!text || words.length === 0) return clean;
  const { count, byFirst } = needlesOf(words);
  if (!count) return clean;
  // Most texts hold no word: the skeleton alone says so, without the source position of each of its units.
  if (!occursIn(skeletonOf(text, options.rich ?? false, false).text, byFirst)) return clean;
  const sk = skeletonOf(text, options.rich ?? false);
  const start = sk.start ?? [];
  const matches: SensitiveMatch[] = [];
  /** Source ranges to mask, by start. */
  const masked = new Map<number, number>();
  // One pass over the skeleton; a word's occurrences do not overlap each other (each starts after the previous one ends).
  const nextFrom = new Array<number>(count).fill(0);
  for (let at = 0; at < sk.text.length; at++) {
    const candidates = byFirst.get(sk.text.charCodeAt(at));
    if (!candidates) continue;
    for (const { index, needle } of candidates) {
      if (at < nextFrom[index]! || !sk.text.startsWith(needle.skeleton, at)) continue;
      const last = at + needle.skeleton.length - 1;
      nextFrom[index] = last + 1;
      matches.push({ word: needle.word.name, action: needle.word.action, start: start[at]!, end: sk.end[last]! });
      if (needle.word.action === 'mask') for (let k = at; k <= last; k++) masked.set(start[k]!, sk.end[k]!);
    }
  }
  if (!matches.length) return clean;
  matches.sort((a, b) => a.start - b.start);
  const refused = matches.find((m) => m.action === 'refuse')?.word ?? null;
  const maskMatches = matches.filter((m) => m.action === 'mask');
  return {
    text: maskMatches.length && !refused ? maskRanges(text, masked) : text,
    hits: maskMatches.length,
    words: [...new Set(maskMatches.map((m) => m.word))],
    refused,
    matches,
  };
}

/** Whether any needle occurs in the skeleton. */
function occursIn(skeleton: string, byFirst: Needles['byFirst']): boolean {
  for (let at = 0; at < skeleton.length; at++) {
    const candidates = byFirst.get(skeleton.charCodeAt(at));
    if (candidates?.some(({ needle }) => skeleton.startsWith(needle.skeleton, at))) return true;
  }
  return false;
}

/** The text with each range replaced by one `*`, together with the combining marks right after it. */
function maskRanges(text: string, ranges: ReadonlyMap<number, number>): string {
  let out = '';
  let copied = 0;
  for (const [start, end] of [...ranges].sort((a, b) => a[0] - b[0])) {
    if (start < copied) continue;
    out += text.slice(copied, start) + '*';
    let i = end;
    for (let cp = text.codePointAt(i); cp !== undefined && MARK.test(String.fromCodePoint(cp)); cp = text.codePointAt(i)) i += cp > 0xffff ? 2 : 1;
    copied = i;
  }
  return out + text.slice(copied);
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

/** The tenant's words (the host has no dictionary). */
async function wordsOf(ctx: RequestContext): Promise<readonly SensitiveWord[]> {
  const tenantId = ctx.session.tenantId;
  return tenantId === null ? [] : (await ctx.app.dictionaryCache.load(tenantId)).sensitiveWords;
}

/**
 * The rule of member feedback (comments, leave messages): screens the named
 * text fields with the tenant's dictionary (from the cache): a refuse word is
 * a 400 naming the field and the word; mask words are masked in the returned
 * values and counted in the flag. The host has no dictionary: nothing changes.
 */
export async function screenSensitive<F extends string>(
  ctx: RequestContext,
  fields: Readonly<Partial<Record<F, string | null | undefined>>>,
): Promise<{ values: Partial<Record<F, string>>; flag: SensitiveFlag }> {
  const words = await wordsOf(ctx);
  const values: Partial<Record<F, string>> = {};
  if (!words.length) return { values, flag: NO_SENSITIVE_HITS };
  let hits = 0;
  const found: string[] = [];
  for (const [field, text] of Object.entries<string | null | undefined>(fields)) {
    if (typeof text !== 'string') continue;
    const scan = scanText(words, text);
    if (scan.refused) invalid(field, ctx.t('ContainsSensitiveWord', scan.refused));
    if (scan.hits) {
      values[field as F] = scan.text;
      hits += scan.hits;
      for (const w of scan.words) if (!found.includes(w)) found.push(w);
    }
  }
  return { values, flag: { sensitiveHits: hits, sensitiveWords: JSON.stringify(found) } };
}
