import { INDUSTRIES, INVESTMENT_STAGES, INVESTOR_BATCH } from '../../../contract/investors';

export type InvestmentStage = (typeof INVESTMENT_STAGES)[number];
export type Industry = (typeof INDUSTRIES)[number];

/** What the directory is narrowed to; '' means 'All Stages' / 'All Industries' (not sent). */
export interface InvestorFilters {
  search: string;
  stage: InvestmentStage | '';
  industry: Industry | '';
}

export const NO_FILTERS: InvestorFilters = { search: '', stage: '', industry: '' };
export const SEARCH_MAX_LENGTH = 100;

/** The API's filters; spec section 5: 'All Stages' and 'All Industries' are not sent. */
export function investorsQueryString(filters: InvestorFilters, page?: { offset: number; limit?: number }): string {
  const params = new URLSearchParams();
  const search = filters.search.trim();
  if (search) params.set('search', search);
  if (filters.stage) params.set('investmentStage', filters.stage);
  if (filters.industry) params.set('industry', filters.industry);
  if (page) {
    params.set('offset', String(page.offset));
    params.set('limit', String(page.limit ?? INVESTOR_BATCH));
  }
  return params.toString();
}

export const investorsPageUrl = (filters: InvestorFilters, offset: number) => `/api/investors?${investorsQueryString(filters, { offset })}`;

export function investorsExportUrl(filters: InvestorFilters): string {
  const qs = investorsQueryString(filters);
  return `/api/investors/export.csv${qs ? `?${qs}` : ''}`;
}

// The admin page's own URL keeps the filters (/admin?invSearch=…&invStage=Seed#investors), so a
// reload opens the directory as it was left. Other sections' keys and the hash are kept.
const URL_KEYS = { search: 'invSearch', stage: 'invStage', industry: 'invIndustry' } as const;

const oneOf = <T extends string>(values: readonly T[], value: string | null): T | '' => ((values as readonly string[]).includes(value ?? '') ? (value as T) : '');

export function parseInvestorFilters(query: string): InvestorFilters {
  const params = new URLSearchParams(query);
  return {
    search: (params.get(URL_KEYS.search) ?? '').trim().slice(0, SEARCH_MAX_LENGTH),
    stage: oneOf(INVESTMENT_STAGES, params.get(URL_KEYS.stage)),
    industry: oneOf(INDUSTRIES, params.get(URL_KEYS.industry)),
  };
}

export function withInvestorFilters(href: string, filters: InvestorFilters): string {
  const url = new URL(href);
  for (const key of Object.keys(URL_KEYS) as (keyof typeof URL_KEYS)[]) {
    const value = filters[key].trim();
    if (value) url.searchParams.set(URL_KEYS[key], value);
    else url.searchParams.delete(URL_KEYS[key]);
  }
  return url.href;
}

export const readInvestorFilters = (): InvestorFilters => parseInvestorFilters(window.location.search);

export function writeInvestorFilters(filters: InvestorFilters): void {
  const next = withInvestorFilters(window.location.href, filters);
  if (next !== window.location.href) history.replaceState(history.state, '', next);
}
