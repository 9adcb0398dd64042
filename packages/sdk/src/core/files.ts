import { z } from 'zod';

/**
 * Files in the contract (docs/architecture/files-and-jobs.md, "Uploads declared in the
 * contract" and "Downloads").
 *
 * - An upload is an endpoint whose input object has a `fileField(...)` member:
 *   it travels as `multipart/form-data` (the file part plus the other members as
 *   form fields), with the field's own size limit and accepted types.
 * - A download is an endpoint declared with `response: 'file'` whose output is
 *   `FileContent`: raw bytes with `Content-Type` and `Content-Disposition`,
 *   never wrapped in the envelope (WrapResult never wraps file results).
 * - An export answers a `FileDto` in the envelope; the bytes come from
 *   `GET /File/DownloadTempFile` (`client.download(fileDto)`).
 */

export const MB = 1024 * 1024;

/** ASP.NET Zero's `FileDto`: an export's handle to a temp file (answered in the envelope). */
export const FileDto = z.object({
  fileName: z.string(),
  /** MIME type, e.g. `application/vnd.openxmlformats-officedocument.spreadsheetml.sheet`. */
  fileType: z.string(),
  /** Random token of the temp file; valid for a short time, for the same tenant and user. */
  fileToken: z.string(),
});
export type FileDto = z.infer<typeof FileDto>;

/**
 * A file as a download endpoint returns it (the server's handler result and
 * the client's return value alike). `inline` is true when the server allows
 * showing it in the page (images), false for `attachment`.
 */
export const FileContent = z.object({
  blob: z.instanceof(Blob),
  fileName: z.string(),
  contentType: z.string(),
  inline: z.boolean().optional(),
});
export type FileContent = z.infer<typeof FileContent>;

export interface FileFieldOptions {
  /** Largest accepted file in bytes; more is a 413. Independent of the JSON body limit. */
  maxBytes: number;
  /** Accepted MIME types (`image/png`, `image/*`) or extensions (`.xlsx`); empty or absent: any. */
  accept?: readonly string[];
}

export interface FileFieldSpec extends Required<FileFieldOptions> {
  /** The member (and form field) name. */
  readonly name: string;
  readonly required: boolean;
}

// Keyed by the schema object itself (zod's classic or core type).
const fileFields = new WeakMap<object, Required<FileFieldOptions>>();

/** A file member of an upload's input: a `Blob` (a `File` in browsers and on the server). */
export function fileField(options: FileFieldOptions) {
  const schema = z.instanceof(Blob).describe(`A file (multipart part), at most ${options.maxBytes} bytes`);
  fileFields.set(schema, { maxBytes: options.maxBytes, accept: options.accept ?? [] });
  return schema;
}

/** The file members of an input schema (top level; `.optional()` allowed), in declaration order. */
export function fileFieldsOf(input: z.ZodType): FileFieldSpec[] {
  if (!(input instanceof z.ZodObject)) return [];
  const out: FileFieldSpec[] = [];
  for (const [name, member] of Object.entries<z.ZodType>(input.shape)) {
    const required = !(member instanceof z.ZodOptional);
    const inner: object = member instanceof z.ZodOptional ? member.unwrap() : member;
    const options = fileFields.get(inner);
    if (options) out.push({ name, required, ...options });
  }
  return out;
}

/** Whether a file of this name and MIME type is accepted by the field (case-insensitive). */
export function isAcceptedFile(field: Pick<FileFieldSpec, 'accept'>, fileName: string, contentType: string): boolean {
  if (!field.accept.length) return true;
  const name = fileName.toLowerCase();
  const type = contentType.toLowerCase().split(';')[0]!.trim();
  return field.accept.some((raw) => {
    const a = raw.toLowerCase();
    if (a.startsWith('.')) return name.endsWith(a);
    if (a.endsWith('/*')) return type.startsWith(a.slice(0, -1));
    return type === a;
  });
}

// Zod-free, so the transport (and a bundle that only sends requests) does not load zod with them.
export { contentDisposition, parseContentDisposition, toFormData } from './wire.ts';
