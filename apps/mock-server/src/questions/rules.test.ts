import { describe, expect, it } from 'vitest';
import { answerErrors, type Part } from './rules.ts';

/** The rule's text key and arguments, as a message (no localization needed to tell which rule fired). */
const t = (key: string, ...args: Array<string | number>) => [key, ...args].join(':');

const choice = (...contents: string[]): Part => ({
  questionType: 1,
  stem: '<p>方程的解是（ ）</p>',
  analysis: null,
  score: 2,
  trueFalseAnswer: null,
  blanks: null,
  referenceAnswer: null,
  options: contents.map((content, i) => ({ content, isCorrect: i === 0 })),
});

describe('repeated options', () => {
  it('tells options apart by their signs and brackets (x = 3 is not x = -3)', () => {
    expect(answerErrors(choice('x = 3', 'x = -3', '(2, 9)', '(-2, 9)', '[2, 9]'), t)).toEqual([]);
  });

  it('still finds the same option written with other spaces, case, width or markup', () => {
    const errors = answerErrors(choice('<p>x = 3</p>', 'X  =  3', 'ｘ = 3', 'y'), t);
    expect(errors.map((e) => [e.members, e.message])).toEqual([
      [['options[1].content'], 'OptionRepeated:A'],
      [['options[2].content'], 'OptionRepeated:A'],
    ]);
  });

  it('tells options of pictures only apart by their markup', () => {
    expect(answerErrors(choice('<img src="/File/GetFile?token=a">', '<img src="/File/GetFile?token=b">'), t)).toEqual([]);
  });
});
