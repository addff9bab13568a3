import { sql } from 'drizzle-orm';
import {
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { businessRegistrations } from './registration.js';

/**
 * A client's launched website under uptime checks (issue 30 §4), one per client. `next_check_at`
 * is the claim: an instance moves it a period ahead in the statement that picks the site, so two
 * instances never check one site in the same period.
 */
export const siteMonitors = pgTable(
  'site_monitors',
  {
    registrationId: uuid('registration_id')
      .primaryKey()
      .references(() => businessRegistrations.id, { onDelete: 'cascade' }),
    url: text('url').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    nextCheckAt: timestamp('next_check_at', { withTimezone: true }).notNull().defaultNow(),
    state: text('state', { enum: ['up', 'down', 'unknown'] })
      .notNull()
      .default('unknown'),
    consecutiveFailures: integer('consecutive_failures').notNull().default(0),
    /** When the current run of failed checks began: an outage starts there, not at its 2nd check. */
    failingSince: timestamp('failing_since', { withTimezone: true }),
    lastCheckedAt: timestamp('last_checked_at', { withTimezone: true }),
    lastStatus: integer('last_status'),
    lastTtfbMs: integer('last_ttfb_ms'),
    lastError: text('last_error'),
    certificateExpiresAt: timestamp('certificate_expires_at', { withTimezone: true }),
    /** The certificate expiry a warning request was already opened for: one per certificate. */
    certificateWarnedFor: timestamp('certificate_warned_for', { withTimezone: true }),
  },
  (t) => [index('site_monitors_next_check_at_idx').on(t.nextCheckAt)],
);

/** Checks and checks up per site per day (the agency's time zone): counters, not a row per check. */
export const siteUptimeDays = pgTable(
  'site_uptime_days',
  {
    registrationId: uuid('registration_id')
      .notNull()
      .references(() => siteMonitors.registrationId, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    checks: integer('checks').notNull().default(0),
    up: integer('up').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.registrationId, t.day] })],
);

/**
 * A site's outages. At most one open (ended_at null) per site, by a partial unique index: the
 * instance whose insert lands is the one that opens the urgent request.
 */
export const siteOutages = pgTable(
  'site_outages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    registrationId: uuid('registration_id')
      .notNull()
      .references(() => siteMonitors.registrationId, { onDelete: 'cascade' }),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
    endedAt: timestamp('ended_at', { withTimezone: true }),
    /** The support request opened for it (the support domain's id). */
    requestId: text('request_id'),
    /**
     * Set by the check that is opening the request (a claim, so it is opened once); a claim older
     * than a few minutes with no request is taken to have failed and the next failed check retries.
     */
    requestClaimedAt: timestamp('request_claimed_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('site_outages_one_open_idx')
      .on(t.registrationId)
      .where(sql`${t.endedAt} is null`),
    index('site_outages_registration_started_idx').on(t.registrationId, t.startedAt),
  ],
);
