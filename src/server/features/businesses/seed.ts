import type { Db } from '../../db/client.js';
import { directoryBusinesses, directoryPlaces } from '../../db/schema.js';
import { DEMO_AREA_PLACES, placeKey } from '../../adapters/places/demo-area.js';
import { generateBusinesses } from './generate.js';

export const DEMO_BUSINESS_COUNT = 300;

/** Adds the demo area's places and `location`, and fictional businesses around `location`. */
export async function seedDemoBusinesses(
  db: Db,
  location: { lat: number; lng: number; label: string },
): Promise<void> {
  const places = [...DEMO_AREA_PLACES, { key: placeKey(location.label), ...location }];
  await db.insert(directoryPlaces).values(places).onConflictDoNothing();
  const rows = generateBusinesses({ count: DEMO_BUSINESS_COUNT, center: location, seed: 2026 });
  await db.insert(directoryBusinesses).values(rows.map((r) => ({ ...r, source: 'demo' as const })));
}
