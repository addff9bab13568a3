import { useQuery } from '@tanstack/react-query';
import type { BusinessResult, SearchSettings } from '../../../contract/businesses';
import type { Coordinates } from './browser-position';
import type { SearchRequest } from './search-request';

/** A search as sent: the request plus the browser's position when no place was typed. */
export type StartedSearch = SearchRequest & Partial<Coordinates>;

// ~1 m is plenty for a 5-mile search; fewer digits keep the cache key stable between fixes.
const coordinate = (value: number) => String(Math.round(value * 1e5) / 1e5);

export function searchQueryString(search: StartedSearch): string {
  const params = new URLSearchParams({ category: search.category, radius: String(search.radius) });
  if (search.location) params.set('location', search.location);
  else if (search.lat !== undefined && search.lng !== undefined) {
    params.set('lat', coordinate(search.lat));
    params.set('lng', coordinate(search.lng));
  }
  return params.toString();
}

export const searchUrl = (search: StartedSearch) => `/api/businesses/search?${searchQueryString(search)}`;
export const businessesExportUrl = (search: StartedSearch) => `/api/businesses/export.csv?${searchQueryString(search)}`;

/** Which source answers, its attribution and the default location's name. */
export const useSearchSettings = () => useQuery<SearchSettings>({ queryKey: ['/api/businesses/settings'] });

/** Spec section 4: results are enabled only after a search was started. */
export const useBusinessSearch = (search: StartedSearch | null) =>
  useQuery<BusinessResult[]>({ queryKey: [search ? searchUrl(search) : '/api/businesses/search'], enabled: search !== null });
