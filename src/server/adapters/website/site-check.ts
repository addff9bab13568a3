import { Parser } from 'htmlparser2';
import { HTML_PIECE, MAX_ATTRIBUTES, MAX_NESTING, slicer } from './slices.js';
import {
  WEBSITE_CHECK_WEIGHTS,
  type WebsiteCheckId,
  type WebsiteFinding,
} from '../../../contract/leads/website-checks.js';

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
// Every quantifier is bounded and every pattern is run over a window of at most a few KB of text
// (`TextScanner`), so a hostile megabyte costs linear time in slices, never a backtracking run.
const PHONE = /(?:\+?\d[\s().-]?){9,14}\d/;
// An e-mail address is a local-part character, '@' and a domain of two labels or more: only the
// characters right after each '@' are looked at (the local part needs one character, 64 at most).
const EMAIL_LOCAL_END = /[\w.+-]/;
const EMAIL_DOMAIN = /[\w-]{1,63}\.[\w-]/y;
const COPYRIGHT_YEAR =
  /(?:©|&copy;|\(c\)|copyright)\s?(?:[^\d\n]{0,40}?)((?:19|20)\d{2})(?:\s{0,3}[-–—]\s{0,3}((?:19|20)\d{2}))?/gi;
const CONTACT_LINK = /contact|kontakt|contacto|get-in-touch|reach-us/i;
/** The longest text any pattern above can match, and then some: kept from one window to the next. */
const OVERLAP = 128;
/** Text is scanned once this much has gathered (and at the end). */
const TEXT_WINDOW = 8192;
/** Attribute values longer than this are not read (a real link or description is far shorter). */
const MAX_ATTRIBUTE = 2048;
const MAX_TITLE = 1000;

interface Parsed {
  lang: string | null;
  title: string;
  description: string;
  viewport: string | null;
  imagesWithoutAlt: number;
  images: number;
  telOrMailLink: boolean;
  contactLink: boolean;
  /** A phone number or an e-mail address in the visible text. */
  contactInText: boolean;
  /** The latest year a copyright notice in the visible text names. */
  copyrightYear: number | null;
}

/** The latest year a copyright notice names in `text` ('© 2019-2023' → 2023), or null without one. */
function latestYear(text: string, latest: number | null): number | null {
  for (const match of text.matchAll(COPYRIGHT_YEAR)) {
    const year = Number(match[2] ?? match[1]);
    if (latest === null || year > latest) latest = year;
  }
  return latest;
}

function hasEmail(text: string): boolean {
  for (let at = text.indexOf('@'); at >= 0; at = text.indexOf('@', at + 1)) {
    if (at === 0 || !EMAIL_LOCAL_END.test(text[at - 1]!)) continue;
    EMAIL_DOMAIN.lastIndex = at + 1;
    if (EMAIL_DOMAIN.test(text)) return true;
  }
  return false;
}

/**
 * The visible text, read as it arrives: whitespace collapsed, scanned for a phone number, an e-mail
 * address and copyright years window by window, each window starting with the end of the last so
 * nothing split between two is missed. Linear: every character is scanned about once.
 */
class TextScanner {
  contact = false;
  year: number | null = null;
  private pending: string[] = [];
  private pendingLength = 0;
  private tail = '';
  private newNode = false;

  /** A tag came: the next text is another node, set apart by a space as a reader sees it. */
  tag() {
    this.newNode = true;
  }

  /** Text of the current node (the parser hands one node over in several pieces). */
  add(data: string) {
    if (this.newNode) this.pending.push(' ');
    this.newNode = false;
    this.pending.push(data);
    this.pendingLength += data.length;
    if (this.pendingLength >= TEXT_WINDOW) this.flush();
  }

  flush() {
    if (this.pending.length === 0) return;
    const window = `${this.tail}${this.pending.join('')}`.replace(/\s+/g, ' ');
    this.pending = [];
    this.pendingLength = 0;
    if (!this.contact) this.contact = PHONE.test(window) || hasEmail(window);
    this.year = latestYear(window, this.year);
    this.tail = window.slice(-OVERLAP);
  }
}

const attribute = (value: string | undefined) =>
  value === undefined || value.length > MAX_ATTRIBUTE ? undefined : value.trim();

/**
 * One pass over the HTML with a forgiving parser: broken markup still yields what it can. The
 * page is given to the parser in pieces with turns of the event loop between slices (`slicer`),
 * and reading stops where it nests deeper than `MAX_NESTING` (the parser's cost per tag grows
 * with the depth) or a tag has more than `MAX_ATTRIBUTES` attributes.
 */
export async function parseHomepage(html: string, turn = slicer()): Promise<Parsed> {
  const parsed: Parsed = {
    lang: null,
    title: '',
    description: '',
    viewport: null,
    imagesWithoutAlt: 0,
    images: 0,
    telOrMailLink: false,
    contactLink: false,
    contactInText: false,
    copyrightYear: null,
  };
  let inTitle = false;
  let skipping = 0;
  let depth = 0;
  let attributes = 0;
  const text = new TextScanner();
  const parser = new Parser(
    {
      onopentagname() {
        attributes = 0;
      },
      onattribute() {
        attributes++;
      },
      onopentag(name, attrs) {
        depth++;
        text.tag();
        if (name === 'html' && parsed.lang === null) parsed.lang = attribute(attrs.lang) ?? null;
        else if (name === 'title') inTitle = true;
        else if (name === 'meta') {
          const key = (attribute(attrs.name) ?? '').toLowerCase();
          if (key === 'description' && !parsed.description)
            parsed.description = attribute(attrs.content) ?? '';
          if (key === 'viewport' && parsed.viewport === null)
            parsed.viewport = (attribute(attrs.content) ?? '').toLowerCase();
        } else if (name === 'img') {
          parsed.images++;
          // alt="" is right for a decorative image; only a missing alt leaves a screen reader guessing.
          if (attrs.alt === undefined) parsed.imagesWithoutAlt++;
        } else if (name === 'a') {
          const href = attribute(attrs.href)?.toLowerCase();
          if (href === undefined) {
            // no link, or one too long to be a real one
          } else if (href.startsWith('tel:') || href.startsWith('mailto:'))
            parsed.telOrMailLink = true;
          else if (!parsed.contactLink && CONTACT_LINK.test(href)) parsed.contactLink = true;
        }
        if (SKIP_TEXT.has(name)) skipping++;
      },
      ontext(data) {
        if (inTitle) {
          if (parsed.title.length < MAX_TITLE) parsed.title += data.slice(0, MAX_TITLE);
        } else if (skipping === 0) text.add(data);
      },
      onclosetag(name) {
        depth--;
        text.tag();
        if (name === 'title') inTitle = false;
        if (SKIP_TEXT.has(name) && skipping > 0) skipping--;
      },
    },
    { decodeEntities: true, lowerCaseTags: true, lowerCaseAttributeNames: true },
  );
  for (
    let at = 0;
    at < html.length && depth <= MAX_NESTING && attributes <= MAX_ATTRIBUTES;
    at += HTML_PIECE
  ) {
    parser.write(html.slice(at, at + HTML_PIECE));
    await turn();
  }
  parser.end();
  text.flush();
  parsed.title = parsed.title.replace(/\s+/g, ' ').trim();
  parsed.contactInText = text.contact;
  parsed.copyrightYear = text.year;
  return parsed;
}

/** The latest year a copyright notice names ('© 2019-2023' → 2023), or null without one. */
export function copyrightYear(text: string): number | null {
  return latestYear(text, null);
}

const kb = (bytes: number) => (bytes < 1024 ? `${bytes} bytes` : `${Math.round(bytes / 1024)} KB`);
const seconds = (ms: number) =>
  ms < 1000 ? `${Math.round(ms)} ms` : `${(ms / 1000).toFixed(1)} s`;

function finding(
  id: WebsiteCheckId,
  label: string,
  passed: boolean,
  detail: string,
  angle: string,
): WebsiteFinding {
  return {
    id,
    label,
    passed,
    points: passed ? WEBSITE_CHECK_WEIGHTS[id] : 0,
    detail,
    angle: passed ? null : angle,
  };
}

/** Every finding for one homepage, in the order of their weight; the HTML is read in slices. */
export async function analyseHomepage(site: SiteObservation): Promise<WebsiteFinding[]> {
  const page = await parseHomepage(site.html);
  const https = site.finalUrl.startsWith('https://');
  const bytes = Buffer.byteLength(site.html);
  const year = page.copyrightYear;
  const stale = year !== null && year < site.currentYear - 1;
  const phoneReady = page.viewport !== null && page.viewport.includes('width=device-width');
  const contact = page.telOrMailLink || page.contactLink || page.contactInText;

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
      phoneReady
        ? 'The page declares a mobile viewport.'
        : 'The page declares no mobile viewport, so phones show a shrunken desktop page.',
      'Not built for phones: most visitors see a tiny desktop page.',
    ),
    finding(
      'pageWeight',
      'Page weight',
      !site.truncated && bytes <= HEAVY_PAGE_BYTES,
      site.truncated
        ? 'The page is larger than 1 MB of HTML.'
        : `The page is ${kb(bytes)} of HTML${page.images ? ` with ${page.images} images` : ''}.`,
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
      page.description
        ? `Description: "${page.description.slice(0, 160)}".`
        : 'The page has no description for search engines.',
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
      page.lang
        ? `The page declares its language (${page.lang.slice(0, 20)}).`
        : 'The page does not declare its language.',
      'Page language not declared: screen readers may read it with the wrong voice.',
    ),
  ];
}

/** 0-100: the points of the checks passed (docs/decisions/020). */
export const scoreOf = (findings: WebsiteFinding[]) =>
  findings.reduce((sum, f) => sum + f.points, 0);
