import { describe, expect, it } from 'vitest';
import { fromUtc8Input, toDay, toUtc8Input } from './date-fields.tsx';

describe('UTC+8 date inputs', () => {
  it('shows an instant as a China Standard Time datetime-local value', () => {
    expect(toUtc8Input('2024-05-01T00:30:00Z')).toBe('2024-05-01T08:30');
    expect(toUtc8Input('2024-05-01T00:30:00')).toBe('2024-05-01T08:30');
    expect(toUtc8Input('2024-04-30T20:00:00-04:00')).toBe('2024-05-01T08:00');
    expect(toUtc8Input('2024-05-01T08:30:00+08:00')).toBe('2024-05-01T08:30');
    expect(toUtc8Input(null)).toBe('');
    expect(toUtc8Input('nonsense')).toBe('');
  });
  it('reads a datetime-local value as China Standard Time', () => {
    expect(fromUtc8Input('2024-05-01T08:30')).toBe('2024-05-01T08:30:00+08:00');
    expect(fromUtc8Input('2024-05-01T08:30:15')).toBe('2024-05-01T08:30:15+08:00');
    expect(fromUtc8Input('')).toBeNull();
    // Round trip.
    expect(toUtc8Input(fromUtc8Input('2024-12-31T23:59'))).toBe('2024-12-31T23:59');
  });
  it('gives the calendar day of a day or an instant', () => {
    expect(toDay('2024-05-01')).toBe('2024-05-01');
    // Midnight in Beijing is 16:00 UTC the day before.
    expect(toDay('2024-04-30T16:00:00Z')).toBe('2024-05-01');
    expect(toDay(undefined)).toBe('');
  });
});
