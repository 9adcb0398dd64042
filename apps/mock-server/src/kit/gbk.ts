// Its own module: the read worker (kit/import/read-worker.ts) decodes GBK files without evaluating
// kit/files.ts, which imports zod and the SDK's schemas.

/**
 * Whether bytes are well-formed GBK/GB 18030: ASCII, 0x80, two-byte pairs
 * (lead 0x81-0xFE, trail 0x40-0x7E or 0x80-0xFE) and four-byte sequences
 * (lead, digit, lead, digit). ICU's decoder skips some invalid bytes (0xFF)
 * even when fatal, so the structure is checked here.
 */
export function isGbk(bytes: Uint8Array): boolean {
  const lead = (b: number | undefined) => b !== undefined && b >= 0x81 && b <= 0xfe;
  const digit = (b: number | undefined) => b !== undefined && b >= 0x30 && b <= 0x39;
  for (let i = 0; i < bytes.length;) {
    const b = bytes[i]!;
    if (b <= 0x80) i += 1;
    else if (!lead(b)) return false;
    else if (digit(bytes[i + 1])) {
      if (!lead(bytes[i + 2]) || !digit(bytes[i + 3])) return false;
      i += 4;
    } else {
      const t = bytes[i + 1];
      if (t === undefined || t < 0x40 || t === 0x7f || t === 0xff) return false;
      i += 2;
    }
  }
  return true;
}
