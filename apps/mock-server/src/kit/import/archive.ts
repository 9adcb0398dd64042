import { createInflateRaw, inflateRawSync } from 'node:zlib';

/**
 * Checks an uploaded ZIP package (xlsx, docx, later QTI) before any library
 * opens it: the central directory is walked here and every entry inflated
 * (node:zlib, streamed, the output counted and dropped), so a small file
 * that would expand to gigabytes is refused while it inflates, after at most
 * the limit's worth of work, never after. exceljs and mammoth (JSZip) read
 * entries by the same central directory and local headers, so what they
 * inflate afterwards is what was counted here.
 *
 * Refused: more entries than `maxEntries`; an entry inflating past
 * `maxEntryBytes`, or past `maxRatio` times its compressed size once it is
 * over `ratioGraceBytes` (Apache POI's rule: real XML parts compress 5-30
 * fold, bombs a thousand fold); all entries together past `maxTotalBytes`;
 * a compression method other than stored or deflate, or encryption; an XML
 * part (`.xml`, `.rels`, `.vml`) with a document type declaration
 * (`<!DOCTYPE`, inside which entities are declared: Office never writes
 * one; entity expansion is the "billion laughs").
 */

export interface ArchiveLimits {
  maxEntries: number;
  maxEntryBytes: number;
  maxTotalBytes: number;
  maxRatio: number;
  ratioGraceBytes: number;
}

const MiB = 1024 * 1024;

export const ARCHIVE_LIMITS: ArchiveLimits = {
  maxEntries: 1000,
  maxEntryBytes: 64 * MiB,
  maxTotalBytes: 128 * MiB,
  maxRatio: 100,
  ratioGraceBytes: 1 * MiB,
};

/** Why an archive was refused (the reader words it for the user). */
export type ArchiveProblem =
  | { kind: 'notZip' }
  | { kind: 'entries'; limit: number }
  | { kind: 'entrySize'; entry: string; limit: number }
  | { kind: 'totalSize'; limit: number }
  | { kind: 'ratio'; entry: string; limit: number }
  | { kind: 'unsupported'; entry: string }
  | { kind: 'entities'; entry: string };

export class ArchiveRefused extends Error {
  constructor(readonly problem: ArchiveProblem) {
    super(`archive refused: ${problem.kind}`);
  }
}

interface Entry {
  name: string;
  method: number;
  flags: number;
  compressedSize: number;
  localOffset: number;
}

const EOCD = 0x06054b50;
const EOCD64_LOCATOR = 0x07064b50;
const EOCD64 = 0x06064b50;
const CENTRAL = 0x02014b50;
const LOCAL = 0x04034b50;

const refuse = (problem: ArchiveProblem): never => {
  throw new ArchiveRefused(problem);
};

/** The central directory's entries (ZIP64 sizes and offsets included). */
function entriesOf(bytes: Uint8Array, limits: ArchiveLimits): Entry[] {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const u16 = (at: number) => view.getUint16(at, true);
  const u32 = (at: number) => view.getUint32(at, true);
  const u64 = (at: number) => Number(view.getBigUint64(at, true));
  // The end record: the last signature within its largest size (22 bytes + a 65,535-byte comment), as JSZip looks for it.
  let end = -1;
  for (let at = bytes.length - 22; at >= Math.max(0, bytes.length - 22 - 0xffff); at--) {
    if (u32(at) === EOCD) {
      end = at;
      break;
    }
  }
  if (end < 0) return refuse({ kind: 'notZip' });
  let dirOffset = u32(end + 16);
  let dirSize = u32(end + 12);
  // Where the directory must end: at the end record, or at the ZIP64 end record when there is one.
  let dirEnd = end;
  // ZIP64 only when the end record says so (saturated fields), as JSZip decides.
  const saturated = u16(end + 10) === 0xffff || dirSize === 0xffffffff || dirOffset === 0xffffffff;
  if (saturated && end >= 20 && u32(end - 20) === EOCD64_LOCATOR) {
    const at64 = u64(end - 12);
    if (at64 + 56 > bytes.length || u32(at64) !== EOCD64) return refuse({ kind: 'notZip' });
    dirSize = u64(at64 + 40);
    dirOffset = u64(at64 + 48);
    dirEnd = at64;
  }
  // JSZip shifts every offset when the directory does not end there (bytes prepended): such a file is refused, so both read the same entries.
  if (dirOffset + dirSize !== dirEnd) return refuse({ kind: 'notZip' });
  const entries: Entry[] = [];
  let at = dirOffset;
  // Every record while the signature holds, whatever count the end record claims (JSZip reads them so).
  while (at + 4 <= bytes.length && u32(at) === CENTRAL) {
    if (entries.length === limits.maxEntries) return refuse({ kind: 'entries', limit: limits.maxEntries });
    if (at + 46 > bytes.length) return refuse({ kind: 'notZip' });
    const nameLength = u16(at + 28);
    const extraLength = u16(at + 30);
    const commentLength = u16(at + 32);
    const name = Buffer.from(bytes.buffer, bytes.byteOffset + at + 46, Math.min(nameLength, bytes.length - at - 46)).toString('utf8');
    let compressedSize = u32(at + 20);
    let localOffset = u32(at + 42);
    const uncompressed32 = u32(at + 24);
    // ZIP64 extended information: the 8-byte values present, in order, for the fields saturated above.
    for (let x = at + 46 + nameLength; x + 4 <= at + 46 + nameLength + extraLength && x + 4 <= bytes.length;) {
      const id = u16(x);
      const size = u16(x + 2);
      if (id === 0x0001) {
        let field = x + 4;
        if (uncompressed32 === 0xffffffff) field += 8;
        if (compressedSize === 0xffffffff && field + 8 <= bytes.length) {
          compressedSize = u64(field);
          field += 8;
        }
        if (localOffset === 0xffffffff && field + 8 <= bytes.length) localOffset = u64(field);
      }
      x += 4 + size;
    }
    entries.push({ name, method: u16(at + 10), flags: u16(at + 8), compressedSize, localOffset });
    at += 46 + nameLength + extraLength + commentLength;
  }
  return entries;
}

/** The entry's compressed bytes, found through its local header as JSZip finds them. */
function dataOf(bytes: Uint8Array, e: Entry): Uint8Array {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (e.localOffset + 30 > bytes.length || view.getUint32(e.localOffset, true) !== LOCAL) return refuse({ kind: 'notZip' });
  const start = e.localOffset + 30 + view.getUint16(e.localOffset + 26, true) + view.getUint16(e.localOffset + 28, true);
  if (start + e.compressedSize > bytes.length) return refuse({ kind: 'notZip' });
  return bytes.subarray(start, start + e.compressedSize);
}

const XML_PART = /\.(xml|rels|vml)$/i;
/** The start of a DTD (entities can only be declared inside one), in UTF-8 and UTF-16 (little and big endian). */
const DTD_MARKERS = [Buffer.from('<!DOCTYPE', 'latin1'), Buffer.from('<!DOCTYPE', 'utf16le'), Buffer.from('<!DOCTYPE', 'utf16le').subarray(1)];
const LONGEST_MARKER = Math.max(...DTD_MARKERS.map((m) => m.length));

/**
 * Inflates one entry, counting: aborts as soon as it passes its own limit
 * (size, ratio) or the archive's remaining budget; answers its size. XML
 * parts are searched for DTD markers on the way (the tail of each chunk is
 * kept, so a marker split between two chunks is found).
 */
function inflateCounting(e: Entry, data: Uint8Array, budget: number, limits: ArchiveLimits): Promise<number> {
  const ratioCap = Math.max(limits.ratioGraceBytes, data.length * limits.maxRatio);
  // The tightest of the three limits is where inflating stops, and what the refusal names.
  const [cap, problem] = (
    [
      [limits.maxEntryBytes, { kind: 'entrySize', entry: e.name, limit: limits.maxEntryBytes }],
      [ratioCap, { kind: 'ratio', entry: e.name, limit: limits.maxRatio }],
      [budget, { kind: 'totalSize', limit: limits.maxTotalBytes }],
    ] satisfies Array<[number, ArchiveProblem]>
  ).reduce((a, b) => (b[0] < a[0] ? b : a));
  const xml = XML_PART.test(e.name);
  const scan = (chunk: Buffer) => DTD_MARKERS.some((m) => chunk.includes(m));
  if (e.method === 0) {
    if (data.length > cap) return Promise.reject(new ArchiveRefused(problem));
    if (xml && scan(Buffer.from(data.buffer, data.byteOffset, data.length)))
      return Promise.reject(new ArchiveRefused({ kind: 'entities', entry: e.name }));
    return Promise.resolve(data.length);
  }
  return new Promise((resolve, reject) => {
    const inflate = createInflateRaw({ chunkSize: 256 * 1024 });
    let size = 0;
    let tail = Buffer.alloc(0);
    let settled = false;
    const fail = (problem: ArchiveProblem | null) => {
      if (settled) return;
      settled = true;
      inflate.destroy();
      reject(problem ? new ArchiveRefused(problem) : new ArchiveRefused({ kind: 'notZip' }));
    };
    inflate.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > cap) return fail(problem);
      if (xml) {
        // The chunk, and the seam with the previous one (a marker split between them).
        if (scan(chunk) || scan(Buffer.concat([tail, chunk.subarray(0, LONGEST_MARKER)]))) return fail({ kind: 'entities', entry: e.name });
        tail = Buffer.from(chunk.subarray(Math.max(0, chunk.length - LONGEST_MARKER)));
      }
    });
    inflate.on('error', () => fail(null));
    inflate.on('end', () => {
      if (settled) return;
      settled = true;
      resolve(size);
    });
    inflate.end(data);
  });
}

/** Throws `ArchiveRefused` unless every entry of the ZIP package inflates within `limits`. */
export async function checkArchive(bytes: Uint8Array, limits: ArchiveLimits = ARCHIVE_LIMITS): Promise<void> {
  const entries = entriesOf(bytes, limits);
  let total = 0;
  for (const e of entries) {
    if (e.flags & 0x1 || (e.method !== 0 && e.method !== 8)) refuse({ kind: 'unsupported', entry: e.name });
    total += await inflateCounting(e, dataOf(bytes, e), limits.maxTotalBytes - total, limits);
  }
}

/**
 * The entries of a ZIP package (a QTI content package), by name, once
 * `checkArchive` has passed them: every entry is then known to inflate within
 * the limits, so it is inflated whole (folders, names ending `/`, left out).
 */
export async function readArchive(bytes: Uint8Array, limits: ArchiveLimits = ARCHIVE_LIMITS): Promise<Map<string, Uint8Array>> {
  await checkArchive(bytes, limits);
  const out = new Map<string, Uint8Array>();
  for (const e of entriesOf(bytes, limits)) {
    if (e.name.endsWith('/')) continue;
    const data = dataOf(bytes, e);
    out.set(e.name, e.method === 0 ? data : new Uint8Array(inflateRawSync(data, { maxOutputLength: limits.maxEntryBytes })));
  }
  return out;
}
