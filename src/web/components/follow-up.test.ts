import { describe, expect, it } from 'vitest';
import { addDaysTo, followUpState } from './follow-up';

describe('follow-up dates', () => {
  it('adds days across months and years', () => {
    expect(addDaysTo('2026-11-25', 7)).toBe('2026-12-02');
    expect(addDaysTo('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDaysTo('2028-03-01', -1)).toBe('2028-02-29');
  });

  it('counts an overdue follow-up as due', () => {
    expect(followUpState('2026-11-24', '2026-11-25')).toBe('overdue');
    expect(followUpState('2026-11-25', '2026-11-25')).toBe('due');
    expect(followUpState('2026-11-26', '2026-11-25')).toBeNull();
    expect(followUpState(null, '2026-11-25')).toBeNull();
  });
});
