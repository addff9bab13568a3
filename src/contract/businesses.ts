import * as z from 'zod/mini';
import type { Endpoint } from './endpoint.js';

export const SEARCH_RADII = [5, 10, 20, 30, 50] as const;
export const DEFAULT_RADIUS = 30;
export const SEARCH_RESULT_CAP = 200;
export const RESULTS_PER_PAGE = 10;

const coordinate = (label: string, limit: number) =>
  z.optional(
    z.coerce
      .number(`${label} must be a number`)
      .check(z.gte(-limit, `${label} must be between -${limit} and ${limit}`), z.lte(limit, `${label} must be between -${limit} and ${limit}`)),
  );

export const businessSearchQuery = z
  .object({
    category: z
      .string('Enter a business category to search for')
      .check(z.trim(), z.minLength(1, 'Enter a business category to search for'), z.maxLength(100, 'Business category must be at most 100 characters')),
    radius: z._default(
      z.coerce
        .number('Radius must be one of 5, 10, 20, 30 or 50 miles')
        .check(z.refine((r) => (SEARCH_RADII as readonly number[]).includes(r), 'Radius must be one of 5, 10, 20, 30 or 50 miles')),
      DEFAULT_RADIUS,
    ),
    lat: coordinate('Latitude', 90),
    lng: coordinate('Longitude', 180),
    location: z.optional(z.string().check(z.trim(), z.maxLength(200, 'Location must be at most 200 characters'))),
  })
  .check(z.refine((q) => (q.lat === undefined) === (q.lng === undefined), { message: 'Send both latitude and longitude, or neither', path: ['lat'] }));
export type BusinessSearchQuery = z.output<typeof businessSearchQuery>;

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
}

/** The search settings the screen needs: which source, its attribution, where searches start. */
export interface SearchSettings {
  provider: 'directory' | 'google' | 'osm';
  attribution: string | null;
  defaultLocation: { lat: number; lng: number; label: string };
}

/** A search as the browser sends it: a typed place, or else the browser's position (both coordinates). */
export type BusinessSearchParams = { category: string; radius: number; location?: string; lat?: number; lng?: number };

// The business search (employees only).
export const getSearchSettings: Endpoint<SearchSettings> = { method: 'GET', path: '/api/businesses/settings' };
export const searchBusinesses: Endpoint<BusinessResult[], undefined, BusinessSearchParams> = { method: 'GET', path: '/api/businesses/search' };
/** A CSV download: linked (its URL is an `href`), not fetched. */
export const exportBusinessesCsv: Endpoint<string, undefined, BusinessSearchParams> = { method: 'GET', path: '/api/businesses/export.csv' };
