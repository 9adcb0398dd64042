import { describe, expect, it } from 'vitest';
import { dayUtc8, defaultRange, fillDays, shareOf, toCsv, trendPoints } from './census.ts';

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

  it('draws long ranges by month, then by year', () => {
    const perDay = [
      { day: '2024-01-15', count: 2 },
      { day: '2024-01-20', count: 1 },
      { day: '2024-03-01', count: 4 },
    ];
    expect(trendPoints(perDay, '2024-01-01', '2024-01-31').unit).toBe('day');
    expect(trendPoints(perDay, '2024-01-01', '2024-03-31')).toEqual({ unit: 'month', labels: ['2024-01', '2024-02', '2024-03'], values: [3, 0, 4] });
    expect(trendPoints(perDay, '2020-01-01', '2024-12-31')).toMatchObject({
      unit: 'year',
      labels: ['2020', '2021', '2022', '2023', '2024'],
      values: [0, 0, 0, 0, 7],
    });
  });

  it('writes CSV with a BOM, quoting and no formulas', () => {
    const csv = toCsv(
      ['维度', '项目'],
      [
        ['作者', '=SUM(A1)'],
        ['题型', 'a,"b"'],
      ],
    );
    expect(csv.startsWith('\uFEFF维度,项目\r\n')).toBe(true);
    expect(csv).toContain("作者,'=SUM(A1)\r\n");
    expect(csv).toContain('题型,"a,""b"""');
    expect(shareOf(1, 3)).toBe('33.3%');
    expect(shareOf(0, 0)).toBe('0.0%');
  });
});
