import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { METERS_PER_MILE } from '../../../contract/lib/geo.js';
import {
  googleError,
  startFakeGooglePlaces,
  type FakeGooglePlace,
  type FakeGooglePlaces,
} from '../../test/fake-google-places.js';
import { createGooglePlaces } from './google.js';
import { fetchJson } from './http.js';
import { PlacesProviderError } from './types.js';

const API_KEY = 'AIzaSyFAKE-test-key-0123456789';
const CENTER = { lat: 29.4241, lng: -98.4936 };
/** A place `miles` north of the centre (one degree of latitude is about 69.1 miles). */
const placeAt = (n: number, miles: number): FakeGooglePlace => ({
  id: `ChIJ-place-${n}`,
  displayName: { text: `Plumber ${n}`, languageCode: 'en' },
  location: { latitude: CENTER.lat + miles / 69.1, longitude: CENTER.lng },
});

let fake: FakeGooglePlaces;
beforeEach(async () => {
  fake = await startFakeGooglePlaces({ apiKey: API_KEY });
});
afterEach(() => fake.close());

const provider = (apiKey = API_KEY, timeoutMs?: number) =>
  createGooglePlaces({ apiKey, apiBase: fake.url, timeoutMs });
const search = (limit = 20, radiusMiles = 10, category = 'plumber') =>
  provider().search({ category, ...CENTER, radiusMiles, limit });

describe('Google Places (New) Text Search', () => {
  it('sends the key, a field mask of what we map, and a circle bias around the search centre', async () => {
    await search(20, 5);
    const [request] = fake.requests;
    expect(request).toMatchObject({
      method: 'POST',
      path: '/v1/places:searchText',
      apiKey: API_KEY,
      contentType: 'application/json',
    });
    expect(request!.fieldMask!.split(',').sort()).toEqual(
      [
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
      ].sort(),
    );
    expect(request!.body).toEqual({
      textQuery: 'plumber',
      locationBias: {
        circle: {
          center: { latitude: CENTER.lat, longitude: CENTER.lng },
          radius: 5 * METERS_PER_MILE,
        },
      },
      pageSize: 20,
    });
  });

  it('clamps the circle to the 50 000 m the API accepts', async () => {
    fake.setResults('plumber', [placeAt(1, 40)]);
    const places = await search(20, 100);
    expect(
      (fake.requests[0]!.body.locationBias as { circle: { radius: number } }).circle.radius,
    ).toBe(50_000);
    expect(places.map((p) => p.sourceId)).toEqual(['ChIJ-place-1']);
  });

  it('maps every field we asked for, and leaves what Google does not give empty', async () => {
    fake.setResults('plumber', [
      {
        ...placeAt(1, 1),
        formattedAddress: '100 Main St, San Antonio, TX 78205, USA',
        rating: 4.6,
        userRatingCount: 212,
        websiteUri: 'https://plumber1.example/',
        nationalPhoneNumber: '(210) 555-0101',
        internationalPhoneNumber: '+1 210-555-0101',
      },
      { ...placeAt(2, 2), internationalPhoneNumber: '+1 210-555-0102' },
      { id: 'ChIJ-no-location', displayName: { text: 'Nowhere', languageCode: 'en' } },
    ]);
    expect(await search()).toEqual([
      {
        sourceId: 'ChIJ-place-1',
        name: 'Plumber 1',
        address: '100 Main St, San Antonio, TX 78205, USA',
        lat: CENTER.lat + 1 / 69.1,
        lng: CENTER.lng,
        rating: 4.6,
        reviewCount: 212,
        website: 'https://plumber1.example/',
        phone: '(210) 555-0101',
        socialProfiles: [],
        recentPosts: [],
      },
      {
        sourceId: 'ChIJ-place-2',
        name: 'Plumber 2',
        address: null,
        lat: CENTER.lat + 2 / 69.1,
        lng: CENTER.lng,
        rating: null,
        reviewCount: null,
        website: null,
        phone: '+1 210-555-0102',
        socialProfiles: [],
        recentPosts: [],
      },
    ]);
  });

  it('follows nextPageToken with the same parameters, up to the 60 results the API gives', async () => {
    fake.setResults(
      'plumber',
      Array.from({ length: 75 }, (_, n) => placeAt(n, 0.1)),
    );
    const places = await search(200);
    expect(places).toHaveLength(60);
    expect(new Set(places.map((p) => p.sourceId)).size).toBe(60);
    expect(fake.requests).toHaveLength(3);
    expect(fake.requests[0]!.body.pageToken).toBeUndefined();
    for (const later of fake.requests.slice(1)) {
      expect(later.body).toMatchObject({
        ...fake.requests[0]!.body,
        pageToken: expect.stringMatching(/^page-token-/),
      });
    }
  });

  it('stops paging once it has `limit` places', async () => {
    fake.setResults(
      'plumber',
      Array.from({ length: 60 }, (_, n) => placeAt(n, 0.1)),
    );
    expect(await search(25)).toHaveLength(25);
    expect(fake.requests).toHaveLength(2);
  });

  it('drops places beyond the radius (a bias is not a restriction) and pages on for more', async () => {
    const near = Array.from({ length: 10 }, (_, n) => placeAt(n, 4));
    const far = Array.from({ length: 15 }, (_, n) => placeAt(100 + n, 30));
    fake.setResults('plumber', [...far, ...near]);
    const places = await search(20, 5);
    expect(places.map((p) => p.sourceId).sort()).toEqual(near.map((p) => p.id).sort());
    expect(fake.requests).toHaveLength(2);
  });

  it.each([
    [
      'a wrong key',
      400,
      'INVALID_ARGUMENT',
      'API key not valid. Please pass a valid API key.',
      /refused the request: API key not valid\. Please pass a valid API key\..*Check GOOGLE_PLACES_API_KEY/,
    ],
    [
      'the API not enabled',
      403,
      'PERMISSION_DENIED',
      'Places API (New) has not been used in project 123 before or it is disabled.',
      /refused the request: Places API \(New\) has not been used.*Check GOOGLE_PLACES_API_KEY/,
    ],
    [
      'the quota used up',
      429,
      'RESOURCE_EXHAUSTED',
      'Quota exceeded for quota metric SearchTextRequest.',
      /quota is used up/,
    ],
    [
      'a server error',
      500,
      'INTERNAL',
      'Internal error encountered.',
      /having trouble right now \(HTTP 500\)/,
    ],
  ])('turns %s into a sentence without the key', async (_case, code, status, message, expected) => {
    fake.answerNextWith(googleError(code, status, `${message} (key ${API_KEY})`));
    const error = await search().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PlacesProviderError);
    expect((error as Error).message).toMatch(expected);
    expect((error as Error).message).not.toContain(API_KEY);
  });

  it('reports the real answer to a wrong key', async () => {
    const error = await provider('AIzaSy-wrong-key')
      .search({ category: 'plumber', ...CENTER, radiusMiles: 5, limit: 5 })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PlacesProviderError);
    expect((error as Error).message).toBe(
      'Google Places refused the request: API key not valid. Please pass a valid API key. Check GOOGLE_PLACES_API_KEY and that Places API (New) is enabled for it.',
    );
  });

  it('does not blame the key for a bad request that has nothing to do with it', async () => {
    fake.answerNextWith(googleError(400, 'INVALID_ARGUMENT', 'Invalid text query'));
    await expect(search()).rejects.toThrow(
      /^Google Places refused the request: Invalid text query\.$/,
    );
  });

  it('reports an answer that is not JSON', async () => {
    fake.answerNextWith({ status: 200, text: '<html>proxy login</html>' });
    await expect(search()).rejects.toThrow(
      new PlacesProviderError(
        'Google Places sent an answer that could not be read. Please try again later.',
      ),
    );
  });

  it('gives up on a slow answer', async () => {
    fake.setDelay(1000);
    const started = Date.now();
    await expect(
      provider(API_KEY, 100).search({ category: 'plumber', ...CENTER, radiusMiles: 5, limit: 5 }),
    ).rejects.toThrow(/Google Places did not answer within 0\.1 seconds/);
    expect(Date.now() - started).toBeLessThan(900);
  });
});

describe('Google Places geocoding through Text Search', () => {
  it('takes the first result’s location and address', async () => {
    fake.setResults('Austin, TX', [
      {
        id: 'ChIJ-austin',
        displayName: { text: 'Austin', languageCode: 'en' },
        formattedAddress: 'Austin, TX, USA',
        location: { latitude: 30.2672, longitude: -97.7431 },
      },
    ]);
    expect(await provider().geocode('  Austin,   TX ')).toEqual({
      lat: 30.2672,
      lng: -97.7431,
      label: 'Austin, TX, USA',
    });
    expect(fake.requests[0]).toMatchObject({
      apiKey: API_KEY,
      fieldMask: 'places.location,places.formattedAddress',
      body: { textQuery: 'Austin, TX', pageSize: 1 },
    });
  });

  it('answers null when nothing matches (Google answers {})', async () => {
    expect(await provider().geocode('Nowhereville')).toBeNull();
    expect(fake.requests).toHaveLength(1);
  });

  it('names itself and the attribution Google requires', () => {
    expect(provider()).toMatchObject({ name: 'google', attribution: 'Google Maps' });
  });
});

describe('the HTTP helper both adapters share', () => {
  it('refuses an answer larger than the size check allows, rather than reading it all', async () => {
    fake.answerNextWith({
      status: 200,
      text: JSON.stringify({ places: Array.from({ length: 50 }, (_, n) => placeAt(n, 1)) }),
    });
    await expect(
      fetchJson(
        `${fake.url}/v1/places:searchText`,
        { method: 'POST' },
        { service: 'Google Places', timeoutMs: 1000, maxBytes: 1024 },
      ),
    ).rejects.toThrow(
      new PlacesProviderError(
        'Google Places sent an unexpectedly large answer. Try a smaller radius.',
      ),
    );
  });

  it('says when the service cannot be reached at all', async () => {
    const url = fake.url;
    await fake.close();
    await expect(fetchJson(url, {}, { service: 'Google Places', timeoutMs: 1000 })).rejects.toThrow(
      /^Google Places could not be reached \(ECONNREFUSED\)\./,
    );
    fake = await startFakeGooglePlaces({ apiKey: API_KEY });
  });
});
