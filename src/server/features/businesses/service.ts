import { distanceMiles, roundMiles } from '../../../contract/lib/geo.js';
import {
  SEARCH_RESULT_CAP,
  type BusinessResult,
  type BusinessSearchQuery,
  type SearchSettings,
} from '../../../contract/businesses/businesses.js';
import { HttpError } from '../../http/errors.js';
import {
  PlacesProviderError,
  type GeoPoint,
  type Place,
  type PlacesProvider,
} from '../../adapters/places/types.js';

/** Lead search: where to look from, the provider's places, our business shape ordered by distance. */
export function createBusinessSearch(options: {
  provider: PlacesProvider;
  defaultLocation: GeoPoint;
  /** Leaves out do-not-contact businesses and marks saved leads (the leads feature's lookup). */
  annotate?: (results: BusinessResult[]) => Promise<BusinessResult[]>;
}) {
  const { provider } = options;

  async function center(query: BusinessSearchQuery): Promise<GeoPoint> {
    if (query.lat !== undefined && query.lng !== undefined)
      return { lat: query.lat, lng: query.lng, label: 'your location' };
    if (!query.location) return options.defaultLocation;
    const point = await upstream(() => provider.geocode(query.location!));
    if (!point) {
      const message = `We could not find "${query.location}". Try a town name or a 5-digit ZIP code.`;
      throw new HttpError(422, message, [{ field: 'location', message }]);
    }
    return point;
  }

  return {
    settings(): SearchSettings {
      return {
        provider: provider.name,
        attribution: provider.attribution,
        defaultLocation: options.defaultLocation,
      };
    },

    async search(query: BusinessSearchQuery): Promise<BusinessResult[]> {
      const from = await center(query);
      const places = await upstream(() =>
        provider.search({
          category: query.category,
          lat: from.lat,
          lng: from.lng,
          radiusMiles: query.radius,
          limit: SEARCH_RESULT_CAP,
        }),
      );
      const results = places
        .map((place) => toResult(provider.name, place, distanceMiles(from, place)))
        .filter((b) => b.distance <= query.radius)
        .sort((a, b) => a.distance - b.distance || a.name.localeCompare(b.name))
        .slice(0, SEARCH_RESULT_CAP);
      return options.annotate ? options.annotate(results) : results;
    },
  };
}
export type BusinessSearch = ReturnType<typeof createBusinessSearch>;

/** A provider failure answers 502 with the adapter's sentence (it never holds a key or a stack). */
async function upstream<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (error instanceof PlacesProviderError) throw new HttpError(502, error.message);
    throw error;
  }
}

function toResult(
  provider: BusinessResult['provider'],
  place: Place,
  miles: number,
): BusinessResult {
  return {
    id: `${provider}:${place.sourceId}`,
    provider,
    sourceId: place.sourceId,
    name: place.name,
    address: place.address,
    rating: place.rating === null ? null : place.rating.toFixed(1),
    reviewCount: place.reviewCount,
    distance: roundMiles(miles),
    website: place.website,
    phone: place.phone,
    socialMedia: [...new Set(place.socialProfiles.map((p) => p.network))],
    socialProfiles: place.socialProfiles,
    recentPosts: place.recentPosts,
    lat: place.lat,
    lng: place.lng,
    lead: null,
  };
}
