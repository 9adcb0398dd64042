import { describe, expect, it } from 'vitest';
import { dayUtc8, defaultRange, fillDays, shareOf, toCsv } from './census.ts';

describe('statistics helpers', () => {
  it('counts calendar days in UTC+8', () => {
    // 2024-05-01 17:00 UTC is already 2 May in Beijing.
    expect(dayUtc8(Date.parse('2024-05-01T17:00:00Z'))).toBe('2024-05-02');
    expect(defaultRange(Date.parse('2024-05-31T00:00:00Z'))).toEqual({ begin: '2024-05-02', end: '2024-05-31' });
  });

  it('fills the days the server listed none for', () => {
    expect(fillDays([{ day: '2024-05-02', count: 3 }], '2024-05-01', '2024-05-03')).toEqual([
      { day: '2024-05-01', count: 0 },
      { day: '2024-05-02', count: 3 },
      { day: '2024-05-03', count: 0 },
    ]);
  });

  it('writes CSV with a BOM, quoting and no formulas', () => {
    const csv = toCsv(['维度', '项目'], [['作者', '=SUM(A1)'], ['题型', 'a,"b"']]);
    expect(csv.startsWith('\uFEFF维度,项目\r\n')).toBe(true);
    expect(csv).toContain("作者,'=SUM(A1)\r\n");
    expect(csv).toContain('题型,"a,""b"""');
    expect(shareOf(1, 3)).toBe('33.3%');
    expect(shareOf(0, 0)).toBe('0.0%');
  });
});
