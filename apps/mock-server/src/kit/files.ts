import { randomUUID } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
// Brings `request.isMultipart()` and `request.parts()` into the request type.
import type {} from '@fastify/multipart';
import { isAcceptedFile, type Endpoint, type FileContent, type FileDto, type FileFieldSpec, type ValidationErrorInfo } from '@edu/sdk';
import type { PrismaClient } from '@edu/db';
import type { Culture } from '../localization/texts.ts';
import { EntityNotFoundError, UserFriendlyError } from './errors.ts';

/**
 * Files on the server (ABP-WIRE.md section 12):
 * - the multipart reader behind every upload endpoint (`readMultipart`), with
 *   the endpoint's per-field size limit (413) and type/emptiness checks (400);
 * - the temp store of exports (`saveTempFile` -> `FileDto`, `readTempFile` for
 *   `/File/DownloadTempFile`), ASP.NET Zero's ITempFileCacheManager;
 * - stored uploads (`storeFile`, `readStoredFile` for `/File/GetFile`).
 * Bytes live in the `StoredFile` table; the token is a random UUID.
 */

/** How long an export stays downloadable (ASP.NET Zero keeps temp files for minutes). */
export const TEMP_FILE_LIFETIME_MS = 10 * 60_000;

/** Form fields besides files: count and size caps against abuse. */
const MAX_FORM_FIELDS = 100;
const MAX_FIELD_BYTES = 1024 * 1024;

const texts = {
  'zh-Hans': {
    tooLarge: (name: string, limit: string) => `文件过大：${name} 不能超过 ${limit}。`,
    empty: (name: string) => `${name}: 文件不能为空。`,
    type: (name: string, accept: string) => `${name}: 不支持该文件类型，允许的类型为 ${accept}。`,
    expired: '文件不存在或已过期，请重新导出。',
  },
  en: {
    tooLarge: (name: string, limit: string) => `The file is too large: ${name} may be at most ${limit}.`,
    empty: (name: string) => `${name}: the file is empty.`,
    type: (name: string, accept: string) => `${name}: this file type is not accepted; allowed: ${accept}.`,
    expired: 'The file does not exist or has expired; please export it again.',
  },
} as const satisfies Record<Culture, unknown>;

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
    super(texts[culture].tooLarge(pascal(field.name), formatBytes(field.maxBytes)));
  }
}

type FormValue = string | File;
export type FormFields = Record<string, FormValue | FormValue[]>;

function add(out: FormFields, key: string, value: FormValue) {
  const prev = out[key];
  out[key] = prev === undefined ? value : Array.isArray(prev) ? [...prev, value] : [prev, value];
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
    add(out, part.fieldname, new File([new Uint8Array(bytes)], part.filename || field.name, { type: part.mimetype }));
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
    if (file.size === 0) errors.push({ message: texts[culture].empty(pascal(field.name)), members: [member] });
    else if (!isAcceptedFile(field, name, file.type))
      errors.push({ message: texts[culture].type(pascal(field.name), field.accept.join(', ')), members: [member] });
  }
  return errors;
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
      fileName: file.fileName,
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
  if (!valid) throw new UserFriendlyError(texts[culture].expired);
  return { blob: new Blob([new Uint8Array(row.bytes)], { type: row.contentType }), fileName: row.fileName, contentType: row.contentType };
}

/** Stores an upload for good; its token is its public handle. */
export async function storeFile(prisma: PrismaClient, owner: FileOwner, file: File) {
  return prisma.storedFile.create({
    data: {
      token: randomUUID(),
      tenantId: owner.tenantId,
      userId: owner.userId,
      kind: 'stored',
      fileName: file.name,
      // The type is the one the upload was accepted under, normalized; served with nosniff.
      contentType: (file.type || 'application/octet-stream').split(';')[0]!.trim().toLowerCase(),
      size: file.size,
      bytes: new Uint8Array(await file.arrayBuffer()),
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
    fileName: row.fileName,
    contentType: row.contentType,
    inline: INLINE_TYPES.has(row.contentType),
  };
}
