import { distanceMiles, METERS_PER_MILE } from '../../../contract/lib/geo.js';
import { httpUrlOrNull } from '../../../contract/lib/web-address.js';
import { fetchJson, type HttpAnswer } from './http.js';
import { PlacesProviderError, type Place, type PlacesProvider } from './types.js';

export interface GooglePlacesOptions {
  apiKey: string;
  /** https://places.googleapis.com, or a test's fake. */
  apiBase: string;
  timeoutMs?: number;
}

const SERVICE = 'Google Places';
/** Text Search (New) limits: a bias circle's radius, a page, and all pages of one search together. */
const MAX_BIAS_RADIUS_M = 50_000;
const PAGE_SIZE = 20;
const MAX_PAGES = 3;

/** Only what we map: Google bills by the fields asked for. nextPageToken must be asked for to page. */
const SEARCH_FIELDS = [
  'places.id',
  'places.displayName',
  'places.formattedAddress',
  'places.location',
  'places.rating',
  'places.userRatingCount',
  'places.websiteUri',
  'places.nationalPhoneNumber',
  'places.internationalPhoneNumber',
  'nextPageToken',
].join(',');
const GEOCODE_FIELDS = 'places.location,places.formattedAddress';

interface GooglePlace {
  id?: string;
  displayName?: { text?: string };
  formattedAddress?: string;
  location?: { latitude?: number; longitude?: number };
  rating?: number;
  userRatingCount?: number;
  websiteUri?: string;
  nationalPhoneNumber?: string;
  internationalPhoneNumber?: string;
}
interface SearchTextAnswer {
  places?: GooglePlace[];
  nextPageToken?: string;
}

const text = (value: unknown) =>
  typeof value === 'string' && value.trim() !== '' ? value.trim() : null;
const num = (value: unknown) =>
  typeof value === 'number' && Number.isFinite(value) ? value : null;

function toPlace(raw: GooglePlace): Place | null {
  const sourceId = text(raw.id);
  const name = text(raw.displayName?.text);
  const lat = num(raw.location?.latitude);
  const lng = num(raw.location?.longitude);
  if (!sourceId || !name || lat === null || lng === null) return null;
  return {
    sourceId,
    name,
    address: text(raw.formattedAddress),
    lat,
    lng,
    rating: num(raw.rating),
    reviewCount: num(raw.userRatingCount),
    // Only http(s) links are ever stored or shown (src/contract/lib/web-address.ts).
    website: httpUrlOrNull(raw.websiteUri),
    phone: text(raw.nationalPhoneNumber) ?? text(raw.internationalPhoneNumber),
    socialProfiles: [],
    recentPosts: [],
  };
}

/** Google's error body is `{ error: { code, message, status } }`; its message is meant for developers but readable. */
function failure({ status, body }: HttpAnswer, apiKey: string): PlacesProviderError {
  const raw = text((body as { error?: { message?: unknown } } | undefined)?.error?.message);
  // A key must never reach a screen or a log, even if Google ever echoed it.
  const detail = raw && apiKey ? raw.split(apiKey).join('[key]').slice(0, 300) : raw;
  if (status === 429)
    return new PlacesProviderError(
      'Google Places quota is used up for now. Please try again later, or raise the quota in the Google Cloud console.',
    );
  if (status >= 500)
    return new PlacesProviderError(
      `Google Places is having trouble right now (HTTP ${status}). Please try again in a minute.`,
    );
  if (status === 400 || status === 401 || status === 403) {
    const sentence = detail ? (/[.!?]$/.test(detail) ? detail : `${detail}.`) : `HTTP ${status}.`;
    const keyHint =
      status !== 400 || /api key/i.test(sentence)
        ? ' Check GOOGLE_PLACES_API_KEY and that Places API (New) is enabled for it.'
        : '';
    return new PlacesProviderError(`Google Places refused the request: ${sentence}${keyHint}`);
  }
  return new PlacesProviderError(
    `Google Places answered with an unexpected error (HTTP ${status}). Please try again later.`,
  );
}

/** Google Places API (New): Text Search for both searching and geocoding, so one API key and one API suffice. */
export function createGooglePlaces({
  apiKey,
  apiBase,
  timeoutMs = 10_000,
}: GooglePlacesOptions): PlacesProvider {
  const endpoint = `${apiBase.replace(/\/+$/, '')}/v1/places:searchText`;

  async function searchText(
    body: Record<string, unknown>,
    fieldMask: string,
  ): Promise<SearchTextAnswer> {
    const init = {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-goog-api-key': apiKey,
        'x-goog-fieldmask': fieldMask,
      },
      body: JSON.stringify(body),
    };
    const answer = await fetchJson(endpoint, init, { service: SERVICE, timeoutMs });
    if (answer.status !== 200) throw failure(answer, apiKey);
    if (typeof answer.body !== 'object' || answer.body === null)
      throw new PlacesProviderError(
        'Google Places sent an answer that could not be read. Please try again later.',
      );
    const { places, nextPageToken } = answer.body as SearchTextAnswer;
    return {
      places: Array.isArray(places) ? places : [],
      nextPageToken: text(nextPageToken) ?? undefined,
    };
  }

  return {
    name: 'google',
    // Google's policies for Places API content shown without a Google map: the Google Maps logo, or the text where space is short.
    attribution: 'Google Maps',

    async search(query) {
      const center = { lat: query.lat, lng: query.lng };
      const first = {
        textQuery: query.category,
        locationBias: {
          circle: {
            center: { latitude: query.lat, longitude: query.lng },
            radius: Math.min(query.radiusMiles * METERS_PER_MILE, MAX_BIAS_RADIUS_M),
          },
        },
        pageSize: PAGE_SIZE,
      };
      const found = new Map<string, Place>();
      let pageToken: string | undefined;
      for (let page = 0; page < MAX_PAGES && found.size < query.limit; page++) {
        // Later pages must repeat the first request's parameters exactly, plus the token.
        const answer = await searchText(pageToken ? { ...first, pageToken } : first, SEARCH_FIELDS);
        for (const raw of answer.places ?? []) {
          const place = toPlace(raw);
          // A bias only ranks nearby places first; farther ones still come back.
          if (
            place &&
            !found.has(place.sourceId) &&
            distanceMiles(center, place) <= query.radiusMiles
          )
            found.set(place.sourceId, place);
        }
        pageToken = answer.nextPageToken;
        if (!pageToken) break;
      }
      return [...found.values()].slice(0, query.limit);
    },

    async geocode(input) {
      const textQuery = input.trim().replace(/\s+/g, ' ');
      if (!textQuery) return null;
      const answer = await searchText({ textQuery, pageSize: 1, regionCode: 'US' }, GEOCODE_FIELDS);
      const first = answer.places?.[0];
      const lat = num(first?.location?.latitude);
      const lng = num(first?.location?.longitude);
      if (lat === null || lng === null) return null;
      return { lat, lng, label: text(first?.formattedAddress) ?? textQuery };
    },
  };
}
