import { describe, expect, it } from 'vitest';
import { ratingLabel, starParts } from './stars';

describe('starParts', () => {
  it.each([
    ['4.5', { full: 4, half: true, empty: 0 }],
    ['4.4', { full: 4, half: false, empty: 1 }],
    ['4.0', { full: 4, half: false, empty: 1 }],
    ['3.6', { full: 3, half: true, empty: 1 }],
    ['0.5', { full: 0, half: true, empty: 4 }],
    ['5.0', { full: 5, half: false, empty: 0 }],
    ['1', { full: 1, half: false, empty: 4 }],
    [2.5, { full: 2, half: true, empty: 2 }],
  ] as const)(
    'draws %s as full stars for the whole part and a half star from .5',
    (rating, parts) => {
      expect(starParts(rating)).toEqual(parts);
    },
  );

  it('keeps to five stars for out-of-range ratings', () => {
    expect(starParts('7')).toEqual({ full: 5, half: false, empty: 0 });
    expect(starParts(-2)).toEqual({ full: 0, half: false, empty: 5 });
  });

  it('shows five empty stars when there is no rating', () => {
    for (const rating of [null, undefined, '', 'n/a'])
      expect(starParts(rating)).toEqual({ full: 0, half: false, empty: 5 });
  });

  it('always adds up to five stars', () => {
    for (let tenths = 0; tenths <= 50; tenths++) {
      const { full, half, empty } = starParts((tenths / 10).toFixed(1));
      expect(full + (half ? 1 : 0) + empty).toBe(5);
    }
  });

  it('does not let floating-point error lose a half star', () => {
    expect(starParts(4.5 - 1e-12).half).toBe(true);
    expect(starParts(0.1 + 0.2 + 4.2).half).toBe(true); // 4.500000000000001
  });

  it('gives no half star below .5', () => {
    expect(starParts(4.49).half).toBe(false);
    expect(starParts(4.45)).toEqual({ full: 4, half: false, empty: 1 });
  });
});

describe('ratingLabel', () => {
  it('says the rating out of 5 for screen readers', () => {
    expect(ratingLabel('4.5')).toBe('Rated 4.5 out of 5');
    expect(ratingLabel('4.0')).toBe('Rated 4 out of 5');
    expect(ratingLabel(null)).toBe('No rating yet');
  });
});
