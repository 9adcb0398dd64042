import { randomUUID } from 'node:crypto';
import type { FileOwner } from '../kit/files.ts';
import { storeFileBytes, type FileStoreDb } from '../kit/files.ts';

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

/** Stores the pictures of written questions under their tokens (inside the caller's transaction). */
export async function storePictures(db: FileStoreDb, owner: FileOwner, pictures: readonly ImportPicture[]): Promise<void> {
  for (const p of pictures) await storeFileBytes(db, owner, p);
}
