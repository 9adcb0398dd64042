import { linesOfDocxTree, type DocxElement, type DocxPicture, type SourceLine } from './document-lines.ts';
import { mathMark, ommlToLatex } from './omml.ts';
import { childrenOf, parseXml, type XmlElement } from './xml.ts';

/**
 * A .docx's paragraphs as the question grammar reads them (document-lines.ts):
 * mammoth's document tree, taken before any HTML is made, so Word's list
 * numbering and pictures are known. A picture stands in its paragraph's text
 * as a mark (`pictureMark(i)`) and its bytes come back beside the lines;
 * Word equations (OMML, which mammoth skips) are read from the document part
 * and stand in their paragraph as LaTeX marks (`mathMark`). The archive is
 * checked by the caller (kit/import/archive.ts) before this opens it, and
 * `entries` are its parts.
 */
export async function docxLines(bytes: Uint8Array, entries?: Map<string, Uint8Array>): Promise<{ lines: SourceLine[]; pictures: DocxPicture[] }> {
  let lines: SourceLine[] = [];
  const images: Array<{ read: () => Promise<Buffer>; altText?: string; contentType?: string }> = [];
  // Loaded by the first .docx read: a read worker that only reads spreadsheets or CSV never holds it (about 10 MB).
  const { default: mammoth } = await import('mammoth');
  await mammoth.convertToHtml(
    { buffer: Buffer.from(bytes) },
    {
      transformDocument: (document: DocxElement) => {
        lines = linesOfDocxTree(document, images);
        return document;
      },
      convertImage: mammoth.images.imgElement(() => Promise.resolve({ src: '' })),
    },
  );
  const pictures: DocxPicture[] = [];
  for (const image of images) {
    const data = await image.read().catch(() => null);
    pictures.push({ bytes: data ? new Uint8Array(data) : new Uint8Array(0), alt: image.altText ?? '' });
  }
  const document = entries?.get('word/document.xml');
  if (document) withEquations(lines, new TextDecoder().decode(document));
  return { lines, pictures };
}

/** The paragraphs of the body in mammoth's order: every `w:p` not inside another one (text boxes are part of theirs). */
function paragraphsOf(e: XmlElement, out: XmlElement[] = []): XmlElement[] {
  for (const c of childrenOf(e)) {
    if (c.name === 'w:p') out.push(c);
    else if (c.name !== 'w:hdr' && c.name !== 'w:ftr') paragraphsOf(c, out);
  }
  return out;
}

/**
 * Puts each paragraph's equations where they stand: a paragraph holding
 * `m:oMath` is read again from the XML (text, tabs, breaks, equations as
 * marks; its pictures keep mammoth's marks, in order). When the paragraphs
 * cannot be matched one to one with mammoth's, the equations are added at the
 * end of theirs rather than lost.
 */
function withEquations(lines: SourceLine[], xml: string): void {
  let root: XmlElement;
  try {
    root = parseXml(xml);
  } catch {
    return;
  }
  const paragraphs = paragraphsOf(root);
  const aligned = paragraphs.length === lines.length;
  paragraphs.forEach((p, i) => {
    if (!hasMath(p)) return;
    const line = lines[aligned ? i : Math.min(i, lines.length - 1)];
    if (!line) return;
    if (!aligned) {
      line.text += collectMath(p).map(mathMark).join(' ');
      return;
    }
    const marks = line.text.match(/\uE000\d+\uE001/g) ?? [];
    let text = '';
    const walk = (e: XmlElement) => {
      for (const c of childrenOf(e)) {
        if (c.name === 'm:oMath') text += mathMark(ommlToLatex(c));
        else if (c.name === 'w:t') text += c.children.filter((x) => typeof x === 'string').join('');
        else if (c.name === 'w:tab') text += '\t';
        else if (c.name === 'w:br' || c.name === 'w:cr') text += ' ';
        else if (c.name === 'w:drawing' || c.name === 'w:pict') text += marks.shift() ?? '';
        else if (c.name === 'mc:AlternateContent') {
          // Word writes a drawing twice (Choice, Fallback); mammoth reads one.
          const fallback = childrenOf(c).find((x) => x.name === 'mc:Fallback');
          if (fallback) walk(fallback);
        } else if (c.name !== 'w:pPr' && c.name !== 'w:rPr' && c.name !== 'w:instrText' && c.name !== 'w:delText') walk(c);
      }
    };
    walk(p);
    line.text = text + marks.join('');
  });
}

const hasMath = (e: XmlElement): boolean => childrenOf(e).some((c) => c.name === 'm:oMath' || hasMath(c));
function collectMath(e: XmlElement, out: string[] = []): string[] {
  for (const c of childrenOf(e)) {
    if (c.name === 'm:oMath') out.push(ommlToLatex(c));
    else collectMath(c, out);
  }
  return out;
}
