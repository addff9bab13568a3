import { Parser } from 'htmlparser2';
import type { SocialProfile } from '../places/types.js';
import { HTML_PIECE, MAX_ATTRIBUTES, MAX_NESTING, slicer } from './slices.js';

const MAX_PROFILES = 20;
const MAX_JSON_DEPTH = 20;

interface Network {
  network: string;
  /** Links are rewritten to this host so `facebook.com/x` and `m.facebook.com/x` are one profile. */
  host: string;
  /** First path segments (lower case) of share buttons, log-ins and single posts: not a profile. */
  ignore?: string[];
  /** When set, only these first segments followed by a name are profiles (LinkedIn, Yelp). */
  only?: string[];
}

const facebook: Network = {
  network: 'facebook',
  host: 'www.facebook.com',
  ignore: [
    'sharer',
    'sharer.php',
    'share',
    'share.php',
    'dialog',
    'plugins',
    'tr',
    'login',
    'login.php',
    'l.php',
    'home.php',
    'hashtag',
    'policies',
    'privacy',
    'help',
  ],
};
const x: Network = {
  network: 'x',
  host: 'x.com',
  ignore: ['intent', 'share', 'i', 'home', 'login', 'hashtag', 'search', 'tos', 'privacy'],
};
const youtube: Network = {
  network: 'youtube',
  host: 'www.youtube.com',
  ignore: ['share', 'embed', 'redirect', 't'],
};
const threads = { network: 'threads', ignore: ['intent', 'login'] };

const NETWORKS = new Map<string, Network>([
  ['facebook.com', facebook],
  ['fb.com', facebook],
  [
    'instagram.com',
    {
      network: 'instagram',
      host: 'www.instagram.com',
      ignore: ['p', 'reel', 'reels', 'tv', 'explore', 'accounts', 'stories', 'share'],
    },
  ],
  ['x.com', x],
  ['twitter.com', x],
  [
    'linkedin.com',
    {
      network: 'linkedin',
      host: 'www.linkedin.com',
      only: ['company', 'in', 'school', 'showcase'],
    },
  ],
  ['youtube.com', youtube],
  ['youtu.be', { ...youtube, host: 'youtu.be' }],
  [
    'tiktok.com',
    {
      network: 'tiktok',
      host: 'www.tiktok.com',
      ignore: ['share', 'embed', 'login', 'tag', 'music'],
    },
  ],
  ['pinterest.com', { network: 'pinterest', host: 'www.pinterest.com', ignore: ['pin', 'login'] }],
  ['yelp.com', { network: 'yelp', host: 'www.yelp.com', only: ['biz'] }],
  [
    'nextdoor.com',
    { network: 'nextdoor', host: 'nextdoor.com', ignore: ['sharekit', 'login', 'news_feed'] },
  ],
  ['threads.net', { ...threads, host: 'www.threads.net' }],
  ['threads.com', { ...threads, host: 'www.threads.com' }],
]);

const TRACKING =
  /^(utm_.*|fbclid|gclid|dclid|gbraid|wbraid|msclkid|mc_cid|mc_eid|igshid|igsh|si|ref|ref_src|ref_url|_ga|_gl)$/i;

/** A JSON-LD block longer than this is skipped (real ones are a few KB; JSON.parse runs in one go). */
const MAX_JSON_LD = 64 * 1024;
/** Links longer than this are not profiles (and `new URL` of a megabyte is not free). */
const MAX_HREF = 2048;

/**
 * The social profiles a page links to, from its anchors and its JSON-LD `sameAs`, in page order:
 * a parser fed piece by piece. `write` returns false once the page nests deeper than `MAX_NESTING`
 * (the parser's cost per tag grows with the depth) or a tag has more than `MAX_ATTRIBUTES`
 * attributes: the rest is not read.
 */
function socialLinkReader(baseUrl: string) {
  const found = new Map<string, SocialProfile>();
  let base = baseUrl;
  let depth = 0;
  let attributeCount = 0;
  const add = (href: string) => {
    if (found.size >= MAX_PROFILES || href.length > MAX_HREF) return;
    const profile = toProfile(href, base);
    // Handles are case-insensitive everywhere except YouTube channel ids.
    const key =
      profile &&
      `${profile.network} ${profile.network === 'youtube' ? profile.url : profile.url.toLowerCase()}`;
    if (profile && key && !found.has(key)) found.set(key, profile);
  };

  let jsonLd: string[] | null = null;
  let jsonLdLength = 0;
  const parser = new Parser({
    onopentagname() {
      attributeCount = 0;
    },
    onattribute() {
      attributeCount++;
    },
    onopentag(name, attributes) {
      depth++;
      if (
        name === 'base' &&
        attributes.href &&
        base === baseUrl &&
        attributes.href.length <= MAX_HREF
      )
        base = resolve(attributes.href, baseUrl)?.href ?? baseUrl;
      if (name === 'a' && attributes.href) add(attributes.href);
      if (name === 'script' && attributes.type?.trim().toLowerCase() === 'application/ld+json') {
        jsonLd = [];
        jsonLdLength = 0;
      }
    },
    ontext(text) {
      if (!jsonLd) return;
      jsonLdLength += text.length;
      if (jsonLdLength <= MAX_JSON_LD) jsonLd.push(text);
    },
    onclosetag(name) {
      depth--;
      if (name !== 'script' || !jsonLd) return;
      if (jsonLdLength <= MAX_JSON_LD && found.size < MAX_PROFILES)
        for (const link of sameAsLinks(jsonLd.join(''))) add(link);
      jsonLd = null;
    },
  });
  return {
    write(piece: string): boolean {
      parser.write(piece);
      return depth <= MAX_NESTING && attributeCount <= MAX_ATTRIBUTES;
    },
    end(): SocialProfile[] {
      parser.end();
      return [...found.values()];
    },
  };
}

/** The social profiles a page links to (in one go: for pages of known size; fetched pages use `readSocialProfiles`). */
export function extractSocialProfiles(html: string, baseUrl: string): SocialProfile[] {
  const reader = socialLinkReader(baseUrl);
  for (
    let at = 0;
    at < html.length && reader.write(html.slice(at, at + HTML_PIECE));
    at += HTML_PIECE
  );
  return reader.end();
}

/** As `extractSocialProfiles`, in slices with turns of the event loop between them: what a fetched page is read with. */
export async function readSocialProfiles(
  html: string,
  baseUrl: string,
  turn = slicer(),
): Promise<SocialProfile[]> {
  const reader = socialLinkReader(baseUrl);
  for (
    let at = 0;
    at < html.length && reader.write(html.slice(at, at + HTML_PIECE));
    at += HTML_PIECE
  )
    await turn();
  return reader.end();
}

function sameAsLinks(text: string): string[] {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    return []; // broken JSON-LD is common and must not cost the anchors
  }
  const links: string[] = [];
  const visit = (node: unknown, depth: number) => {
    if (depth > MAX_JSON_DEPTH || node === null || typeof node !== 'object') return;
    if (Array.isArray(node)) return node.forEach((item) => visit(item, depth + 1));
    for (const [key, value] of Object.entries(node)) {
      if (key === 'sameAs')
        [value].flat().forEach((link) => typeof link === 'string' && links.push(link));
      else visit(value, depth + 1);
    }
  };
  visit(data, 0);
  return links;
}

function resolve(href: string, base: string): URL | null {
  try {
    const url = new URL(href.trim(), base);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url : null;
  } catch {
    return null;
  }
}

function toProfile(href: string, base: string): SocialProfile | null {
  const url = resolve(href, base);
  if (!url) return null;
  const domain = url.hostname.toLowerCase().replace(/\.$/, '');
  const registered = [...NETWORKS.keys()].find(
    (name) => domain === name || domain.endsWith(`.${name}`),
  );
  const network = registered === undefined ? undefined : NETWORKS.get(registered);
  if (!network) return null;

  // Trailing slashes dropped by a loop: /\/+$/ tries every run of slashes to its end (quadratic).
  let end = url.pathname.length;
  while (end > 0 && url.pathname.charCodeAt(end - 1) === 47) end--;
  let path = url.pathname.slice(0, end);
  // A link to one post still names the account: keep the account.
  if (network.network === 'x') path = path.replace(/^(\/[^/]+)\/status\/.*$/, '$1');
  const segments = path.toLowerCase().split('/').slice(1);
  const first = segments[0] ?? '';
  if (first === '' || network.ignore?.includes(first)) return null; // '' is the network's home page
  if (network.only && !(network.only.includes(first) && segments.length > 1)) return null;

  // One new list: deleting parameters one by one re-serialises the query each time (quadratic).
  const kept = new URLSearchParams([...url.searchParams].filter(([name]) => !TRACKING.test(name)));
  const query = kept.size > 0 ? `?${kept}` : '';
  return { network: network.network, url: `https://${network.host}${path}${query}` };
}
