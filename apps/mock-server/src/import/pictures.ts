import { randomUUID } from 'node:crypto';
import type { ImportItem } from '../kit/import/running.ts';
import { PICTURE_MARKS, type DocxPicture } from './document-lines.ts';
import { MATH_MARKS } from './omml.ts';
import type { DocumentQuestion } from './question-document.ts';
import type { QuestionDraft, SubQuestionDraft } from './question-format.ts';
import { escapeXml } from './xml.ts';

/**
 * Pictures that come with imported questions (a Word file's images, a QTI
 * package's files). While a file is read each picture gets the token it will
 * be stored under, and the question's rich text refers to it as the file
 * store serves it (`/File/GetFile?token=`), so the draft is checked as it will
 * be written; the bytes are stored (kit/files.ts) only when the question is
 * written, inside the import's transaction: a dry run stores nothing.
 */

export interface ImportPicture {
  token: string;
  fileName: string;
  contentType: string;
  bytes: Uint8Array;
}

/** How a stored picture is referred to from rich text (root-relative, as the editor's uploads resolve). */
export const pictureUrl = (token: string) => `/File/GetFile?token=${token}`;

const startsWith = (b: Uint8Array, sig: number[], at = 0) => sig.every((x, i) => b[at + i] === x);

/** The raster type of an image by its first bytes (PNG, JPEG, GIF, WebP, BMP), or null: anything else is never stored. */
export function imageTypeOf(bytes: Uint8Array): string | null {
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (startsWith(bytes, [0x47, 0x49, 0x46, 0x38])) return 'image/gif';
  if (startsWith(bytes, [0x52, 0x49, 0x46, 0x46]) && startsWith(bytes, [0x57, 0x45, 0x42, 0x50], 8)) return 'image/webp';
  if (startsWith(bytes, [0x42, 0x4d])) return 'image/bmp';
  return null;
}

/** A picture found in a file, with a fresh token, or null when its bytes are not a raster image. */
export function newPicture(fileName: string, bytes: Uint8Array): ImportPicture | null {
  const contentType = imageTypeOf(bytes);
  return contentType ? { token: randomUUID(), fileName, contentType, bytes } : null;
}

/** The pictures a question's rich text refers to (a picture may be referred to from several places, or dropped by the sanitizer). */
export function picturesUsed(pictures: readonly ImportPicture[], texts: ReadonlyArray<string | null | undefined>): ImportPicture[] {
  const all = texts.join('\n');
  return pictures.filter((p) => all.includes(p.token));
}

/**
 * Puts a Word file's pictures and equations into the questions read from it:
 * the marks the lines carried (document-lines.ts `pictureMark`, omml.ts
 * `mathMark`) become, in rich text, `<img>` of the picture's store URL (a
 * picture that is no raster image becomes 【图】) and the equation's marked
 * span; in plain text (answers, labels, the preview's lines) 【图】 and the
 * LaTeX. Each question carries the pictures it refers to.
 */
export function withDocumentMedia(items: Array<ImportItem<DocumentQuestion>>, pictures: readonly DocxPicture[]): void {
  const made = new Map<number, ImportPicture | null>();
  const pictureOf = (i: number) => {
    if (!made.has(i)) {
      const p = pictures[i];
      made.set(i, p ? newPicture(`picture-${i + 1}`, p.bytes) : null);
    }
    return made.get(i) ?? null;
  };
  const plain = (s: string) => s.replace(PICTURE_MARKS, '【图】').replace(MATH_MARKS, (_m, latex: string) => latex);
  for (const item of items) {
    item.label = plain(item.label);
    if (item.preview) item.preview = { ...item.preview, lines: item.preview.lines.map((l) => ({ ...l, text: plain(l.text) })) };
    const q = item.input;
    if (!q) continue;
    const used: ImportPicture[] = [];
    const rich = (s: string) =>
      s
        .replace(PICTURE_MARKS, (_m, i: string) => {
          const p = pictureOf(Number(i));
          if (!p) return '【图】';
          if (!used.includes(p)) used.push(p);
          const alt = pictures[Number(i)]?.alt ?? '';
          return `<img src="${pictureUrl(p.token)}"${alt ? ` alt="${escapeXml(alt)}"` : ''} />`;
        })
        // The LaTeX was escaped with the rest of the text.
        .replace(MATH_MARKS, (_m, latex: string) => `<span class="math-tex">\\(${latex}\\)</span>`);
    const richOrNull = (s: string | null | undefined) => (s == null ? s : rich(s));
    const part = <P extends SubQuestionDraft>(p: P): P => ({
      ...p,
      stem: rich(p.stem),
      analysis: richOrNull(p.analysis),
      options: p.options?.map((o) => ({ ...o, content: rich(o.content) })),
      referenceAnswer: p.referenceAnswer == null ? p.referenceAnswer : plain(p.referenceAnswer),
      blanks: p.blanks?.map((b) => ({ answers: b.answers.map(plain) })),
    });
    const draft: QuestionDraft = { ...part(q.draft), subQuestions: q.draft.subQuestions?.map(part) };
    item.input = { ...q, draft, ...(used.length || q.pictures ? { pictures: [...(q.pictures ?? []), ...used] } : {}) };
  }
}
