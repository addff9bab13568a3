import { sql } from 'drizzle-orm';
import {
  doublePrecision,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uuid,
  index,
} from 'drizzle-orm/pg-core';

/**
 * The `directory` place provider: businesses kept in our own database (demo seed, generated rows
 * for benchmarks, or a CSV import of a directory the agency owns). Searched by a GIN index on
 * normalised words and a (lat, lng) box, then exact distance.
 */
export const directoryBusinesses = pgTable(
  'directory_businesses',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    category: text('category').notNull(),
    /** Normalised words of the category, its synonyms and the name ('plumber', 'pipe', …). */
    searchTerms: text('search_terms').array().notNull(),
    address: text('address'),
    lat: doublePrecision('lat').notNull(),
    lng: doublePrecision('lng').notNull(),
    /** Stars times ten (45 = 4.5), or null without ratings. */
    ratingTenths: integer('rating_tenths'),
    reviewCount: integer('review_count'),
    website: text('website'),
    phone: text('phone'),
    socialProfiles: jsonb('social_profiles')
      .$type<{ network: string; url: string }[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    recentPosts: jsonb('recent_posts')
      .$type<string[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    /** demo (seeded, fictional), generated (benchmarks), import (a CSV the agency owns). */
    source: text('source', { enum: ['demo', 'generated', 'import'] }).notNull(),
    externalId: text('external_id').unique(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('directory_businesses_terms_idx').using('gin', t.searchTerms),
    index('directory_businesses_lat_lng_idx').on(t.lat, t.lng),
  ],
);

/** Towns and ZIP codes of the directory's area, so a typed location works without a geocoder. */
export const directoryPlaces = pgTable('directory_places', {
  key: text('key').primaryKey(),
  label: text('label').notNull(),
  lat: doublePrecision('lat').notNull(),
  lng: doublePrecision('lng').notNull(),
});
