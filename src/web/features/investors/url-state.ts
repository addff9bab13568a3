import type { QueryOf } from '../../../contract/lib/endpoint';
import {
  exportInvestorsCsv,
  INDUSTRIES,
  INVESTMENT_STAGES,
  INVESTOR_BATCH,
  listInvestors,
} from '../../../contract/investors/investors';
import { apiUrl, queryString } from '../../lib/api';

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

/** The API's filters; docs/product.md §5: 'All Stages' and 'All Industries' are not sent (nor a blank search). */
export function investorsQuery(
  filters: InvestorFilters,
  page?: { offset: number; limit?: number },
): QueryOf<typeof listInvestors> {
  return {
    search: filters.search.trim(),
    investmentStage: filters.stage || undefined,
    industry: filters.industry || undefined,
    ...(page ? { offset: page.offset, limit: page.limit ?? INVESTOR_BATCH } : {}),
  };
}

export const investorsQueryString = (
  filters: InvestorFilters,
  page?: { offset: number; limit?: number },
): string => queryString(investorsQuery(filters, page));

export const investorsPageUrl = (filters: InvestorFilters, offset: number) =>
  apiUrl(listInvestors, { query: investorsQuery(filters, { offset }) });

export const investorsExportUrl = (filters: InvestorFilters): string =>
  apiUrl(exportInvestorsCsv, { query: investorsQuery(filters) });

// The admin page's own URL keeps the filters (/admin?invSearch=…&invStage=Seed#investors), so a
// reload opens the directory as it was left. Other sections' keys and the hash are kept.
const URL_KEYS = { search: 'invSearch', stage: 'invStage', industry: 'invIndustry' } as const;

const oneOf = <T extends string>(values: readonly T[], value: string | null): T | '' =>
  (values as readonly string[]).includes(value ?? '') ? (value as T) : '';

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

export const readInvestorFilters = (): InvestorFilters =>
  parseInvestorFilters(window.location.search);

export function writeInvestorFilters(filters: InvestorFilters): void {
  const next = withInvestorFilters(window.location.href, filters);
  if (next !== window.location.href) history.replaceState(history.state, '', next);
}
