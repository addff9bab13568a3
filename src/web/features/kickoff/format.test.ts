import { describe, expect, it } from 'vitest';
import { shareText, timeLeft } from './format';

const due = '2026-11-28T12:00:00.000Z';
const at = (iso: string) => Date.parse(iso);

describe('the 24-hour countdown', () => {
  it('counts down in hours and minutes', () => {
    expect(timeLeft(due, at('2026-11-28T06:48:00.000Z'))).toEqual({
      overdue: false,
      text: '5 h 12 min left',
    });
    expect(timeLeft(due, at('2026-11-28T11:48:30.000Z')).text).toBe('11 min left');
    expect(timeLeft(due, at('2026-11-28T11:59:30.000Z')).text).toBe('Less than a minute left');
  });

  it('says by how much it is overdue', () => {
    expect(timeLeft(due, at('2026-11-28T12:00:00.000Z'))).toEqual({
      overdue: true,
      text: 'Overdue by 1 min',
    });
    expect(timeLeft(due, at('2026-11-28T12:40:00.000Z')).text).toBe('Overdue by 40 min');
    expect(timeLeft(due, at('2026-11-28T14:10:00.000Z')).text).toBe('Overdue by 2 h');
    expect(timeLeft(due, at('2026-12-01T13:00:00.000Z')).text).toBe('Overdue by 3 days');
  });

  it('words the dashboard share', () => {
    expect(shareText(8, 10)).toBe('8 of 10 contacted within 24 hours (80%)');
    expect(shareText(2, 3)).toBe('2 of 3 contacted within 24 hours (67%)');
    expect(shareText(0, 0)).toMatch(/^Nothing to count yet/);
  });
});
