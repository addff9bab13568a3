import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { testConfig } from '../test/databases.js';
import { appUnderTest } from '../test/app-under-test.js';

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
export async function render({ url, site, data }) {
  calls.push(url);
  if (url.includes('fail')) throw new Error('boom');
  if (url.includes('slow')) await new Promise((resolve) => setTimeout(resolve, 5000));
  const plans = data['/api/subscription-plans'];
  const html = '<main data-origin="' + site.origin + '">' + url + ' ' + plans.map((p) => p.displayName).join(',') + ' ' + data['/api/portfolio'].length + '</main>';
  return { html, money: Object.fromEntries(plans.map((p) => ['en usd ' + p.price, '$</' + p.price])) };
}`,
  );
  return { web: { webDir: path.join(dir, 'web'), shellFile: path.join(dir, 'shell/index.html'), ssrEntry: entry }, entry };
}

describe('public pages rendered on the server', () => {
  const build = fakeBuildWithRenderer();
  const ctx = appUnderTest('pglite', () => ({ config: testConfig({ PUBLIC_URL: 'https://agency.example.com' }), web: build.web, role: 'owner' }));
  const calls = async () => ((await import(build.entry)) as { calls: string[] }).calls;

  it('puts the rendered app and the data it used into the shell, for the public pages and the 404 page only', async () => {
    const home = await ctx.app.inject('/');
    expect(home.statusCode).toBe(200);
    expect(home.body).toContain('<div id="root"><main data-origin="https://agency.example.com">/ Essential,Growing,Professional,Comprehensive 3</main></div>');
    const data = /<script type="application\/json" id="ssr-data">(.*?)<\/script>/.exec(home.body)![1]!;
    expect(Object.keys(JSON.parse(data) as object)).toEqual(['/api/subscription-plans', '/api/portfolio']);
    // The money texts the page shows come along, so that the browser hydrates without formatting them again ('<' escaped).
    const money = /<script type="application\/json" id="ssr-money">(.*?)<\/script>/.exec(home.body)![1]!;
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
    expect(after.body).toContain('/checkout/growing Essential,Growing,Professional,Comprehensive 4</main>');
    expect((await calls()).filter((u) => u === '/checkout/growing').length).toBe(before + 2);
  });

  it('renders once whatever marketing parameters a URL carries, and keeps those a page reads', async () => {
    const before = (await calls()).length;
    for (const url of ['/?utm_source=a', '/?utm_source=b&fbclid=x', '/']) expect((await ctx.app.inject(url)).statusCode).toBe(200);
    expect((await calls()).length).toBeLessThanOrEqual(before + 1);
    const link = await ctx.app.inject('/checkout/growing?registration=00000000-0000-4000-8000-000000000000&utm_medium=email');
    expect(link.body).toContain('/checkout/growing?registration=00000000-0000-4000-8000-000000000000 ');
    expect(link.body).not.toContain('utm_medium');
  });

  it('sends the empty shell when rendering fails or takes too long, and keeps serving', async () => {
    for (const url of ['/checkout/fail', '/checkout/slow']) {
      const res = await ctx.app.inject(url);
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain('<div id="root"></div>');
      expect(res.body).not.toContain('ssr-data');
    }
    expect((await ctx.app.inject('/')).body).toContain('<main');
  });

  it('describes the agency, its services and one offer per plan (price and renewal price) on the landing page, in each language', async () => {
    const jsonLd = (body: string) => JSON.parse(/<script type="application\/ld\+json">(.*?)<\/script>/.exec(body)![1]!) as Record<string, unknown>;
    type Offer = { name: string; url: string; price: string; priceCurrency: string; priceSpecification: { name: string; price: string }[] };
    const en = jsonLd((await ctx.app.inject('/')).body);
    expect(en).toMatchObject({ '@type': 'Organization', name: 'Test Agency', slogan: 'Veteran owned and operated', url: 'https://agency.example.com/' });
    expect((en.hasOfferCatalog as { itemListElement: { itemOffered: { name: string } }[] }).itemListElement.map((o) => o.itemOffered.name)).toEqual([
      'Website Development',
      '2 AI Generated Commercials',
      'Social Media Marketing',
      '24/7 Tech Support',
    ]);
    const offers = en.makesOffer as Offer[];
    expect(offers.map((o) => o.name)).toEqual(['Essential', 'Growing', 'Professional', 'Comprehensive']);
    const growing = offers.find((o) => o.name === 'Growing')!;
    expect(growing).toMatchObject({ url: 'https://agency.example.com/checkout/growing', price: '299.00', priceCurrency: 'USD' });
    expect(growing.priceSpecification.map((p) => [p.name, p.price])).toEqual([
      ['Price for the first 12 months', '299.00'],
      ['Price after the first 12 months', '325.00'],
    ]);
    const es = jsonLd((await ctx.app.inject('/es')).body);
    expect(es.slogan).toBe('Una empresa de veteranos, dirigida por veteranos');
    expect((es.makesOffer as Offer[]).find((o) => o.name === 'Growing')!.url).toBe('https://agency.example.com/es/checkout/growing');
    // Other pages name the agency only.
    expect(jsonLd((await ctx.app.inject('/accessibility')).body).makesOffer).toBeUndefined();
  });

  it("titles and describes a plan's checkout page with its name and price, as the page titles itself", async () => {
    const en = (await ctx.app.inject('/checkout/growing')).body;
    expect(en).toContain('<title>Checkout: Growing plan · Test Agency</title>');
    expect(en).toMatch(/<meta name="description" content="The Growing plan from Test Agency, a veteran-owned web agency: \$299\.00 per month /);
    const es = (await ctx.app.inject('/es/checkout/growing')).body;
    expect(es).toContain('<title>Pago: plan Growing · Test Agency</title>');
    expect(es).toMatch(/<meta name="description" content="El plan Growing de Test Agency, una agencia web de veteranos: \$299\.00 por mes /);
  });
});
