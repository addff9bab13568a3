import { describe, expect, it } from 'vitest';
import { instantOfLocalTime } from '../../lib/zoned-time.js';
import { hostSlotStarts } from './service.js';

const iso = (dates: Date[]) => dates.map((d) => d.toISOString());

describe('slots from weekly hours in the host’s zone', () => {
  it('turns local wall-clock times into instants on both sides of a clock change', () => {
    // Chicago, 2027: summer time until Sunday November 7, 02:00.
    expect(
      instantOfLocalTime({ year: 2027, month: 11, day: 5 }, 9 * 60, 'America/Chicago'),
    ).toEqual(new Date('2027-11-05T14:00:00Z'));
    expect(
      instantOfLocalTime({ year: 2027, month: 11, day: 8 }, 9 * 60, 'America/Chicago'),
    ).toEqual(new Date('2027-11-08T15:00:00Z'));
    // Madrid changed a week earlier (last Sunday of October).
    expect(instantOfLocalTime({ year: 2027, month: 11, day: 2 }, 15 * 60, 'Europe/Madrid')).toEqual(
      new Date('2027-11-02T14:00:00Z'),
    );
    // 01:30 happens twice on November 7 in Chicago: the first one.
    expect(instantOfLocalTime({ year: 2027, month: 11, day: 7 }, 90, 'America/Chicago')).toEqual(
      new Date('2027-11-07T06:30:00Z'),
    );
    // 02:30 never happens on March 14, 2027 in Chicago (clocks jump from 02:00 to 03:00).
    expect(
      instantOfLocalTime({ year: 2027, month: 3, day: 14 }, 150, 'America/Chicago'),
    ).toBeNull();
  });

  it('leaves out the times a zone skips, days off, and whatever is outside the window', () => {
    const host = {
      timeZone: 'America/Chicago',
      weekly: [{ weekday: 7, start: '01:00', end: '04:00' }],
      daysOff: [] as string[],
    };
    // Sunday March 14, 2027: 02:00 and 02:30 do not exist.
    expect(
      iso(
        hostSlotStarts(
          host,
          30,
          new Date('2027-03-14T00:00:00Z'),
          new Date('2027-03-15T00:00:00Z'),
        ),
      ),
    ).toEqual([
      '2027-03-14T07:00:00.000Z',
      '2027-03-14T07:30:00.000Z',
      '2027-03-14T08:00:00.000Z',
      '2027-03-14T08:30:00.000Z',
    ]);
    expect(
      hostSlotStarts(
        { ...host, daysOff: ['2027-03-14'] },
        30,
        new Date('2027-03-14T00:00:00Z'),
        new Date('2027-03-15T00:00:00Z'),
      ),
    ).toEqual([]);
    // A 60-minute slot fits twice in 09:00–11:30; the window cuts the first.
    expect(
      iso(
        hostSlotStarts(
          { timeZone: 'UTC', weekly: [{ weekday: 1, start: '09:00', end: '11:30' }], daysOff: [] },
          60,
          new Date('2027-03-15T09:30:00Z'),
          new Date('2027-03-16T00:00:00Z'),
        ),
      ),
    ).toEqual(['2027-03-15T10:00:00.000Z']);
  });
});
