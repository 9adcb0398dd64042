import { z } from 'zod';

/**
 * Files in the contract (ABP-WIRE.md section 12, DESIGN.md "Files").
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

/**
 * Builds the multipart body of an upload: Blobs as file parts (keeping a
 * File's name), scalars as text, arrays as repeated fields, dates as ISO text,
 * other objects as JSON text. null/undefined members are left out.
 */
export function toFormData(input: unknown): FormData {
  const form = new FormData();
  if (!input || typeof input !== 'object') return form;
  for (const [key, value] of Object.entries(input)) {
    for (const v of Array.isArray(value) ? value : [value]) {
      if (v === undefined || v === null) continue;
      if (v instanceof Blob) form.append(key, v, v instanceof File ? v.name : key);
      else if (v instanceof Date) form.append(key, v.toISOString());
      else if (typeof v === 'object') form.append(key, JSON.stringify(v));
      else form.append(key, String(v));
    }
  }
  return form;
}

/** Characters RFC 5987 `attr-char` allows unencoded, beyond `encodeURIComponent`'s. */
const encodeRfc5987 = (s: string) => encodeURIComponent(s).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

/**
 * `Content-Disposition` for a file name in any script: an ASCII fallback
 * `filename="..."` for old clients plus RFC 5987/6266 `filename*=UTF-8''...`,
 * which modern browsers and `parseContentDisposition` prefer.
 */
export function contentDisposition(fileName: string, inline = false): string {
  const fallback = fileName.replace(/[^\x20-\x7e]|["\\%]/g, '_') || 'file';
  return `${inline ? 'inline' : 'attachment'}; filename="${fallback}"; filename*=UTF-8''${encodeRfc5987(fileName)}`;
}

/** Reads the file name (preferring `filename*`) and the disposition type from a `Content-Disposition` header. */
export function parseContentDisposition(header: string | null | undefined): { fileName: string | null; inline: boolean } {
  if (!header) return { fileName: null, inline: false };
  const inline = /^\s*inline\b/i.test(header);
  const star = /filename\*\s*=\s*([^']*)'[^']*'([^;]+)/i.exec(header);
  if (star) {
    const charset = star[1]!.trim().toLowerCase();
    const raw = star[2]!.trim().replace(/^"(.*)"$/, '$1');
    try {
      if (charset === 'utf-8' || charset === '') return { fileName: decodeURIComponent(raw), inline };
      // ISO-8859-1: each %XX is one code point.
      return { fileName: raw.replace(/%([0-9a-f]{2})/gi, (_m, h: string) => String.fromCharCode(parseInt(h, 16))), inline };
    } catch {
      /* malformed: fall back to filename= */
    }
  }
  const quoted = /filename\s*=\s*"((?:[^"\\]|\\.)*)"/i.exec(header);
  if (quoted) return { fileName: quoted[1]!.replace(/\\(.)/g, '$1'), inline };
  const bare = /filename\s*=\s*([^;\s]+)/i.exec(header);
  return { fileName: bare ? bare[1]! : null, inline };
}
