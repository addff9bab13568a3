import * as z from 'zod/mini';
import { DB_INT_MAX, dbInt, pageNumber } from '../lib/db-int.js';
import type { SocialProfile } from '../businesses/businesses.js';
import { isHttpUrl } from '../lib/web-address.js';
import type { Endpoint } from '../lib/endpoint.js';

export const LEAD_STATUSES = ['new', 'contacted', 'won', 'lost'] as const;
export type LeadStatus = (typeof LEAD_STATUSES)[number];
export const LEAD_STATUS_LABELS: Record<LeadStatus, string> = {
  new: 'New',
  contacted: 'Contacted',
  won: 'Won',
  lost: 'Lost',
};
export const LEADS_PAGE_SIZE = 20;

const optionalText = (label: string, max: number) =>
  z.optional(
    z.nullable(
      z
        .string(`${label} must be text`)
        .check(z.trim(), z.maxLength(max, `${label} must be at most ${max} characters`)),
    ),
  );

/** Saving a search result as a lead: the result as the search showed it. */
export const newLeadInput = z.object({
  provider: z.enum(['directory', 'google', 'osm'], 'Provider must be directory, google or osm'),
  sourceId: z
    .string('Source id is required')
    .check(
      z.trim(),
      z.minLength(1, 'Source id is required'),
      z.maxLength(300, 'Source id is too long'),
    ),
  name: z
    .string('Name is required')
    .check(
      z.trim(),
      z.minLength(1, 'Name is required'),
      z.maxLength(300, 'Name must be at most 300 characters'),
    ),
  category: optionalText('Category', 100),
  address: optionalText('Address', 500),
  lat: z.optional(z.nullable(z.number().check(z.gte(-90), z.lte(90)))),
  lng: z.optional(z.nullable(z.number().check(z.gte(-180), z.lte(180)))),
  rating: z.optional(
    z.nullable(z.string().check(z.regex(/^\d(\.\d)?$/, 'Rating must look like 4.5'))),
  ),
  reviewCount: z.optional(
    z.nullable(dbInt(`Review count must be a whole number from 0 to ${DB_INT_MAX}`)),
  ),
  website: z.optional(
    z.nullable(
      z
        .string()
        .check(
          z.trim(),
          z.maxLength(2048),
          z.refine(isHttpUrl, 'Website must start with http:// or https://'),
        ),
    ),
  ),
  phone: optionalText('Phone', 60),
  socialProfiles: z.optional(
    z
      .array(
        z.object({
          network: z.string().check(z.maxLength(40)),
          url: z
            .string()
            .check(
              z.maxLength(2048),
              z.refine(
                isHttpUrl,
                'A social profile must be a web address starting with http:// or https://',
              ),
            ),
        }),
      )
      .check(z.maxLength(20)),
  ),
});
export type NewLeadInput = z.output<typeof newLeadInput>;

/** A calendar day as '2026-11-25' that exists (no 31 February), between 2000 and 2100. */
export function isCalendarDate(text: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const d = new Date(Date.UTC(year, month - 1, day));
  return year >= 2000 && year <= 2100 && d.getUTCMonth() === month - 1 && d.getUTCDate() === day;
}
export const calendarDate = (label: string) =>
  z.optional(
    z.nullable(
      z
        .string(`${label} must be a date`)
        .check(z.refine(isCalendarDate, `${label} must be a date like 2026-11-25.`)),
    ),
  );

export const leadUpdateInput = z
  .object({
    status: z.optional(z.enum(LEAD_STATUSES, 'Status must be new, contacted, won or lost')),
    note: z.optional(
      z.nullable(
        z
          .string('Note must be text')
          .check(z.maxLength(5000, 'Note must be at most 5000 characters')),
      ),
    ),
    nextFollowUp: calendarDate('Next follow-up'),
    lastContacted: calendarDate('Last contacted'),
  })
  .check(
    z.refine(
      (v) =>
        v.status !== undefined ||
        v.note !== undefined ||
        v.nextFollowUp !== undefined ||
        v.lastContacted !== undefined,
      'Send a status, a note or a follow-up date to change.',
    ),
  );
export type LeadUpdateInput = z.output<typeof leadUpdateInput>;

/** How the lead routes name a field in an error. */
export const LEAD_LABELS: Record<string, string> = {
  provider: 'Provider',
  sourceId: 'Source id',
  name: 'Name',
  status: 'Status',
  note: 'Note',
  website: 'Website',
  page: 'Page',
  due: 'Due',
  nextFollowUp: 'Next follow-up',
  lastContacted: 'Last contacted',
  enabled: 'Enabled',
};

export const leadsQuery = z.object({
  status: z.optional(z.enum(LEAD_STATUSES, 'Status must be new, contacted, won or lost')),
  /** 'today': leads whose next follow-up is today or earlier (overdue counts as due), soonest first. */
  due: z.optional(z.enum(['today'], 'Due must be today')),
  page: pageNumber(),
});
export type LeadsQuery = z.output<typeof leadsQuery>;

/** The board shows this many leads per status, newest first; the column says how many there are. */
export const BOARD_COLUMN_LIMIT = 50;

export interface Lead {
  id: string;
  provider: 'directory' | 'google' | 'osm';
  sourceId: string;
  name: string;
  category: string | null;
  address: string | null;
  rating: string | null;
  reviewCount: number | null;
  website: string | null;
  phone: string | null;
  socialProfiles: SocialProfile[];
  /** When 'Find social profiles' last read the website; null when never. */
  socialCheckedAt: string | null;
  status: LeadStatus;
  note: string | null;
  /** '2026-11-25' in the agency's time zone, or null. */
  nextFollowUp: string | null;
  lastContacted: string | null;
  /** Marked do-not-contact: hidden from search results and exports. */
  doNotContact: boolean;
  createdAt: string;
  updatedAt: string;
}

export interface LeadPage {
  items: Lead[];
  total: number;
  page: number;
  pageSize: number;
  /** Today in the agency's time zone: a follow-up on or before it is due. */
  today: string;
}

export interface LeadBoard {
  columns: { status: LeadStatus; total: number; items: Lead[] }[];
  today: string;
}

/** Whether this employee gets the morning e-mail of their due leads. */
export interface LeadDigestSetting {
  enabled: boolean;
}
export const leadDigestInput = z.object({ enabled: z.boolean('Enabled must be true or false') });

// Saved leads (employees only).
export const listLeads: Endpoint<
  LeadPage,
  undefined,
  { status?: LeadStatus; due?: 'today'; page?: number }
> = { method: 'GET', path: '/api/leads' };
export const getLeadBoard: Endpoint<LeadBoard> = { method: 'GET', path: '/api/leads/board' };
/** A CSV download: linked (its URL is an `href`), not fetched. Leaves out leads marked do-not-contact. */
export const exportLeadsCsv: Endpoint<string, undefined, { status?: LeadStatus; due?: 'today' }> = {
  method: 'GET',
  path: '/api/leads/export.csv',
};
export const markDoNotContact: Endpoint<Lead> = {
  method: 'PUT',
  path: '/api/leads/:id/do-not-contact',
};
/** From a search result: saves it as a lead (if it is not one) marked do-not-contact, so the mark can be undone there. */
export const markResultDoNotContact: Endpoint<Lead, NewLeadInput> = {
  method: 'POST',
  path: '/api/leads/do-not-contact',
};
export const clearDoNotContact: Endpoint<Lead> = {
  method: 'DELETE',
  path: '/api/leads/:id/do-not-contact',
};
export const getLeadDigest: Endpoint<LeadDigestSetting> = {
  method: 'GET',
  path: '/api/leads/digest',
};
export const setLeadDigest: Endpoint<LeadDigestSetting, LeadDigestSetting> = {
  method: 'PUT',
  path: '/api/leads/digest',
};
/** Answers 201 with a new lead, or 200 with the lead already saved for this place. */
export const saveLead: Endpoint<Lead, NewLeadInput> = { method: 'POST', path: '/api/leads' };
export const updateLead: Endpoint<Lead, LeadUpdateInput> = {
  method: 'PATCH',
  path: '/api/leads/:id',
};
export const findLeadSocialProfiles: Endpoint<Lead> = {
  method: 'POST',
  path: '/api/leads/:id/social-profiles',
};
export const deleteLead: Endpoint<undefined> = { method: 'DELETE', path: '/api/leads/:id' };
