import { randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
// Brings `request.isMultipart()` and `request.parts()` into the request type.
import type {} from '@fastify/multipart';
import { isAcceptedFile, type Endpoint, type FileContent, type FileDto, type FileFieldSpec, type ValidationErrorInfo } from '@edu/sdk';
import type { Prisma, PrismaClient } from '@edu/db';
import { localize, type Culture, type TableTextKey } from '../localization/text-tables.ts';
import { AbpValidationError, EntityNotFoundError, UserFriendlyError } from './errors.ts';
import { isGbk } from './gbk.ts';

/**
 * Files on the server (docs/architecture/files-and-jobs.md, "The file controller
 * and the file store"):
 * - the multipart reader behind every upload endpoint (`readMultipart`), with
 *   the endpoint's per-field size limit (413) and type/emptiness checks (400);
 * - the temp store of exports (`saveTempFile` -> `FileDto`, `readTempFile` for
 *   `/File/DownloadTempFile`), ASP.NET Zero's ITempFileCacheManager;
 * - stored uploads (`checkFileContent`, `storeFile`, `readStoredFile` for
 *   `/File/GetFile`, `publicFileUrl` for the link an upload answers).
 * Bytes live in the `StoredFile` table; the token is a random UUID. File names
 * are cleaned and capped (`cleanFileName`) on the way in and on the way out.
 */

/** How long an export stays downloadable (ASP.NET Zero keeps temp files for minutes). */
export const TEMP_FILE_LIFETIME_MS = 10 * 60_000;

/** Form fields besides files: count and size caps against abuse. */
const MAX_FORM_FIELDS = 100;
const MAX_FIELD_BYTES = 1024 * 1024;
/** RFC 2046's limit on a multipart boundary (busboy fails on more than 252 with a bare error). */
export const MAX_BOUNDARY_LENGTH = 70;
/** File names are kept to this many characters (code points), extension included. */
export const MAX_FILE_NAME_LENGTH = 120;

const pascal = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
const camel = (s: string) => s.charAt(0).toLowerCase() + s.slice(1);

function formatBytes(n: number): string {
  if (n >= 1024 * 1024) return `${+(n / (1024 * 1024)).toFixed(1)} MB`;
  if (n >= 1024) return `${+(n / 1024).toFixed(1)} KB`;
  return `${n} B`;
}

/**
 * 413 in ABP's error envelope (as the JSON body limit answers): the envelope
 * plugin sends any 4xx error's message with its status code.
 */
export class FileTooLargeError extends Error {
  readonly statusCode = 413;
  constructor(field: FileFieldSpec, culture: Culture) {
    super(localize(culture, 'FileTooLarge', pascal(field.name), formatBytes(field.maxBytes)));
  }
}

type FormValue = string | File;
export type FormFields = Record<string, FormValue | FormValue[]>;

function add(out: FormFields, key: string, value: FormValue) {
  const prev = out[key];
  out[key] = prev === undefined ? value : Array.isArray(prev) ? [...prev, value] : [prev, value];
}

/**
 * A file name fit to keep and to send back in `Content-Disposition`: the last
 * path segment, without control, format (bidirectional overrides, zero-width
 * characters, BOM), separator or lone surrogate characters, without leading or
 * trailing dots and spaces, at most `MAX_FILE_NAME_LENGTH` characters with its
 * extension kept; `fallback` when nothing is left.
 */
export function cleanFileName(raw: string, fallback: string): string {
  const base = raw.split(/[/\\]/).pop() ?? '';
  const trim = (s: string) => s.replace(/^[\s.]+|[\s.]+$/gu, '');
  const name = trim(base.replace(/[\p{Cc}\p{Cf}\p{Cs}\p{Zl}\p{Zp}]/gu, ''));
  const chars = [...name];
  if (chars.length <= MAX_FILE_NAME_LENGTH) return name || fallback;
  const ext = /\.[^.\s]{1,16}$/u.exec(name)?.[0] ?? '';
  const stem = chars.slice(0, MAX_FILE_NAME_LENGTH - [...ext].length).join('');
  return trim(stem) + ext || fallback;
}

/** A boundary over RFC 2046's 70 characters is a 400 naming it (busboy throws a bare error past 252). */
function checkBoundary(contentType: string, culture: Culture) {
  const boundary = /;\s*boundary\s*=\s*(?:"([^"]*)"|([^;\s]*))/i.exec(contentType);
  const length = (boundary?.[1] ?? boundary?.[2])?.length ?? 0;
  if (length > MAX_BOUNDARY_LENGTH)
    throw new AbpValidationError([{ message: localize(culture, 'MultipartBoundaryTooLong', length, MAX_BOUNDARY_LENGTH), members: ['$'] }]);
}

/**
 * Reads a multipart request into plain fields (text parts as strings, file
 * parts as `File`s) for model binding. A file over its field's limit throws
 * `FileTooLargeError`; parts for unknown file fields are drained and dropped,
 * as ASP.NET Core ignores unknown members. A request that is not multipart
 * reads as no fields, so the missing file is reported by validation.
 */
export async function readMultipart(request: FastifyRequest, endpoint: Endpoint, culture: Culture): Promise<FormFields> {
  const out: FormFields = {};
  if (!request.isMultipart()) return out;
  checkBoundary(request.headers['content-type'] ?? '', culture);
  const byLower = new Map(endpoint.files.map((f) => [f.name.toLowerCase(), f]));
  const largest = Math.max(...endpoint.files.map((f) => f.maxBytes));
  const parts = request.parts({
    limits: { fileSize: largest, files: endpoint.files.length, fields: MAX_FORM_FIELDS, fieldSize: MAX_FIELD_BYTES },
  });
  for await (const part of parts) {
    if (part.type === 'field') {
      add(out, part.fieldname, String(part.value));
      continue;
    }
    const field = byLower.get(part.fieldname.toLowerCase());
    if (!field) {
      part.file.resume();
      continue;
    }
    let bytes: Buffer;
    try {
      bytes = await part.toBuffer();
    } catch (err) {
      if (err instanceof Error && 'code' in err && err.code === 'FST_REQ_FILE_TOO_LARGE') throw new FileTooLargeError(field, culture);
      throw err;
    }
    // The stream limit is the largest field's; a smaller field is checked here.
    if (bytes.length > field.maxBytes) throw new FileTooLargeError(field, culture);
    add(out, part.fieldname, new File([new Uint8Array(bytes)], cleanFileName(part.filename, field.name), { type: part.mimetype }));
  }
  return out;
}

/** 400 entries for bound files that are empty or of a type the field does not accept. */
export function checkFiles(endpoint: Endpoint, input: unknown, culture: Culture): ValidationErrorInfo[] {
  const errors: ValidationErrorInfo[] = [];
  if (!input || typeof input !== 'object') return errors;
  for (const field of endpoint.files) {
    const file: unknown = Reflect.get(input, field.name);
    if (!(file instanceof Blob)) continue; // missing: zod has reported it
    const name = file instanceof File ? file.name : field.name;
    const member = camel(field.name);
    if (file.size === 0) errors.push({ message: localize(culture, 'FileEmpty', pascal(field.name)), members: [member] });
    else if (!isAcceptedFile(field, name, file.type))
      errors.push({
        // SVG is refused everywhere (no field accepts it): say why rather than only that.
        message: isSvgClaim(name, file.type)
          ? localize(culture, 'FileSvgRefused', name)
          : localize(culture, 'FileTypeNotAccepted', pascal(field.name), field.accept.join(', ')),
        members: [member],
      });
  }
  return errors;
}

const isSvgClaim = (name: string, type: string) => /\.svgz?$/i.test(name) || /^image\/svg/i.test(type);

// ---------------------------------------------------------------------------------------------
// Content against the declared type (stored uploads are served back: they must be what they say)

/** A kind of content a field may accept: its canonical type, the types and extensions it goes by, and what `file-type` calls it. */
interface ContentKind {
  label: string;
  mime: string;
  /** Other MIME types browsers and tools declare for it. */
  aliases?: readonly string[];
  exts: readonly string[];
  /** `file-type`'s `ext` for this content; `text` for text checked by `decodeText`. */
  detected: readonly string[] | 'text';
}

const ZIP_FAMILY = ['zip', 'docx', 'xlsx', 'pptx'];
const OOXML = (label: string, part: string, ext: string): ContentKind => ({
  label,
  mime: `application/vnd.openxmlformats-officedocument.${part}`,
  exts: [ext],
  // A package file-type cannot tell apart is still a ZIP: harmless, served as an attachment.
  detected: [ext.slice(1), 'zip'],
});

const KINDS: readonly ContentKind[] = [
  { label: 'JPEG', mime: 'image/jpeg', aliases: ['image/jpg', 'image/pjpeg'], exts: ['.jpg', '.jpeg', '.jpe', '.jfif'], detected: ['jpg'] },
  { label: 'PNG', mime: 'image/png', aliases: ['image/apng', 'image/x-png'], exts: ['.png', '.apng'], detected: ['png', 'apng'] },
  { label: 'GIF', mime: 'image/gif', exts: ['.gif'], detected: ['gif'] },
  { label: 'WebP', mime: 'image/webp', exts: ['.webp'], detected: ['webp'] },
  { label: 'BMP', mime: 'image/bmp', aliases: ['image/x-bmp', 'image/x-ms-bmp'], exts: ['.bmp'], detected: ['bmp'] },
  { label: 'PDF', mime: 'application/pdf', exts: ['.pdf'], detected: ['pdf'] },
  // Word, Excel and PowerPoint 97-2003 share one container (OLE/CFB): the extension tells them apart.
  { label: 'Word 97-2003', mime: 'application/msword', exts: ['.doc'], detected: ['cfb'] },
  { label: 'Excel 97-2003', mime: 'application/vnd.ms-excel', exts: ['.xls'], detected: ['cfb'] },
  { label: 'PowerPoint 97-2003', mime: 'application/vnd.ms-powerpoint', exts: ['.ppt'], detected: ['cfb'] },
  OOXML('Word', 'wordprocessingml.document', '.docx'),
  OOXML('Excel', 'spreadsheetml.sheet', '.xlsx'),
  OOXML('PowerPoint', 'presentationml.presentation', '.pptx'),
  { label: 'ZIP', mime: 'application/zip', aliases: ['application/x-zip-compressed', 'application/x-zip'], exts: ['.zip'], detected: ZIP_FAMILY },
  { label: 'RAR', mime: 'application/vnd.rar', aliases: ['application/x-rar-compressed', 'application/x-rar'], exts: ['.rar'], detected: ['rar'] },
  { label: '7z', mime: 'application/x-7z-compressed', exts: ['.7z'], detected: ['7z'] },
  { label: 'MP3', mime: 'audio/mpeg', aliases: ['audio/mp3'], exts: ['.mp3'], detected: ['mp3'] },
  { label: 'MP4', mime: 'video/mp4', aliases: ['audio/mp4', 'application/mp4'], exts: ['.mp4', '.m4v', '.m4a'], detected: ['mp4', 'm4v', 'm4a'] },
  { label: 'TXT', mime: 'text/plain', exts: ['.txt', '.text'], detected: 'text' },
  // Windows browsers declare a .csv as an Excel file.
  {
    label: 'CSV',
    mime: 'text/csv',
    aliases: ['application/csv', 'text/x-csv', 'text/comma-separated-values', 'application/vnd.ms-excel', 'text/plain'],
    exts: ['.csv'],
    detected: 'text',
  },
];

/** Declared types that say nothing about the content. */
const GENERIC_TYPES = new Set(['', 'application/octet-stream', 'binary/octet-stream', 'application/unknown']);

const baseType = (type: string) => type.split(';')[0]!.trim().toLowerCase();
const extensionOf = (name: string) => /\.[^.\s]{1,16}$/u.exec(name.toLowerCase())?.[0] ?? '';

const kindAccepted = (field: FileFieldSpec, kind: ContentKind) =>
  isAcceptedFile(field, '', kind.mime) || kind.exts.some((ext) => isAcceptedFile(field, `f${ext}`, ''));
const kindAgrees = (kind: ContentKind, declared: string, ext: string) =>
  (GENERIC_TYPES.has(declared) || declared === kind.mime || (kind.aliases?.includes(declared) ?? false)) && (!ext || kind.exts.includes(ext));

/** The text of a file if it is text: UTF-8 (BOM or not) or GBK, without NUL or other control characters but tab, line breaks and form feed. */
function decodeText(bytes: Uint8Array): string | null {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    if (!isGbk(bytes)) return null;
    text = new TextDecoder('gbk').decode(bytes);
  }
  return /(?![\t\n\v\f\r])\p{Cc}/u.test(text) ? null : text;
}

/**
 * Markup a browser would run script from: SVG anywhere in the first few
 * kilobytes of an XML-ish file, or HTML by the WHATWG sniffing rules (the
 * leading tags a browser takes for HTML).
 */
function markupOf(text: string): 'svg' | 'html' | null {
  const head = text
    .slice(0, 4096)
    .replace(/^[\s\uFEFF]+/u, '')
    .toLowerCase();
  if (!head.startsWith('<')) return null;
  if (/<svg[\s>/]/.test(head)) return 'svg';
  if (/^<(?:!doctype\s+html|html|head|script|iframe|h1|div|font|table|a|style|title|b|body|br|p|!--)[\s>]/.test(head)) return 'html';
  if (/^<\?xml/.test(head) && /<(?:html|script)[\s>]/.test(head)) return 'html';
  return null;
}

/**
 * Checks an upload's bytes (with `file-type`, text by decoding) against its
 * declared type, its name's extension and the field's accepted types, and
 * answers the type to store it under (the kind's canonical one). Anything else
 * is a 400 on the field naming the file and what its content is. SVG and HTML
 * are refused outright: served back, they could run script.
 */
export async function checkFileContent(field: FileFieldSpec, file: File, culture: Culture): Promise<string> {
  const say = (key: TableTextKey, ...args: string[]) => localize(culture, key, ...args);
  // Annotated so that a call narrows like `throw`.
  const refuse: (message: string) => never = (message) => {
    throw new AbpValidationError([{ message, members: [camel(field.name)] }]);
  };
  const bytes = new Uint8Array(await file.arrayBuffer());
  const declared = baseType(file.type);
  const ext = extensionOf(file.name);
  const byExt = ext ? KINDS.find((k) => k.exts.includes(ext)) : undefined;
  const byType = GENERIC_TYPES.has(declared) ? undefined : KINDS.find((k) => k.mime === declared || k.aliases?.includes(declared));

  // A few bytes of slack before the first MPEG frame, as recorders write them (file-type's suggestion).
  // file-type loads on the first upload checked, not at start.
  const { fileTypeFromBuffer } = await import('file-type');
  const detected = await fileTypeFromBuffer(bytes, { mpegOffsetTolerance: 10 });
  let candidates: readonly ContentKind[];
  let actual: string | null;
  if (detected && detected.ext !== 'xml') {
    candidates = KINDS.filter((k) => k.detected !== 'text' && k.detected.includes(detected.ext));
    actual = candidates[0]?.label ?? detected.ext.toUpperCase();
  } else {
    const text = decodeText(bytes);
    const markup = text === null ? null : markupOf(text);
    if (markup === 'svg' || (markup === null && isSvgClaim(file.name, declared))) refuse(say('FileSvgRefused', file.name));
    if (markup === 'html') refuse(say('FileHtmlRefused', file.name));
    candidates = text === null ? [] : KINDS.filter((k) => k.detected === 'text');
    actual = detected ? 'XML' : text === null ? null : say('FileKindText');
  }
  const accepted = candidates.filter((k) => kindAccepted(field, k));
  const agreeing = accepted.find((k) => kindAgrees(k, declared, ext));
  if (agreeing) return agreeing.mime;
  const allowed = field.accept.join(', ');
  if (!accepted.length && actual !== null) refuse(say('FileContentNotAccepted', file.name, actual, allowed));
  // What the file claims to be, by whichever of its name and type the content disagrees with.
  const nameDisagrees = ext !== '' && !accepted.some((k) => k.exts.includes(ext));
  const claimed = nameDisagrees ? (byExt?.label ?? ext) : (byType?.label ?? (GENERIC_TYPES.has(declared) ? null : declared));
  if (actual === null) {
    if ((byExt ?? byType)?.detected === 'text') refuse(say('FileNotText', file.name));
    refuse(claimed === null ? say('FileContentUnrecognised', file.name, allowed) : say('FileContentInvalid', file.name, claimed));
  }
  return refuse(say('FileContentMismatch', file.name, actual, claimed ?? declared));
}

export interface FileOwner {
  tenantId: number | null;
  userId: number | null;
}

export interface NewFile {
  fileName: string;
  contentType: string;
  bytes: Uint8Array;
}

/** Keeps an export for `TEMP_FILE_LIFETIME_MS` and answers its `FileDto`; expired temp files are purged on the way. */
export async function saveTempFile(prisma: PrismaClient, owner: FileOwner, file: NewFile): Promise<FileDto> {
  const now = new Date();
  await prisma.storedFile.deleteMany({ where: { kind: 'temp', expiresAt: { lt: now } } });
  const row = await prisma.storedFile.create({
    data: {
      token: randomUUID(),
      tenantId: owner.tenantId,
      userId: owner.userId,
      kind: 'temp',
      // Named after titles users typed: cleaned, and short enough for DownloadTempFile's `fileName`.
      fileName: cleanFileName(file.fileName, 'export'),
      contentType: file.contentType,
      size: file.bytes.byteLength,
      bytes: new Uint8Array(file.bytes),
      expiresAt: new Date(now.getTime() + TEMP_FILE_LIFETIME_MS),
    },
  });
  return { fileName: row.fileName, fileType: row.contentType, fileToken: row.token };
}

/**
 * An export's bytes for its owner (same tenant and user) within its lifetime.
 * Anything else, another tenant's token included, is the same user-friendly
 * error, so a token cannot be probed.
 */
export async function readTempFile(prisma: PrismaClient, owner: FileOwner, token: string, culture: Culture): Promise<FileContent> {
  const row = await prisma.storedFile.findUnique({ where: { token } });
  const valid =
    row &&
    row.kind === 'temp' &&
    row.tenantId === owner.tenantId &&
    row.userId === owner.userId &&
    row.expiresAt !== null &&
    row.expiresAt.getTime() > Date.now();
  if (!valid) throw new UserFriendlyError(localize(culture, 'FileExpired'));
  return {
    blob: new Blob([new Uint8Array(row.bytes)], { type: row.contentType }),
    fileName: cleanFileName(row.fileName, 'export'),
    contentType: row.contentType,
  };
}

/** Stores an upload for good under the type its content was checked as (`checkFileContent`); its token is its public handle. */
export async function storeFile(prisma: PrismaClient, owner: FileOwner, file: File, contentType: string) {
  return prisma.storedFile.create({
    data: {
      token: randomUUID(),
      tenantId: owner.tenantId,
      userId: owner.userId,
      kind: 'stored',
      fileName: cleanFileName(file.name, 'file'),
      // Served with this type and nosniff.
      contentType,
      size: file.size,
      bytes: new Uint8Array(await file.arrayBuffer()),
    },
  });
}

/** What storing needs of a client: the StoredFile delegate's create (the plain client's, or a transaction's). */
export interface FileStoreDb {
  storedFile: { create(args: { data: Prisma.StoredFileUncheckedCreateInput }): PromiseLike<unknown> };
}

/**
 * Stores bytes read from an imported file (a question's picture) for good
 * under a token chosen beforehand (the rich text already refers to it); the
 * caller has checked the content's type (raster images only).
 */
export async function storeFileBytes(db: FileStoreDb, owner: FileOwner, file: NewFile & { token: string }): Promise<void> {
  await db.storedFile.create({
    data: {
      token: file.token,
      tenantId: owner.tenantId,
      userId: owner.userId,
      kind: 'stored',
      fileName: cleanFileName(file.fileName, 'file'),
      contentType: file.contentType,
      size: file.bytes.byteLength,
      bytes: new Uint8Array(file.bytes),
    },
  });
}

/** Raster images are shown inline; anything else (SVG and HTML included) is an attachment. */
const INLINE_TYPES = new Set(['image/jpeg', 'image/png', 'image/gif', 'image/webp', 'image/bmp']);

/** A stored upload by token, for anyone holding it; an unknown token is a 404. */
export async function readStoredFile(prisma: PrismaClient, token: string): Promise<FileContent> {
  const row = await prisma.storedFile.findUnique({ where: { token } });
  if (!row || row.kind !== 'stored') throw new EntityNotFoundError('StoredFile', token);
  return {
    blob: new Blob([new Uint8Array(row.bytes)], { type: row.contentType }),
    // Rows stored before names were cleaned get a clean, short header too.
    fileName: cleanFileName(row.fileName, 'file'),
    contentType: row.contentType,
    inline: INLINE_TYPES.has(row.contentType),
  };
}

export interface PublicLinkOptions {
  /** `PUBLIC_BASE_URL`: every link starts with it when set. */
  baseUrl?: string | undefined;
  /** Origins the request may name itself by (`CORS_ORIGINS`), besides the server's own listen address. */
  trustedOrigins: Iterable<string>;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** How links to stored files are built (`publicFileUrl`). */
    publicLinks: PublicLinkOptions;
  }
}

/** `scheme://host[:port]` normalized (lower case, default port dropped), or null if it is not one. */
function originOf(raw: string): string | null {
  try {
    const url = new URL(raw);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.origin : null;
  } catch {
    return null;
  }
}

/** The origins the server answers on: its listen addresses, and `localhost` for a loopback or wildcard one. */
function listenOrigins(app: FastifyInstance): Set<string> {
  const out = new Set<string>();
  for (const a of app.addresses()) {
    if (typeof a === 'string') continue; // a pipe or socket file: no origin
    const hosts = a.family === 'IPv6' ? [`[${a.address}]`] : [a.address];
    if (['127.0.0.1', '::1', '0.0.0.0', '::'].includes(a.address)) hosts.push('localhost', '127.0.0.1');
    for (const host of hosts) {
      const origin = originOf(`http://${host}:${a.port}`);
      if (origin) out.add(origin);
    }
  }
  return out;
}

/**
 * The public address of a stored upload: on `PUBLIC_BASE_URL` when it is
 * configured; else on the origin the request names (scheme and Host) only when
 * that is the server's own listen address or a configured CORS origin; else
 * root-relative, which the console (served from the same origin) and the paper
 * export both resolve. A Host header alone never chooses the link's host.
 */
export function publicFileUrl(app: FastifyInstance, request: FastifyRequest, token: string): string {
  const path = `/File/GetFile?token=${encodeURIComponent(token)}`;
  const { baseUrl, trustedOrigins } = app.publicLinks;
  if (baseUrl) return baseUrl + path;
  const origin = originOf(`${request.protocol}://${request.host}`);
  if (origin && (new Set(trustedOrigins).has(origin) || listenOrigins(app).has(origin))) return origin + path;
  return path;
}
