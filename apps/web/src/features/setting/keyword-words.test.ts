import { describe, expect, it } from 'vitest';
import { parseWords } from './keyword-words.ts';

describe('bulk dictionary words', () => {
  it('splits on lines, commas, enumeration commas, semicolons and spaces', () => {
    expect(parseWords('中考\n高考，期末考试、月考;周测；模拟  考试\u3000真题\r\n')).toEqual([
      '中考',
      '高考',
      '期末考试',
      '月考',
      '周测',
      '模拟',
      '考试',
      '真题',
    ]);
  });
  it('drops blanks and keeps the first of repeated words, case-folded', () => {
    expect(parseWords(' ,, \n')).toEqual([]);
    expect(parseWords('VIP vip 会员 会员 Vip')).toEqual(['VIP', '会员']);
  });
});
