/**
 * What the Word/TXT question grammar (question-document.ts) reads: a
 * document as lines, one per paragraph (a .docx) or per line (a .txt), in
 * order, line numbers 1-based by position. A paragraph may say that Word
 * numbered it as a list (its number or letter is not in the text) and that it
 * holds a picture (it is not blank even when it has no text).
 */
export interface SourceLine {
  text: string;
  /** Word's automatic (list) numbering: the number or letter shown is not part of `text`. */
  listNumbered?: boolean;
  /** The paragraph holds a picture (pictures are not imported, but such a paragraph does not separate questions). */
  picture?: boolean;
}

/** A picture of a .docx, referred to from its line's text by `pictureMark(index)`. */
export interface DocxPicture {
  bytes: Uint8Array;
  alt: string;
}

/** Where picture `index` stands in a line's text (private-use characters, never typed). */
export const pictureMark = (index: number) => `\uE000${index}\uE001`;
/** Every picture mark, its index captured. */
export const PICTURE_MARKS = /\uE000(\d+)\uE001/g;

/** A .txt's lines (any line ending; a BOM dropped). */
export function linesOfText(text: string): SourceLine[] {
  return text
    .replace(/^\uFEFF/, '')
    .split(/\r\n|\r|\n/)
    .map((t) => ({ text: t }));
}

/** The subset of mammoth's document tree the paragraphs are read from. */
export interface DocxElement {
  type: string;
  value?: string;
  children?: DocxElement[];
  numbering?: unknown;
  /** An image's bytes and description (mammoth's image element). */
  read?: () => Promise<Buffer>;
  altText?: string;
}

/**
 * The paragraphs of a .docx as mammoth's document tree has them (its
 * `transformDocument` hook): text with tabs and line breaks, whether Word
 * numbers the paragraph as a list (directly or through its style) and whether
 * it holds a picture (given `images`, the picture's mark stands in the text
 * and the image is collected). Paragraphs in tables are read in order too.
 */
export function linesOfDocxTree(root: DocxElement, images?: Array<{ read: () => Promise<Buffer>; altText?: string }>): SourceLine[] {
  const out: SourceLine[] = [];
  const inline = (e: DocxElement, line: { text: string; picture: boolean }) => {
    if (e.type === 'text') line.text += e.value ?? '';
    else if (e.type === 'tab') line.text += '\t';
    else if (e.type === 'break') line.text += ' ';
    else if (e.type === 'image') {
      line.picture = true;
      // Collected pictures stand in the text where they are; without a collector a picture is only noted.
      if (images && e.read) {
        line.text += pictureMark(images.length);
        images.push({ read: e.read, ...(e.altText ? { altText: e.altText } : {}) });
      }
    }
    for (const c of e.children ?? []) inline(c, line);
  };
  const walk = (e: DocxElement) => {
    if (e.type === 'paragraph') {
      const line = { text: '', picture: false };
      for (const c of e.children ?? []) inline(c, line);
      const l: SourceLine = { text: line.text };
      if (e.numbering) l.listNumbered = true;
      if (line.picture) l.picture = true;
      out.push(l);
      return;
    }
    for (const c of e.children ?? []) walk(c);
  };
  walk(root);
  return out;
}

/** mammoth's raw text (`extractRawText`: every paragraph followed by a blank line) as paragraphs. */
export function linesOfDocxRawText(raw: string): SourceLine[] {
  const parts = raw.split('\n\n');
  if (parts.at(-1) === '') parts.pop();
  return parts.map((t) => ({ text: t.replace(/\n/g, ' ') }));
}
