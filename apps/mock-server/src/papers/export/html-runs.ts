import { lookupTable } from '../../kit/lookup.ts';

/**
 * The bank's sanitized rich text as formatted runs, the input of both
 * writers. Handled: bold (strong, b), italic (em, i), underline (u),
 * subscript and superscript (sub, sup), line breaks (br and block ends: p,
 * div, headings, list items, table rows), list bullets, table cells
 * (separated by a full-width space, a row per line). Blanks are runs of two
 * or more underscores in the text (`____`), typeset as an underlined space.
 *
 * Images become image runs; `images.ts` embeds the PNG and JPEG files
 * stored by this site (`/File/GetFile?token=`), and any other picture
 * (another site's, another format, an unknown token) shows as the marker
 * 【图】 (with the alt text when there is one) where the figure goes.
 *
 * An equation the Word importer kept as LaTeX (`<span class="math-tex">\(…\)</span>`)
 * becomes a math run of its LaTeX: the PDF typesets it (`math.ts`), the
 * Word writers print its source between `\(` and `\)`.
 *
 * The input is sanitize-html's output (well-formed tags of a known set), so a
 * tokenizer suffices; unknown tags are dropped and their text kept.
 */

export interface TextRun {
  kind: 'text';
  text: string;
  bold?: boolean;
  italic?: boolean;
  underline?: boolean;
  script?: 'sub' | 'sup';
}
/** A blank to fill in: an underlined space `width` ems wide. */
export interface BlankRun {
  kind: 'blank';
  width: number;
}
export interface BreakRun {
  kind: 'break';
}
/** A picture: its bytes once `images.ts` has found them, else shown as its marker. */
export interface ImageRun {
  kind: 'image';
  src: string;
  alt: string;
  picture?: Picture;
}
/** An embeddable picture: PNG or JPEG bytes, its size in pixels and as shown (points, already fitted). */
export interface Picture {
  bytes: Uint8Array;
  format: 'png' | 'jpg';
  widthPt: number;
  heightPt: number;
}
/** An equation: its LaTeX (entities decoded, without the `\(` `\)` delimiters). */
export interface MathRun {
  kind: 'math';
  latex: string;
}
export type Run = TextRun | BlankRun | BreakRun | ImageRun | MathRun;

/** An equation's source as text: `\(…\)`, as the importer's span holds it. */
export const mathSource = (run: MathRun) => `\\(${run.latex}\\)`;

/** Where a picture that is not embedded goes: 【图】 or 【图：alt】. */
export const imageMarker = (run: Pick<ImageRun, 'alt'>) => (run.alt ? `【图：${run.alt}】` : '【图】');

const SUPERSCRIPTS = '⁰¹²³⁴⁵⁶⁷⁸⁹⁺⁻⁼⁽⁾';
const SUBSCRIPTS = '₀₁₂₃₄₅₆₇₈₉₊₋₌₍₎';
/** What each script character stands for: its compatibility form (NFKC), so ⁻ is the minus sign U+2212, never the hyphen-minus. */
const PLAIN = '0123456789+\u2212=()';

/**
 * Unicode super- and subscript digits and signs (10⁸, O₂, as pasted from
 * elsewhere) become sup/sub runs of the plain characters: the Chinese font
 * lacks most of them, and a script run looks the same in both formats. A
 * script minus stays a minus sign: as a hyphen-minus it would read back from
 * the Word export as punctuation, which the duplicate check drops.
 */
export function splitScripts(run: TextRun): TextRun[] {
  const out: TextRun[] = [];
  for (const m of run.text.matchAll(/([⁰¹²³⁴⁵⁶⁷⁸⁹⁺⁻⁼⁽⁾]+)|([₀₁₂₃₄₅₆₇₈₉₊₋₌₍₎]+)|[^⁰¹²³⁴⁵⁶⁷⁸⁹⁺⁻⁼⁽⁾₀₁₂₃₄₅₆₇₈₉₊₋₌₍₎]+/gu)) {
    const [text, sup, sub] = m;
    if (sup) out.push({ ...run, text: [...sup].map((c) => PLAIN[SUPERSCRIPTS.indexOf(c)] ?? c).join(''), script: 'sup' });
    else if (sub) out.push({ ...run, text: [...sub].map((c) => PLAIN[SUBSCRIPTS.indexOf(c)] ?? c).join(''), script: 'sub' });
    else out.push({ ...run, text });
  }
  return out;
}

/** Width of a blank in ems for `n` underscores: at least five full-width characters. */
export const blankWidth = (n: number) => Math.max(5, Math.ceil(n / 1.6));

const BLOCK = new Set(['p', 'div', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'li', 'tr', 'blockquote', 'pre', 'ul', 'ol', 'table', 'figure']);
const ENTITIES = lookupTable({
  nbsp: '\u00a0',
  lt: '<',
  gt: '>',
  amp: '&',
  quot: '"',
  apos: "'",
  times: '×',
  divide: '÷',
  deg: '°',
});

function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, name: string) => {
    if (name.startsWith('#')) {
      const code = name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10);
      // Past Unicode's last code point: kept as written (fromCodePoint would throw).
      return code <= 0x10ffff ? String.fromCodePoint(code) : whole;
    }
    return ENTITIES[name.toLowerCase()] ?? whole;
  });
}

const attr = (attrs: string, name: string) => new RegExp(`\\b${name}\\s*=\\s*"([^"]*)"`, 'i').exec(attrs)?.[1];

/** Formatted runs of a piece of sanitized HTML (no leading or trailing breaks; adjacent equal runs merged); images take their picture from `pictures` by `src`. */
export function htmlToRuns(html: string, pictures: ReadonlyMap<string, Picture> = new Map()): Run[] {
  const out: Run[] = [];
  const depth = { bold: 0, italic: 0, underline: 0, sub: 0, sup: 0 };
  const lastIsBreak = () => out.length === 0 || out[out.length - 1]?.kind === 'break';
  const pushBreak = () => {
    if (!lastIsBreak()) out.push({ kind: 'break' });
  };
  const pushText = (raw: string) => {
    // HTML collapses ASCII white space only; a full-width space is the author's.
    const text = decodeEntities(raw.replace(/[ \t\r\n\f]+/g, ' '));
    if (!text) return;
    const parts = text.split(/(_{2,})/);
    for (const part of parts) {
      if (!part) continue;
      if (/^_{2,}$/.test(part)) {
        out.push({ kind: 'blank', width: blankWidth(part.length) });
        continue;
      }
      const run: TextRun = { kind: 'text', text: part };
      if (depth.bold) run.bold = true;
      if (depth.italic) run.italic = true;
      if (depth.underline) run.underline = true;
      if (depth.sub) run.script = 'sub';
      else if (depth.sup) run.script = 'sup';
      out.push(...splitScripts(run));
    }
  };
  // Inside an equation's span: its text so far and the spans open in it.
  let math: { source: string; depth: number } | null = null;
  const token = /<!--[\s\S]*?-->|<(\/?)([a-zA-Z][a-zA-Z0-9]*)([^>]*)>|[^<]+|</g;
  for (let m = token.exec(html); m; m = token.exec(html)) {
    const [whole, closing, rawTag, attrs = ''] = m;
    if (whole.startsWith('<!--')) continue;
    const tag = rawTag?.toLowerCase();
    if (math) {
      if (tag === undefined) math.source += whole;
      else if (tag === 'span' && !whole.endsWith('/>')) math.depth += closing ? -1 : 1;
      if (math.depth === 0) {
        const source = decodeEntities(math.source).trim();
        const latex = /^\\\(([\s\S]*)\\\)$/.exec(source)?.[1] ?? source;
        if (latex.trim()) out.push({ kind: 'math', latex: latex.trim() });
        math = null;
      }
      continue;
    }
    if (tag === undefined) {
      pushText(whole);
      continue;
    }
    if (tag === 'span' && !closing && /\bmath-tex\b/.test(attr(attrs, 'class') ?? '')) {
      math = { source: '', depth: 1 };
      continue;
    }
    const delta = closing ? -1 : whole.endsWith('/>') ? 0 : 1;
    switch (tag) {
      case 'strong':
      case 'b':
        depth.bold = Math.max(0, depth.bold + delta);
        break;
      case 'em':
      case 'i':
        depth.italic = Math.max(0, depth.italic + delta);
        break;
      case 'u':
        depth.underline = Math.max(0, depth.underline + delta);
        break;
      case 'sub':
      case 'sup':
        depth[tag] = Math.max(0, depth[tag] + delta);
        break;
      case 'br':
        out.push({ kind: 'break' });
        break;
      case 'img': {
        const src = decodeEntities(attr(attrs, 'src') ?? '');
        const picture = pictures.get(src);
        out.push({ kind: 'image', src, alt: decodeEntities(attr(attrs, 'alt') ?? '').trim(), ...(picture && { picture }) });
        break;
      }
      case 'td':
      case 'th':
        // Cells of a row apart by a full-width space; a row's first cell starts its line.
        if (!closing && !lastIsBreak()) pushText('\u3000');
        break;
      default:
        if (BLOCK.has(tag)) {
          pushBreak();
          if (tag === 'li' && !closing) pushText('• ');
        }
    }
  }
  return tidy(out);
}

const sameFormat = (a: TextRun, b: TextRun) => a.bold === b.bold && a.italic === b.italic && a.underline === b.underline && a.script === b.script;

/** Drops leading/trailing breaks and spaces, and merges neighbouring text runs of one format. */
function tidy(runs: Run[]): Run[] {
  const merged: Run[] = [];
  for (const run of runs) {
    const prev = merged[merged.length - 1];
    if (run.kind === 'text' && prev?.kind === 'text' && sameFormat(prev, run)) merged[merged.length - 1] = { ...prev, text: prev.text + run.text };
    else merged.push(run);
  }
  // Spaces next to a break come from source formatting, not from the author.
  for (let i = 0; i < merged.length; i++) {
    const run = merged[i];
    if (run?.kind !== 'text') continue;
    let text = run.text;
    if (i === 0 || merged[i - 1]?.kind === 'break') text = text.replace(/^[ \u00a0]+/, '');
    if (i === merged.length - 1 || merged[i + 1]?.kind === 'break') text = text.replace(/[ \u00a0]+$/, '');
    merged[i] = { ...run, text };
  }
  const kept = merged.filter((r) => r.kind !== 'text' || r.text !== '');
  while (kept[0]?.kind === 'break') kept.shift();
  while (kept[kept.length - 1]?.kind === 'break') kept.pop();
  // A break left doubled by dropping an empty run.
  return kept.filter((r, i) => !(r.kind === 'break' && kept[i - 1]?.kind === 'break'));
}

/** Plain text runs (no HTML interpretation) split into lines. */
export function textToRuns(text: string, format: Omit<TextRun, 'kind' | 'text'> = {}): Run[] {
  const out: Run[] = [];
  text.split(/\r?\n/).forEach((line, i) => {
    if (i > 0) out.push({ kind: 'break' });
    if (line) out.push(...splitScripts({ kind: 'text', text: line, ...format }));
  });
  return out;
}

/** The runs' text with blanks as underscores and breaks as newlines (tests, measuring). */
export function runsToText(runs: readonly Run[]): string {
  return runs
    .map((r) =>
      r.kind === 'text'
        ? r.text
        : r.kind === 'blank'
          ? '_'.repeat(r.width)
          : r.kind === 'image'
            ? imageMarker(r)
            : r.kind === 'math'
              ? mathSource(r)
              : '\n',
    )
    .join('');
}
