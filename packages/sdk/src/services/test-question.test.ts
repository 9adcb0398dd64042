import { describe, expect, it } from 'vitest';
import { choiceAnswerScore, countStemBlanks, QuestionType } from './test-question.ts';

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
