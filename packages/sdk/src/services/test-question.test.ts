import { describe, expect, it } from 'vitest';
import { choiceAnswerScore, countStemBlanks, fnv1a64, normaliseQuestionText, questionFingerprint, QuestionType } from './test-question.ts';

describe('countStemBlanks', () => {
  it('counts underscores of three or more, bracket pairs holding only spaces, and [[…]]', () => {
    expect(countStemBlanks('床前明月光，____。')).toBe(1);
    expect(countStemBlanks('学而时习之，____？有朋自远方来，______？')).toBe(2);
    expect(countStemBlanks('中国的首都是（  ），最长的河是(   )。')).toBe(2);
    expect(countStemBlanks('李白字[[太白]]，号[[青莲居士|谪仙人]]。')).toBe(2);
    expect(countStemBlanks('<p>压强的单位是 <u>____</u>，符号是&nbsp;(&nbsp;&nbsp;)</p>')).toBe(2);
  });

  it('does not count two underscores, brackets with text or empty brackets, or a snake_case word', () => {
    expect(countStemBlanks('a__b (注) f() my_var_name （甲）')).toBe(0);
  });
});

describe('choiceAnswerScore', () => {
  const { SingleChoice, MultipleChoice, IndefiniteChoice } = QuestionType.values;
  it('gives the full score for the exact set of keys whatever the type', () => {
    expect(choiceAnswerScore(SingleChoice, [1], [1], 2)).toBe(2);
    expect(choiceAnswerScore(MultipleChoice, [0, 2], [2, 0], 3)).toBe(3);
    expect(choiceAnswerScore(IndefiniteChoice, [0, 2, 3], [0, 2, 3], 4)).toBe(4);
  });

  it('indefinite choice: a subset of the keys without a wrong option earns half, rounded down to the half point', () => {
    expect(choiceAnswerScore(IndefiniteChoice, [0, 2, 3], [0, 3], 4)).toBe(2);
    expect(choiceAnswerScore(IndefiniteChoice, [0, 2], [2], 3)).toBe(1.5);
    expect(choiceAnswerScore(IndefiniteChoice, [0, 2], [2], 2.5)).toBe(1);
    expect(choiceAnswerScore(IndefiniteChoice, [0, 2], [2, 1], 4)).toBe(0);
    expect(choiceAnswerScore(IndefiniteChoice, [0, 2], [], 4)).toBe(0);
  });

  it('multiple choice: a subset earns nothing', () => {
    expect(choiceAnswerScore(MultipleChoice, [0, 2], [2], 4)).toBe(0);
  });
});

describe('normaliseQuestionText (the duplicate key)', () => {
  const same = (a: string, b: string) => expect(normaliseQuestionText(a)).toBe(normaliseQuestionText(b));
  const different = (a: string, b: string) => expect(normaliseQuestionText(a)).not.toBe(normaliseQuestionText(b));

  it('folds width, case, spacing, tags, prose punctuation, quotes and blanks', () => {
    same('<p>１＋１＝？ </p>', '1+1=?');
    same('题，目。', '题 目');
    same('元素“氢”的元素符号是？', '元素氢的元素符号是');
    same('《静夜思》的作者是……', '静夜思的作者是');
    same('下列说法正确的是（  ）', '下列说法正确的是');
    same('中国的首都是____。', '中国的首都是（ ）');
    same('坐标（2，9）', '坐标 (2, 9)');
    same('Hello, World.', 'hello world');
  });

  it('keeps what carries meaning in a formula or a coordinate', () => {
    different('点(2,9)到原点的距离', '点(-2,9)到原点的距离');
    different('圆周率约为3.14', '圆周率约为314');
    different('比为2:3', '比为23');
    different("求f'(x)", '求f(x)');
    different('1/2', '12');
    different('1+1', '1=1');
    different('(a+b)c', 'a+bc');
  });

  it('makes the fingerprint ignore option order but not a sign in an option', () => {
    const stem = '下列各点在第二象限的是';
    expect(questionFingerprint({ stem, options: [{ content: '(-2,9)' }, { content: '(2,9)' }] })).toBe(
      questionFingerprint({ stem, options: [{ content: '(2,9)' }, { content: '(-2,9)' }] }),
    );
    expect(questionFingerprint({ stem, options: [{ content: '(-2,9)' }, { content: '(2,-9)' }] })).not.toBe(
      questionFingerprint({ stem, options: [{ content: '(2,9)' }, { content: '(2,-9)' }] }),
    );
  });
});

describe('fnv1a64', () => {
  /** The definition, in BigInt arithmetic. */
  function reference(text: string): string {
    let h = 0xcbf29ce484222325n;
    for (let i = 0; i < text.length; i++) {
      h ^= BigInt(text.charCodeAt(i));
      h = (h * 0x100000001b3n) & 0xffffffffffffffffn;
    }
    return h.toString(16).padStart(16, '0');
  }

  it('gives the published test vectors and the definition on any UTF-16 text', () => {
    expect(fnv1a64('')).toBe('cbf29ce484222325');
    expect(fnv1a64('a')).toBe('af63dc4c8601ec8c');
    expect(fnv1a64('foobar')).toBe('85944171f73967e8');
    let seed = 7;
    const next = () => (seed = (seed * 1103515245 + 12345) % 2147483648);
    for (let n = 0; n < 300; n++) {
      const text = String.fromCharCode(...Array.from({ length: next() % 40 }, () => next() % 0x10000));
      expect(fnv1a64(text)).toBe(reference(text));
    }
    expect(fnv1a64('点(-2,9)关于原点的对称点是')).toBe(reference('点(-2,9)关于原点的对称点是'));
  });
});
