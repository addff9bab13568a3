import { describe, expect, it } from 'vitest';
import { distanceMiles, roundMiles } from './geo.js';

describe('distance in miles', () => {
  it('matches known great-circle distances', () => {
    // A quarter of the way round the Earth (mean radius 3958.8 mi): π/2 × 3958.8 ≈ 6218.5 miles.
    expect(distanceMiles({ lat: 0, lng: 0 }, { lat: 0, lng: 90 })).toBeCloseTo(6218.5, 0);
    expect(distanceMiles({ lat: 0, lng: 0 }, { lat: 90, lng: 0 })).toBeCloseTo(6218.5, 0);
    // One degree of latitude is about 69.1 miles anywhere.
    expect(distanceMiles({ lat: 10, lng: 20 }, { lat: 11, lng: 20 })).toBeCloseTo(69.1, 1);
    // A degree of longitude shrinks with the cosine of the latitude.
    expect(distanceMiles({ lat: 60, lng: 0 }, { lat: 60, lng: 1 })).toBeCloseTo(34.5, 1);
    expect(distanceMiles({ lat: 29.4, lng: -98.5 }, { lat: 29.4, lng: -98.5 })).toBe(0);
  });

  it('is symmetric and works across the antimeridian', () => {
    const a = { lat: 51.5, lng: 179.9 };
    const b = { lat: 51.5, lng: -179.9 };
    expect(distanceMiles(a, b)).toBeCloseTo(distanceMiles(b, a), 10);
    expect(distanceMiles(a, b)).toBeLessThan(10);
  });

  it('rounds to one decimal', () => {
    expect([roundMiles(2.349), roundMiles(2.35), roundMiles(0.04)]).toEqual([2.3, 2.4, 0]);
  });
});
