import type { ActivityEntry } from '../activity/activity.js';
import type { Endpoint } from '../lib/endpoint.js';

/** What a line of a client's timeline is about (docs/product.md §11, issue 29 §4). */
export const TIMELINE_KINDS = [
  'registered',
  'payment',
  'email',
  'contact',
  'consultation',
  'project',
  'activity',
] as const;
export type TimelineKind = (typeof TIMELINE_KINDS)[number];

/**
 * One thing that happened to a client: the server words it (English, the admin's language),
 * except the activity log's entries, which the page words as the activity log does.
 */
export type TimelineItem =
  | { at: string; kind: Exclude<TimelineKind, 'activity'>; text: string }
  | { at: string; kind: 'activity'; entry: ActivityEntry };

export interface ClientTimeline {
  /** Newest first, at most TIMELINE_LIMIT. */
  items: TimelineItem[];
}
export const TIMELINE_LIMIT = 200;

/** Everything that happened to one client, from registering to the last e-mail (employees only). */
export const getClientTimeline: Endpoint<ClientTimeline> = {
  method: 'GET',
  path: '/api/clients/:id/timeline',
};
