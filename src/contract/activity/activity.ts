import * as z from 'zod/mini';
import { pageNumber } from '../lib/db-int.js';
import type { Endpoint } from '../lib/endpoint.js';

export const ACTIVITY_PAGE_SIZE = 25;

export const activityQuerySchema = z.object({
  page: pageNumber(),
});

export interface ActivityEntry {
  id: string;
  /** ISO time. */
  at: string;
  actorEmail: string | null;
  /** sign-in, sign-in.failed, sign-out, create, update, delete, export, discover, … */
  action: string;
  subject: string | null;
  detail: Record<string, unknown> | null;
  ipAddress: string | null;
}

export interface ActivityPage {
  items: ActivityEntry[];
  total: number;
  page: number;
  pageSize: number;
}

/** The activity log, newest first, a page at a time (employees only). */
export const listActivity: Endpoint<ActivityPage, undefined, { page: number }> = {
  method: 'GET',
  path: '/api/activity',
};
