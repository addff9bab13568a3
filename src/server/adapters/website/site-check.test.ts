import { describe, expect, it } from 'vitest';
import { WEBSITE_CHECK_WEIGHTS } from '../../../contract/leads/website-checks.js';
import { cpuMs, cpuSlices } from '../../test/cpu-slices.js';
import { HOSTILE_HOMEPAGES } from '../../test/fake-websites.js';
import {
  analyseHomepage,
  copyrightYear,
  parseHomepage,
  scoreOf,
  type SiteObservation,
} from './site-check.js';
import { MAX_ATTRIBUTES, MAX_NESTING } from './slices.js';

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
const byId = async (html: string, overrides: Partial<SiteObservation> = {}) =>
  Object.fromEntries((await analyseHomepage(observe(html, overrides))).map((f) => [f.id, f]));

describe('the website check reads a homepage', () => {
  it('the weights add up to 100', () => {
    expect(Object.values(WEBSITE_CHECK_WEIGHTS).reduce((a, b) => a + b, 0)).toBe(100);
  });

  it('a good homepage passes every check and scores 100', async () => {
    const findings = await analyseHomepage(observe(GOOD));
    expect(findings.filter((f) => !f.passed).map((f) => f.id)).toEqual([]);
    expect(scoreOf(findings)).toBe(100);
    expect(findings.every((f) => f.angle === null)).toBe(true);
  });

  it('a poor homepage fails what it lacks, each with a plain-English sales angle', async () => {
    const f = await byId(POOR, {
      finalUrl: 'http://acme.example/',
      httpRedirectsToHttps: false,
      responseMs: 3400,
    });
    expect(
      Object.values(f)
        .filter((x) => x.passed)
        .map((x) => x.id),
    ).toEqual(['pageWeight']);
    expect(f.https!.angle).toBe('No HTTPS: browsers warn visitors that the site is not secure.');
    expect(f.mobileViewport!.angle).toBe(
      'Not built for phones: most visitors see a tiny desktop page.',
    );
    expect(f.responseTime!.angle).toBe(
      'Slow: the page took 3.4 s to arrive, and visitors leave slow sites.',
    );
    // The script's '© 2012' is not read: only text a visitor sees counts.
    expect(f.copyright!.angle).toBe('Copyright 2015: the site looks abandoned.');
    expect(f.imageText!.detail).toBe('2 of 3 images have no text alternative.');
    // The phone number inside the script is not contact details a visitor can see.
    expect(f.contact!.passed).toBe(false);
    expect(f.language!.passed).toBe(false);
    expect(scoreOf(Object.values(f))).toBe(WEBSITE_CHECK_WEIGHTS.pageWeight);
  });

  it('a heavy or truncated page fails the weight check; http:// that does not answer fails the redirect check', async () => {
    const heavy = `<html lang="en"><body>${'x'.repeat(400 * 1024)}</body></html>`;
    expect((await byId(heavy)).pageWeight!.detail).toBe('The page is 400 KB of HTML.');
    expect((await byId(heavy)).pageWeight!.passed).toBe(false);
    expect((await byId(GOOD, { truncated: true })).pageWeight!.passed).toBe(false);
    expect((await byId(GOOD, { httpRedirectsToHttps: null })).httpRedirect!.detail).toBe(
      'The http:// address did not answer.',
    );
  });

  it('finds contact details as text, mailto links or a contact page link', async () => {
    expect((await byId('<p>Call 210-555-0100 today</p>')).contact!.passed).toBe(true);
    expect((await byId('<p>Write to info@acme.example</p>')).contact!.passed).toBe(true);
    expect((await byId('<a href="/contact-us">Reach us</a>')).contact!.passed).toBe(true);
    expect((await byId('<a href="mailto:x@y.example">Mail</a>')).contact!.passed).toBe(true);
    expect((await byId('<p>Open 9 to 5</p>')).contact!.passed).toBe(false);
  });

  it('reads the latest copyright year, and last year still counts as current', async () => {
    expect(copyrightYear('© 2019-2023 Acme')).toBe(2023);
    expect(copyrightYear('Copyright © Acme Inc. 2018. All rights reserved')).toBe(2018);
    expect(copyrightYear('Founded 1990')).toBeNull();
    expect((await byId('<footer>© 2025</footer>')).copyright!.passed).toBe(true);
    expect((await byId('<footer>© 2024</footer>')).copyright!.passed).toBe(false);
    expect((await byId('<p>no notice</p>')).copyright!.detail).toBe('No copyright year was found.');
  });

  it('reads a hostile megabyte quickly (no regular expression backtracks over it)', async () => {
    for (const filler of ['x', 'a.', '1 ', '© ']) {
      const started = performance.now();
      await analyseHomepage(
        observe(`<p>${filler.repeat(Math.floor((1024 * 1024) / filler.length))}</p>`),
      );
      expect(performance.now() - started).toBeLessThan(2000);
    }
  });

  it.each(Object.keys(HOSTILE_HOMEPAGES))(
    'reads the hostile page %s in linear time, in slices of a few milliseconds',
    async (name) => {
      const html = HOSTILE_HOMEPAGES[name]!;
      await parseHomepage(html.slice(0, 64 * 1024)); // warms the compiler up
      const measured = cpuSlices();
      const took = await cpuMs(() => parseHomepage(html, measured.turn));
      expect(took).toBeLessThan(1500);
      // Slices of about 3 ms on an idle core; the margin is for a machine shared with other work.
      expect(measured.longest()).toBeLessThan(50);
    },
  );

  it('reads a page nesting deeper than Chromium does up to that depth, and finds what came before', async () => {
    const parsed = await parseHomepage(
      `<html lang="en"><title>Deep</title><p>Call 210-555-0100</p>${'<div>'.repeat(MAX_NESTING + 10)}<p>© 2001</p>`,
    );
    expect(parsed).toMatchObject({ lang: 'en', title: 'Deep', contactInText: true });
  });

  it('reads a page up to a tag of more attributes than MAX_ATTRIBUTES, and finds what came before', async () => {
    const many = Array.from({ length: 60_000 }, (_, i) => `a${i}=1`).join(' ');
    const parsed = await parseHomepage(
      `<html lang="en"><title>Wide</title><p>Call 210-555-0100</p><a ${many}>x</a><p>© 2001</p>`,
    );
    expect(parsed).toMatchObject({
      lang: 'en',
      title: 'Wide',
      contactInText: true,
      copyrightYear: null,
    });
    // A tag at the cap is read as any other.
    const atCap = Array.from({ length: MAX_ATTRIBUTES }, (_, i) => `a${i}=1`).join(' ');
    expect((await parseHomepage(`<a ${atCap}>x</a><p>© 2001</p>`)).copyrightYear).toBe(2001);
  });

  it('finds a phone number, an e-mail address or a year wherever the pieces it is read in split it', async () => {
    // The parser is given 4 KB pieces and the text is scanned in 8 KB windows: try every cut near both.
    for (const [found, words] of [
      ['contact', 'call 210-555-0100'],
      ['contact', 'write to info@acme.example'],
      ['year', '© 2019 Acme'],
    ] as const) {
      for (let cut = 4090; cut <= 8200; cut += cut < 4110 ? 1 : cut < 8180 ? 1000 : 1) {
        const html = `<p>${'x'.repeat(cut - 3 - 5)} ${words} y</p>`;
        const parsed = await parseHomepage(html);
        expect(
          found === 'contact' ? parsed.contactInText : parsed.copyrightYear === 2019,
          `${words} cut at ${cut}`,
        ).toBe(true);
      }
    }
    // A text node the parser hands over in pieces (an entity splits it) is still one text.
    expect((await parseHomepage('<p>info&#64;acme.example</p>')).contactInText).toBe(true);
    expect((await parseHomepage('<p>info</p><p>@acme.example</p>')).contactInText).toBe(false);
  });

  it('survives broken markup', async () => {
    const parsed = await parseHomepage(
      '<html lang="es"><title>Hola<img src=x><meta name=viewport content="width=device-width"',
    );
    expect(parsed.lang).toBe('es');
    expect(parsed.title).toContain('Hola');
  });
});
