import { describe, expect, it } from 'vitest';
import { alignTrends, HOME_MESSAGE_COUNT, personName } from './home-stats.ts';

describe('home page figures', () => {
  it('aligns two trends on the union of days, missing days as 0', () => {
    expect(
      alignTrends(
        [
          { date: '2024-05-01', count: 2 },
          { date: '2024-05-03', count: 1 },
        ],
        [
          { date: '2024-05-02', count: 5 },
          { date: '2024-05-03', count: 4 },
        ],
      ),
    ).toEqual({ labels: ['05-01', '05-02', '05-03'], first: [2, 0, 1], second: [0, 5, 4] });
  });
  it('keeps the message count fixed at 3', () => {
    expect(HOME_MESSAGE_COUNT).toBe(3);
  });
  it('greets by name: Chinese names without a space, repeated parts once', () => {
    expect(personName('张', '伟')).toBe('张伟');
    expect(personName('admin', 'admin')).toBe('admin');
    expect(personName('Smith', 'John')).toBe('John Smith');
    expect(personName('', '伟')).toBe('伟');
  });
});
