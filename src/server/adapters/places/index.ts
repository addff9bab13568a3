import type { Config } from '../../config.js';
import type { Db } from '../../db/client.js';
import { createDirectoryPlaces } from './directory.js';
import type { PlacesProvider } from './types.js';

/** The place provider PLACES_PROVIDER names: our directory by default. */
export function createPlacesProvider(config: Config, db: Db): PlacesProvider {
  switch (config.places.provider) {
    case 'directory':
      return createDirectoryPlaces(db);
    default:
      return createDirectoryPlaces(db);
  }
}
