import { describe, expect, it } from 'vitest';
import {
  applyResultFilters,
  noWebsiteLabel,
  resultFiltersQuery,
  type BusinessResult,
} from './businesses';
import * as z from 'zod/mini';

const result = (name: string, patch: Partial<BusinessResult>): BusinessResult => ({
  id: `directory:${name}`,
  provider: 'directory',
  sourceId: name,
  name,
  address: null,
  rating: null,
  reviewCount: null,
  distance: 1,
  website: null,
  phone: null,
  socialMedia: [],
  socialProfiles: [],
  recentPosts: [],
  lat: 0,
  lng: 0,
  lead: null,
  ...patch,
});

const list = [
  result('Cedar', {
    distance: 3,
    rating: '4.5',
    reviewCount: 10,
    website: 'cedar.example',
    phone: '1',
  }),
  result('Alder', { distance: 1, rating: '3.0', reviewCount: 200 }),
  result('Birch', {
    distance: 2,
    rating: null,
    reviewCount: null,
    socialMedia: ['facebook'],
    phone: '2',
  }),
];
const names = (items: BusinessResult[]) => items.map((b) => b.name);

describe('result filters', () => {
  it('sort by distance by default, or by rating, reviews or name (unrated last)', () => {
    expect(names(applyResultFilters(list, {}))).toEqual(['Alder', 'Birch', 'Cedar']);
    expect(names(applyResultFilters(list, { sort: 'rating' }))).toEqual([
      'Cedar',
      'Alder',
      'Birch',
    ]);
    expect(names(applyResultFilters(list, { sort: 'reviews' }))).toEqual([
      'Alder',
      'Cedar',
      'Birch',
    ]);
    expect(names(applyResultFilters(list, { sort: 'name' }))).toEqual(['Alder', 'Birch', 'Cedar']);
  });

  it('filter by website, rating, phone and social profiles, and leave the list untouched', () => {
    expect(names(applyResultFilters(list, { website: 'none' }))).toEqual(['Alder', 'Birch']);
    expect(names(applyResultFilters(list, { website: 'has' }))).toEqual(['Cedar']);
    expect(names(applyResultFilters(list, { minRating: '3.5' }))).toEqual(['Cedar']);
    expect(names(applyResultFilters(list, { hasPhone: true, website: 'none' }))).toEqual(['Birch']);
    expect(names(applyResultFilters(list, { hasSocial: true }))).toEqual(['Birch']);
    expect(names(list)).toEqual(['Cedar', 'Alder', 'Birch']);
  });

  it('read flags from a query string and refuse values the controls cannot send', () => {
    expect(z.parse(resultFiltersQuery, { hasPhone: '1', hasSocial: '0', minRating: '4' })).toEqual({
      hasPhone: true,
      hasSocial: false,
      minRating: '4',
    });
    expect(z.safeParse(resultFiltersQuery, { minRating: '2' }).success).toBe(false);
    expect(z.safeParse(resultFiltersQuery, { hasPhone: 'yes' }).success).toBe(false);
  });

  it("say 'No website on file' for OpenStreetMap, whose data is incomplete", () => {
    expect(noWebsiteLabel('osm')).toBe('No website on file');
    expect(noWebsiteLabel('google')).toBe('No website');
    expect(noWebsiteLabel('directory')).toBe('No website');
  });
});
