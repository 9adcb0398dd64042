/** Multipart bodies and `Content-Disposition`: the transport's file handling, without schemas (no zod). */

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
