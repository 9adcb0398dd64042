/**
 * The words of a bulk add, as typed or pasted: one per line, or separated by
 * commas, enumeration commas (、), semicolons or spaces (half or full width).
 * Blank entries are dropped; a word listed twice is kept once (case-folded),
 * in the order first seen.
 */
export function parseWords(text: string): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const raw of text.split(/[\r\n,，、;；\s\u3000]+/)) {
    const word = raw.trim();
    if (!word) continue;
    const key = word.toLowerCase();
    if (seen.has(key)) continue;
    seen.add(key);
    out.push(word);
  }
  return out;
}
