import * as z from 'zod/mini';
import type { Endpoint } from '../lib/endpoint.js';
import type { LeadStatus } from '../leads/leads.js';

export const SEARCH_RADII = [5, 10, 20, 30, 50] as const;
export const DEFAULT_RADIUS = 30;
export const SEARCH_RESULT_CAP = 200;
export const RESULTS_PER_PAGE = 10;

const coordinate = (label: string, limit: number) =>
  z.optional(
    z.coerce
      .number(`${label} must be a number`)
      .check(
        z.gte(-limit, `${label} must be between -${limit} and ${limit}`),
        z.lte(limit, `${label} must be between -${limit} and ${limit}`),
      ),
  );

export const businessSearchQuery = z
  .object({
    category: z
      .string('Enter a business category to search for')
      .check(
        z.trim(),
        z.minLength(1, 'Enter a business category to search for'),
        z.maxLength(100, 'Business category must be at most 100 characters'),
      ),
    radius: z._default(
      z.coerce
        .number('Radius must be one of 5, 10, 20, 30 or 50 miles')
        .check(
          z.refine(
            (r) => (SEARCH_RADII as readonly number[]).includes(r),
            'Radius must be one of 5, 10, 20, 30 or 50 miles',
          ),
        ),
      DEFAULT_RADIUS,
    ),
    lat: coordinate('Latitude', 90),
    lng: coordinate('Longitude', 180),
    location: z.optional(
      z.string().check(z.trim(), z.maxLength(200, 'Location must be at most 200 characters')),
    ),
  })
  .check(
    z.refine((q) => (q.lat === undefined) === (q.lng === undefined), {
      message: 'Send both latitude and longitude, or neither',
      path: ['lat'],
    }),
  );
export type BusinessSearchQuery = z.output<typeof businessSearchQuery>;

export const RESULT_SORTS = ['distance', 'rating', 'reviews', 'name'] as const;
export type ResultSort = (typeof RESULT_SORTS)[number];
export const MIN_RATINGS = ['3', '3.5', '4', '4.5'] as const;

// From the query string's text: the browser's client writes its 1 as '1'.
const flag = (label: string) =>
  z.optional(
    z.pipe(
      z.pipe(z.coerce.string(), z.enum(['1', 'true', '0', 'false'], `${label} must be 1 or 0`)),
      z.transform((v: '1' | 'true' | '0' | 'false') => v === '1' || v === 'true'),
    ),
  );

/** How the employee narrows and orders results; the same rules on screen and in the CSV export. */
export const resultFiltersQuery = z.object({
  sort: z.optional(z.enum(RESULT_SORTS, 'Sort must be distance, rating, reviews or name')),
  website: z.optional(z.enum(['none', 'has'], 'Website must be none or has')),
  minRating: z.optional(z.enum(MIN_RATINGS, 'Minimum rating must be 3, 3.5, 4 or 4.5')),
  hasPhone: flag('Has phone'),
  hasSocial: flag('Has social profiles'),
});
export type ResultFilters = z.output<typeof resultFiltersQuery>;

/** A search and the filters on its results, from one query string (the search's errors first). */
export const businessResultsQuery = z.intersection(businessSearchQuery, resultFiltersQuery);

/** How the business search routes name a field in an error. */
export const BUSINESS_SEARCH_LABELS: Record<string, string> = {
  category: 'Business category',
  radius: 'Radius',
  lat: 'Latitude',
  lng: 'Longitude',
  location: 'Location',
  sort: 'Sort',
  website: 'Website',
  minRating: 'Minimum rating',
  hasPhone: 'Has phone',
  hasSocial: 'Has social profiles',
};

/** Filters then sorts results (ties by distance, then name). Pure: the browser and the CSV export share it. */
export function applyResultFilters<T extends BusinessResult>(
  results: readonly T[],
  f: ResultFilters,
): T[] {
  const min = f.minRating ? Number(f.minRating) : null;
  const kept = results.filter(
    (b) =>
      (f.website !== 'none' || !b.website) &&
      (f.website !== 'has' || Boolean(b.website)) &&
      (min === null || (b.rating !== null && Number(b.rating) >= min)) &&
      (!f.hasPhone || Boolean(b.phone)) &&
      (!f.hasSocial || b.socialProfiles.length > 0 || b.socialMedia.length > 0),
  );
  const byDistance = (a: T, b: T) => a.distance - b.distance || a.name.localeCompare(b.name);
  const compare: Record<ResultSort, (a: T, b: T) => number> = {
    distance: byDistance,
    rating: (a, b) => Number(b.rating ?? -1) - Number(a.rating ?? -1) || byDistance(a, b),
    reviews: (a, b) => (b.reviewCount ?? -1) - (a.reviewCount ?? -1) || byDistance(a, b),
    name: (a, b) => a.name.localeCompare(b.name) || a.distance - b.distance,
  };
  return kept.sort(compare[f.sort ?? 'distance']);
}

/** OpenStreetMap's data often lacks websites, so a missing one is only 'not on file' there. */
export const noWebsiteLabel = (provider: BusinessResult['provider'] | undefined) =>
  provider === 'osm' ? 'No website on file' : 'No website';

export interface SocialProfile {
  network: string;
  url: string;
}

/** docs/product.md §3's business, plus where it came from and its profile links. */
export interface BusinessResult {
  /** `{provider}:{sourceId}`, stable for a place. */
  id: string;
  provider: 'directory' | 'google' | 'osm';
  sourceId: string;
  name: string;
  address: string | null;
  /** Decimal string with one digit ('4.5'), or null when the source has no ratings. */
  rating: string | null;
  reviewCount: number | null;
  /** Miles, one decimal. */
  distance: number;
  website: string | null;
  phone: string | null;
  /** Network names (spec); the links are in socialProfiles. */
  socialMedia: string[];
  socialProfiles: SocialProfile[];
  recentPosts: string[];
  lat: number;
  lng: number;
  /** The saved lead for this place, whoever saved it, or null. */
  lead: { id: string; status: LeadStatus } | null;
}

/** The search settings the screen needs: which source, its attribution, where searches start. */
export interface SearchSettings {
  provider: 'directory' | 'google' | 'osm';
  attribution: string | null;
  defaultLocation: { lat: number; lng: number; label: string };
}

/** A search as the browser sends it: a typed place, or else the browser's position (both coordinates). */
export type BusinessSearchParams = {
  category: string;
  radius: number;
  location?: string;
  lat?: number;
  lng?: number;
};
/** The export keeps what the screen shows: the same filters and order. */
export type BusinessExportParams = BusinessSearchParams & {
  sort?: ResultSort;
  website?: 'none' | 'has';
  minRating?: (typeof MIN_RATINGS)[number];
  hasPhone?: 1;
  hasSocial?: 1;
};

// The business search (employees only).
export const getSearchSettings: Endpoint<SearchSettings> = {
  method: 'GET',
  path: '/api/businesses/settings',
};
export const searchBusinesses: Endpoint<BusinessResult[], undefined, BusinessSearchParams> = {
  method: 'GET',
  path: '/api/businesses/search',
};
/** A CSV download: linked (its URL is an `href`), not fetched. */
export const exportBusinessesCsv: Endpoint<string, undefined, BusinessExportParams> = {
  method: 'GET',
  path: '/api/businesses/export.csv',
};
