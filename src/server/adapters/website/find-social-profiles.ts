import type { SocialProfile } from '../places/types.js';
import type { SafeFetcher } from './safe-fetch.js';
import { readSocialProfiles } from './social-links.js';

/** Businesses type their website as `example.com`; the scheme is added, https first. */
export function withScheme(website: string): string {
  const trimmed = website.trim();
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(trimmed)) return trimmed;
  return trimmed.startsWith('//') ? `https:${trimmed}` : `https://${trimmed}`;
}

/** The social profiles a business's homepage links to; fetch problems surface as `SafeFetchError`. */
export async function findSocialProfiles(
  fetcher: SafeFetcher,
  websiteUrl: string,
): Promise<SocialProfile[]> {
  const page = await fetcher.fetchPage(withScheme(websiteUrl));
  // Relative links resolve against where the redirects ended, not against what was typed.
  return readSocialProfiles(page.body, page.finalUrl);
}
