import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { testConfig } from '../test/databases.js';
import { appUnderTest } from '../test/app-under-test.js';
import { renderShell } from './shell.js';

// The head of src/web/index.html, as the build leaves it: what the server fills in per page.
const TEMPLATE = [
  '<!doctype html><html lang="{{LANG}}"><head><title>{{TITLE}}</title>',
  '<meta name="description" content="{{DESCRIPTION}}"><meta property="og:title" content="{{OG_TITLE}}">',
  '<meta property="og:description" content="{{OG_DESCRIPTION}}">{{PAGE_HEAD}}<script type="application/ld+json">{{JSON_LD}}</script>',
  '</head><body><div id="root"></div><noscript>{{NOSCRIPT}}</noscript></body></html>',
].join('');

function fakeBuild(): { webDir: string; shellFile: string } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'web-languages-'));
  fs.mkdirSync(path.join(dir, 'web'));
  fs.mkdirSync(path.join(dir, 'shell'));
  fs.writeFileSync(path.join(dir, 'shell/index.html'), TEMPLATE);
  return { webDir: path.join(dir, 'web'), shellFile: path.join(dir, 'shell/index.html') };
}

const alternatesOf = (html: string) =>
  [...html.matchAll(/<link rel="alternate" hreflang="([^"]+)" href="([^"]+)" \/>/g)].map(
    (m) => `${m[1]} ${m[2]}`,
  );

describe('renderShell in each language', () => {
  const site = { name: 'Test & Co', supportEmail: 'help@example.com' };

  it('writes the English texts of the shell word for word, and the Spanish ones under lang="es"', () => {
    const en = renderShell(TEMPLATE, site, 'https://a.example');
    expect(en).toContain('<html lang="en">');
    expect(en).toContain(
      '<title>Test &amp; Co — Veteran-owned websites and marketing for small businesses</title>',
    );
    expect(en).toContain(
      '<noscript>This site needs JavaScript to show plans and take registrations. Please turn it on, or e-mail help@example.com.</noscript>',
    );
    const es = renderShell(TEMPLATE, site, 'https://a.example', {
      locale: 'es',
      path: '/',
      found: true,
    });
    expect(es).toContain('<html lang="es">');
    expect(es).toContain(
      '<title>Test &amp; Co — Sitios web y marketing para pequeños negocios, de una empresa de veteranos</title>',
    );
    expect(es).toContain('content="Test &amp; Co — Agencia web de veteranos"');
    expect(
      JSON.parse(/<script type="application\/ld\+json">(.*)<\/script>/.exec(es)![1]!),
    ).toMatchObject({
      description: expect.stringContaining('Agencia web de veteranos'),
    });
  });
});

describe('the pages in both languages', () => {
  const ctx = appUnderTest('pglite', () => ({
    config: testConfig({ PUBLIC_URL: 'https://agency.example.com' }),
    web: fakeBuild(),
    role: null,
  }));

  it('answers /es/... 200 for the public pages and 404 for anything else, as in English', async () => {
    for (const url of [
      '/es',
      '/es/',
      '/es?utm=x',
      '/es/checkout',
      '/es/checkout/growing',
      '/es/checkout/growing?registration=x',
      '/es/payment-success',
      '/es/account',
    ]) {
      expect((await ctx.app.inject(url)).statusCode, url).toBe(200);
    }
    for (const url of [
      '/es/admin',
      '/es/login',
      '/es/settings',
      '/es/nope',
      '/es/es',
      '/espanol',
      '/en',
      '/fr/checkout/growing',
      '/es/checkout/a/b',
    ]) {
      expect((await ctx.app.inject(url)).statusCode, url).toBe(404);
    }
  });

  it('writes lang and the hreflang alternates both ways into the first HTML; none on a 404', async () => {
    const es = await ctx.app.inject('/es/checkout/growing?registration=secret');
    expect(es.body).toContain('<html lang="es">');
    expect(alternatesOf(es.body)).toEqual([
      'en https://agency.example.com/checkout/growing',
      'es https://agency.example.com/es/checkout/growing',
      'x-default https://agency.example.com/checkout/growing',
    ]);
    expect(es.body).not.toContain('secret');
    const en = await ctx.app.inject('/');
    expect(en.body).toContain('<html lang="en">');
    expect(alternatesOf(en.body)).toEqual([
      'en https://agency.example.com/',
      'es https://agency.example.com/es',
      'x-default https://agency.example.com/',
    ]);
    expect(alternatesOf((await ctx.app.inject('/es')).body)).toEqual(alternatesOf(en.body));

    const missing = await ctx.app.inject('/es/nope');
    expect(missing.body).toContain('<html lang="es">');
    expect(alternatesOf(missing.body)).toEqual([]);
    const admin = await ctx.app.inject('/admin');
    expect(admin.statusCode).toBe(200);
    expect(alternatesOf(admin.body)).toEqual([]);
  });

  it('gives each page its own title, description and canonical URL in its language, and keeps billing, payments and the admin area out of search engines', async () => {
    const head = async (url: string) => {
      const res = await ctx.app.inject(url);
      const body = res.body;
      return {
        title: /<title>(.*?)<\/title>/.exec(body)?.[1],
        description: /<meta name="description" content="([^"]*)"/.exec(body)?.[1],
        canonical: /<link rel="canonical" href="([^"]*)"/.exec(body)?.[1] ?? null,
        ogUrl: /<meta property="og:url" content="([^"]*)"/.exec(body)?.[1] ?? null,
        ogLocale: /<meta property="og:locale" content="([^"]*)"/.exec(body)?.[1],
        noindexMeta: body.includes('<meta name="robots" content="noindex" />'),
        noindexHeader: res.headers['x-robots-tag'] === 'noindex',
      };
    };
    expect(await head('/accessibility?utm_source=x')).toEqual({
      title: 'Accessibility statement · Test Agency',
      description: expect.stringContaining('WCAG 2.2 AA'),
      canonical: 'https://agency.example.com/accessibility',
      ogUrl: 'https://agency.example.com/accessibility',
      ogLocale: 'en_US',
      noindexMeta: false,
      noindexHeader: false,
    });
    expect(await head('/es/accessibility')).toMatchObject({
      title: 'Declaración de accesibilidad · Test Agency',
      canonical: 'https://agency.example.com/es/accessibility',
      ogLocale: 'es_US',
      noindexHeader: false,
    });
    expect(await head('/es')).toMatchObject({
      canonical: 'https://agency.example.com/es',
      title: expect.stringContaining('Sitios web y marketing'),
    });
    // Without the plans at hand (no server rendering here), a checkout page is named generically.
    expect(await head('/es/checkout/growing?registration=x')).toMatchObject({
      title: 'Pago · Test Agency',
      canonical: 'https://agency.example.com/es/checkout/growing',
    });
    for (const url of [
      '/account',
      '/es/account',
      '/payment-success?payment_intent=pi_1',
      '/admin',
      '/settings/plans',
      '/login',
      '/es/nope',
    ]) {
      const page = await head(url);
      expect(page.noindexMeta && page.noindexHeader, url).toBe(true);
    }
    expect(await head('/account')).toMatchObject({
      title: 'Your billing · Test Agency',
      canonical: 'https://agency.example.com/account',
    });
    expect(await head('/es/nope')).toMatchObject({
      title: 'Página no encontrada · Test Agency',
      canonical: null,
      ogUrl: null,
    });
  });
});
