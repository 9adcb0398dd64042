import { beforeAll, describe, expect, it } from 'vitest';
import {
  expectRefused,
  HAN_DISGUISES,
  HAN_WORD,
  LATIN_DISGUISES,
  LATIN_WORD,
  RICH_DISGUISES,
  sensitiveSurfaces,
  type Surface,
} from '../testing/sensitive-surfaces.ts';
import { useTestApp } from '../testing/test-app.ts';
import { scanText, sensitiveAction, skeletonOf, type SensitiveWord } from './sensitive-words.ts';

const word = (name: string, action: SensitiveWord['action']): SensitiveWord => ({ name, lower: name.toLowerCase(), action });
const words = [word('骗子', 'mask'), word('垃圾', 'mask'), word('赌博', 'refuse'), word('VPN', 'mask')];

describe('scanText', () => {
  it('masks every occurrence of a mask word, counts each, lists the words in order of first occurrence', () => {
    const s = scanText(words, '这个垃圾课程的老师是骗子，真是骗子！');
    expect(s.text).toBe('这个**课程的老师是**，真是**！');
    expect(s.hits).toBe(3);
    expect(s.words).toEqual(['垃圾', '骗子']);
    expect(s.refused).toBeNull();
  });

  it('reads the text normalized: spaces and punctuation between characters, full-width letters, case', () => {
    const s = scanText(words, '有人说他是骗 子，还用ｖｐｎ和v.p.n');
    expect(s.hits).toBe(3);
    expect(s.text).toBe('有人说他是* *，还用***和*.*.*');
  });

  it('refuses a text holding a refuse word, naming it, whatever else it holds', () => {
    const s = scanText(words, '骗子在搞赌-博');
    expect(s.refused).toBe('赌博');
    expect(s.text).toBe('骗子在搞赌-博');
  });

  it('leaves clean text alone', () => {
    expect(scanText(words, '讲得很清楚，谢谢老师')).toEqual({ text: '讲得很清楚，谢谢老师', hits: 0, words: [], refused: null, matches: [] });
  });

  it('sees through every disguise of the hostile-input issue, masking only the characters that matched', () => {
    const cases: Array<[string, string]> = [
      ['用v\u200Bpn', '用*\u200B**'], // zero-width space (kept, it is not part of the word)
      ['用v\u00ADpn', '用*\u00AD**'], // soft hyphen
      ['用v\u0301pn', '用***'], // a combining mark goes with its letter
      ['用v\uFE0Fpn', '用***'], // a variation selector likewise
      ['用ｖｐｎ', '用***'], // full-width
      ['用𝐯𝐩𝐧', '用***'], // mathematical bold (two UTF-16 units each, one star)
      ['用vрn', '用***'], // Cyrillic er
      ['用ᴠᴘɴ', '用***'], // small capitals
      ['用VΡΝ', '用***'], // Greek capitals
      ['用ṽpñ', '用***'], // precomposed accents
      ['这骗\u0301子和垃\uFE0F圾', '这**和**'],
    ];
    for (const [text, masked] of cases) {
      const s = scanText(words, text);
      expect(s, JSON.stringify(text)).toMatchObject({ text: masked, refused: null });
      expect(s.hits, JSON.stringify(text)).toBeGreaterThan(0);
    }
  });

  it('refuses traditional characters of a simplified word and a dictionary word written traditional', () => {
    expect(scanText(words, '網上賭博').refused).toBe('赌博');
    expect(scanText([word('賭場', 'refuse')], '网上赌场').refused).toBe('賭場');
    expect(scanText(words, '賭\u200B博').refused).toBe('赌博');
  });

  it('reads rich text as a reader sees it and masks the characters, never the markup', () => {
    expect(scanText(words, '<p>&#36172;<b>博</b></p>', { rich: true }).refused).toBe('赌博');
    expect(scanText(words, '<p>&#x8D4C;&#21338;</p>', { rich: true }).refused).toBe('赌博');
    const s = scanText(words, '<p class="vpn">用 v&shy;<em>p</em>&#110; 和 ve&#x200b;pn</p><!-- vpn -->', { rich: true });
    expect(s.text).toBe('<p class="vpn">用 *&shy;<em>*</em>* 和 ve&#x200b;pn</p><!-- vpn -->');
    expect(s.hits).toBe(1);
    // Legacy references without a semicolon, and names only the full HTML table knows.
    expect(scanText(words, 'v&shypn', { rich: true }).hits).toBe(1);
    expect(scanText(words, '&pscr;骗&ZeroWidthSpace;子', { rich: true }).text).toBe('&pscr;*&ZeroWidthSpace;*');
    // Plain text is not HTML: its tags are text.
    expect(scanText(words, 'v<b>pn</b>').hits).toBe(0);
    expect(scanText(words, 'a < b &amp; c', { rich: true }).matches).toEqual([]);
  });

  it('reports every match with its place in the original text', () => {
    const s = scanText(words, '𝐯𝐩𝐧，赌 博');
    expect(s.matches).toEqual([
      { word: 'VPN', action: 'mask', start: 0, end: 6 },
      { word: '赌博', action: 'refuse', start: 7, end: 10 },
    ]);
    expect(s.refused).toBe('赌博');
  });

  it('survives hostile text: lone surrogates, controls, huge and empty input', () => {
    expect(scanText(words, '\uD800v\uDC00pn\u0000').hits).toBe(1);
    expect(scanText(words, '').matches).toEqual([]);
    expect(scanText(words, '&#0;&#xD800;&#99999999;<', { rich: true }).matches).toEqual([]);
    // Names of Object.prototype are no references (literal text), not a crash.
    expect(scanText(words, '&constructor; vpn &toString;&__proto__;&hasOwnProperty', { rich: true }).hits).toBe(1);
    const big = '骗子'.repeat(50_000);
    const s = scanText(words, big);
    expect(s.hits).toBe(50_000);
    expect(s.text).toBe('*'.repeat(100_000));
  });

  it('builds the same skeleton with and without source positions (the first look of a scan has none)', () => {
    const texts = [
      ...Object.values(HAN_DISGUISES),
      ...Object.values(LATIN_DISGUISES).flat(),
      ...Object.values(RICH_DISGUISES).flat(),
      '<p>&#36172;<b>博</b> 網上賭博 ｖｐｎ 𝐯𝐩𝐧 ṽpñ</p><!-- x -->',
      '\uD800v\uDC00pn\u0000 Ab9 ，。\u200B骗\u0301子',
      '&pscr;骗&ZeroWidthSpace;子 v&shypn &amp;&lt;&#110;',
    ];
    // Random mixes of the characters that take each path: plain, folded, ignored, astral, references, tags.
    const pieces = ['讲', '賭', 'A', 'z', '9', ' ', '，', '\u0301', '𝐯', '\uD800', '&#110;', '&shy;', '<b>', '</b>', '&', '<', 'ｖ'];
    let seed = 7;
    const next = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31);
    for (let n = 0; n < 300; n++) texts.push(Array.from({ length: 1 + (next() % 40) }, () => pieces[next() % pieces.length]).join(''));
    for (const text of texts)
      for (const rich of [false, true]) expect(skeletonOf(text, rich, false).text, JSON.stringify(text)).toBe(skeletonOf(text, rich, true).text);
  });

  it('reads the action from the entry value: mask or * mask, anything else refuses', () => {
    expect(sensitiveAction('mask')).toBe('mask');
    expect(sensitiveAction(' MASK ')).toBe('mask');
    expect(sensitiveAction('*')).toBe('mask');
    expect(sensitiveAction(null)).toBe('refuse');
    expect(sensitiveAction('refuse')).toBe('refuse');
    expect(sensitiveAction('拦截')).toBe('refuse');
  });
});

/**
 * Every family of scanned text over real HTTP on a real SQLite file: each
 * disguise of the hostile-input issue is refused (editorial, staff and answer
 * surfaces refuse every word; refuse words everywhere) or masked in the stored
 * text, the rest of the text kept as written (member feedback).
 */
describe('the one scanner on every surface', () => {
  const t = useTestApp({ signIn: false });
  let surfaces: Surface[];
  beforeAll(async () => {
    surfaces = await sensitiveSurfaces(t);
  }, 60_000);

  it('refuses the refuse word 赌博 in every disguise on every surface', async () => {
    for (const s of surfaces) for (const [label, text] of Object.entries(HAN_DISGUISES)) expectRefused(s, await s.write(text), HAN_WORD, label);
  }, 60_000);

  it('masks the mask word VPN in every disguise on member feedback, and refuses it everywhere else', async () => {
    for (const s of surfaces)
      for (const [label, [text, masked]] of Object.entries(LATIN_DISGUISES)) {
        const r = await s.write(text);
        if (!s.masks) {
          expectRefused(s, r, LATIN_WORD, label);
          continue;
        }
        expect(r.status, `${s.name}, ${label}: ${JSON.stringify(r.body)}`).toBe(200);
        expect(r.stored, `${s.name}, ${label}`).toBe(r.sent.replace(text, masked));
        expect(r.body.result).toMatchObject({ sensitiveHits: 1, sensitiveWords: [LATIN_WORD] });
      }
  }, 60_000);

  it('reads rich text as its reader does: references and tags inside a word hide nothing', async () => {
    const rich = surfaces.filter((s) => s.rich);
    expect(rich.length).toBeGreaterThan(0);
    for (const s of rich) for (const [label, [text, word]] of Object.entries(RICH_DISGUISES)) expectRefused(s, await s.write(text), word, label);
  }, 30_000);

  it('leaves clean text alone on every surface', async () => {
    for (const s of surfaces) {
      const r = await s.write('讲得很清楚，谢谢老师');
      expect(r.status, `${s.name}: ${JSON.stringify(r.body)}`).toBe(200);
    }
  }, 30_000);
});
