import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  addBusinessMinutes,
  firstResponseDue,
  isBusinessTime,
  type BusinessHours,
} from './business-hours.js';

// Mon–Fri 09:00–17:00 in Chicago: CST is UTC−6 until 14 March 2027, CDT (UTC−5) until 7 November.
const OFFICE: BusinessHours = {
  timeZone: 'America/Chicago',
  weekdays: [1, 2, 3, 4, 5],
  start: '09:00',
  end: '17:00',
  holidays: [],
};
const TARGETS = { urgentMinutes: 60, normalBusinessDays: 1 };
const due = (from: string, hours: BusinessHours = OFFICE) =>
  firstResponseDue(new Date(from), 'normal', TARGETS, hours).toISOString();

describe('first-response due times in business hours', () => {
  it('carries what is left of Friday over the weekend to Monday', () => {
    // Friday 15 Jan 2027 16:00 CST: one hour on Friday, seven on Monday.
    expect(due('2027-01-15T22:00:00Z')).toBe('2027-01-18T22:00:00.000Z'); // Monday 16:00
  });

  it('starts a request made at the weekend at Monday’s opening', () => {
    // Saturday 16 Jan 10:00 → a whole working day from Monday 09:00.
    expect(due('2027-01-16T16:00:00Z')).toBe('2027-01-18T23:00:00.000Z'); // Monday 17:00
  });

  it('skips a holiday Monday', () => {
    const withHoliday = { ...OFFICE, holidays: ['2027-01-18'] };
    expect(due('2027-01-15T22:00:00Z', withHoliday)).toBe('2027-01-19T22:00:00.000Z'); // Tue 16:00
  });

  it('starts a request made after closing at the next opening', () => {
    // Thursday 14 Jan 20:00 CST is already Friday 02:00 in UTC.
    expect(due('2027-01-15T02:00:00Z')).toBe('2027-01-15T23:00:00.000Z'); // Friday 17:00
    // Before opening on a working day: that same day's opening.
    expect(due('2027-01-14T12:00:00Z')).toBe('2027-01-14T23:00:00.000Z'); // Thursday 17:00
  });

  it('gives urgent requests wall-clock minutes, also at night at the weekend', () => {
    // Sunday 17 Jan 03:00 CST.
    const from = new Date('2027-01-17T09:00:00Z');
    expect(firstResponseDue(from, 'urgent', TARGETS, OFFICE).toISOString()).toBe(
      '2027-01-17T10:00:00.000Z',
    );
  });

  it('keeps local hours across the spring and autumn daylight-saving weekends', () => {
    // Friday 12 Mar 2027 16:00 CST → Monday 15 Mar 16:00 CDT (clocks went forward on Sunday).
    expect(due('2027-03-12T22:00:00Z')).toBe('2027-03-15T21:00:00.000Z');
    // Friday 5 Nov 2027 16:00 CDT → Monday 8 Nov 16:00 CST (clocks went back on Sunday).
    expect(due('2027-11-05T21:00:00Z')).toBe('2027-11-08T22:00:00.000Z');
  });

  it('counts real time on a round-the-clock schedule across a 23-hour day', () => {
    const always = { ...OFFICE, weekdays: [1, 2, 3, 4, 5, 6, 7], start: '00:00', end: '24:00' };
    // Saturday 13 Mar 12:00 CST + 24 h of business time = Sunday 13:00 CDT (a 23-hour night).
    expect(
      addBusinessMinutes(new Date('2027-03-13T18:00:00Z'), 24 * 60, always).toISOString(),
    ).toBe('2027-03-14T18:00:00.000Z');
    // One business day of 24 h from Saturday noon ends at the same instant.
    expect(due('2027-03-13T18:00:00Z', always)).toBe('2027-03-14T18:00:00.000Z');
  });

  it('opens when the clocks jump if the opening hour is skipped', () => {
    const night = { ...OFFICE, weekdays: [7], start: '02:30', end: '10:00' };
    // Saturday 13 Mar evening → Sunday 14 Mar: 02:30 does not exist; the day opens at 03:30 CDT.
    expect(addBusinessMinutes(new Date('2027-03-14T02:00:00Z'), 0, night).toISOString()).toBe(
      '2027-03-14T08:30:00.000Z',
    );
    expect(addBusinessMinutes(new Date('2027-03-14T02:00:00Z'), 30, night).toISOString()).toBe(
      '2027-03-14T09:00:00.000Z',
    );
  });

  it('adds several business days and counts from inside hours', () => {
    // Wednesday 13 Jan 10:00 + 3 working days → Monday 18 Jan 10:00.
    expect(
      firstResponseDue(
        new Date('2027-01-13T16:00:00Z'),
        'normal',
        { urgentMinutes: 60, normalBusinessDays: 3 },
        OFFICE,
      ).toISOString(),
    ).toBe('2027-01-18T16:00:00.000Z');
    expect(addBusinessMinutes(new Date('2027-01-13T16:00:00Z'), 90, OFFICE).toISOString()).toBe(
      '2027-01-13T17:30:00.000Z',
    );
  });

  it('tells business time from closed time', () => {
    expect(isBusinessTime(new Date('2027-01-15T15:00:00Z'), OFFICE)).toBe(true); // Fri 09:00
    expect(isBusinessTime(new Date('2027-01-15T14:59:59Z'), OFFICE)).toBe(false); // Fri 08:59
    expect(isBusinessTime(new Date('2027-01-15T23:00:00Z'), OFFICE)).toBe(false); // Fri 17:00
    expect(isBusinessTime(new Date('2027-01-16T16:00:00Z'), OFFICE)).toBe(false); // Saturday
    expect(
      isBusinessTime(new Date('2027-01-18T16:00:00Z'), { ...OFFICE, holidays: ['2027-01-18'] }),
    ).toBe(false);
    expect(isBusinessTime(new Date('2027-07-15T14:30:00Z'), OFFICE)).toBe(true); // 09:30 CDT
    const lateShift = { ...OFFICE, start: '18:00', end: '24:00' };
    expect(isBusinessTime(new Date('2027-01-15T05:59:00Z'), lateShift)).toBe(true); // Thu 23:59
    expect(isBusinessTime(new Date('2027-01-15T06:00:00Z'), lateShift)).toBe(false); // Fri 00:00
  });

  it('refuses schedules that have no working time instead of looping', () => {
    expect(() => due('2027-01-15T22:00:00Z', { ...OFFICE, weekdays: [] })).toThrow(
      /no working weekday/,
    );
    expect(() => due('2027-01-15T22:00:00Z', { ...OFFICE, weekdays: [0, 8] })).toThrow(
      /no working weekday/,
    );
    // Only Mondays, and every Monday for two years is a holiday.
    const mondays = Array.from({ length: 110 }, (_, i) =>
      new Date(Date.UTC(2027, 0, 18 + 7 * i)).toISOString().slice(0, 10),
    );
    expect(() =>
      due('2027-01-15T22:00:00Z', { ...OFFICE, weekdays: [1], holidays: mondays }),
    ).toThrow(/no working time in 400 days/);
    expect(() => due('2027-01-15T22:00:00Z', { ...OFFICE, start: '9:00' })).toThrow(/HH:MM/);
    expect(() => due('2027-01-15T22:00:00Z', { ...OFFICE, end: '08:00' })).toThrow(/before/);
    expect(() => due('2027-01-15T22:00:00Z', { ...OFFICE, start: '24:00' })).toThrow(/HH:MM/);
    expect(() => due('2027-01-15T22:00:00Z', { ...OFFICE, holidays: ['18/01/2027'] })).toThrow(
      /YYYY-MM-DD/,
    );
    expect(() => addBusinessMinutes(new Date(), -5, OFFICE)).toThrow(/≥ 0/);
    expect(() => due('2027-01-15T22:00:00Z', { ...OFFICE, timeZone: 'Mars/Olympus' })).toThrow();
  });

  it('adds in pieces the same as at once, and ends inside or at the edge of hours', () => {
    const hours = { ...OFFICE, holidays: ['2027-03-15', '2027-11-08', '2027-12-24'] };
    fc.assert(
      fc.property(
        fc.date({ min: new Date('2027-01-01T00:00:00Z'), max: new Date('2027-12-31T00:00:00Z') }),
        fc.integer({ min: 0, max: 3000 }),
        fc.integer({ min: 0, max: 3000 }),
        (from, a, b) => {
          if (Number.isNaN(from.getTime())) return;
          const once = addBusinessMinutes(from, a + b, hours);
          const twice = addBusinessMinutes(addBusinessMinutes(from, a, hours), b, hours);
          expect(twice.getTime()).toBe(once.getTime());
          expect(once.getTime()).toBeGreaterThanOrEqual(from.getTime());
          if (a + b > 0) expect(isBusinessTime(new Date(once.getTime() - 1), hours)).toBe(true);
        },
      ),
      { numRuns: 300 },
    );
  });
});
