import { describe, expect, it } from 'vitest';
import { fullNameOf } from './names.ts';

describe('fullNameOf', () => {
  it('names a creator whose name and surname are both admin once, not "admin admin"', () => {
    expect(fullNameOf({ name: 'admin', surname: 'admin' })).toBe('admin');
  });

  it('keeps Chinese names surname first and others Name Surname', () => {
    expect(fullNameOf({ name: '伟', surname: '张' })).toBe('张伟');
    expect(fullNameOf({ name: 'John', surname: 'Smith' })).toBe('John Smith');
  });
});
