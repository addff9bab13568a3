import { useQuery } from '@tanstack/react-query';
import {
  exportBusinessesCsv,
  getSearchSettings,
  searchBusinesses,
  type BusinessSearchParams,
  type ResultFilters,
} from '../../../contract/businesses/businesses';
import type { OutputOf } from '../../../contract/lib/endpoint';
import { apiUrl, queryString } from '../../lib/api';
import type { Coordinates } from './browser-position';
import type { SearchRequest } from './search-request';

/** A search as sent: the request plus the browser's position when no place was typed. */
export type StartedSearch = SearchRequest & Partial<Coordinates>;

// ~1 m is plenty for a 5-mile search; fewer digits keep the cache key stable between fixes.
const coordinate = (value: number) => Math.round(value * 1e5) / 1e5;

/** A typed place wins over the browser's position, which is sent only with both coordinates. */
function searchParams(search: StartedSearch): BusinessSearchParams {
  const position = !search.location && search.lat !== undefined && search.lng !== undefined;
  return {
    category: search.category,
    radius: search.radius,
    location: search.location,
    lat: position ? coordinate(search.lat!) : undefined,
    lng: position ? coordinate(search.lng!) : undefined,
  };
}

export const searchQueryString = (search: StartedSearch): string =>
  queryString(searchParams(search));

export const searchUrl = (search: StartedSearch) =>
  apiUrl(searchBusinesses, { query: searchParams(search) });
/** The CSV of what the screen shows: the same filters, in the same order. */
export const businessesExportUrl = (search: StartedSearch, filters: ResultFilters = {}) =>
  apiUrl(exportBusinessesCsv, {
    query: {
      ...searchParams(search),
      sort: filters.sort && filters.sort !== 'distance' ? filters.sort : undefined,
      website: filters.website,
      minRating: filters.minRating,
      hasPhone: filters.hasPhone ? 1 : undefined,
      hasSocial: filters.hasSocial ? 1 : undefined,
    },
  });

/** Which source answers, its attribution and the default location's name. */
export const useSearchSettings = () =>
  useQuery<OutputOf<typeof getSearchSettings>>({ queryKey: [apiUrl(getSearchSettings)] });

/** docs/product.md §4: results are enabled only after a search was started. */
export const useBusinessSearch = (search: StartedSearch | null) =>
  useQuery<OutputOf<typeof searchBusinesses>>({
    queryKey: [search ? searchUrl(search) : apiUrl(searchBusinesses)],
    enabled: search !== null,
  });
