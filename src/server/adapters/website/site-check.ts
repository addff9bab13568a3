import { Parser } from 'htmlparser2';
import { WEBSITE_CHECK_WEIGHTS, type WebsiteCheckId, type WebsiteFinding } from '../../../contract/website-checks.js';

/** What one visit to a homepage saw; everything the score depends on (no clock, no network). */
export interface SiteObservation {
  /** Where the homepage ended up after redirects. */
  finalUrl: string;
  html: string;
  /** The page was larger than the fetch reads (1 MB). */
  truncated: boolean;
  /** From the first request to the last byte of the page, redirects included. */
  responseMs: number;
  /** Where http:// sent a visitor: https (true), stayed on http (false), or no answer (null). */
  httpRedirectsToHttps: boolean | null;
  /** The year it is now, for the stale-copyright check. */
  currentYear: number;
}

/** Pages heavier than this (the HTML alone) are slow on a phone network. */
export const HEAVY_PAGE_BYTES = 300 * 1024;
/** Slower than this to arrive and visitors start to leave. */
export const SLOW_RESPONSE_MS = 2000;

const SKIP_TEXT = new Set(['script', 'style', 'noscript', 'template', 'svg']);
const PHONE = /(?:\+?\d[\s().-]?){9,14}\d/;
// Every quantifier is bounded: a hostile page of 1 MB must not make a regular expression backtrack for minutes.
const EMAIL = /[\w.+-]{1,64}@[\w-]{1,63}(?:\.[\w-]{1,63}){1,8}/;
const COPYRIGHT_YEAR = /(?:©|&copy;|\(c\)|copyright)\s?(?:[^\d\n]{0,40}?)((?:19|20)\d{2})(?:\s*[-–—]\s*((?:19|20)\d{2}))?/gi;
const CONTACT_LINK = /contact|kontakt|contacto|get-in-touch|reach-us/i;

interface Parsed {
  lang: string | null;
  title: string;
  description: string;
  viewport: string | null;
  imagesWithoutAlt: number;
  images: number;
  telOrMailLink: boolean;
  contactLink: boolean;
  text: string;
}

/** One pass over the HTML with a forgiving parser: broken markup still yields what it can. */
export function parseHomepage(html: string): Parsed {
  const parsed: Parsed = {
    lang: null,
    title: '',
    description: '',
    viewport: null,
    imagesWithoutAlt: 0,
    images: 0,
    telOrMailLink: false,
    contactLink: false,
    text: '',
  };
  let inTitle = false;
  let skipping = 0;
  const text: string[] = [];
  const parser = new Parser(
    {
      onopentag(name, attrs) {
        if (name === 'html' && parsed.lang === null && attrs.lang !== undefined) parsed.lang = attrs.lang.trim();
        else if (name === 'title') inTitle = true;
        else if (name === 'meta') {
          const key = (attrs.name ?? '').trim().toLowerCase();
          if (key === 'description' && !parsed.description) parsed.description = (attrs.content ?? '').trim();
          if (key === 'viewport' && parsed.viewport === null) parsed.viewport = (attrs.content ?? '').toLowerCase();
        } else if (name === 'img') {
          parsed.images++;
          // alt="" is right for a decorative image; only a missing alt leaves a screen reader guessing.
          if (attrs.alt === undefined) parsed.imagesWithoutAlt++;
        } else if (name === 'a' && attrs.href) {
          const href = attrs.href.trim().toLowerCase();
          if (href.startsWith('tel:') || href.startsWith('mailto:')) parsed.telOrMailLink = true;
          else if (CONTACT_LINK.test(href)) parsed.contactLink = true;
        }
        if (SKIP_TEXT.has(name)) skipping++;
      },
      ontext(data) {
        if (inTitle) parsed.title += data;
        else if (skipping === 0) text.push(data);
      },
      onclosetag(name) {
        if (name === 'title') inTitle = false;
        if (SKIP_TEXT.has(name) && skipping > 0) skipping--;
      },
    },
    { decodeEntities: true, lowerCaseTags: true, lowerCaseAttributeNames: true },
  );
  parser.write(html);
  parser.end();
  parsed.title = parsed.title.replace(/\s+/g, ' ').trim();
  parsed.text = text.join(' ').replace(/\s+/g, ' ');
  return parsed;
}

/** An e-mail address in the text: looked for around each '@' only (at most 200), not from every character. */
function hasEmail(text: string): boolean {
  for (let at = text.indexOf('@'), tries = 0; at >= 0 && tries < 200; at = text.indexOf('@', at + 1), tries++) {
    if (EMAIL.test(text.slice(Math.max(0, at - 64), at + 520))) return true;
  }
  return false;
}

/** The latest year a copyright notice names ('© 2019-2023' → 2023), or null without one. */
export function copyrightYear(text: string): number | null {
  let latest: number | null = null;
  for (const match of text.matchAll(COPYRIGHT_YEAR)) {
    const year = Number(match[2] ?? match[1]);
    if (latest === null || year > latest) latest = year;
  }
  return latest;
}

const kb = (bytes: number) => (bytes < 1024 ? `${bytes} bytes` : `${Math.round(bytes / 1024)} KB`);
const seconds = (ms: number) => (ms < 1000 ? `${Math.round(ms)} ms` : `${(ms / 1000).toFixed(1)} s`);

function finding(id: WebsiteCheckId, label: string, passed: boolean, detail: string, angle: string): WebsiteFinding {
  return { id, label, passed, points: passed ? WEBSITE_CHECK_WEIGHTS[id] : 0, detail, angle: passed ? null : angle };
}

/** Every finding for one homepage, in the order of their weight. */
export function analyseHomepage(site: SiteObservation): WebsiteFinding[] {
  const page = parseHomepage(site.html);
  const https = site.finalUrl.startsWith('https://');
  const bytes = Buffer.byteLength(site.html);
  const year = copyrightYear(page.text);
  const stale = year !== null && year < site.currentYear - 1;
  const phoneReady = page.viewport !== null && page.viewport.includes('width=device-width');
  const contact = page.telOrMailLink || page.contactLink || PHONE.test(page.text) || hasEmail(page.text);

  return [
    finding(
      'https',
      'Secure connection (HTTPS)',
      https,
      https ? 'The homepage is served over HTTPS.' : 'The homepage is served over plain http://.',
      'No HTTPS: browsers warn visitors that the site is not secure.',
    ),
    finding(
      'httpRedirect',
      'http:// goes to https://',
      site.httpRedirectsToHttps === true,
      site.httpRedirectsToHttps === true
        ? 'Typing the address with http:// leads to the secure site.'
        : site.httpRedirectsToHttps === false
          ? 'Typing the address with http:// stays on an insecure page.'
          : 'The http:// address did not answer.',
      'Visitors who type the plain address land on an insecure page.',
    ),
    finding(
      'mobileViewport',
      'Built for phones',
      phoneReady,
      phoneReady ? 'The page declares a mobile viewport.' : 'The page declares no mobile viewport, so phones show a shrunken desktop page.',
      'Not built for phones: most visitors see a tiny desktop page.',
    ),
    finding(
      'pageWeight',
      'Page weight',
      !site.truncated && bytes <= HEAVY_PAGE_BYTES,
      site.truncated ? 'The page is larger than 1 MB of HTML.' : `The page is ${kb(bytes)} of HTML${page.images ? ` with ${page.images} images` : ''}.`,
      'A heavy page: slow to load on a phone network.',
    ),
    finding(
      'responseTime',
      'Response time',
      site.responseMs <= SLOW_RESPONSE_MS,
      `The page arrived in ${seconds(site.responseMs)}.`,
      `Slow: the page took ${seconds(site.responseMs)} to arrive, and visitors leave slow sites.`,
    ),
    finding(
      'title',
      'Page title',
      page.title !== '',
      page.title ? `Title: "${page.title.slice(0, 120)}".` : 'The page has no title.',
      'No page title: search results and browser tabs show a bare address.',
    ),
    finding(
      'description',
      'Search description',
      page.description !== '',
      page.description ? `Description: "${page.description.slice(0, 160)}".` : 'The page has no description for search engines.',
      'No search description: Google picks random text to show under the name.',
    ),
    finding(
      'contact',
      'Contact details',
      contact,
      contact
        ? 'A phone number, e-mail address or contact link is on the homepage.'
        : 'No phone number, e-mail address or contact link was found on the homepage.',
      'No contact details on the homepage: visitors cannot easily call or write.',
    ),
    finding(
      'copyright',
      'Up-to-date copyright',
      !stale,
      year === null ? 'No copyright year was found.' : `The copyright notice says ${year}.`,
      `Copyright ${year}: the site looks abandoned.`,
    ),
    finding(
      'imageText',
      'Images described',
      page.imagesWithoutAlt === 0,
      page.images === 0
        ? 'The page has no images.'
        : page.imagesWithoutAlt === 0
          ? `All ${page.images} images have a text alternative.`
          : `${page.imagesWithoutAlt} of ${page.images} images have no text alternative.`,
      `${page.imagesWithoutAlt} ${page.imagesWithoutAlt === 1 ? 'image has' : 'images have'} no text alternative: blind visitors and search engines miss ${page.imagesWithoutAlt === 1 ? 'it' : 'them'}.`,
    ),
    finding(
      'language',
      'Language declared',
      Boolean(page.lang),
      page.lang ? `The page declares its language (${page.lang.slice(0, 20)}).` : 'The page does not declare its language.',
      'Page language not declared: screen readers may read it with the wrong voice.',
    ),
  ];
}

/** 0-100: the points of the checks passed (docs/decisions/020). */
export const scoreOf = (findings: WebsiteFinding[]) => findings.reduce((sum, f) => sum + f.points, 0);
