import { startLocalServer } from './local-server.js';

/** A small business homepage that passes every check a plain-http site can pass. */
export const TIDY_HOMEPAGE = `<!doctype html><html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1"><title>Tidy Plumbing</title>
<meta name="description" content="Plumbing repairs in town."></head>
<body><h1>Tidy Plumbing</h1><img src="/van.png" alt="Our van"><a href="tel:+12105550100">Call 210-555-0100</a>
<footer>© ${new Date().getUTCFullYear()} Tidy Plumbing</footer></body></html>`;

/** The homepage sales angles are made of: no viewport, no description, an old year, images without text. */
export const DATED_HOMEPAGE = `<html><head><title>Dated Diner</title></head>
<body><table width="980"><tr><td><img src="/logo.gif"><img src="/menu.jpg"></td></tr></table>
<p>Best burgers since 1985.</p><p>Copyright 2016 Dated Diner</p></body></html>`;

export interface FakeSiteOptions {
  html?: string;
  /** robots.txt's text; none (a 404) when omitted. */
  robots?: string;
  /** The homepage's status (200 unless given). */
  status?: number;
  /** Waits this long before answering the homepage. */
  delayMs?: number;
  /** An answer of its own for a path (robots.txt included); undefined falls back to the above. */
  route?: (
    path: string,
  ) => { status?: number; headers?: Record<string, string | string[]>; body?: string } | undefined;
}

/**
 * A business's website on 127.0.0.1 for website-check tests (the app reaches it only with the
 * test-only WEBSITE_FETCH_ALLOW_LOOPBACK); it logs the paths asked for and the most connections
 * open at once across every fake site of `meter`.
 */
export async function startFakeSite(
  options: FakeSiteOptions = {},
  meter: { open: number; most: number } = { open: 0, most: 0 },
) {
  const paths: string[] = [];
  const server = await startLocalServer(async (req, _body, res) => {
    paths.push(req.url ?? '');
    const own = options.route?.(req.url ?? '/');
    if (own) {
      res
        .writeHead(own.status ?? 200, {
          'content-type': 'text/html; charset=utf-8',
          ...own.headers,
        })
        .end(own.body ?? '');
      return;
    }
    if (req.url === '/robots.txt') {
      if (options.robots === undefined)
        res.writeHead(404, { 'content-type': 'text/plain' }).end('Not found');
      else res.writeHead(200, { 'content-type': 'text/plain' }).end(options.robots);
      return;
    }
    meter.open++;
    meter.most = Math.max(meter.most, meter.open);
    try {
      if (options.delayMs) await new Promise((resolve) => setTimeout(resolve, options.delayMs));
      res
        .writeHead(options.status ?? 200, { 'content-type': 'text/html; charset=utf-8' })
        .end(options.html ?? TIDY_HOMEPAGE);
    } finally {
      meter.open--;
    }
  });
  return { ...server, url: `${server.url}/`, paths };
}

const MB = 1024 * 1024;
/** `unit` repeated to one megabyte, the most a homepage fetch reads. */
const megabyte = (unit: string) => unit.repeat(Math.ceil(MB / unit.length)).slice(0, MB);
const ldJson = (json: string) => `<script type="application/ld+json">${json}</script>`;

/**
 * Homepages made to make the website readers work hard, one weakness each, a megabyte each: deep
 * nesting for the HTML parser, near-matches for every regular expression of the site check (phone,
 * e-mail, copyright year, contact link) and the social links (trailing slashes, tracking
 * parameters), huge attributes, thousands of JSON-LD blocks and deep JSON.
 */
export const HOSTILE_HOMEPAGES: Record<string, string> = {
  deepNesting: megabyte('<div>'),
  deepThenStrayCloses: '<span>'.repeat(50_000) + '</b>'.repeat(150_000),
  deepInline: megabyte('<b><i><u><s>'),
  entities: `<p>${megabyte('&amp;&#x31;&#49;')}`,
  phoneNearMisses: `<p>${megabyte('1 2 3 4 5 6 7 8 9 x (1)-(2).')}`,
  emailNearMisses: `<p>${megabyte('a@b@c.@')}`,
  emailLongParts: `<p>${megabyte(`${'a'.repeat(70)}@${'b'.repeat(70)} `)}`,
  copyrightNearMisses: `<p>${megabyte('© copyright (c) &copy; 19 20 ')}`,
  copyrightYearsAndDashes: `<p>${megabyte('© 2019 - – — ')}`,
  unclosedTitle: `<title>${megabyte('Title words ')}`,
  contactLinks: megabyte('<a href="contactkontaktcontacto">'),
  hugeAttributes: ['href', 'lang', 'content', 'alt']
    .map((name) => `<a ${name}="${'x'.repeat(MB / 4 - 20)}">`)
    .join(''),
  hugeMeta: `<meta name="description" content="${'d '.repeat(MB / 2 - 40)}">`,
  manyAttributes: `<a ${Array.from({ length: 60_000 }, (_, i) => `a${i}=1`).join(' ')}>`,
  socialSlashes: `<a href="https://www.facebook.com/${'/'.repeat(MB - 100)}x">`,
  socialParameters: `<a href="https://www.facebook.com/acme?${'utm_source=x&'.repeat(MB / 14)}">`,
  socialAnchors: megabyte('<a href="https://www.facebook.com/acme?fbclid=1">f</a>'),
  jsonLdBlocks: megabyte(
    ldJson('{"sameAs":["https://x.com/acme","https://www.instagram.com/acme"]}'),
  ),
  jsonLdHuge: ldJson(`{"sameAs":[${'"https://x.com/a",'.repeat(MB / 18)}"https://x.com/acme"]}`),
  jsonLdDeep: ldJson(`${'['.repeat(MB / 2 - 20)}${']'.repeat(MB / 2 - 20)}`),
};

/**
 * A robots.txt made to make a matcher backtrack: wildcard rules that almost match a path of a's
 * (the issue's `/*a*a*…*b` and relatives), as many as the cap keeps and then hostile lines up to
 * half a megabyte. It disallows nothing a path without 'b' names.
 */
export const HOSTILE_ROBOTS = (() => {
  const rules = [
    '/*a*a*a*a*a*a*a*a*a*a*a*a*a*b',
    '/*a*a*a*a*a*a*a*a*a*a*a*a*a*b$',
    `/${'*a'.repeat(200)}b`,
    `/*${'a'.repeat(500)}b`,
    `*${'*'.repeat(500)}b$`,
  ];
  let text = 'User-agent: *\n';
  for (let i = 0; text.length < 500 * 1024; i++)
    text += `${i % 2 ? 'Allow' : 'Disallow'}: ${rules[i % rules.length]}\n`;
  return text;
})();

/** Response headers near Node's 16 KB limit, full of near-matches for the charset and content-type parsing. */
export const HOSTILE_HEADERS: Record<string, string | string[]> = {
  'content-type': `text/html; ${'charset ; charset= "; '.repeat(300)}charset=utf-8`,
  'x-filler': 'a;'.repeat(2000),
  'set-cookie': Array.from({ length: 40 }, (_, i) => `c${i}=${'v'.repeat(40)}; Path=/`),
};
