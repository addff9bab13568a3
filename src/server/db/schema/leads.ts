import { sql } from 'drizzle-orm';
import {
  date,
  doublePrecision,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uuid,
  index,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { user } from '../auth-schema.js';

/** A business an employee saved to follow up, with a snapshot of what the search showed. */
export const leads = pgTable(
  'leads',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    provider: text('provider', { enum: ['directory', 'google', 'osm'] }).notNull(),
    sourceId: text('source_id').notNull(),
    name: text('name').notNull(),
    category: text('category'),
    address: text('address'),
    lat: doublePrecision('lat'),
    lng: doublePrecision('lng'),
    ratingTenths: integer('rating_tenths'),
    reviewCount: integer('review_count'),
    website: text('website'),
    phone: text('phone'),
    socialProfiles: jsonb('social_profiles')
      .$type<{ network: string; url: string }[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    socialCheckedAt: timestamp('social_checked_at', { withTimezone: true }),
    status: text('status', { enum: ['new', 'contacted', 'won', 'lost'] })
      .notNull()
      .default('new'),
    note: text('note'),
    /** Dates in the agency's time zone ('2026-11-25'): when to get back to the lead, when we last did. */
    nextFollowUpOn: date('next_follow_up_on', { mode: 'string' }),
    lastContactedOn: date('last_contacted_on', { mode: 'string' }),
    createdBy: text('created_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('leads_source_idx').on(t.provider, t.sourceId),
    // The list's order (newest first) for every filter: all leads, one status (a board column), due ones.
    index('leads_created_at_idx').on(t.createdAt.desc(), t.id.desc()),
    index('leads_status_created_idx').on(t.status, t.createdAt.desc(), t.id.desc()),
    index('leads_follow_up_idx').on(t.nextFollowUpOn, t.createdAt.desc(), t.id.desc()),
    index('leads_owner_follow_up_idx').on(t.createdBy, t.nextFollowUpOn),
  ],
);

/**
 * Businesses nobody may contact again: hidden from search results and exports whatever the
 * source, matched by provider and id, and by the normalised phone number and website host so the
 * same business found through another provider stays hidden too.
 */
export const doNotContact = pgTable(
  'do_not_contact',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    provider: text('provider', { enum: ['directory', 'google', 'osm'] }).notNull(),
    sourceId: text('source_id').notNull(),
    name: text('name').notNull(),
    /** The last ten digits of the phone number, or null. */
    phoneKey: text('phone_key'),
    /** The website's host without 'www.', or null. */
    websiteKey: text('website_key'),
    createdBy: text('created_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('do_not_contact_source_idx').on(t.provider, t.sourceId),
    index('do_not_contact_phone_idx').on(t.phoneKey),
    index('do_not_contact_website_idx').on(t.websiteKey),
  ],
);

/** Employees who asked for the morning e-mail of their due leads, and the last local day it went out. */
export const leadDigests = pgTable('lead_digests', {
  employeeId: text('employee_id')
    .primaryKey()
    .references(() => user.id, { onDelete: 'cascade' }),
  lastSentOn: date('last_sent_on', { mode: 'string' }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** The latest website check of a business (a search result, saved as a lead or not): one row per place. */
export const websiteChecks = pgTable(
  'website_checks',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    provider: text('provider', { enum: ['directory', 'google', 'osm'] }).notNull(),
    sourceId: text('source_id').notNull(),
    name: text('name').notNull(),
    website: text('website').notNull(),
    status: text('status', { enum: ['checked', 'blocked', 'failed'] }).notNull(),
    score: integer('score'),
    message: text('message'),
    findings: jsonb('findings')
      .$type<
        {
          id: string;
          label: string;
          passed: boolean;
          points: number;
          detail: string;
          angle: string | null;
        }[]
      >()
      .notNull()
      .default(sql`'[]'::jsonb`),
    finalUrl: text('final_url'),
    responseMs: integer('response_ms'),
    pageBytes: integer('page_bytes'),
    checkedBy: text('checked_by'),
    checkedAt: timestamp('checked_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('website_checks_source_idx').on(t.provider, t.sourceId)],
);
