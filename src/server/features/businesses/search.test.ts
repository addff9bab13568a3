import { beforeAll, describe, expect, it } from 'vitest';
import type { BusinessResult, SearchSettings } from '../../../contract/businesses/businesses.js';
import { getSearchSettings, searchBusinesses } from '../../../contract/businesses/businesses.js';
import { distanceMiles } from '../../../contract/lib/geo.js';
import { buildApp } from '../../app.js';
import { directoryBusinesses } from '../../db/schema.js';
import { TEST_DATABASES, testConfig } from '../../test/databases.js';
import { appUnderTest } from '../../test/app-under-test.js';
import { apiPath } from '../../test/api-path.js';
import { businessTerms } from '../../adapters/places/directory-terms.js';
import { PlacesProviderError, type PlacesProvider } from '../../adapters/places/types.js';

const CENTER = { lat: 29.4241, lng: -98.4936 };

describe.each(TEST_DATABASES)('lead search in the directory on %s', (kind) => {
  const ctx = appUnderTest(kind);

  beforeAll(async () => {
    // Two landmarks at known distances from the centre (1° of latitude ≈ 69.1 miles).
    await ctx.testDb.database.db.insert(directoryBusinesses).values([
      {
        name: 'Zeta Test Plumbing',
        category: 'plumber',
        searchTerms: businessTerms('Zeta Test Plumbing', 'plumber'),
        lat: CENTER.lat + 0.1,
        lng: CENTER.lng,
        source: 'import',
        ratingTenths: 45,
        reviewCount: 12,
      },
      {
        name: 'Far Away Plumbing',
        category: 'plumber',
        searchTerms: businessTerms('Far Away Plumbing', 'plumber'),
        lat: CENTER.lat + 1.0,
        lng: CENTER.lng,
        source: 'import',
      },
    ]);
  });

  const search = (query: string) =>
    ctx.app.inject({ url: apiPath(searchBusinesses, {}, query), headers: { cookie: ctx.cookie } });

  it('finds the seeded demo businesses of a category within the radius, nearest first', async () => {
    const res = await search('category=Plumbers&radius=30');
    expect(res.statusCode).toBe(200);
    const found = res.json<BusinessResult[]>();
    expect(found.length).toBeGreaterThan(5);
    expect(found.every((b) => b.distance <= 30)).toBe(true);
    expect(found.map((b) => b.distance)).toEqual(
      [...found.map((b) => b.distance)].sort((a, b) => a - b),
    );
    const zeta = found.find((b) => b.name === 'Zeta Test Plumbing')!;
    expect(zeta).toMatchObject({ rating: '4.5', reviewCount: 12, provider: 'directory' });
    expect(zeta.distance).toBeCloseTo(
      distanceMiles(CENTER, { lat: CENTER.lat + 0.1, lng: CENTER.lng }),
      1,
    );
    expect(String(zeta.distance)).toMatch(/^\d+(\.\d)?$/);
    expect(found.some((b) => b.name === 'Far Away Plumbing')).toBe(false);
    // The demo data has some businesses with websites and social profiles, some without.
    expect(found.some((b) => b.website?.endsWith('.example'))).toBe(true);
    expect(found.some((b) => b.website === null)).toBe(true);
  });

  it('a larger radius reaches farther; a synonym or a typed town works too', async () => {
    expect(
      (await search('category=plumbing&radius=50')).json<BusinessResult[]>().length,
    ).toBeGreaterThanOrEqual(
      (await search('category=plumbing&radius=5')).json<BusinessResult[]>().length,
    );
    const near = await search('category=dental&radius=10&location=New%20Braunfels');
    expect(near.statusCode).toBe(200);
    for (const b of near.json<BusinessResult[]>())
      expect(distanceMiles({ lat: 29.703, lng: -98.1245 }, b)).toBeLessThanOrEqual(10.05);
    const zip = await search('category=dentist&location=78209');
    expect(zip.statusCode).toBe(200);
    const unknown = await search('category=dentist&location=Atlantis');
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().message).toBe(
      'We could not find "Atlantis". Try a town name or a 5-digit ZIP code.',
    );
  });

  it('uses the browser position when given and answers nothing for an unknown category', async () => {
    const far = await search('category=plumber&radius=5&lat=40.7128&lng=-74.006');
    expect(far.json()).toEqual([]);
    expect((await search('category=zzzz-unknown')).json()).toEqual([]);
  });

  it('refuses bad input with a clear 400', async () => {
    const cases: [string, RegExp][] = [
      ['category=%20%20', /Enter a business category/],
      ['radius=30', /Enter a business category/],
      ['category=plumber&radius=7', /Radius must be one of 5, 10, 20, 30 or 50 miles/],
      ['category=plumber&lat=91&lng=0', /Latitude must be between -90 and 90/],
      ['category=plumber&lat=10', /both latitude and longitude/],
      ['category=plumber&lng=abc&lat=1', /Longitude must be a number/],
    ];
    for (const [query, message] of cases) {
      const res = await search(query);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().message, query).toMatch(message);
    }
    expect(
      (await ctx.app.inject(apiPath(searchBusinesses, {}, { category: 'plumber' }))).statusCode,
    ).toBe(401);
  });

  it('answers the search settings', async () => {
    const settings = (
      await ctx.app.inject({ url: apiPath(getSearchSettings), headers: { cookie: ctx.cookie } })
    ).json<SearchSettings>();
    expect(settings).toEqual({
      provider: 'directory',
      attribution: null,
      defaultLocation: { lat: 29.4241, lng: -98.4936, label: 'San Antonio, TX' },
    });
  });

  it('turns a provider failure into a 502 with its message', async () => {
    const failing: PlacesProvider = {
      name: 'osm',
      attribution: '© OpenStreetMap contributors',
      search: () =>
        Promise.reject(
          new PlacesProviderError('OpenStreetMap is busy right now. Please try again in a minute.'),
        ),
      geocode: () => Promise.resolve(null),
    };
    const other = await buildApp({
      config: testConfig(),
      database: ctx.testDb.database,
      placesProvider: failing,
    });
    try {
      const res = await other.inject({
        url: apiPath(searchBusinesses, {}, { category: 'plumber' }),
        headers: { cookie: ctx.cookie },
      });
      expect(res.statusCode).toBe(502);
      expect(res.json()).toEqual({
        message: 'OpenStreetMap is busy right now. Please try again in a minute.',
      });
    } finally {
      await other.close();
    }
  });
});
