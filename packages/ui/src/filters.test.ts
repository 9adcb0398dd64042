import { describe, expect, it } from 'vitest';
import { formatDateTimeUtc8, formatDateUtc8, joinLines, nameById, parseUtcInstant } from './filters.ts';

describe('joinLines', () => {
  it('numbers lines with circled digits and joins them with a full-width semicolon', () => {
    expect(joinLines('a\nb')).toBe('①a；②b');
    expect(joinLines('甲\r\n乙\r丙')).toBe('①甲；②乙；③丙');
  });
  it('numbers a single line too', () => {
    expect(joinLines('only')).toBe('①only');
  });
  it('trims lines and drops blank ones', () => {
    expect(joinLines('  a  \n\n   \n b')).toBe('①a；②b');
  });
  it('shows at most 4 lines and marks the rest with an ellipsis', () => {
    expect(joinLines('1\n2\n3\n4')).toBe('①1；②2；③3；④4');
    expect(joinLines('1\n2\n3\n4\n5\n6')).toBe('①1；②2；③3；④4…');
  });
  it('gives an empty string for empty input', () => {
    expect(joinLines('')).toBe('');
    expect(joinLines('\n \n')).toBe('');
    expect(joinLines(null)).toBe('');
    expect(joinLines(undefined)).toBe('');
  });
});

describe('formatDateTimeUtc8', () => {
  it('reads a value without an offset as UTC and adds 8 hours', () => {
    expect(formatDateTimeUtc8('2019-05-30T12:43:19.123')).toBe('2019-05-30 20:43:19');
    expect(formatDateTimeUtc8('2019-05-30T12:43')).toBe('2019-05-30 20:43:00');
  });
  it('honours Z and explicit offsets', () => {
    expect(formatDateTimeUtc8('2024-01-01T00:00:00Z')).toBe('2024-01-01 08:00:00');
    expect(formatDateTimeUtc8('2024-01-01T08:00:00+08:00')).toBe('2024-01-01 08:00:00');
    expect(formatDateTimeUtc8('2024-01-01T08:00:00+0800')).toBe('2024-01-01 08:00:00');
    expect(formatDateTimeUtc8('2023-12-31T19:30:00-05:00')).toBe('2024-01-01 08:30:00');
  });
  it('crosses day, month and year boundaries', () => {
    expect(formatDateTimeUtc8('2023-12-31T16:00:00Z')).toBe('2024-01-01 00:00:00');
    expect(formatDateTimeUtc8('2024-02-28T20:00:00')).toBe('2024-02-29 04:00:00');
  });
  it('keeps up to 7 fraction digits as ABP writes them, truncating to seconds', () => {
    expect(formatDateTimeUtc8('2024-06-01T10:00:59.9999999')).toBe('2024-06-01 18:00:59');
  });
  it('accepts a Date and epoch milliseconds', () => {
    expect(formatDateTimeUtc8(new Date(Date.UTC(2024, 0, 1, 0, 0, 0)))).toBe('2024-01-01 08:00:00');
    expect(formatDateTimeUtc8(Date.UTC(2024, 0, 1, 0, 0, 0))).toBe('2024-01-01 08:00:00');
  });
  it('does not depend on the process time zone', () => {
    // Date.UTC/getUTC* only: the result is the same under any TZ.
    const before = process.env.TZ;
    process.env.TZ = 'America/Los_Angeles';
    try {
      expect(formatDateTimeUtc8('2024-01-01T00:00:00')).toBe('2024-01-01 08:00:00');
    } finally {
      process.env.TZ = before;
    }
  });
  it('gives an empty string for invalid input', () => {
    expect(formatDateTimeUtc8('')).toBe('');
    expect(formatDateTimeUtc8(null)).toBe('');
    expect(formatDateTimeUtc8(undefined)).toBe('');
    expect(formatDateTimeUtc8('not a date')).toBe('');
    expect(formatDateTimeUtc8('2024-02-30T00:00:00')).toBe('');
    expect(formatDateTimeUtc8('2024-13-01T00:00:00')).toBe('');
    expect(formatDateTimeUtc8(new Date('x'))).toBe('');
    expect(formatDateTimeUtc8(Number.NaN)).toBe('');
  });
  it('accepts a bare date as UTC midnight', () => {
    expect(formatDateTimeUtc8('2024-03-05')).toBe('2024-03-05 08:00:00');
    expect(formatDateUtc8('2024-03-05T20:00:00Z')).toBe('2024-03-06');
  });
  it('parses instants', () => {
    expect(parseUtcInstant('1970-01-01T00:00:01Z')).toBe(1000);
    expect(parseUtcInstant('garbage')).toBeNull();
  });
});

describe('nameById', () => {
  const list = [
    { id: 1, name: '普通会员' },
    { id: 2, name: '教师' },
    { id: '3', name: '管理员' },
  ];
  it('finds the name of an id', () => {
    expect(nameById(list, 2)).toBe('教师');
  });
  it('compares ids as strings', () => {
    expect(nameById(list, '1')).toBe('普通会员');
    expect(nameById(list, 3)).toBe('管理员');
  });
  it('takes custom keys', () => {
    const roles = [{ value: 'ADMIN', label: '管理员' }];
    expect(nameById(roles, 'ADMIN', { idKey: 'value', nameKey: 'label' })).toBe('管理员');
  });
  it('gives an empty string when nothing matches', () => {
    expect(nameById(list, 9)).toBe('');
    expect(nameById(null, 1)).toBe('');
    expect(nameById(list, null)).toBe('');
    expect(nameById([{ id: 1 }], 1)).toBe('');
  });
});
