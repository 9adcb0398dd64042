import { z } from 'zod';
import { defineService } from '../core/define-service.ts';
import { FileContent, MB, fileField, type FileDto } from '../core/files.ts';
import { callEndpoint, type ClientConfig } from '../core/transport.ts';

/** Raster image types a browser shows safely inline (no SVG: it can carry script). */
export const IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/gif', 'image/webp', 'image/bmp'] as const;

/** Attachments for resources and articles: office documents, PDF, text, archives, audio and video. */
export const ATTACHMENT_TYPES = [
  ...IMAGE_TYPES,
  '.pdf',
  '.doc',
  '.docx',
  '.xls',
  '.xlsx',
  '.ppt',
  '.pptx',
  '.txt',
  '.csv',
  '.zip',
  '.rar',
  '.7z',
  '.mp3',
  '.mp4',
] as const;

/** Size limits of the upload endpoints (the JSON body limit is 1 MiB). */
export const IMAGE_MAX_BYTES = 10 * MB;
export const ATTACHMENT_MAX_BYTES = 50 * MB;

/**
 * A stored upload. `fileToken` identifies it; `url` is the absolute public URL
 * (`/File/GetFile?token=`) to put into an image field or rich text.
 */
export const UploadedFileDto = z.object({
  fileToken: z.string(),
  fileName: z.string(),
  contentType: z.string(),
  size: z.number().int().min(0),
  url: z.string(),
});
export type UploadedFileDto = z.infer<typeof UploadedFileDto>;

/**
 * ASP.NET Zero's `FileController` at the site root (not `/api/services/app`):
 * - `DownloadTempFile` (ABP's own): the bytes of an export's `FileDto`, for the
 *   same tenant and user that made it, within its lifetime (10 minutes), never
 *   wrapped; an unknown or expired token is a user-friendly error (500 envelope).
 * - Extensions of ours, in the same controller's style: `UploadImage` (covers,
 *   rich-text images: jpeg/png/gif/webp/bmp, 10 MB) and `UploadFile`
 *   (attachments: images, office documents, PDF, text, archives, audio/video,
 *   50 MB) store the file under a random token and answer `UploadedFileDto` in
 *   the envelope; `GetFile?token=` serves a stored file to anyone holding the
 *   token (images inline, everything else as an attachment, `nosniff`), so an
 *   `<img src>` in published content works without a session.
 */
export const FileService = defineService(
  'File',
  {
    DownloadTempFile: {
      input: z.object({
        fileType: z.string().max(200).optional(),
        fileToken: z.string().min(1).max(64),
        fileName: z.string().max(260).optional(),
      }),
      output: FileContent,
      verb: 'GET',
      response: 'file',
      summary: 'The bytes of an export (FileDto), unwrapped',
    },
    UploadImage: {
      input: z.object({ file: fileField({ maxBytes: IMAGE_MAX_BYTES, accept: IMAGE_TYPES }) }),
      output: UploadedFileDto,
      extension: true,
      summary: 'Stores an image (cover, rich text) and returns its public URL',
    },
    UploadFile: {
      input: z.object({ file: fileField({ maxBytes: ATTACHMENT_MAX_BYTES, accept: ATTACHMENT_TYPES }) }),
      output: UploadedFileDto,
      extension: true,
      summary: 'Stores an attachment and returns its public URL',
    },
    GetFile: {
      input: z.object({ token: z.string().min(1).max(64) }),
      output: FileContent,
      access: 'anonymous',
      response: 'file',
      extension: true,
      summary: 'A stored upload by its token (public)',
    },
  },
  { root: '', access: 'authenticated' },
);

/** Follows an export's `FileDto` to `/File/DownloadTempFile` with the caller's token. */
export function downloadTempFile(config: ClientConfig, file: FileDto, init: { signal?: AbortSignal } = {}): Promise<FileContent> {
  return callEndpoint(config, FileService.endpoints.DownloadTempFile, file, init);
}
