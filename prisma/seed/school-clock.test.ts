import { describe, expect, it } from 'vitest';
import { localDayAt, SCHOOL_HOURS, SHANGHAI_OFFSET_MS, toSchoolTime, virtualNow } from './school-clock.ts';

const HOUR = 3_600_000;
/** 2026-11-27 00:00 in Asia/Shanghai, as UTC ms. */
const MIDNIGHT = Date.UTC(2026, 10, 27) - SHANGHAI_OFFSET_MS;
const localHour = (ms: number) => ((((ms + SHANGHAI_OFFSET_MS) % (24 * HOUR)) + 24 * HOUR) % (24 * HOUR)) / HOUR;

describe('school clock', () => {
  it('keeps 08:00-20:00, folds the night and the evening into school hours, strictly increasing over days', () => {
    expect(toSchoolTime(MIDNIGHT + 9.5 * HOUR)).toBe(MIDNIGHT + 9.5 * HOUR);
    expect(localHour(toSchoolTime(MIDNIGHT + 3.5 * HOUR))).toBeCloseTo(7 + 3.5 / 8);
    expect(localHour(toSchoolTime(MIDNIGHT + 23 * HOUR))).toBeCloseTo(21.5);
    let last = -Infinity;
    for (let t = MIDNIGHT - 2 * 24 * HOUR; t < MIDNIGHT + 2 * 24 * HOUR; t += 7 * 60_000) {
      const mapped = toSchoolTime(t);
      expect(mapped).toBeGreaterThan(last);
      expect(localHour(mapped)).toBeGreaterThanOrEqual(SCHOOL_HOURS.from);
      expect(localHour(mapped)).toBeLessThan(SCHOOL_HOURS.until);
      last = mapped;
    }
  });

  it('its now is the latest moment the clock takes to the real now or earlier, so the past stays past', () => {
    for (let h = 0; h < 24; h += 0.25) {
      const real = new Date(MIDNIGHT + h * HOUR);
      const now = virtualNow(real).getTime();
      expect(toSchoolTime(now)).toBeLessThanOrEqual(real.getTime());
      // Anything later than the virtual now lands after the real now.
      expect(toSchoolTime(now + 60_000)).toBeGreaterThan(real.getTime());
    }
  });

  it('localDayAt: a clock time on a local day', () => {
    expect(localDayAt(new Date(MIDNIGHT + 2 * HOUR), 3, 20)).toEqual(new Date(MIDNIGHT + 3 * 24 * HOUR + 20 * HOUR));
  });
});
