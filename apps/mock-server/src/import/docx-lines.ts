import mammoth from 'mammoth';
import { linesOfDocxTree, type DocxElement, type SourceLine } from './document-lines.ts';

/**
 * A .docx's paragraphs as the question grammar reads them (document-lines.ts):
 * mammoth's document tree, taken before any HTML is made, so Word's list
 * numbering and picture-only paragraphs are known. Pictures are not read
 * (their converter answers an empty element). The archive is checked by the
 * caller (kit/import/archive.ts) before this opens it.
 */
export async function docxLines(bytes: Uint8Array): Promise<SourceLine[]> {
  let lines: SourceLine[] = [];
  await mammoth.convertToHtml(
    { buffer: Buffer.from(bytes) },
    {
      transformDocument: (document: DocxElement) => {
        lines = linesOfDocxTree(document);
        return document;
      },
      convertImage: mammoth.images.imgElement(() => Promise.resolve({ src: '' })),
    },
  );
  return lines;
}
