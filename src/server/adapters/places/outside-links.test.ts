import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeGooglePlaces, type FakeGooglePlaces } from '../../test/fake-google-places.js';
import { extractSocialProfiles } from '../website/social-links.js';
import { createGooglePlaces } from './google.js';
import { contactFieldsFrom } from './osm-tags.js';

const HOSTILE = [
  'javascript:alert(1)',
  'data:text/html,<b>x</b>',
  'file:///etc/passwd',
  'ftp://example.com/x',
];

/**
 * Links read from outside sources are kept only when they are http(s) (src/contract/lib/web-address.ts).
 * The directory CSV import's case is in features/businesses/import-csv.test.ts.
 */
describe('links from outside sources', () => {
  let fake: FakeGooglePlaces;
  beforeAll(async () => {
    fake = await startFakeGooglePlaces({ apiKey: 'AIzaSyFAKE-links' });
  });
  afterAll(() => fake.close());

  it('Google: a website that is not http(s) is dropped, the place kept', async () => {
    const at = { location: { latitude: 29.4241, longitude: -98.4936 } };
    fake.setResults('plumber', [
      ...HOSTILE.map((websiteUri, n) => ({
        id: `bad-${n}`,
        displayName: { text: `Bad ${n}`, languageCode: 'en' },
        websiteUri,
        ...at,
      })),
      {
        id: 'good',
        displayName: { text: 'Good', languageCode: 'en' },
        websiteUri: 'https://good.example/',
        ...at,
      },
    ]);
    const places = await createGooglePlaces({
      apiKey: 'AIzaSyFAKE-links',
      apiBase: fake.url,
    }).search({
      category: 'plumber',
      lat: 29.4241,
      lng: -98.4936,
      radiusMiles: 10,
      limit: 20,
    });
    expect(places.map((p) => [p.sourceId, p.website])).toEqual([
      ...HOSTILE.map((_, n) => [`bad-${n}`, null]),
      ['good', 'https://good.example/'],
    ]);
  });

  it('OpenStreetMap: website and contact tags that are not http(s) are dropped', () => {
    for (const bad of HOSTILE) {
      const fields = contactFieldsFrom({ website: bad, 'contact:facebook': bad });
      expect(fields.website, bad).toBeNull();
      expect(fields.socialProfiles, bad).toEqual([]);
    }
  });

  it('homepages: only http(s) links become social profiles', () => {
    const html = `${HOSTILE.map((h) => `<a href="${h}">x</a>`).join('')}<a href="javascript://www.facebook.com/%0Aalert(1)">f</a><a href="https://www.facebook.com/shop">f</a>`;
    expect(extractSocialProfiles(html, 'https://shop.example/')).toEqual([
      { network: 'facebook', url: 'https://www.facebook.com/shop' },
    ]);
  });
});
