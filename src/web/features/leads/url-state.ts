import { DEFAULT_RADIUS, SEARCH_RADII } from '../../../contract/businesses';
import type { SearchRequest } from '../businesses';
import { LEAD_STATUSES, type LeadStatus } from '../../../contract/leads';

export type SectionView = 'search' | 'leads';

export type { SearchRequest };

export interface SectionState {
  search: SearchRequest | null;
  page: number;
  view: SectionView;
  leadsStatus: LeadStatus | '';
  leadsPage: number;
}

// The admin page's own URL keeps the place (/admin?q=plumber&radius=30&page=2#search), so a
// reload or a shared link opens the same search, page and tab.
const KEYS = { q: 'q', radius: 'radius', location: 'location', page: 'page', view: 'view', leadsStatus: 'leadsStatus', leadsPage: 'leadsPage' } as const;

const positiveInt = (text: string | null): number => {
  const n = Number(text);
  return Number.isInteger(n) && n > 1 ? n : 1;
};

export function parseSectionState(query: string): SectionState {
  const params = new URLSearchParams(query);
  const category = (params.get(KEYS.q) ?? '').trim().slice(0, 100);
  const radius = Number(params.get(KEYS.radius));
  const status = params.get(KEYS.leadsStatus) ?? '';
  return {
    search: category
      ? {
          category,
          radius: (SEARCH_RADII as readonly number[]).includes(radius) ? radius : DEFAULT_RADIUS,
          location: (params.get(KEYS.location) ?? '').trim().slice(0, 200),
        }
      : null,
    page: category ? positiveInt(params.get(KEYS.page)) : 1,
    view: params.get(KEYS.view) === 'leads' ? 'leads' : 'search',
    leadsStatus: (LEAD_STATUSES as readonly string[]).includes(status) ? (status as LeadStatus) : '',
    leadsPage: positiveInt(params.get(KEYS.leadsPage)),
  };
}

/** The same URL with this section's keys replaced; other sections' keys and the hash are kept. */
export function withSectionState(href: string, state: SectionState): string {
  const url = new URL(href);
  const values: Record<keyof typeof KEYS, string> = {
    q: state.search?.category ?? '',
    radius: state.search ? String(state.search.radius) : '',
    location: state.search?.location ?? '',
    page: state.search && state.page > 1 ? String(state.page) : '',
    view: state.view === 'leads' ? 'leads' : '',
    leadsStatus: state.leadsStatus,
    leadsPage: state.leadsPage > 1 ? String(state.leadsPage) : '',
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
