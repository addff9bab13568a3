import type { Config } from '../../config.js';
import type { Db } from '../../db/client.js';
import { createDirectoryPlaces } from './directory.js';
import { createGooglePlaces } from './google.js';
import { createOsmPlaces } from './osm.js';
import type { PlacesProvider } from './types.js';

/**
 * The place provider PLACES_PROVIDER names: our directory by default. Made once per app, so
 * OpenStreetMap's geocoding cache and its one-request-a-second spacing hold across requests.
 */
export function createPlacesProvider(config: Config, db: Db): PlacesProvider {
  const places = config.places;
  switch (places.provider) {
    case 'google':
      // config.ts refuses to start with PLACES_PROVIDER=google and no key.
      return createGooglePlaces({ apiKey: places.googleApiKey!, apiBase: places.googleApiBase });
    case 'osm':
      return createOsmPlaces({
        overpassUrl: places.overpassUrl,
        nominatimUrl: places.nominatimUrl,
        userAgent: config.userAgent,
      });
    case 'directory':
      return createDirectoryPlaces(db);
  }
}
