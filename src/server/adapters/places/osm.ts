import { distanceMiles, METERS_PER_MILE } from '../../../contract/lib/geo.js';
import { fetchJson } from './http.js';
import { contactFieldsFrom, osmFiltersFor } from './osm-tags.js';
import {
  PlacesProviderError,
  type GeoPoint,
  type Place,
  type PlaceQuery,
  type PlacesProvider,
} from './types.js';

export interface OsmPlacesOptions {
  overpassUrl: string;
  nominatimUrl: string;
  /** Both services' usage policies ask every application to identify itself. */
  userAgent: string;
  timeoutMs?: number;
  /** Nominatim's usage policy: at most one request per second. */
  minGeocodeIntervalMs?: number;
}

const OVERPASS = "OpenStreetMap's Overpass service";
const NOMINATIM = "OpenStreetMap's place-name search (Nominatim)";
const OVERPASS_BUSY = `${OVERPASS} is busy right now. Please try again in a minute.`;
/** Overpass lists elements by id, not distance: take plenty so the nearest `limit` are among them. */
const MAX_ELEMENTS = 1000;
const GEOCODE_CACHE_SIZE = 500;

interface OverpassElement {
  type?: string;
  id?: number;
  lat?: number;
  lon?: number;
  center?: { lat?: number; lon?: number };
  tags?: Record<string, string>;
}
interface NominatimResult {
  lat?: string;
  lon?: string;
  display_name?: string;
}

const coordinate = (value: number) => value.toFixed(6);

/** `out center` gives ways and relations one point; elements without a name are no lead, so Overpass drops them. */
export function overpassQuery(query: PlaceQuery, timeoutSeconds: number): string {
  const around = `(around:${Math.round(query.radiusMiles * METERS_PER_MILE)},${coordinate(query.lat)},${coordinate(query.lng)})`;
  const statements = osmFiltersFor(query.category).map(
    (filter) => `nwr${filter}["name"]${around};`,
  );
  return `[out:json][timeout:${timeoutSeconds}];(${statements.join('')});out center tags ${MAX_ELEMENTS};`;
}

function toPlace(element: OverpassElement): Place | null {
  const tags = element.tags ?? {};
  const name = tags.name?.trim();
  const lat = element.lat ?? element.center?.lat;
  const lng = element.lon ?? element.center?.lon;
  if (
    !name ||
    typeof lat !== 'number' ||
    typeof lng !== 'number' ||
    !element.type ||
    element.id === undefined
  )
    return null;
  return {
    sourceId: `${element.type}/${element.id}`,
    name,
    lat,
    lng,
    rating: null,
    reviewCount: null,
    recentPosts: [],
    ...contactFieldsFrom(tags),
  };
}

function overpassFailure(status: number): PlacesProviderError {
  // 429: our share of its capacity is used up; 504: it is overloaded and queued us too long.
  if (status === 429 || status === 504 || status === 503)
    return new PlacesProviderError(OVERPASS_BUSY);
  return new PlacesProviderError(
    `${OVERPASS} could not run the search (HTTP ${status}). Please try again later.`,
  );
}

function nominatimFailure(status: number): PlacesProviderError {
  if (status === 429 || status >= 500)
    return new PlacesProviderError(`${NOMINATIM} is busy right now. Please try again in a minute.`);
  if (status === 403)
    return new PlacesProviderError(
      `${NOMINATIM} refused the request (HTTP 403); it may have blocked this server. Please try again later.`,
    );
  return new PlacesProviderError(
    `${NOMINATIM} could not look up that place (HTTP ${status}). Please try again later.`,
  );
}

/** OpenStreetMap: businesses from Overpass, typed places from Nominatim, within both services' usage policies. */
export function createOsmPlaces(options: OsmPlacesOptions): PlacesProvider {
  const { overpassUrl, userAgent, timeoutMs = 25_000, minGeocodeIntervalMs = 1000 } = options;
  const nominatimUrl = options.nominatimUrl.replace(/\/+$/, '');
  const geocoded = new Map<string, Promise<GeoPoint | null>>();
  let geocodeLine: Promise<unknown> = Promise.resolve();
  let lastGeocodeDoneAt = -Infinity;
  // Overpass gets less time than we wait, so a slow query ends with its own remark rather than our abort.
  const overpassSeconds = Math.max(1, Math.floor((timeoutMs * 0.8) / 1000));

  /**
   * One geocode at a time, each starting the interval after the previous one ended. Counting from
   * the end rather than the start keeps Nominatim's side of the policy too: however the network
   * delays one request, the next cannot reach it sooner than the interval after.
   */
  function inGeocodeTurn<T>(work: () => Promise<T>): Promise<T> {
    const turn = geocodeLine.then(async () => {
      for (let wait = lastGeocodeDoneAt + minGeocodeIntervalMs - Date.now(); wait > 0;) {
        await new Promise((resolve) => setTimeout(resolve, wait));
        wait = lastGeocodeDoneAt + minGeocodeIntervalMs - Date.now();
      }
      try {
        return await work();
      } finally {
        lastGeocodeDoneAt = Date.now();
      }
    });
    geocodeLine = turn.catch(() => undefined);
    return turn;
  }

  async function lookUp(text: string): Promise<GeoPoint | null> {
    const params = new URLSearchParams({
      q: text,
      format: 'jsonv2',
      limit: '1',
      countrycodes: 'us',
      addressdetails: '0',
    });
    const init = { headers: { 'user-agent': userAgent, accept: 'application/json' } };
    const answer = await inGeocodeTurn(() =>
      fetchJson(`${nominatimUrl}/search?${params}`, init, { service: NOMINATIM, timeoutMs }),
    );
    if (answer.status !== 200) throw nominatimFailure(answer.status);
    if (!Array.isArray(answer.body))
      throw new PlacesProviderError(
        `${NOMINATIM} sent an answer that could not be read. Please try again later.`,
      );
    const first = answer.body[0] as NominatimResult | undefined;
    const lat = Number(first?.lat);
    const lng = Number(first?.lon);
    if (!first || !Number.isFinite(lat) || !Number.isFinite(lng)) return null;
    return { lat, lng, label: first.display_name?.trim() || text };
  }

  return {
    name: 'osm',
    attribution: '© OpenStreetMap contributors',

    async search(query) {
      const init = {
        method: 'POST',
        headers: { 'user-agent': userAgent },
        body: new URLSearchParams({ data: overpassQuery(query, overpassSeconds) }),
      };
      const answer = await fetchJson(overpassUrl, init, { service: OVERPASS, timeoutMs });
      if (answer.status !== 200) throw overpassFailure(answer.status);
      const body = answer.body as { elements?: unknown; remark?: unknown } | null;
      if (!body || !Array.isArray(body.elements))
        throw new PlacesProviderError(
          `${OVERPASS} sent an answer that could not be read. Please try again later.`,
        );
      // A query that ran out of time or memory still answers 200, with partial elements and a remark.
      if (typeof body.remark === 'string' && /error|timed out|out of memory/i.test(body.remark)) {
        throw new PlacesProviderError(
          `${OVERPASS} gave up on this search because it is busy or the area is too large. Try a smaller radius, or try again in a minute.`,
        );
      }
      const center = { lat: query.lat, lng: query.lng };
      return (
        (body.elements as OverpassElement[])
          .map(toPlace)
          .filter((place): place is Place => place !== null)
          .map((place) => ({ place, miles: distanceMiles(center, place) }))
          // `around` matches a way by any of its nodes; its centre may lie just outside the circle.
          .filter(({ miles }) => miles <= query.radiusMiles)
          .sort((a, b) => a.miles - b.miles)
          .slice(0, query.limit)
          .map(({ place }) => place)
      );
    },

    geocode(input) {
      const text = input.trim().replace(/\s+/g, ' ');
      if (!text) return Promise.resolve(null);
      const key = text.toLowerCase();
      let pending = geocoded.get(key);
      if (pending) {
        geocoded.delete(key); // re-inserted below: the Map's order is its recency
      } else {
        const lookup = lookUp(text);
        // A failure is not an answer: the next try asks again.
        lookup.catch(() => geocoded.get(key) === lookup && geocoded.delete(key));
        pending = lookup;
      }
      geocoded.set(key, pending);
      if (geocoded.size > GEOCODE_CACHE_SIZE) geocoded.delete(geocoded.keys().next().value!);
      return pending;
    },
  };
}
