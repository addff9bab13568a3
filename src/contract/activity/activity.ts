import * as z from 'zod/mini';
import { pageNumber } from '../lib/db-int.js';
import type { Endpoint } from '../lib/endpoint.js';

export const ACTIVITY_PAGE_SIZE = 25;

/** What an entry can say happened: the filter 'type' (the web page names each). */
export const ACTIVITY_TYPES = [
  'sign-in',
  'sign-in.failed',
  'sign-in.refused',
  'sign-in.second-factor-asked',
  'sign-out',
  'two-factor.setup',
  'two-factor.enabled',
  'two-factor.disabled',
  'create',
  'update',
  'delete',
  'export',
  'discover',
  // A client's own steps (issue 29 §2), logged with the client's e-mail as the actor.
  'consultation.booked',
  'consultation.rescheduled',
  'consultation.cancelled',
] as const;
export type ActivityType = (typeof ACTIVITY_TYPES)[number];

/** A calendar day, YYYY-MM-DD, that exists (no 2026-02-30). */
const day = (label: string) =>
  z.string().check(
    z.regex(/^\d{4}-\d{2}-\d{2}$/, `${label} must be a date written YYYY-MM-DD`),
    z.refine((text) => {
      const date = new Date(`${text}T00:00:00Z`);
      return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(text);
    }, `${label} must be a date that exists`),
  );

/**
 * The activity log's filters, all optional: what happened (`type`), who did it (`employee`, the
 * e-mail the entry keeps) and the days `from`…`to` (inclusive, UTC). A bad one is a 400 naming it.
 */
export const activityQuerySchema = z
  .object({
    page: pageNumber(),
    type: z.optional(z.enum(ACTIVITY_TYPES, `Type must be one of: ${ACTIVITY_TYPES.join(', ')}`)),
    employee: z.optional(
      z
        .string()
        .check(
          z.trim(),
          z.maxLength(320, 'Employee must be at most 320 characters'),
          z.email('Employee must be an e-mail address'),
        ),
    ),
    from: z.optional(day('From')),
    to: z.optional(day('To')),
  })
  .check(
    z.refine((q) => !q.from || !q.to || q.from <= q.to, {
      message: 'From must be on or before To',
      path: ['to'],
    }),
  );
export type ActivityQuery = z.output<typeof activityQuerySchema>;
export const ACTIVITY_QUERY_LABELS = {
  page: 'page',
  type: 'type',
  employee: 'employee',
  from: 'from',
  to: 'to',
};

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
  /** Everyone who appears in the log (their e-mails, sorted): the employee filter's choices. */
  employees: string[];
}

/** The activity log, newest first, a page at a time, filtered (employees only). */
export const listActivity: Endpoint<
  ActivityPage,
  undefined,
  { page: number; type?: ActivityType; employee?: string; from?: string; to?: string }
> = {
  method: 'GET',
  path: '/api/activity',
};
