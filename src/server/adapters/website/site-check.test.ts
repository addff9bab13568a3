import { describe, expect, it } from 'vitest';
import { WEBSITE_CHECK_WEIGHTS } from '../../../contract/website-checks.js';
import { robotsAllows } from './robots.js';
import { analyseHomepage, copyrightYear, parseHomepage, scoreOf, type SiteObservation } from './site-check.js';

const GOOD = `<!doctype html><html lang="en"><head>
<meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Acme Plumbing | San Antonio</title><meta name="description" content="Plumbers since 1990.">
</head><body><img src="a.png" alt="Our van"><img src="line.png" alt="">
<a href="tel:+12105550100">Call us</a><footer>© 2020–2026 Acme Plumbing</footer></body></html>`;

const POOR = `<html><head><TITLE>  </TITLE></head><body>
<img src="a.png"><img src="b.png"><img src="c.png" alt="Team">
<script>var year = "© 2012"; var phone = "210 555 0100";</script>
<p>Welcome to our site!</p><p>Copyright 2015 Acme</p></body></html>`;

const observe = (html: string, overrides: Partial<SiteObservation> = {}): SiteObservation => ({
  finalUrl: 'https://acme.example/',
  html,
  truncated: false,
  responseMs: 300,
  httpRedirectsToHttps: true,
  currentYear: 2026,
  ...overrides,
});
const byId = (html: string, overrides: Partial<SiteObservation> = {}) => Object.fromEntries(analyseHomepage(observe(html, overrides)).map((f) => [f.id, f]));

describe('the website check reads a homepage', () => {
  it('the weights add up to 100', () => {
    expect(Object.values(WEBSITE_CHECK_WEIGHTS).reduce((a, b) => a + b, 0)).toBe(100);
  });

  it('a good homepage passes every check and scores 100', () => {
    const findings = analyseHomepage(observe(GOOD));
    expect(findings.filter((f) => !f.passed).map((f) => f.id)).toEqual([]);
    expect(scoreOf(findings)).toBe(100);
    expect(findings.every((f) => f.angle === null)).toBe(true);
  });

  it('a poor homepage fails what it lacks, each with a plain-English sales angle', () => {
    const f = byId(POOR, { finalUrl: 'http://acme.example/', httpRedirectsToHttps: false, responseMs: 3400 });
    expect(
      Object.values(f)
        .filter((x) => x.passed)
        .map((x) => x.id),
    ).toEqual(['pageWeight']);
    expect(f.https!.angle).toBe('No HTTPS: browsers warn visitors that the site is not secure.');
    expect(f.mobileViewport!.angle).toBe('Not built for phones: most visitors see a tiny desktop page.');
    expect(f.responseTime!.angle).toBe('Slow: the page took 3.4 s to arrive, and visitors leave slow sites.');
    // The script's '© 2012' is not read: only text a visitor sees counts.
    expect(f.copyright!.angle).toBe('Copyright 2015: the site looks abandoned.');
    expect(f.imageText!.detail).toBe('2 of 3 images have no text alternative.');
    // The phone number inside the script is not contact details a visitor can see.
    expect(f.contact!.passed).toBe(false);
    expect(f.language!.passed).toBe(false);
    expect(scoreOf(Object.values(f))).toBe(WEBSITE_CHECK_WEIGHTS.pageWeight);
  });

  it('a heavy or truncated page fails the weight check; http:// that does not answer fails the redirect check', () => {
    const heavy = `<html lang="en"><body>${'x'.repeat(400 * 1024)}</body></html>`;
    expect(byId(heavy).pageWeight!.detail).toBe('The page is 400 KB of HTML.');
    expect(byId(heavy).pageWeight!.passed).toBe(false);
    expect(byId(GOOD, { truncated: true }).pageWeight!.passed).toBe(false);
    expect(byId(GOOD, { httpRedirectsToHttps: null }).httpRedirect!.detail).toBe('The http:// address did not answer.');
  });

  it('finds contact details as text, mailto links or a contact page link', () => {
    expect(byId('<p>Call 210-555-0100 today</p>').contact!.passed).toBe(true);
    expect(byId('<p>Write to info@acme.example</p>').contact!.passed).toBe(true);
    expect(byId('<a href="/contact-us">Reach us</a>').contact!.passed).toBe(true);
    expect(byId('<a href="mailto:x@y.example">Mail</a>').contact!.passed).toBe(true);
    expect(byId('<p>Open 9 to 5</p>').contact!.passed).toBe(false);
  });

  it('reads the latest copyright year, and last year still counts as current', () => {
    expect(copyrightYear('© 2019-2023 Acme')).toBe(2023);
    expect(copyrightYear('Copyright © Acme Inc. 2018. All rights reserved')).toBe(2018);
    expect(copyrightYear('Founded 1990')).toBeNull();
    expect(byId('<footer>© 2025</footer>').copyright!.passed).toBe(true);
    expect(byId('<footer>© 2024</footer>').copyright!.passed).toBe(false);
    expect(byId('<p>no notice</p>').copyright!.detail).toBe('No copyright year was found.');
  });

  it('reads a hostile megabyte quickly (no regular expression backtracks over it)', () => {
    for (const filler of ['x', 'a.', '1 ', '© ']) {
      const started = performance.now();
      analyseHomepage(observe(`<p>${filler.repeat(Math.floor((1024 * 1024) / filler.length))}</p>`));
      expect(performance.now() - started).toBeLessThan(2000);
    }
  });

  it('survives broken markup', () => {
    const parsed = parseHomepage('<html lang="es"><title>Hola<img src=x><meta name=viewport content="width=device-width"');
    expect(parsed.lang).toBe('es');
    expect(parsed.title).toContain('Hola');
  });
});

describe('robots.txt', () => {
  const UA = 'Test Agency (help@example.com)';
  it.each([
    ['', '/', true],
    ['User-agent: *\nDisallow: /', '/', false],
    ['User-agent: *\nDisallow: /private', '/', true],
    ['User-agent: *\nDisallow:', '/', true],
    ['User-agent: *\nDisallow: /\nAllow: /$', '/', true],
    ['User-agent: *\nDisallow: /*.php$', '/index.php', false],
    ['User-agent: Test Agency\nDisallow: /\n\nUser-agent: *\nAllow: /', '/', false],
    ['User-agent: Googlebot\nDisallow: /\n\nUser-agent: *\nAllow: /', '/', true],
    ['User-agent: test agency\nAllow: /\n\nUser-agent: *\nDisallow: /', '/', true],
    ['User-agent: Googlebot\nUser-agent: *\nDisallow: / # everyone', '/', false],
  ])('%j for %s → %s', (txt, path, allowed) => {
    expect(robotsAllows(txt, UA, path)).toBe(allowed);
  });
});
