/** Business search: the search form, its results and how a business is shown. */
export {
  useBusinessSearch,
  useSearchSettings,
  searchQueryString,
  searchUrl,
  businessesExportUrl,
  type StartedSearch,
} from './api';
export { SearchForm } from './search-form';
export { SearchResults } from './search-results';
export { type ResultLayout } from './result-filters';
export { useSearchFlow, type SearchFlow } from './use-search-flow';
export { StarRating } from './star-rating';
export { ratingLabel } from './stars';
export { directionsUrl } from './maps';
export {
  formatMiles,
  networkLabel,
  pageCount,
  reviewsText,
  telHref,
  websiteHref,
  websiteLabel,
} from './format';
export type { SearchRequest } from './search-request';
