import { describe, expect, it } from 'vitest';
import {
  addDays,
  instantOfLocalTime,
  instantOfLocalTimeOrLater,
  isoDate,
  localDate,
  mondayOf,
  percentChange,
  startOfLocalDay,
} from './zoned-time.js';

const CHICAGO = 'America/Chicago';

describe('days and weeks in the agency time zone', () => {
  it('knows the local date of an instant across midnight', () => {
    // 05:30 UTC on 3 Nov 2026 is still 2 Nov (23:30) in Chicago.
    expect(localDate(new Date('2026-11-03T05:30:00Z'), CHICAGO)).toEqual({
      year: 2026,
      month: 11,
      day: 2,
    });
    expect(localDate(new Date('2026-11-03T06:30:00Z'), CHICAGO)).toEqual({
      year: 2026,
      month: 11,
      day: 3,
    });
  });

  it('starts days at local midnight, also on daylight-saving days (23 and 25 hour days)', () => {
    expect(startOfLocalDay({ year: 2026, month: 1, day: 15 }, CHICAGO).toISOString()).toBe(
      '2026-01-15T06:00:00.000Z',
    );
    expect(startOfLocalDay({ year: 2026, month: 7, day: 15 }, CHICAGO).toISOString()).toBe(
      '2026-07-15T05:00:00.000Z',
    );
    // 2026-03-08: clocks go forward at 02:00; the day has 23 hours.
    const spring = startOfLocalDay({ year: 2026, month: 3, day: 8 }, CHICAGO);
    const after = startOfLocalDay({ year: 2026, month: 3, day: 9 }, CHICAGO);
    expect(spring.toISOString()).toBe('2026-03-08T06:00:00.000Z');
    expect((after.getTime() - spring.getTime()) / 3_600_000).toBe(23);
    // 2026-11-01: clocks go back at 02:00; the day has 25 hours.
    const fall = startOfLocalDay({ year: 2026, month: 11, day: 1 }, CHICAGO);
    expect(
      (startOfLocalDay({ year: 2026, month: 11, day: 2 }, CHICAGO).getTime() - fall.getTime()) /
        3_600_000,
    ).toBe(25);
    expect(startOfLocalDay({ year: 2026, month: 6, day: 1 }, 'Asia/Kolkata').toISOString()).toBe(
      '2026-05-31T18:30:00.000Z',
    );
  });

  it('finds Monday and moves across months and years', () => {
    expect(isoDate(mondayOf({ year: 2026, month: 11, day: 23 }))).toBe('2026-11-23'); // a Monday
    expect(isoDate(mondayOf({ year: 2026, month: 11, day: 29 }))).toBe('2026-11-23'); // Sunday
    expect(isoDate(mondayOf({ year: 2027, month: 1, day: 2 }))).toBe('2026-12-28');
    expect(isoDate(addDays({ year: 2026, month: 12, day: 31 }, 1))).toBe('2027-01-01');
    expect(isoDate(addDays({ year: 2028, month: 3, day: 1 }, -1))).toBe('2028-02-29');
  });

  it('computes percentage changes, with none when there was nothing before', () => {
    expect(percentChange(112.5, 100)).toBe(12.5);
    expect(percentChange(50, 200)).toBe(-75);
    expect(percentChange(10, 0)).toBeNull();
    expect(percentChange(0, 0)).toBeNull();
    expect(percentChange(1, 3)).toBe(-66.7);
  });

  it('moves a skipped wall time forward by the gap, and leaves other times as they are', () => {
    // 2027-03-14: Chicago skips 02:00–03:00; 02:30 happens as 03:30 CDT (08:30Z).
    const spring = { year: 2027, month: 3, day: 14 };
    expect(instantOfLocalTime(spring, 150, CHICAGO)).toBeNull();
    expect(instantOfLocalTimeOrLater(spring, 150, CHICAGO).toISOString()).toBe(
      '2027-03-14T08:30:00.000Z',
    );
    expect(instantOfLocalTimeOrLater(spring, 9 * 60, CHICAGO).toISOString()).toBe(
      '2027-03-14T14:00:00.000Z',
    );
    // 2027-11-07: 01:30 happens twice; the first (CDT) one counts.
    expect(instantOfLocalTimeOrLater({ year: 2027, month: 11, day: 7 }, 90, CHICAGO)).toEqual(
      instantOfLocalTime({ year: 2027, month: 11, day: 7 }, 90, CHICAGO),
    );
    // East of UTC: Madrid skips 02:00–03:00 on 2027-03-28; 02:30 → 03:30 CEST (01:30Z).
    expect(
      instantOfLocalTimeOrLater(
        { year: 2027, month: 3, day: 28 },
        150,
        'Europe/Madrid',
      ).toISOString(),
    ).toBe('2027-03-28T01:30:00.000Z');
    // 24:00 is the next day's midnight.
    expect(
      instantOfLocalTimeOrLater({ year: 2027, month: 1, day: 15 }, 1440, CHICAGO).toISOString(),
    ).toBe('2027-01-16T06:00:00.000Z');
  });
});
