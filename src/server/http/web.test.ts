import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { openDatabase } from '../db/client.js';
import { testConfig } from '../test/databases.js';
import { appUnderTest } from '../test/app-under-test.js';

const THEME_SCRIPT = "document.documentElement.dataset.theme = 'dark';";

/** A stand-in for `dist/`: one hashed asset (with its compressed copies), a public file, the shell. */
function fakeBuild(): { webDir: string; shellFile: string } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'web-'));
  const js = 'console.log("app");'.repeat(50);
  fs.mkdirSync(path.join(dir, 'web/assets'), { recursive: true });
  fs.writeFileSync(path.join(dir, 'web/assets/index-abc123.js'), js);
  fs.writeFileSync(path.join(dir, 'web/assets/index-abc123.js.br'), zlib.brotliCompressSync(js));
  fs.writeFileSync(path.join(dir, 'web/assets/index-abc123.js.gz'), zlib.gzipSync(js));
  fs.writeFileSync(path.join(dir, 'web/logo.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  fs.mkdirSync(path.join(dir, 'shell'));
  fs.writeFileSync(
    path.join(dir, 'shell/index.html'),
    `<!doctype html><title>{{SITE_NAME}}</title><script>${THEME_SCRIPT}</script><meta property="og:url" content="{{ORIGIN}}/"><script type="application/ld+json">{{JSON_LD}}</script><div id="root"></div>`,
  );
  return { webDir: path.join(dir, 'web'), shellFile: path.join(dir, 'shell/index.html') };
}

describe('HTTP foundation', () => {
  const ctx = appUnderTest('pglite', () => ({
    config: testConfig({ SITE_NAME: 'Test <Agency>', PUBLIC_URL: 'https://agency.example.com/' }),
    web: fakeBuild(),
    role: null,
  }));

  it('sends strict security headers on every answer and no x-powered-by', async () => {
    for (const url of ['/', '/api/subscription-plans', '/api/nope', '/assets/index-abc123.js']) {
      const res = await ctx.app.inject(url);
      const csp = String(res.headers['content-security-policy']);
      if (url.startsWith('/api/')) {
        // Never rendered as a page: nothing may load or frame it (docs/decisions/012).
        expect(csp).toBe("default-src 'none'; frame-ancestors 'none'");
        expect(res.headers['cross-origin-resource-policy']).toBe('same-origin');
        expect(res.headers['referrer-policy']).toBeUndefined();
      } else {
        // The shell's one inline script (the theme, before the first paint) is allowed by its hash only.
        const hash = crypto.createHash('sha256').update(THEME_SCRIPT).digest('base64');
        expect(csp).toContain(`script-src 'self' 'sha256-${hash}';`);
        expect(csp).not.toContain('unsafe-inline');
        expect(csp).toContain("object-src 'none'");
        expect(csp).toContain("base-uri 'none'");
        expect(csp).toContain("frame-ancestors 'none'");
        expect(res.headers['referrer-policy']).toBe('no-referrer');
        // Headers no browser we serve reads stay off every page's first round trip.
        expect(res.headers['x-download-options']).toBeUndefined();
        expect(res.headers['x-permitted-cross-domain-policies']).toBeUndefined();
      }
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['x-frame-options']).toBe('DENY');
      expect(res.headers['x-powered-by']).toBeUndefined();
    }
  });

  it('keeps the cross-origin opener policy on every page but the public ones anyone may read and the 404 page', async () => {
    const coop = async (url: string) =>
      (await ctx.app.inject(url)).headers['cross-origin-opener-policy'];
    for (const url of [
      '/',
      '/es',
      '/checkout/growing',
      '/es/checkout/growing',
      '/accessibility',
      '/es/accessibility?utm_source=x',
      '/no-such-page',
      '/admin/no-such-page',
    ]) {
      expect(await coop(url), url).toBeUndefined();
    }
    for (const url of [
      '/admin',
      '/settings/plans',
      '/admin/website-report/7',
      '/login',
      '/account',
      '/es/account',
      '/payment-success',
      '/es/payment-success',
    ]) {
      expect(await coop(url), url).toBe('same-origin');
    }
  });

  it('serves hashed assets precompressed and immutable', async () => {
    const br = await ctx.app.inject({
      url: '/assets/index-abc123.js',
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const gz = await ctx.app.inject({
      url: '/assets/index-abc123.js',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gz.rawPayload).toString()).toContain('console.log');
    expect((await ctx.app.inject('/logo.svg')).statusCode).toBe(200);
    expect((await ctx.app.inject('/assets/missing-000.js')).statusCode).toBe(404);
  });

  it('answers the filled-in shell, revalidated, for app routes and 404 for unknown paths', async () => {
    const home = await ctx.app.inject('/');
    expect(home.statusCode).toBe(200);
    expect(home.headers['cache-control']).toBe('no-cache');
    expect(home.body).toContain('<title>Test &lt;Agency&gt;</title>');
    expect(home.body).toContain('content="https://agency.example.com/"');
    const jsonLd = JSON.parse(
      /<script type="application\/ld\+json">(.*)<\/script>/.exec(home.body)![1]!,
    );
    expect(jsonLd).toMatchObject({
      '@type': 'Organization',
      name: 'Test <Agency>',
      url: 'https://agency.example.com/',
    });
    expect(home.body).not.toContain('<Agency>"');

    const again = await ctx.app.inject({
      url: '/',
      headers: { 'if-none-match': String(home.headers.etag) },
    });
    expect(again.statusCode).toBe(304);

    expect((await ctx.app.inject('/checkout/professional')).statusCode).toBe(200);
    expect((await ctx.app.inject('/accessibility')).statusCode).toBe(200);
    // Each settings page of the admin area is a page of its own; a made-up one is not.
    expect((await ctx.app.inject('/settings/portfolio')).statusCode).toBe(200);
    expect((await ctx.app.inject('/settings/billing-clock')).statusCode).toBe(200);
    expect((await ctx.app.inject('/settings/no-such-page')).statusCode).toBe(404);
    const unknown = await ctx.app.inject('/no/such/page');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.headers['content-type']).toMatch(/text\/html/);
    expect(unknown.body).toContain('<div id="root">');
  });

  it('answers unknown /api paths with 404 JSON, never the shell', async () => {
    for (const url of ['/api/nope', '/api', '/api/subscription-plans/extra']) {
      const res = await ctx.app.inject(url);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toHaveProperty('message');
    }
    const post = await ctx.app.inject({ method: 'POST', url: '/api/nope', payload: {} });
    expect(post.statusCode).toBe(404);
  });

  it('sends the Employee Login navigation on to the sign-in page', async () => {
    const res = await ctx.app.inject({
      url: '/api/login',
      headers: { host: 'agency.example.com' },
    });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/login');
  });

  it('serves robots.txt and sitemap.xml with the public origin', async () => {
    const robots = await ctx.app.inject('/robots.txt');
    expect(robots.body).toContain('Sitemap: https://agency.example.com/sitemap.xml');
    expect(robots.body).toContain('Disallow: /admin');
    const sitemap = await ctx.app.inject('/sitemap.xml');
    expect(sitemap.headers['content-type']).toMatch(/xml/);
    expect(sitemap.body).toContain('<loc>https://agency.example.com/</loc>');
    expect(sitemap.body).toContain('<loc>https://agency.example.com/accessibility</loc>');
  });

  it('lists every indexed public page in both languages with its alternates, and keeps billing and the admin area out', async () => {
    const robots = (await ctx.app.inject('/robots.txt')).body;
    for (const path of [
      '/admin',
      '/settings',
      '/login',
      '/api/',
      '/account',
      '/es/account',
      '/payment-success',
      '/es/payment-success',
    ]) {
      expect(robots).toContain(`Disallow: ${path}\n`);
    }
    expect(robots).not.toContain('Disallow: /checkout');
    const sitemap = (await ctx.app.inject('/sitemap.xml')).body;
    const urls = [...sitemap.matchAll(/<url>([\s\S]*?)<\/url>/g)].map((m) => m[1]!);
    const locs = urls.map((u) =>
      /<loc>(.*?)<\/loc>/.exec(u)![1]!.replace('https://agency.example.com', ''),
    );
    expect(locs).toEqual([
      '/',
      '/es',
      ...['essential', 'growing', 'professional', 'comprehensive'].flatMap((plan) => [
        `/checkout/${plan}`,
        `/es/checkout/${plan}`,
      ]),
      '/accessibility',
      '/es/accessibility',
      '/cancellation-policy',
      '/es/cancellation-policy',
    ]);
    for (const url of urls) {
      const alternates = [
        ...url.matchAll(/<xhtml:link rel="alternate" hreflang="([^"]+)" href="([^"]+)"\/>/g),
      ].map((m) => m[1]);
      expect(alternates).toEqual(['en', 'es', 'x-default']);
    }
    expect(urls[3]).toContain('hreflang="en" href="https://agency.example.com/checkout/essential"');
    expect(sitemap).not.toMatch(/account|payment-success|admin|settings/);
  });

  it('hides internal errors behind a generic 500 message', async () => {
    // A database that went away: queries build, then fail when they run.
    const gone = await openDatabase({ kind: 'pglite' });
    await gone.close();
    const failing = await buildApp({ config: testConfig(), database: gone, auth: ctx.app.auth });
    try {
      const res = await failing.inject('/api/portfolio');
      expect(res.statusCode).toBe(500);
      expect(res.json()).toEqual({
        message: 'Something went wrong on our side. Please try again in a moment.',
        code: 'server_error',
      });
    } finally {
      await failing.close();
    }
  });
});
