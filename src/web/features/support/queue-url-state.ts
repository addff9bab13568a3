import {
  SUPPORT_URGENCIES,
  SUPPORT_VIEWS,
  type SupportUrgency,
  type SupportView,
} from '../../../contract/support/support';
import type { QueueState } from './admin-api';

// The admin page's own URL keeps the queue's place (/admin?supportView=mine&supportPage=2#support),
// so a reload, Back from another section or a shared link opens the same view, filter and page.
const KEYS = { view: 'supportView', urgency: 'supportUrgency', page: 'supportPage' } as const;

const oneOf = <T extends string>(values: readonly T[], value: string | null): T | undefined =>
  (values as readonly (string | null)[]).includes(value) ? (value as T) : undefined;

export function parseQueueState(search: string): QueueState {
  const params = new URLSearchParams(search);
  const page = Number(params.get(KEYS.page));
  return {
    view: oneOf(SUPPORT_VIEWS, params.get(KEYS.view)) ?? 'open',
    urgency: oneOf<SupportUrgency>(SUPPORT_URGENCIES, params.get(KEYS.urgency)) ?? '',
    page: Number.isInteger(page) && page > 1 ? page : 1,
  };
}

export const readQueueState = (): QueueState => parseQueueState(window.location.search);

/** Replaces this section's keys in the URL; other sections' keys and the hash are kept. */
export function writeQueueState(state: QueueState): void {
  const url = new URL(window.location.href);
  const values: Record<keyof typeof KEYS, string> = {
    view: state.view === 'open' ? '' : state.view,
    urgency: state.urgency,
    page: state.page > 1 ? String(state.page) : '',
  };
  for (const key of Object.keys(KEYS) as (keyof typeof KEYS)[]) {
    if (values[key]) url.searchParams.set(KEYS[key], values[key]);
    else url.searchParams.delete(KEYS[key]);
  }
  if (url.href !== window.location.href) history.replaceState(history.state, '', url);
}

export const VIEW_LABELS: Record<SupportView, string> = {
  open: 'Open',
  answered: 'Answered',
  closed: 'Closed',
  breached: 'Breached',
  mine: 'Mine',
};
export type { SupportView };
