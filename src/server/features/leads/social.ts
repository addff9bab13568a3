import type { SocialProfile } from '../../../contract/businesses/businesses.js';
import { findSocialProfiles } from '../../adapters/website/find-social-profiles.js';
import {
  createSafeFetcher,
  RefusedAddressError,
  SafeFetchError,
} from '../../adapters/website/safe-fetch.js';
import { HttpError } from '../../http/errors.js';

/**
 * Reads a lead's homepage for social links. An address the policy refuses (a private network) is
 * the lead's data, not an outage: 422, as the website check answers it; a site that cannot be read
 * (no answer in time, an error status, not a page) answers 502 with why.
 */
export function socialProfileFinder(
  userAgent: string,
  isAllowedAddress?: (ip: string) => boolean,
): (website: string) => Promise<SocialProfile[]> {
  const fetcher = createSafeFetcher({ userAgent, isAllowedAddress });
  return async (website) => {
    try {
      return await findSocialProfiles(fetcher, website);
    } catch (error) {
      if (error instanceof RefusedAddressError) throw new HttpError(422, error.message);
      if (error instanceof SafeFetchError) throw new HttpError(502, error.message);
      throw error;
    }
  };
}
