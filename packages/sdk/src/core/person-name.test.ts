import { describe, expect, it } from 'vitest';
import { personName } from './person-name.ts';

describe('personName', () => {
  it('reads a Chinese name surname first without a space, others as Name Surname', () => {
    expect(personName('张', '伟')).toBe('张伟');
    expect(personName('欧阳', '娜娜')).toBe('欧阳娜娜');
    expect(personName('Smith', 'John')).toBe('John Smith');
  });

  it('shows a part once when both hold the same text (admin/admin), and the fallback when both are empty', () => {
    expect(personName('admin', 'admin', 'admin')).toBe('admin');
    expect(personName(' 张伟 ', '张伟')).toBe('张伟');
    expect(personName('', '伟')).toBe('伟');
    expect(personName(null, undefined, 'zhangwei')).toBe('zhangwei');
  });
});
