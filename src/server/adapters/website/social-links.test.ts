import { describe, expect, it } from 'vitest';
import { findSocialProfiles } from './find-social-profiles.js';
import type { FetchedPage, SafeFetcher } from './safe-fetch.js';
import { cpuMs, cpuSlices } from '../../test/cpu-slices.js';
import { HOSTILE_HOMEPAGES } from '../../test/fake-websites.js';
import { extractSocialProfiles, readSocialProfiles } from './social-links.js';
import { MAX_ATTRIBUTES } from './slices.js';

const base = 'https://acme-plumbing.example/about/';
const page = (body: string) =>
  `<!doctype html><html><head><title>Acme</title></head><body>${body}</body></html>`;
const ld = (data: unknown) => `<script type="application/ld+json">${JSON.stringify(data)}</script>`;

describe('extractSocialProfiles', () => {
  it('reads the profiles that anchors link to, for every recognised network', () => {
    const html = page(`
      <a href="https://www.facebook.com/AcmePlumbing">Facebook</a>
      <a href="https://instagram.com/acme.plumbing/">Instagram</a>
      <a href="https://twitter.com/acmeplumbing">Twitter</a>
      <a href="https://www.linkedin.com/company/acme-plumbing/">LinkedIn</a>
      <a href="https://www.youtube.com/@acmeplumbing">YouTube</a>
      <a href="https://youtu.be/dQw4w9WgXcQ">Our video</a>
      <a href="https://www.tiktok.com/@acmeplumbing">TikTok</a>
      <a href="https://pinterest.com/acmeplumbing">Pinterest</a>
      <a href="https://www.yelp.com/biz/acme-plumbing-austin">Yelp</a>
      <a href="https://nextdoor.com/pages/acme-plumbing-austin-tx/">Nextdoor</a>
      <a href="https://www.threads.net/@acmeplumbing">Threads</a>
      <a href="https://fb.com/acmeplumbing2">Old Facebook link</a>
      <a href="https://www.example.com/contact">Not social</a>
      <a href="mailto:hello@acme-plumbing.example">Mail</a>`);
    expect(extractSocialProfiles(html, base)).toEqual([
      { network: 'facebook', url: 'https://www.facebook.com/AcmePlumbing' },
      { network: 'instagram', url: 'https://www.instagram.com/acme.plumbing' },
      { network: 'x', url: 'https://x.com/acmeplumbing' },
      { network: 'linkedin', url: 'https://www.linkedin.com/company/acme-plumbing' },
      { network: 'youtube', url: 'https://www.youtube.com/@acmeplumbing' },
      { network: 'youtube', url: 'https://youtu.be/dQw4w9WgXcQ' },
      { network: 'tiktok', url: 'https://www.tiktok.com/@acmeplumbing' },
      { network: 'pinterest', url: 'https://www.pinterest.com/acmeplumbing' },
      { network: 'yelp', url: 'https://www.yelp.com/biz/acme-plumbing-austin' },
      { network: 'nextdoor', url: 'https://nextdoor.com/pages/acme-plumbing-austin-tx' },
      { network: 'threads', url: 'https://www.threads.net/@acmeplumbing' },
      { network: 'facebook', url: 'https://www.facebook.com/acmeplumbing2' },
    ]);
  });

  it('reads JSON-LD sameAs as a string, an array, inside @graph and nested objects', () => {
    const html = page(
      ld({
        '@context': 'https://schema.org',
        '@type': 'Plumber',
        sameAs: 'https://www.facebook.com/acme',
      }) +
        ld({
          '@type': 'Organization',
          sameAs: ['https://x.com/acme', 'https://www.instagram.com/acme', 42, null],
        }) +
        ld({
          '@graph': [
            { '@type': 'WebSite' },
            {
              '@type': 'LocalBusiness',
              founder: { '@type': 'Person', sameAs: ['https://www.linkedin.com/in/jane-doe'] },
            },
          ],
        }) +
        `<script type=" Application/LD+JSON ">{"sameAs": "https://www.tiktok.com/@acme"}</script>`,
    );
    expect(extractSocialProfiles(html, base)).toEqual([
      { network: 'facebook', url: 'https://www.facebook.com/acme' },
      { network: 'x', url: 'https://x.com/acme' },
      { network: 'instagram', url: 'https://www.instagram.com/acme' },
      { network: 'linkedin', url: 'https://www.linkedin.com/in/jane-doe' },
      { network: 'tiktok', url: 'https://www.tiktok.com/@acme' },
    ]);
  });

  it('ignores share and intent links, posts, log-ins and the networks’ home pages', () => {
    const html = page(`
      <a href="https://www.facebook.com/sharer/sharer.php?u=https%3A%2F%2Facme.example">Share</a>
      <a href="https://www.facebook.com/sharer.php?u=x">Share</a>
      <a href="https://twitter.com/intent/tweet?text=hi">Tweet</a>
      <a href="https://twitter.com/share?url=x">Tweet</a>
      <a href="https://www.linkedin.com/shareArticle?mini=true&url=x">Share</a>
      <a href="https://www.linkedin.com/company/">No company named</a>
      <a href="https://pinterest.com/pin/create/button/?url=x">Pin</a>
      <a href="https://www.instagram.com/p/Cxyz123/">A post</a>
      <a href="https://www.facebook.com/">Home</a>
      <a href="https://instagram.com">Home</a>
      <a href="https://x.com/home">Home</a>
      <a href="https://www.youtube.com/embed/abc">Embed</a>
      <a href="https://www.yelp.com/writeareview/biz/abc">Review</a>`);
    expect(extractSocialProfiles(html, base)).toEqual([]);
  });

  it('keeps profiles whose names merely start like an ignored path', () => {
    const html = page(
      `<a href="https://www.facebook.com/trevorsplumbing">T</a><a href="https://x.com/sharethelove">S</a>`,
    );
    expect(extractSocialProfiles(html, base).map((p) => p.url)).toEqual([
      'https://www.facebook.com/trevorsplumbing',
      'https://x.com/sharethelove',
    ]);
  });

  it('resolves relative links against the page address and honours <base>', () => {
    expect(
      extractSocialProfiles(
        page('<a href="//www.facebook.com/acme">F</a>'),
        'http://acme.example/',
      ),
    ).toEqual([{ network: 'facebook', url: 'https://www.facebook.com/acme' }]);
    const withBase =
      '<html><head><base href="https://instagram.com/"></head><body><a href="acme">I</a><a href="/">Home</a></body></html>';
    expect(extractSocialProfiles(withBase, base)).toEqual([
      { network: 'instagram', url: 'https://www.instagram.com/acme' },
    ]);
  });

  it('strips tracking parameters, fragments and trailing slashes but keeps meaningful queries', () => {
    const html = page(`
      <a href="http://m.facebook.com/profile.php?id=1000123&utm_source=site&fbclid=abc#reviews">F</a>
      <a href="https://www.youtube.com/watch?v=abc123&si=tracking&utm_medium=footer">Video</a>
      <a href="https://www.instagram.com/acme///?igsh=xyz">I</a>`);
    expect(extractSocialProfiles(html, base)).toEqual([
      { network: 'facebook', url: 'https://www.facebook.com/profile.php?id=1000123' },
      { network: 'youtube', url: 'https://www.youtube.com/watch?v=abc123' },
      { network: 'instagram', url: 'https://www.instagram.com/acme' },
    ]);
  });

  it('lists a profile once however it is linked, and x status links as their account', () => {
    const html = page(`
      <a href="https://facebook.com/acme/">F</a><a href="https://www.facebook.com/Acme">F again</a>
      <a href="https://twitter.com/acme/status/123456">A tweet</a><a href="https://x.com/acme?utm_campaign=x">X</a>
      ${ld({ sameAs: ['https://m.facebook.com/acme', 'https://www.youtube.com/channel/UCabc', 'https://www.youtube.com/channel/UCABC'] })}`);
    expect(extractSocialProfiles(html, base)).toEqual([
      { network: 'facebook', url: 'https://www.facebook.com/acme' },
      { network: 'x', url: 'https://x.com/acme' },
      { network: 'youtube', url: 'https://www.youtube.com/channel/UCabc' },
      { network: 'youtube', url: 'https://www.youtube.com/channel/UCABC' },
    ]);
  });

  it('returns at most 20 profiles', () => {
    const anchors = Array.from(
      { length: 30 },
      (_, i) => `<a href="https://www.instagram.com/acme${i}">I</a>`,
    ).join('');
    const profiles = extractSocialProfiles(page(anchors), base);
    expect(profiles).toHaveLength(20);
    expect(profiles[19]).toEqual({ network: 'instagram', url: 'https://www.instagram.com/acme19' });
  });

  it('survives malformed HTML, broken JSON-LD and hostile hrefs', () => {
    const deep = '{"a":'.repeat(5000) + '{"sameAs":"https://x.com/deep"}' + '}'.repeat(5000);
    const html = `<div><a href="https://x.com/acme"<p>unclosed <a href="http://[::1">bad</a> <a href="javascript:alert(1)">js</a>
      <script type="application/ld+json">{"sameAs": ["https://x.com/broken",]}</script>
      <script type="application/ld+json">${deep}</script>
      <a href="https://www.instagram.com/acme">ok</a><a href=></a><a>no href</a><table><td>`;
    expect(() => extractSocialProfiles(html, base)).not.toThrow();
    expect(extractSocialProfiles(html, base)).toEqual([
      { network: 'x', url: 'https://x.com/acme' },
      { network: 'instagram', url: 'https://www.instagram.com/acme' },
    ]);
    expect(extractSocialProfiles('', base)).toEqual([]);
    expect(extractSocialProfiles('<a href="acme">', 'not a url')).toEqual([]);
  });
});

describe('readSocialProfiles on hostile pages', () => {
  it.each(Object.keys(HOSTILE_HOMEPAGES))(
    'reads %s in linear time, in slices of a few milliseconds',
    async (name) => {
      const html = HOSTILE_HOMEPAGES[name]!;
      await readSocialProfiles(html.slice(0, 64 * 1024), base); // warms the compiler up
      const measured = cpuSlices();
      let profiles: unknown[] = [];
      const took = await cpuMs(
        async () => (profiles = await readSocialProfiles(html, base, measured.turn)),
      );
      expect(took).toBeLessThan(1500);
      // Slices of about 3 ms on an idle core; the margin is for a machine shared with other work.
      expect(measured.longest()).toBeLessThan(50);
      expect(profiles.length).toBeLessThanOrEqual(20);
    },
  );

  it('reads a page up to a tag of more attributes than MAX_ATTRIBUTES, and finds what came before', async () => {
    const attributes = (n: number) => Array.from({ length: n }, (_, i) => `a${i}=1`).join(' ');
    const page = (n: number) =>
      `<a href="https://x.com/acme">x</a><a ${attributes(n)}>y</a><a href="https://www.facebook.com/acme">f</a>`;
    expect((await readSocialProfiles(page(60_000), base)).map((p) => p.network)).toEqual(['x']);
    expect((await readSocialProfiles(page(MAX_ATTRIBUTES), base)).map((p) => p.network)).toEqual([
      'x',
      'facebook',
    ]);
  });

  it('still finds what hostile pages hide among the noise', async () => {
    expect(await readSocialProfiles(HOSTILE_HOMEPAGES.socialAnchors!, base)).toEqual([
      { network: 'facebook', url: 'https://www.facebook.com/acme' },
    ]);
    expect(
      (await readSocialProfiles(HOSTILE_HOMEPAGES.jsonLdBlocks!, base)).map((p) => p.network),
    ).toEqual(['x', 'instagram']);
    // Trailing slashes and tracking parameters go, however many.
    expect(
      extractSocialProfiles(
        `<a href="https://www.facebook.com/acme${'/'.repeat(1000)}?${'utm_a=1&'.repeat(100)}id=7">f</a>`,
        base,
      ),
    ).toEqual([{ network: 'facebook', url: 'https://www.facebook.com/acme?id=7' }]);
  });
});

describe('findSocialProfiles', () => {
  const fetcherAnswering = (answer: Omit<FetchedPage, 'contentType' | 'truncated'>) => {
    const asked: string[] = [];
    const fetcher: SafeFetcher = {
      fetchPage: async (url) => {
        asked.push(url);
        return { ...answer, contentType: 'text/html', truncated: false };
      },
    };
    return { fetcher, asked };
  };

  it('adds https:// to a bare domain and resolves links against the final address', async () => {
    const { fetcher, asked } = fetcherAnswering({
      finalUrl: 'https://www.facebook.com/',
      body: '<a href="/acme">F</a>',
    });
    expect(await findSocialProfiles(fetcher, ' acme.example ')).toEqual([
      { network: 'facebook', url: 'https://www.facebook.com/acme' },
    ]);
    await findSocialProfiles(fetcher, 'http://acme.example/home');
    await findSocialProfiles(fetcher, 'acme.example:8080/shop');
    expect(asked).toEqual([
      'https://acme.example',
      'http://acme.example/home',
      'https://acme.example:8080/shop',
    ]);
  });
});
