import { FileService, type UploadedFileDto } from '@edu/sdk';
import type { RequestContext } from '../kit/context.ts';
import { readStoredFile, readTempFile, storeFile } from '../kit/files.ts';
import { implement } from '../kit/register-service.ts';

/** The public address of a stored upload, absolute so it works in published rich text and image fields. */
function publicUrl(ctx: RequestContext, token: string): string {
  return `${ctx.request.protocol}://${ctx.request.host}/File/GetFile?token=${encodeURIComponent(token)}`;
}

async function upload(file: File, ctx: RequestContext): Promise<UploadedFileDto> {
  const row = await storeFile(ctx.prisma, ctx.session, file);
  return { fileToken: row.token, fileName: row.fileName, contentType: row.contentType, size: row.size, url: publicUrl(ctx, row.token) };
}

/**
 * ASP.NET Zero's FileController: DownloadTempFile for exports, plus our
 * uploads and the public GetFile. Tokens are checked against the caller's
 * tenant and user in the kit (kit/files.ts).
 */
export const file = implement(FileService, {
  DownloadTempFile: (input, ctx) => readTempFile(ctx.prisma, ctx.session, input.fileToken, ctx.culture),
  UploadImage: (input, ctx) => upload(input.file instanceof File ? input.file : new File([input.file], 'image'), ctx),
  UploadFile: (input, ctx) => upload(input.file instanceof File ? input.file : new File([input.file], 'file'), ctx),
  GetFile: (input, ctx) => readStoredFile(ctx.prisma, input.token),
});
