import { and, between, eq, like, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { directoryBusinesses, directoryPlaces } from '../../db/schema.js';
import { placeKey } from './demo-area.js';
import { queryTerms } from './directory-terms.js';
import type { GeoPoint, Place, PlaceQuery, PlacesProvider } from './types.js';
import { escapeLike } from '../../db/ids.js';

const MILES_PER_DEGREE_LAT = 69.0;

/** Businesses kept in our own database: the embedded default provider. */
export function createDirectoryPlaces(db: Db): PlacesProvider {
  return {
    name: 'directory',
    attribution: null,

    async search(query: PlaceQuery): Promise<Place[]> {
      const terms = queryTerms(query.category);
      if (terms.length === 0) return [];
      const b = directoryBusinesses;
      // A box around the circle narrows the rows by index; the haversine distance then decides.
      const dLat = query.radiusMiles / MILES_PER_DEGREE_LAT;
      const dLng =
        query.radiusMiles /
        (MILES_PER_DEGREE_LAT * Math.max(0.01, Math.cos((query.lat * Math.PI) / 180)));
      // Flat-earth distance is exact enough to filter and order within 50 miles and several times
      // cheaper than haversine over thousands of rows; the service computes the exact distance.
      const kx = Math.cos((query.lat * Math.PI) / 180);
      const distance = sql<number>`(${MILES_PER_DEGREE_LAT} * sqrt(power(${b.lat} - ${query.lat}, 2) + power((${b.lng} - ${query.lng}) * ${kx}, 2)))`;
      const rows = await db
        .select({
          id: b.id,
          name: b.name,
          address: b.address,
          lat: b.lat,
          lng: b.lng,
          ratingTenths: b.ratingTenths,
          reviewCount: b.reviewCount,
          website: b.website,
          phone: b.phone,
          socialProfiles: b.socialProfiles,
          recentPosts: b.recentPosts,
          distance,
        })
        .from(b)
        .where(
          and(
            sql`${b.searchTerms} @> ${sql.param(terms)}::text[]`,
            between(b.lat, query.lat - dLat, query.lat + dLat),
            between(b.lng, query.lng - dLng, query.lng + dLng),
            sql`${distance} <= ${query.radiusMiles * 1.01}`,
          ),
        )
        .orderBy(distance, b.id)
        .limit(query.limit);
      return rows.map((r) => ({
        sourceId: r.id,
        name: r.name,
        address: r.address,
        lat: r.lat,
        lng: r.lng,
        rating: r.ratingTenths === null ? null : r.ratingTenths / 10,
        reviewCount: r.reviewCount,
        website: r.website,
        phone: r.phone,
        socialProfiles: r.socialProfiles,
        recentPosts: r.recentPosts,
      }));
    },

    async geocode(text: string): Promise<GeoPoint | null> {
      const key = placeKey(text);
      if (!key) return null;
      const p = directoryPlaces;
      const [exact] = await db.select().from(p).where(eq(p.key, key)).limit(1);
      if (exact) return { lat: exact.lat, lng: exact.lng, label: exact.label };
      // 'new braun' or '7820' still find their place; the shortest key is the closest match.
      const [prefix] = await db
        .select()
        .from(p)
        .where(like(p.key, `${escapeLike(key)}%`))
        .orderBy(sql`length(${p.key})`, p.key)
        .limit(1);
      return prefix ? { lat: prefix.lat, lng: prefix.lng, label: prefix.label } : null;
    },
  };
}
