import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { testConfig } from '../test/databases.js';
import { appUnderTest } from '../test/app-under-test.js';
import { RenderBudget, RenderCache } from './server-rendering.js';

/**
 * A stand-in for dist/ with a server renderer that counts its calls and can be made to fail or
 * hang: the server puts what it renders into the shell, keeps it while the data stays the same,
 * and sends the empty shell when rendering fails.
 */
function fakeBuildWithRenderer() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ssr-'));
  fs.mkdirSync(path.join(dir, 'web'));
  fs.mkdirSync(path.join(dir, 'shell'));
  fs.writeFileSync(
    path.join(dir, 'shell/index.html'),
    '<!doctype html><title>{{TITLE}}</title><meta name="description" content="{{DESCRIPTION}}"><script type="application/ld+json">{{JSON_LD}}</script><div id="root"></div><script src="/app.js"></script>',
  );
  const entry = path.join(dir, 'entry-server.mjs');
  fs.writeFileSync(
    entry,
    `export const calls = [];
export const behaviour = { fail: false, slow: false };
export async function render({ url, site, data }) {
  calls.push(url);
  if (behaviour.fail) throw new Error('boom');
  if (behaviour.slow) await new Promise((resolve) => setTimeout(resolve, 5000));
  const plans = data['/api/subscription-plans'];
  const html = '<main data-origin="' + site.origin + '">' + url + ' ' + plans.map((p) => p.displayName).join(',') + ' ' + data['/api/portfolio'].length + '</main>';
  return { html, money: Object.fromEntries(plans.map((p) => ['en usd ' + p.price, '$</' + p.price])) };
}`,
  );
  return {
    web: {
      webDir: path.join(dir, 'web'),
      shellFile: path.join(dir, 'shell/index.html'),
      ssrEntry: entry,
    },
    entry,
  };
}

describe('public pages rendered on the server', () => {
  const build = fakeBuildWithRenderer();
  const ctx = appUnderTest('pglite', () => ({
    config: testConfig({ PUBLIC_URL: 'https://agency.example.com' }),
    web: build.web,
    role: 'owner',
  }));
  const calls = async () => ((await import(build.entry)) as { calls: string[] }).calls;
  const behaviour = async () =>
    ((await import(build.entry)) as { behaviour: { fail: boolean; slow: boolean } }).behaviour;

  it('puts the rendered app and the data it used into the shell, for the public pages and the 404 page only', async () => {
    const home = await ctx.app.inject('/');
    expect(home.statusCode).toBe(200);
    expect(home.body).toContain(
      '<div id="root"><main data-origin="https://agency.example.com">/ Essential,Growing,Professional,Comprehensive 3</main></div>',
    );
    const data = /<script type="application\/json" id="ssr-data">(.*?)<\/script>/.exec(
      home.body,
    )![1]!;
    expect(Object.keys(JSON.parse(data) as object)).toEqual([
      '/api/subscription-plans',
      '/api/portfolio',
      '/api/faq',
    ]);
    // The money texts the page shows come along, so that the browser hydrates without formatting them again ('<' escaped).
    const money = /<script type="application\/json" id="ssr-money">(.*?)<\/script>/.exec(
      home.body,
    )![1]!;
    expect(money).not.toContain('</');
    expect(JSON.parse(money)).toMatchObject({ 'en usd 299.00': '$</299.00' });
    const missing = await ctx.app.inject('/no-such-page');
    expect(missing.statusCode).toBe(404);
    expect(missing.body).toContain('<main');
    for (const url of ['/admin', '/settings', '/login']) {
      const page = await ctx.app.inject(url);
      expect(page.statusCode).toBe(200);
      expect(page.body).toContain('<div id="root"></div>');
      expect(page.body).not.toContain('ssr-data');
      expect(page.body).not.toContain('ssr-money');
    }
  });

  it('renders a page once while the data stays the same, and again as soon as a write here changes it', async () => {
    const before = (await calls()).filter((u) => u === '/checkout/growing').length;
    await ctx.app.inject('/checkout/growing');
    await ctx.app.inject('/checkout/growing');
    expect((await calls()).filter((u) => u === '/checkout/growing').length).toBe(before + 1);
    const added = await ctx.app.inject({
      method: 'POST',
      url: '/api/portfolio',
      headers: { cookie: ctx.cookie },
      payload: { websiteName: 'Fresh Site', websiteUrl: 'https://fresh.example' },
    });
    expect(added.statusCode).toBe(201);
    const after = await ctx.app.inject('/checkout/growing');
    expect(after.body).toContain(
      '/checkout/growing Essential,Growing,Professional,Comprehensive 4</main>',
    );
    expect((await calls()).filter((u) => u === '/checkout/growing').length).toBe(before + 2);
  });

  it('renders once whatever marketing parameters a URL carries, and keeps those a page reads', async () => {
    const before = (await calls()).length;
    for (const url of ['/?utm_source=a', '/?utm_source=b&fbclid=x', '/'])
      expect((await ctx.app.inject(url)).statusCode).toBe(200);
    expect((await calls()).length).toBeLessThanOrEqual(before + 1);
    // A checkout link is rendered as 'a link naming a registration', never with the visitor's id.
    const link = await ctx.app.inject(
      '/checkout/growing?registration=12345678-aaaa-4000-8000-000000000000&utm_medium=email',
    );
    expect(link.body).toContain(
      '/checkout/growing?registration=00000000-0000-0000-0000-000000000000 ',
    );
    expect(link.body).not.toContain('12345678-aaaa');
    expect(link.body).not.toContain('utm_medium');
  });

  it('sends the empty shell when rendering fails or takes too long, and keeps serving', async () => {
    const mode = await behaviour();
    try {
      for (const [url, set] of [
        ['/account', () => (mode.fail = true)],
        ['/es/account', () => ((mode.fail = false), (mode.slow = true))],
      ] as const) {
        set();
        const res = await ctx.app.inject(url);
        expect(res.statusCode).toBe(200);
        expect(res.body).toContain('<div id="root"></div>');
        expect(res.body).not.toContain('ssr-data');
      }
    } finally {
      mode.fail = mode.slow = false;
    }
    expect((await ctx.app.inject('/')).body).toContain('<main');
    // A render that failed is not kept: the next request renders the page.
    expect((await ctx.app.inject('/account')).body).toContain('<main');
  });

  it('describes the agency, its services and one offer per plan (price and renewal price) on the landing page, in each language', async () => {
    const jsonLd = (body: string) =>
      JSON.parse(/<script type="application\/ld\+json">(.*?)<\/script>/.exec(body)![1]!) as Record<
        string,
        unknown
      >;
    type Offer = {
      name: string;
      url: string;
      price: string;
      priceCurrency: string;
      priceSpecification: { name: string; price: string }[];
    };
    const en = jsonLd((await ctx.app.inject('/')).body);
    expect(en).toMatchObject({
      '@type': 'Organization',
      name: 'Test Agency',
      slogan: 'Veteran owned and operated',
      url: 'https://agency.example.com/',
    });
    expect(
      (
        en.hasOfferCatalog as { itemListElement: { itemOffered: { name: string } }[] }
      ).itemListElement.map((o) => o.itemOffered.name),
    ).toEqual([
      'Website Development',
      '2 AI Generated Commercials',
      'Social Media Marketing',
      '24/7 Tech Support',
    ]);
    const offers = en.makesOffer as Offer[];
    expect(offers.map((o) => o.name)).toEqual([
      'Essential',
      'Growing',
      'Professional',
      'Comprehensive',
    ]);
    const growing = offers.find((o) => o.name === 'Growing')!;
    expect(growing).toMatchObject({
      url: 'https://agency.example.com/checkout/growing',
      price: '299.00',
      priceCurrency: 'USD',
    });
    expect(growing.priceSpecification.map((p) => [p.name, p.price])).toEqual([
      ['Price for the first 12 months', '299.00'],
      ['Price after the first 12 months', '325.00'],
    ]);
    const es = jsonLd((await ctx.app.inject('/es')).body);
    expect(es.slogan).toBe('Una empresa de veteranos, dirigida por veteranos');
    expect((es.makesOffer as Offer[]).find((o) => o.name === 'Growing')!.url).toBe(
      'https://agency.example.com/es/checkout/growing',
    );
    // Other pages name the agency only.
    expect(jsonLd((await ctx.app.inject('/accessibility')).body).makesOffer).toBeUndefined();
  });

  it("titles and describes a plan's checkout page with its name and price, as the page titles itself", async () => {
    const en = (await ctx.app.inject('/checkout/growing')).body;
    expect(en).toContain('<title>Checkout: Growing plan · Test Agency</title>');
    expect(en).toMatch(
      /<meta name="description" content="The Growing plan from Test Agency, a veteran-owned web agency: \$299\.00 per month /,
    );
    const es = (await ctx.app.inject('/es/checkout/growing')).body;
    expect(es).toContain('<title>Pago: plan Growing · Test Agency</title>');
    expect(es).toMatch(
      /<meta name="description" content="El plan Growing de Test Agency, una agencia web de veteranos: \$299\.00 por mes /,
    );
  });
});

/**
 * What a request may make the server render (docs/decisions/022): invented paths, plans, query
 * values and hosts cost no render of their own, and what a visitor brings is never in a page kept
 * for others.
 */
describe('the cost of a request does not depend on values a visitor invents', () => {
  const build = fakeBuildWithRenderer();
  const ctx = appUnderTest('pglite', () => ({
    // No PUBLIC_URL: the links may name an allowed host only; forwarded headers are believed (the worst case).
    config: testConfig({
      TRUST_PROXY: 'true',
      ALLOWED_HOSTS: 'agency.example.com,www.agency.example.com',
    }),
    web: { ...build.web, renderBudget: { burst: 1000, perMinute: 0 } },
  }));
  const calls = async () => ((await import(build.entry)) as { calls: string[] }).calls;
  /** Renders caused by `requests` (each a URL or inject options), and their answers. */
  const rendersFor = async (
    requests: (string | { url: string; headers: Record<string, string> })[],
  ) => {
    const before = (await calls()).length;
    const answers = [];
    for (const request of requests) answers.push(await ctx.app.inject(request));
    return { renders: (await calls()).length - before, answers };
  };
  const N = 40;
  const uuid = (i: number) => `${String(i).padStart(8, '0')}-bbbb-4000-8000-000000000000`;

  it('renders the 404 page once per language for any number of unknown paths, each answer naming its own path', async () => {
    const paths = Array.from({ length: N }, (_, i) => `/invented-${i}/x"<y`);
    const { renders, answers } = await rendersFor([...paths, ...paths.map((p) => `/es${p}`)]);
    expect(renders).toBeLessThanOrEqual(2);
    answers.forEach((res, i) => {
      expect(res.statusCode).toBe(404);
      // The path goes into the one slot the page shows it in (the language switch), escaped.
      expect(res.body).toContain(`/invented-${i % N}/x&quot;&lt;y`);
      expect(res.body).not.toContain(`/invented-${(i + 1) % N}/`);
      expect(res.body).not.toContain('__not_found_path__');
    });
    // Compressed answers carry the same page.
    const br = await ctx.app.inject({ url: '/invented-br', headers: { 'accept-encoding': 'br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toContain('/invented-br ');
  });

  it('renders one "plan not found" page for any number of unknown plans (404), and one page per real plan whatever its trailing slashes', async () => {
    const { renders, answers } = await rendersFor([
      ...Array.from({ length: N }, (_, i) => `/checkout/invented-${i}`),
      ...Array.from({ length: N }, (_, i) => `/accessibility${'/'.repeat(i + 1)}`),
    ]);
    expect(renders).toBeLessThanOrEqual(2);
    for (const res of answers.slice(0, N)) {
      expect(res.statusCode).toBe(404);
      expect(res.body).not.toContain('invented-');
      expect(res.body).not.toContain('rel="canonical"');
    }
    for (const res of answers.slice(N)) expect(res.statusCode).toBe(200);
  });

  it("renders a page once for any number of registration ids, tokens and payments' secrets; none of them is in any page", async () => {
    const secrets = Array.from({ length: N }, (_, i) => `pi_${i}_secret_zz${i}`);
    const requests = Array.from({ length: N }, (_, i) => [
      `/checkout/growing?registration=${uuid(i)}`,
      `/es/checkout/growing?registration=${uuid(i)}`,
      `/account?token=tok-${i}-zz`,
      `/payment-success?payment_intent=pi_${i}&payment_intent_client_secret=${secrets[i]}&redirect_status=succeeded`,
    ]).flat();
    const { renders, answers } = await rendersFor(requests);
    // At most one render per page and language: a second visitor's new value costs a cached lookup.
    expect(renders).toBeLessThanOrEqual(4);
    const { renders: more } = await rendersFor([
      `/checkout/growing?registration=${uuid(999)}`,
      `/account?token=new`,
      '/payment-success?payment_intent_client_secret=new',
    ]);
    expect(more).toBe(0);
    // Nobody's value is in the pages served, their own included: the server renders the linked state only.
    for (const res of answers) expect(res.body).not.toMatch(/bbbb-4000|tok-\d|_secret_zz|pi_\d/);
    expect((await calls()).join(' ')).not.toMatch(/bbbb-4000|tok-\d|_secret_zz|pi_\d/);
    expect(answers[0]!.body).toContain(
      '/checkout/growing?registration=00000000-0000-0000-0000-000000000000 ',
    );
  });

  it('renders a page once for any number of invented hosts and forwarded hosts, none of which names its links', async () => {
    const hosts = Array.from({ length: N }, (_, i) => `h${i}.evil.example`);
    const { renders, answers } = await rendersFor([
      ...hosts.map((host) => ({ url: '/accessibility', headers: { host } })),
      ...hosts.map((host) => ({
        url: '/accessibility',
        headers: { host: 'agency.example.com', 'x-forwarded-host': host },
      })),
    ]);
    expect(renders).toBeLessThanOrEqual(1);
    for (const res of answers) {
      expect(res.statusCode).toBe(200);
      expect(res.body).not.toContain('evil.example');
      expect(res.body).toContain('data-origin="http://localhost:5000"');
    }
  });
});

describe('absolute links without PUBLIC_URL, behind a trusted proxy', () => {
  const build = fakeBuildWithRenderer();
  const ctx = appUnderTest('pglite', () => ({
    config: testConfig({ TRUST_PROXY: 'true', ALLOWED_HOSTS: 'agency.example.com' }),
    web: build.web,
  }));
  const forged = [
    { 'x-forwarded-host': 'evil.example' },
    { host: 'evil.example' },
    { host: 'agency.example.com', 'x-forwarded-host': 'evil.example' },
  ];

  it('never names a forged Host or X-Forwarded-Host in robots.txt, the sitemap, canonical and Open Graph links or JSON-LD', async () => {
    for (const headers of forged) {
      for (const url of [
        '/robots.txt',
        '/sitemap.xml',
        '/',
        '/es/checkout/growing',
        '/accessibility',
      ]) {
        const res = await ctx.app.inject({ url, headers });
        expect(res.statusCode, `${url} ${JSON.stringify(headers)}`).toBe(200);
        expect(res.body, `${url} ${JSON.stringify(headers)}`).not.toContain('evil.example');
        expect(res.body).toContain('http://localhost:5000/');
      }
    }
    const landing = (
      await ctx.app.inject({ url: '/', headers: { 'x-forwarded-host': 'evil.example' } })
    ).body;
    expect(landing).toMatch(/"url":"http:\/\/localhost:5000\/"/);
    expect(landing).toContain('data-origin="http://localhost:5000"');
  });

  it('names an allowed host, as the proxy forwards it, and varies by Host', async () => {
    const headers = { 'x-forwarded-host': 'agency.example.com', 'x-forwarded-proto': 'https' };
    const sitemap = await ctx.app.inject({ url: '/sitemap.xml', headers });
    expect(sitemap.body).toContain('<loc>https://agency.example.com/</loc>');
    expect(sitemap.headers.vary).toMatch(/\bhost\b/i);
    expect((await ctx.app.inject({ url: '/robots.txt', headers })).body).toContain(
      'Sitemap: https://agency.example.com/sitemap.xml',
    );
    const page = (await ctx.app.inject({ url: '/accessibility', headers })).body;
    expect(page).toContain('data-origin="https://agency.example.com"');
  });
});

describe('the bound on what one address can make the server render', () => {
  const build = fakeBuildWithRenderer();
  const ctx = appUnderTest('pglite', () => ({
    config: testConfig({ PUBLIC_URL: 'https://agency.example.com' }),
    web: { ...build.web, renderBudget: { burst: 3, perMinute: 0 } },
  }));
  const from = (remoteAddress: string, url: string) => ctx.app.inject({ url, remoteAddress });

  it('sends the empty shell (never an error) once an address has rendered its share; others and cached pages are not affected', async () => {
    for (const url of ['/', '/es', '/accessibility'])
      expect((await from('203.0.113.1', url)).body).toContain('<main');
    const over = await from('203.0.113.1', '/es/accessibility');
    expect(over.statusCode).toBe(200);
    expect(over.body).toContain('<div id="root"></div>');
    const missing = await from('203.0.113.1', '/no-such-page');
    expect(missing.statusCode).toBe(404);
    expect(missing.body).toContain('<div id="root"></div>');
    // Pages already rendered cost nothing: still the rendered page.
    expect((await from('203.0.113.1', '/es')).body).toContain('<main');
    // Another address renders as usual.
    expect((await from('203.0.113.2', '/es/accessibility')).body).toContain('<main');
  });
});

describe('the render cache and the per-address budget', () => {
  it('keeps the most recently used pages within a count and a byte size', () => {
    const cache = new RenderCache<string>(3, 100);
    cache.set('a', 'A', 10);
    cache.set('b', 'B', 10);
    cache.set('c', 'C', 10);
    expect(cache.get('a')).toBe('A'); // now the most recent
    cache.set('d', 'D', 10);
    expect(cache.get('b')).toBeUndefined();
    expect([cache.get('a'), cache.get('c'), cache.get('d')]).toEqual(['A', 'C', 'D']);
    cache.set('big', 'BIG', 0);
    cache.resize('big', 'BIG', 90);
    expect(cache.totalBytes).toBeLessThanOrEqual(100);
    expect(cache.get('big')).toBe('BIG');
    expect(cache.size).toBeLessThanOrEqual(2);
  });

  it('refills an address bucket over time and keeps a bounded number of addresses', () => {
    let now = 0;
    const budget = new RenderBudget(2, 60, 2, () => now);
    expect([budget.take('a'), budget.take('a'), budget.take('a')]).toEqual([true, true, false]);
    now += 1_000; // one a second
    expect([budget.take('a'), budget.take('a')]).toEqual([true, false]);
    budget.take('b');
    budget.take('c'); // 'a' is dropped: it starts full again
    expect([budget.take('a'), budget.take('a')]).toEqual([true, true]);
  });
});
