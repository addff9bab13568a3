/** Small display rules for a business or lead: pages, distances, links and network names. */

export const pageCount = (total: number, perPage: number): number =>
  Math.max(1, Math.ceil(total / perPage));

/** The items of one page (1-based); a page past the end shows the last page. */
export function pageItems<T>(items: readonly T[], page: number, perPage: number): T[] {
  const last = pageCount(items.length, perPage);
  const current = Math.min(Math.max(1, Math.floor(page) || 1), last);
  return items.slice((current - 1) * perPage, current * perPage);
}

export const formatMiles = (miles: number): string => `${miles.toFixed(1)} miles`;

export const businessesFound = (n: number): string =>
  `${n} ${n === 1 ? 'business' : 'businesses'} found`;

export const reviewsText = (n: number): string =>
  `${n.toLocaleString('en-US')} ${n === 1 ? 'review' : 'reviews'}`;

/** Places often list `example.com` without a scheme; a link needs one. */
export function websiteHref(website: string): string {
  const trimmed = website.trim();
  if (/^https?:\/\//i.test(trimmed)) return trimmed;
  return `https://${trimmed.replace(/^\/\//, '')}`;
}

/** The host people recognise ('alamo-plumbing.example'), for the link text. */
export function websiteLabel(website: string): string {
  try {
    return new URL(websiteHref(website)).hostname.replace(/^www\./, '');
  } catch {
    return website;
  }
}

/** `tel:` wants digits (and a leading +), not the spaces and brackets people write. */
export const telHref = (phone: string): string => `tel:${phone.replace(/[^\d+]/g, '')}`;

const NETWORK_NAMES: Record<string, string> = {
  facebook: 'Facebook',
  instagram: 'Instagram',
  x: 'X',
  twitter: 'X',
  linkedin: 'LinkedIn',
  youtube: 'YouTube',
  tiktok: 'TikTok',
  pinterest: 'Pinterest',
  yelp: 'Yelp',
  threads: 'Threads',
};

export function networkLabel(network: string): string {
  const key = network.trim().toLowerCase();
  return NETWORK_NAMES[key] ?? key.charAt(0).toUpperCase() + key.slice(1);
}
