import { describe, expect, it } from 'vitest';
import { addMonths } from './months.js';

describe('addMonths', () => {
  it('keeps the day of the month, or the last day when the month is shorter', () => {
    expect(addMonths(new Date('2026-01-15T10:00:00Z'), 1).toISOString()).toBe(
      '2026-02-15T10:00:00.000Z',
    );
    expect(addMonths(new Date('2026-01-31T10:00:00Z'), 1).toISOString()).toBe(
      '2026-02-28T10:00:00.000Z',
    );
    expect(addMonths(new Date('2028-01-31T10:00:00Z'), 1).toISOString()).toBe(
      '2028-02-29T10:00:00.000Z',
    );
    expect(addMonths(new Date('2026-11-23T10:00:00Z'), 12).toISOString()).toBe(
      '2027-11-23T10:00:00.000Z',
    );
    expect(addMonths(new Date('2026-12-31T00:00:00Z'), 2).toISOString()).toBe(
      '2027-02-28T00:00:00.000Z',
    );
  });
});
