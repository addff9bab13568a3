import { describe, expect, it } from 'vitest';
import { directionsUrl } from './maps';

describe('directionsUrl', () => {
  it('builds a Google Maps directions link to the encoded address', () => {
    expect(directionsUrl('123 Main St, San Antonio, TX 78205')).toBe(
      'https://www.google.com/maps/dir/?api=1&destination=123%20Main%20St%2C%20San%20Antonio%2C%20TX%2078205',
    );
  });

  it('keeps characters that would break the query string inside the destination', () => {
    const url = new URL(directionsUrl('Suite #4 & 5, A/B Plaza?'));
    expect(url.searchParams.get('api')).toBe('1');
    expect(url.searchParams.get('destination')).toBe('Suite #4 & 5, A/B Plaza?');
    expect(url.hash).toBe('');
  });
});
