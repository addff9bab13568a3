import type { SocialProfile } from '../../../contract/businesses.js';
import { findSocialProfiles } from '../../adapters/website/find-social-profiles.js';
import { createSafeFetcher, SafeFetchError } from '../../adapters/website/safe-fetch.js';
import { HttpError } from '../../http/errors.js';

/** Reads a lead's homepage for social links; a site that cannot be read answers 502 with why. */
export function socialProfileFinder(userAgent: string, isAllowedAddress?: (ip: string) => boolean): (website: string) => Promise<SocialProfile[]> {
  const fetcher = createSafeFetcher({ userAgent, isAllowedAddress });
  return async (website) => {
    try {
      return await findSocialProfiles(fetcher, website);
    } catch (error) {
      if (error instanceof SafeFetchError) throw new HttpError(502, error.message);
      throw error;
    }
  };
}
