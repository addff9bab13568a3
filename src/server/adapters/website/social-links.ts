import { Parser } from 'htmlparser2';
import type { SocialProfile } from '../places/types.js';

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
const x: Network = { network: 'x', host: 'x.com', ignore: ['intent', 'share', 'i', 'home', 'login', 'hashtag', 'search', 'tos', 'privacy'] };
const youtube: Network = { network: 'youtube', host: 'www.youtube.com', ignore: ['share', 'embed', 'redirect', 't'] };
const threads = { network: 'threads', ignore: ['intent', 'login'] };

const NETWORKS = new Map<string, Network>([
  ['facebook.com', facebook],
  ['fb.com', facebook],
  ['instagram.com', { network: 'instagram', host: 'www.instagram.com', ignore: ['p', 'reel', 'reels', 'tv', 'explore', 'accounts', 'stories', 'share'] }],
  ['x.com', x],
  ['twitter.com', x],
  ['linkedin.com', { network: 'linkedin', host: 'www.linkedin.com', only: ['company', 'in', 'school', 'showcase'] }],
  ['youtube.com', youtube],
  ['youtu.be', { ...youtube, host: 'youtu.be' }],
  ['tiktok.com', { network: 'tiktok', host: 'www.tiktok.com', ignore: ['share', 'embed', 'login', 'tag', 'music'] }],
  ['pinterest.com', { network: 'pinterest', host: 'www.pinterest.com', ignore: ['pin', 'login'] }],
  ['yelp.com', { network: 'yelp', host: 'www.yelp.com', only: ['biz'] }],
  ['nextdoor.com', { network: 'nextdoor', host: 'nextdoor.com', ignore: ['sharekit', 'login', 'news_feed'] }],
  ['threads.net', { ...threads, host: 'www.threads.net' }],
  ['threads.com', { ...threads, host: 'www.threads.com' }],
]);

const TRACKING = /^(utm_.*|fbclid|gclid|dclid|gbraid|wbraid|msclkid|mc_cid|mc_eid|igshid|igsh|si|ref|ref_src|ref_url|_ga|_gl)$/i;

/** The social profiles a page links to, from its anchors and its JSON-LD `sameAs`, in page order. */
export function extractSocialProfiles(html: string, baseUrl: string): SocialProfile[] {
  const found = new Map<string, SocialProfile>();
  let base = baseUrl;
  const add = (href: string) => {
    const profile = toProfile(href, base);
    // Handles are case-insensitive everywhere except YouTube channel ids.
    const key = profile && `${profile.network} ${profile.network === 'youtube' ? profile.url : profile.url.toLowerCase()}`;
    if (profile && key && !found.has(key) && found.size < MAX_PROFILES) found.set(key, profile);
  };

  let jsonLd: string[] | null = null;
  const parser = new Parser({
    onopentag(name, attributes) {
      if (name === 'base' && attributes.href && base === baseUrl) base = resolve(attributes.href, baseUrl)?.href ?? baseUrl;
      if (name === 'a' && attributes.href) add(attributes.href);
      if (name === 'script' && attributes.type?.trim().toLowerCase() === 'application/ld+json') jsonLd = [];
    },
    ontext(text) {
      jsonLd?.push(text);
    },
    onclosetag(name) {
      if (name !== 'script' || !jsonLd) return;
      for (const link of sameAsLinks(jsonLd.join(''))) add(link);
      jsonLd = null;
    },
  });
  parser.end(html);
  return [...found.values()];
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
      if (key === 'sameAs') [value].flat().forEach((link) => typeof link === 'string' && links.push(link));
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
  const registered = [...NETWORKS.keys()].find((name) => domain === name || domain.endsWith(`.${name}`));
  const network = registered === undefined ? undefined : NETWORKS.get(registered);
  if (!network) return null;

  let path = url.pathname.replace(/\/+$/, '');
  // A link to one post still names the account: keep the account.
  if (network.network === 'x') path = path.replace(/^(\/[^/]+)\/status\/.*$/, '$1');
  const segments = path.toLowerCase().split('/').slice(1);
  const first = segments[0] ?? '';
  if (first === '' || network.ignore?.includes(first)) return null; // '' is the network's home page
  if (network.only && !(network.only.includes(first) && segments.length > 1)) return null;

  for (const name of [...url.searchParams.keys()]) if (TRACKING.test(name)) url.searchParams.delete(name);
  const query = url.searchParams.size > 0 ? `?${url.searchParams}` : '';
  return { network: network.network, url: `https://${network.host}${path}${query}` };
}
