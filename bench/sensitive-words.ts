/**
 * What the one sensitive-word scanner costs per kB of text,
 * `pnpm --filter @edu/bench exec tsx sensitive-words.ts`:
 * plain text (a comment-like Chinese/English mix), rich text (an article body
 * with markup and character references) and a worst case (every character
 * disguised: mathematical letters with combining marks and zero-width spaces,
 * traditional characters with variation selectors, unknown named references),
 * each against the seeded dictionary and against 1,000 words; µs per kB of
 * UTF-8 input, best of five runs of at least 200 ms each.
 *
 * Before/after: the scanners the one scanner replaced (comments' `scanSensitive`
 * and the editorial surfaces' `findSensitiveWord` with `visibleText`) are read
 * from git at `SENSITIVE_BEFORE` (default 5ea9c37, the last commit with both)
 * and timed on the same texts; without git they are left out.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
// The server's type augmentations (the request context the scanner's module also serves) come with its app.
import type {} from '@edu/mock-server';
import { scanText, type SensitiveWord } from '@edu/mock-server/kit/sensitive-words';

const BEFORE = process.env.SENSITIVE_BEFORE ?? '5ea9c37';
const ROOT = path.resolve(import.meta.dirname, '..');

const word = (name: string, action: SensitiveWord['action'] = 'refuse'): SensitiveWord => ({ name, lower: name.trim().toLowerCase(), action });
const SEEDED = [
  ...['赌博', '代考', '作弊器', '替考', '考试答案出售', '办假证', '六合彩', '网络赌场', '外挂代练'].map((w) => word(w)),
  ...['骗子', '垃圾', '坑人', '傻子', 'VPN'].map((w) => word(w, 'mask')),
];
/** 1,000 words: the seeded ones and generated two- to four-character words that do not occur in the texts. */
const LARGE = [
  ...SEEDED,
  ...Array.from({ length: 1000 - SEEDED.length }, (_, i) =>
    word(String.fromCodePoint(0x4e00 + ((i * 7919) % 20000), 0x4e00 + ((i * 104729) % 20000), 0x9fa0 + (i % 5))),
  ),
];

const sentence = '这节课讲得很清楚，老师把二次函数的顶点公式推导了一遍。The lecture on quadratic functions was clear; 谢谢老师！';
const PLAIN = `${sentence} 有同学说是骗子，我觉得不是。`.repeat(40);
const RICH =
  `<h2>第一章 函数</h2><p class="lead">函数是<strong>一种对应关系</strong>&nbsp;&mdash; 对于 <em>x</em> 的每一个值，<span style="color:#c00">y</span> 都有唯一的值与之对应。</p><ul><li>定义域 &amp; 值域</li><li>图像&hellip;</li></ul><p><img src="/uploads/a.png" alt="图像"> 参考 <a href="https://example.com/x">资料</a>，不要用 VPN 下载盗版。</p>`.repeat(
    25,
  );
const WORST_PLAIN = '𝐯\u0301\u200B𝐩\uFE0F\u00AD𝐧 賭\uFE0F\u200B博 ᴠᴘɴ ｖｐｎ '.repeat(60);
const WORST_RICH = '<b>&#x200b;v&shy;p</b>n &zwnj;&#36172;&ZeroWidthSpace;博 &zz1x; &notin;&pscr; '.repeat(60);

type Scan = (text: string, words: readonly SensitiveWord[]) => unknown;

/** µs per kB of `text`: best of five runs of at least 200 ms each (the first call, warming up, not counted). */
function perKb(scan: Scan, text: string, words: readonly SensitiveWord[]): number {
  const kb = Buffer.byteLength(text) / 1024;
  scan(text, words);
  let best = Infinity;
  for (let run = 0; run < 5; run++) {
    let n = 0;
    const start = process.hrtime.bigint();
    let elapsed = 0;
    while (elapsed < 200) {
      scan(text, words);
      n++;
      elapsed = Number(process.hrtime.bigint() - start) / 1e6;
    }
    best = Math.min(best, (elapsed * 1000) / n / kb);
  }
  return best;
}

/** The two scanners before the one scanner, from git, or null. */
async function beforeScanners(): Promise<{ feedback: Scan; editorial: Scan } | null> {
  let scanner: string;
  let cache: string;
  try {
    const show = (file: string) =>
      execFileSync('git', ['show', `${BEFORE}:${file}`], { cwd: ROOT, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] });
    scanner = show('apps/mock-server/src/kit/sensitive-words.ts');
    cache = show('apps/mock-server/src/kit/dictionary-cache.ts');
  } catch {
    return null;
  }
  // Only the pure parts: the matching functions without their server imports.
  const pure = (source: string, from: RegExp, to: RegExp) => {
    const start = source.search(from);
    const end = source.slice(start).search(to);
    return start < 0 || end < 0 ? null : source.slice(start, start + end);
  };
  const feedback = pure(scanner, /^const IGNORED/m, /^\/\*\* The flag columns/m);
  const visible = pure(cache, /^const ENTITIES/m, /^\/\*\*\n \* The server's dictionary cache/m);
  if (!feedback || !visible) return null;
  const dir = mkdtempSync(path.join(os.tmpdir(), 'sensitive-before-'));
  const file = path.join(dir, 'before.ts');
  writeFileSync(
    file,
    `interface SensitiveWord { name: string; lower: string; action: 'refuse' | 'mask' }\n${feedback.replace(/\bexport /g, '')}\n${visible}\n` +
      'export { scanSensitive };\n' +
      'export function findSensitiveWord(words: readonly SensitiveWord[], text: string) {\n' +
      '  const haystack = visibleText(text).toLowerCase();\n  return words.find((w) => haystack.includes(w.lower))?.name ?? null;\n}\n',
  );
  try {
    const mod = (await import(pathToFileURL(file).href)) as {
      scanSensitive: (words: readonly SensitiveWord[], text: string) => unknown;
      findSensitiveWord: (words: readonly SensitiveWord[], text: string) => unknown;
    };
    return { feedback: (t, w) => mod.scanSensitive(w, t), editorial: (t, w) => mod.findSensitiveWord(w, t) };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const before = await beforeScanners();
const after = {
  plain: ((t, w) => scanText(w, t)) satisfies Scan,
  rich: ((t, w) => scanText(w, t, { rich: true })) satisfies Scan,
};
const cases: Array<{ name: string; text: string; now: Scan; old?: Scan | undefined }> = [
  { name: 'plain text (comment)', text: PLAIN, now: after.plain, old: before?.feedback },
  { name: 'plain text (title, refuse-all)', text: PLAIN, now: after.plain, old: before?.editorial },
  { name: 'rich text (article body)', text: RICH, now: after.rich, old: before?.editorial },
  { name: 'worst case, plain', text: WORST_PLAIN, now: after.plain, old: before?.feedback },
  { name: 'worst case, rich', text: WORST_RICH, now: after.rich, old: before?.editorial },
];

const fmt = (n: number | undefined) => (n === undefined ? '-' : n.toFixed(1).padStart(8));
console.log(`µs per kB (best of 5); before = ${before ? `git ${BEFORE}` : 'not available'}`);
console.log(`${'text'.padEnd(34)} ${'kB'.padStart(5)} | ${'seeded words'.padStart(21)} | ${'1,000 words'.padStart(21)}`);
console.log(
  `${''.padEnd(34)} ${''.padStart(5)} | ${'before'.padStart(10)} ${'after'.padStart(10)} | ${'before'.padStart(10)} ${'after'.padStart(10)}`,
);
for (const c of cases) {
  const kb = Buffer.byteLength(c.text) / 1024;
  const row = [SEEDED, LARGE].flatMap((words) => [c.old ? perKb(c.old, c.text, words) : undefined, perKb(c.now, c.text, words)]);
  console.log(`${c.name.padEnd(34)} ${kb.toFixed(1).padStart(5)} | ${fmt(row[0])}   ${fmt(row[1])} | ${fmt(row[2])}   ${fmt(row[3])}`);
}
