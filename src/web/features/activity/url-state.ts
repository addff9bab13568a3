import type { QueryOf } from '../../../contract/lib/endpoint';
import type { ActivityType, listActivity } from '../../../contract/activity/activity';

/** The activity log's place: its filters ('' = all) and page, kept in the page's URL. */
export interface ActivityState {
  type: string;
  employee: string;
  from: string;
  to: string;
  page: number;
}

export const NO_ACTIVITY_FILTERS: ActivityState = {
  type: '',
  employee: '',
  from: '',
  to: '',
  page: 1,
};
const FILTERS = ['type', 'employee', 'from', 'to'] as const;

/**
 * `/settings/activity?type=update&employee=…&from=2026-11-01&page=2` → the state. The values are
 * taken as written: the server checks them, and a bad one is shown as its 400 message (not
 * silently dropped), so a shared link never shows a different list than it says.
 */
export function parseActivityState(search: string): ActivityState {
  const params = new URLSearchParams(search);
  const page = Number(params.get('page'));
  const state = { ...NO_ACTIVITY_FILTERS, page: Number.isInteger(page) && page > 1 ? page : 1 };
  for (const key of FILTERS) state[key] = (params.get(key) ?? '').trim().slice(0, 320);
  return state;
}

/** The URL's query for the state: only what is set; page 1 is not written. */
export function activitySearch(state: ActivityState): string {
  const params = new URLSearchParams();
  for (const key of FILTERS) if (state[key]) params.set(key, state[key]);
  if (state.page > 1) params.set('page', String(state.page));
  const text = params.toString();
  return text ? `?${text}` : '';
}

/** The API's query for the state. */
export function activityQuery(state: ActivityState): QueryOf<typeof listActivity> {
  return {
    page: state.page,
    ...(state.type ? { type: state.type as ActivityType } : {}),
    ...(state.employee ? { employee: state.employee } : {}),
    ...(state.from ? { from: state.from } : {}),
    ...(state.to ? { to: state.to } : {}),
  };
}
