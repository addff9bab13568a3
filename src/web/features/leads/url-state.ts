import {
  DEFAULT_RADIUS,
  MIN_RATINGS,
  RESULT_SORTS,
  SEARCH_RADII,
  type ResultFilters,
} from '../../../contract/businesses/businesses';
import type { SearchRequest } from '../businesses';
import { LEAD_STATUSES, type LeadStatus } from '../../../contract/leads/leads';

export type SectionView = 'search' | 'leads' | 'board';
export type ResultLayout = 'cards' | 'table';

export type { SearchRequest };

export interface SectionState {
  search: SearchRequest | null;
  page: number;
  view: SectionView;
  leadsStatus: LeadStatus | '';
  leadsPage: number;
  /** Sort and filters of the results, and cards or a table (defaults when absent). */
  filters?: ResultFilters;
  layout?: ResultLayout;
  /** Only the leads whose follow-up is due (today or overdue). */
  leadsDue?: boolean;
}

// The admin page's own URL keeps the place (/admin?q=plumber&radius=30&page=2#search), so a
// reload or a shared link opens the same search, page and tab.
const KEYS = {
  q: 'q',
  radius: 'radius',
  location: 'location',
  page: 'page',
  view: 'view',
  leadsStatus: 'leadsStatus',
  leadsPage: 'leadsPage',
  sort: 'sort',
  website: 'website',
  minRating: 'minRating',
  hasPhone: 'hasPhone',
  hasSocial: 'hasSocial',
  layout: 'layout',
  due: 'due',
} as const;

const positiveInt = (text: string | null): number => {
  const n = Number(text);
  return Number.isInteger(n) && n > 1 ? n : 1;
};
const oneOf = <T extends string>(values: readonly T[], text: string | null): T | undefined =>
  (values as readonly (string | null)[]).includes(text) ? (text as T) : undefined;

function parseFilters(params: URLSearchParams): ResultFilters | undefined {
  const filters: ResultFilters = {
    sort: oneOf(RESULT_SORTS, params.get(KEYS.sort)),
    website: oneOf(['none', 'has'] as const, params.get(KEYS.website)),
    minRating: oneOf(MIN_RATINGS, params.get(KEYS.minRating)),
    hasPhone: params.get(KEYS.hasPhone) === '1' || undefined,
    hasSocial: params.get(KEYS.hasSocial) === '1' || undefined,
  };
  const set = Object.fromEntries(
    Object.entries(filters).filter(([, v]) => v !== undefined),
  ) as ResultFilters;
  return Object.keys(set).length > 0 ? set : undefined;
}

export function parseSectionState(query: string): SectionState {
  const params = new URLSearchParams(query);
  const category = (params.get(KEYS.q) ?? '').trim().slice(0, 100);
  const radius = Number(params.get(KEYS.radius));
  const status = params.get(KEYS.leadsStatus) ?? '';
  const filters = parseFilters(params);
  return {
    search: category
      ? {
          category,
          radius: (SEARCH_RADII as readonly number[]).includes(radius) ? radius : DEFAULT_RADIUS,
          location: (params.get(KEYS.location) ?? '').trim().slice(0, 200),
        }
      : null,
    page: category ? positiveInt(params.get(KEYS.page)) : 1,
    view: oneOf(['leads', 'board'] as const, params.get(KEYS.view)) ?? 'search',
    leadsStatus: (LEAD_STATUSES as readonly string[]).includes(status)
      ? (status as LeadStatus)
      : '',
    leadsPage: positiveInt(params.get(KEYS.leadsPage)),
    ...(filters ? { filters } : {}),
    ...(params.get(KEYS.layout) === 'table' ? { layout: 'table' as const } : {}),
    ...(params.get(KEYS.due) === 'today' ? { leadsDue: true } : {}),
  };
}

/** The same URL with this section's keys replaced; other sections' keys and the hash are kept. */
export function withSectionState(href: string, state: SectionState): string {
  const url = new URL(href);
  const f = state.filters ?? {};
  const values: Record<keyof typeof KEYS, string> = {
    q: state.search?.category ?? '',
    radius: state.search ? String(state.search.radius) : '',
    location: state.search?.location ?? '',
    page: state.search && state.page > 1 ? String(state.page) : '',
    view: state.view === 'search' ? '' : state.view,
    leadsStatus: state.leadsStatus,
    leadsPage: state.leadsPage > 1 ? String(state.leadsPage) : '',
    sort: f.sort && f.sort !== 'distance' ? f.sort : '',
    website: f.website ?? '',
    minRating: f.minRating ?? '',
    hasPhone: f.hasPhone ? '1' : '',
    hasSocial: f.hasSocial ? '1' : '',
    layout: state.layout === 'table' ? 'table' : '',
    due: state.leadsDue ? 'today' : '',
  };
  for (const key of Object.keys(KEYS) as (keyof typeof KEYS)[]) {
    if (values[key]) url.searchParams.set(KEYS[key], values[key]);
    else url.searchParams.delete(KEYS[key]);
  }
  return url.href;
}

export const readSectionState = (): SectionState => parseSectionState(window.location.search);

export function writeSectionState(state: SectionState): void {
  const next = withSectionState(window.location.href, state);
  if (next !== window.location.href) history.replaceState(history.state, '', next);
}
