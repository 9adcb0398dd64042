import { describe, expect, it } from 'vitest';
import { htmlToRuns } from './html-runs.ts';

const textOf = (html: string) =>
  htmlToRuns(html)
    .map((r) => (r.kind === 'text' ? r.text : ''))
    .join('');

describe('entities in the bank rich text', () => {
  it('decodes the named ones it knows and numeric ones', () => {
    expect(textOf('<p>3 &times; 4 &lt; 13&#x2009;&#176;</p>')).toBe('3 × 4 < 13\u2009°');
  });

  it('keeps names of Object.prototype members and code points past Unicode as written', () => {
    expect(textOf('<p>&constructor; &valueOf; &toString;</p>')).toBe('&constructor; &valueOf; &toString;');
    expect(textOf('<p>&#x110000; &#99999999999;</p>')).toBe('&#x110000; &#99999999999;');
  });
});

describe('Unicode scripts', () => {
  it('become script runs of their compatibility characters, a script minus the minus sign U+2212', () => {
    const runs = htmlToRuns('<p>(xⁿ)′ = nxⁿ⁻¹，H₂O，x₋₁</p>').filter((r) => r.kind === 'text');
    expect(runs.map((r) => [r.text, r.script ?? null])).toEqual([
      ['(xⁿ)′ = nxⁿ', null],
      ['\u22121', 'sup'],
      ['，H', null],
      ['2', 'sub'],
      ['O，x', null],
      ['\u22121', 'sub'],
    ]);
    // What the duplicate check compares (NFKC) is unchanged by the split.
    expect(
      runs
        .map((r) => r.text)
        .join('')
        .normalize('NFKC'),
    ).toBe('(xⁿ)′ = nxⁿ⁻¹，H₂O，x₋₁'.normalize('NFKC'));
  });
});
