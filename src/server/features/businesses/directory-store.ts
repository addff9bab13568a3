import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { directoryBusinesses } from '../../db/schema.js';
import type { GeneratedBusiness } from './generate.js';

const BATCH = 1000;

/** Adds businesses to the directory in batches; imported rows with a known external id are updated. */
export async function storeBusinesses(
  db: Db,
  rows: (GeneratedBusiness & { externalId?: string | null })[],
  source: 'generated' | 'import',
): Promise<number> {
  let stored = 0;
  for (let i = 0; i < rows.length; i += BATCH) {
    const batch = rows
      .slice(i, i + BATCH)
      .map((r) => ({ ...r, source, externalId: r.externalId ?? null }));
    const result = await db
      .insert(directoryBusinesses)
      .values(batch)
      .onConflictDoUpdate({
        target: directoryBusinesses.externalId,
        set: {
          name: sql`excluded.name`,
          category: sql`excluded.category`,
          searchTerms: sql`excluded.search_terms`,
          address: sql`excluded.address`,
          lat: sql`excluded.lat`,
          lng: sql`excluded.lng`,
          ratingTenths: sql`excluded.rating_tenths`,
          reviewCount: sql`excluded.review_count`,
          website: sql`excluded.website`,
          phone: sql`excluded.phone`,
          socialProfiles: sql`excluded.social_profiles`,
        },
      })
      .returning({ id: directoryBusinesses.id });
    stored += result.length;
  }
  return stored;
}
