import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { overpassHtmlError, startFakeOsm, type FakeOsm } from '../../test/fake-osm.js';
import { createOsmPlaces } from './osm.js';
import { PlacesProviderError } from './types.js';

const USER_AGENT = 'Test Agency lead search (support@agency.example)';
const CENTER = { lat: 29.4241, lng: -98.4936 };
/** `miles` north of the centre (one degree of latitude is about 69.1 miles). */
const north = (miles: number) => CENTER.lat + miles / 69.1;

let fake: FakeOsm;
beforeEach(async () => {
  fake = await startFakeOsm();
});
afterEach(() => fake.close());

const provider = (options: { timeoutMs?: number; minGeocodeIntervalMs?: number } = {}) =>
  createOsmPlaces({
    overpassUrl: fake.overpassUrl,
    nominatimUrl: fake.nominatimUrl,
    userAgent: USER_AGENT,
    minGeocodeIntervalMs: 0,
    ...options,
  });
const search = (category: string, radiusMiles = 2, limit = 20) =>
  provider().search({ category, ...CENTER, radiusMiles, limit });

describe('OpenStreetMap search through Overpass', () => {
  it('posts an Overpass QL query for the category’s tags around the centre, identifying us', async () => {
    await search('Plumbers', 2);
    const [request] = fake.overpassRequests;
    expect(request!.query).toBe(
      '[out:json][timeout:20];(nwr["craft"="plumber"]["name"](around:3219,29.424100,-98.493600););out center tags 1000;',
    );
    expect(request!.contentType).toMatch(/^application\/x-www-form-urlencoded/);
    expect(request!.userAgent).toBe(USER_AGENT);
  });

  it('unites several taggings of one category', async () => {
    await search('dentist', 1);
    expect(fake.overpassRequests[0]!.query).toContain(
      '(nwr["amenity"="dentist"]["name"](around:1609,29.424100,-98.493600);nwr["healthcare"="dentist"]["name"](around:1609,29.424100,-98.493600););',
    );
  });

  it('matches names for an unknown category, its regex characters escaped', async () => {
    await search('A+ (24/7) Tutors');
    expect(fake.overpassRequests[0]!.query).toContain(
      'nwr["name"~"a\\\\+ \\\\(24/7\\\\) tutors",i]["name"](around:',
    );
  });

  it('maps nodes, ways and relations with contact details and social profiles', async () => {
    fake.setElements([
      {
        type: 'node',
        id: 101,
        lat: north(0.5),
        lon: CENTER.lng,
        tags: {
          name: "Joe's Plumbing",
          craft: 'plumber',
          'addr:housenumber': '12',
          'addr:street': 'Main St',
          'addr:city': 'San Antonio',
          'addr:postcode': '78205',
          website: 'joesplumbing.example',
          phone: '+1 210-555-0101;+1 210-555-0199',
          'contact:facebook': 'https://www.facebook.com/joesplumbing',
          'contact:instagram': '@joes.plumbing',
          'contact:twitter': 'joesplumbs',
          'contact:linkedin': 'linkedin.com/company/joes-plumbing',
          'contact:youtube': 'JoesPlumbingTV',
          'contact:tiktok': 'https://www.tiktok.com/@joesplumbing',
        },
      },
      {
        type: 'way',
        id: 202,
        center: { lat: north(1), lon: CENTER.lng },
        tags: {
          name: 'Pipe Works',
          'contact:website': 'https://pipeworks.example/',
          'contact:phone': '(210) 555-0202',
          'contact:x': 'https://x.com/pipeworks',
        },
      },
      {
        type: 'relation',
        id: 303,
        center: { lat: north(1.5), lon: CENTER.lng },
        tags: { name: 'Drain Co' },
      },
      { type: 'node', id: 404, lat: north(0.2), lon: CENTER.lng, tags: { craft: 'plumber' } },
    ]);
    const places = await search('plumber');
    expect(places).toEqual([
      {
        sourceId: 'node/101',
        name: "Joe's Plumbing",
        address: '12 Main St, San Antonio, 78205',
        lat: north(0.5),
        lng: CENTER.lng,
        rating: null,
        reviewCount: null,
        website: 'https://joesplumbing.example/',
        phone: '+1 210-555-0101',
        socialProfiles: [
          { network: 'facebook', url: 'https://www.facebook.com/joesplumbing' },
          { network: 'instagram', url: 'https://www.instagram.com/joes.plumbing' },
          { network: 'x', url: 'https://x.com/joesplumbs' },
          { network: 'linkedin', url: 'https://linkedin.com/company/joes-plumbing' },
          { network: 'youtube', url: 'https://www.youtube.com/@JoesPlumbingTV' },
          { network: 'tiktok', url: 'https://www.tiktok.com/@joesplumbing' },
        ],
        recentPosts: [],
      },
      {
        sourceId: 'way/202',
        name: 'Pipe Works',
        address: null,
        lat: north(1),
        lng: CENTER.lng,
        rating: null,
        reviewCount: null,
        website: 'https://pipeworks.example/',
        phone: '(210) 555-0202',
        socialProfiles: [{ network: 'x', url: 'https://x.com/pipeworks' }],
        recentPosts: [],
      },
      {
        sourceId: 'relation/303',
        name: 'Drain Co',
        address: null,
        lat: north(1.5),
        lng: CENTER.lng,
        rating: null,
        reviewCount: null,
        website: null,
        phone: null,
        socialProfiles: [],
        recentPosts: [],
      },
    ]);
  });

  it('orders by distance, drops what lies outside the circle, and keeps `limit`', async () => {
    const at = (id: number, miles: number) => ({
      type: 'node' as const,
      id,
      lat: north(miles),
      lon: CENTER.lng,
      tags: { name: `Place ${id}` },
    });
    fake.setElements([at(1, 1.9), at(2, 0.3), at(3, 2.5), at(4, 1.1), at(5, 0.7)]);
    expect((await search('plumber', 2, 3)).map((p) => p.sourceId)).toEqual([
      'node/2',
      'node/5',
      'node/4',
    ]);
    expect((await search('plumber', 2, 10)).map((p) => p.sourceId)).toEqual([
      'node/2',
      'node/5',
      'node/4',
      'node/1',
    ]);
  });

  it.each([
    [
      429,
      'open64: 0 Success /osm3s_osm_base Dispatcher_Client::request_read_and_idx::rate_limited.',
    ],
    [
      504,
      'open64: 0 Success /osm3s_osm_base Dispatcher_Client::request_read_and_idx::timeout. The server is probably too busy.',
    ],
  ])('says Overpass is busy on HTTP %i', async (status, reason) => {
    fake.overpassAnswersNextWith(overpassHtmlError(status, reason));
    await expect(search('plumber')).rejects.toThrow(
      new PlacesProviderError(
        "OpenStreetMap's Overpass service is busy right now. Please try again in a minute.",
      ),
    );
  });

  it('treats a query Overpass gave up on as a failure, not as few results', async () => {
    fake.setElements(
      [{ type: 'node', id: 1, lat: north(0.1), lon: CENTER.lng, tags: { name: 'Partial' } }],
      'runtime error: Query timed out in "query" at line 1 after 26 seconds.',
    );
    await expect(search('plumber')).rejects.toThrow(/gave up on this search/);
  });

  it('reports an answer that is not JSON', async () => {
    fake.overpassAnswersNextWith({
      status: 200,
      contentType: 'text/html',
      text: '<html>maintenance</html>',
    });
    await expect(search('plumber')).rejects.toThrow(
      /Overpass service sent an answer that could not be read/,
    );
  });

  it('gives up on a slow answer and tells Overpass the same deadline', async () => {
    fake.setDelay(1000);
    const slow = provider({ timeoutMs: 200 }).search({
      category: 'plumber',
      ...CENTER,
      radiusMiles: 1,
      limit: 5,
    });
    await expect(slow).rejects.toThrow(/Overpass service did not answer within 0\.2 seconds/);
    expect(fake.overpassRequests[0]!.query).toMatch(/^\[out:json\]\[timeout:1\];/);
  });
});

describe('OpenStreetMap geocoding through Nominatim', () => {
  const austin = {
    lat: '30.2711286',
    lon: '-97.7436995',
    display_name: 'Austin, Travis County, Texas, United States',
  };

  it('asks for one US match in jsonv2, identifying us, and labels it with display_name', async () => {
    fake.setPlace('Austin, TX', austin);
    expect(await provider().geocode('  Austin,  TX ')).toEqual({
      lat: 30.2711286,
      lng: -97.7436995,
      label: austin.display_name,
    });
    expect(fake.nominatimRequests[0]!.params).toEqual({
      q: 'Austin, TX',
      format: 'jsonv2',
      limit: '1',
      countrycodes: 'us',
      addressdetails: '0',
    });
    expect(fake.nominatimRequests[0]!.userAgent).toBe(USER_AGENT);
  });

  it('answers a repeated text from its cache, whatever the case and spacing', async () => {
    fake.setPlace('78701', austin);
    const osm = provider();
    const first = await osm.geocode('78701');
    expect(await osm.geocode(' 78701 ')).toEqual(first);
    fake.setPlace('Austin', austin);
    await osm.geocode('Austin');
    await osm.geocode('AUSTIN');
    expect(fake.nominatimRequests.map((r) => r.params.q)).toEqual(['78701', 'Austin']);
  });

  it('keeps the 500 most recently used answers', async () => {
    const osm = provider();
    for (let n = 0; n < 500; n++) await osm.geocode(`town ${n}`);
    await osm.geocode('town 0'); // used again, so 'town 1' is now the oldest
    await osm.geocode('town 500');
    await osm.geocode('town 0');
    expect(fake.nominatimRequests).toHaveLength(501);
    await osm.geocode('town 1');
    expect(fake.nominatimRequests).toHaveLength(502);
  });

  it('spaces requests at least the interval apart, queueing rather than dropping', async () => {
    for (const q of ['Austin', 'Dallas', 'Houston'])
      fake.setPlace(q, { ...austin, display_name: q });
    const osm = provider({ minGeocodeIntervalMs: 200 });
    const labels = await Promise.all(['Austin', 'Dallas', 'Houston'].map((q) => osm.geocode(q)));
    expect(labels.map((p) => p?.label)).toEqual(['Austin', 'Dallas', 'Houston']);
    const times = fake.nominatimRequests.map((r) => r.at);
    // Each request starts the interval after the previous answer, so however late one arrives the next
    // cannot arrive sooner than the interval after it.
    expect(times[1]! - times[0]!).toBeGreaterThanOrEqual(200);
    expect(times[2]! - times[1]!).toBeGreaterThanOrEqual(200);
  });

  it('answers null when nothing matches', async () => {
    expect(await provider().geocode('Nowhereville')).toBeNull();
    expect(fake.nominatimRequests).toHaveLength(1);
  });

  it('reports Nominatim refusing, and asks again next time', async () => {
    fake.setPlace('Austin', austin);
    fake.nominatimAnswersNextWith({
      status: 429,
      contentType: 'text/html',
      text: '<html>Too Many Requests</html>',
    });
    const osm = provider();
    await expect(osm.geocode('Austin')).rejects.toThrow(
      new PlacesProviderError(
        "OpenStreetMap's place-name search (Nominatim) is busy right now. Please try again in a minute.",
      ),
    );
    expect(await osm.geocode('Austin')).toMatchObject({ label: austin.display_name });
    expect(fake.nominatimRequests).toHaveLength(2);
  });

  it('names itself and credits OpenStreetMap', () => {
    expect(provider()).toMatchObject({ name: 'osm', attribution: '© OpenStreetMap contributors' });
  });
});
