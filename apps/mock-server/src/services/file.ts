import { FileService, type FileFieldSpec, type UploadedFileDto } from '@edu/sdk';
import type { RequestContext } from '../kit/context.ts';
import { checkFileContent, publicFileUrl, readStoredFile, readTempFile, storeFile } from '../kit/files.ts';
import { implement } from '../kit/register-service.ts';

const imageField = FileService.endpoints.UploadImage.files[0]!;
const attachmentField = FileService.endpoints.UploadFile.files[0]!;

/**
 * Stores an upload whose content is what its type, name and field say
 * (`checkFileContent`: 400 otherwise), and answers its link (`publicFileUrl`:
 * from configuration or the server's own origin, never from any Host header).
 */
async function upload(field: FileFieldSpec, blob: Blob, fallbackName: string, ctx: RequestContext): Promise<UploadedFileDto> {
  const file = blob instanceof File ? blob : new File([blob], fallbackName, { type: blob.type });
  const contentType = await checkFileContent(field, file, ctx.culture);
  const row = await storeFile(ctx.prisma, ctx.session, file, contentType);
  return {
    fileToken: row.token,
    fileName: row.fileName,
    contentType: row.contentType,
    size: row.size,
    url: publicFileUrl(ctx.app, ctx.request, row.token),
  };
}

/**
 * ASP.NET Zero's FileController: DownloadTempFile for exports, plus our
 * uploads and the public GetFile. Tokens are checked against the caller's
 * tenant and user in the kit (kit/files.ts).
 */
export const file = implement(FileService, {
  DownloadTempFile: (input, ctx) => readTempFile(ctx.prisma, ctx.session, input.fileToken, ctx.culture),
  UploadImage: (input, ctx) => upload(imageField, input.file, 'image', ctx),
  UploadFile: (input, ctx) => upload(attachmentField, input.file, 'file', ctx),
  GetFile: (input, ctx) => readStoredFile(ctx.prisma, input.token),
});
