import { integer, pgTable, text, timestamp, index } from 'drizzle-orm/pg-core';

/**
 * Counters with an expiry shared by every instance (rate limits, sign-in failures, used
 * second-factor codes) when no Redis is configured: one atomic upsert per hit.
 */
export const rateLimitCounters = pgTable(
  'rate_limit_counters',
  {
    key: text('key').primaryKey(),
    count: integer('count').notNull(),
    resetAt: timestamp('reset_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('rate_limit_counters_reset_idx').on(t.resetAt)],
);

/** Background jobs that run once across instances: whoever moves `next_run_at` forward runs it. */
export const jobSchedule = pgTable('job_schedule', {
  name: text('name').primaryKey(),
  nextRunAt: timestamp('next_run_at', { withTimezone: true }).notNull(),
  lastRunAt: timestamp('last_run_at', { withTimezone: true }),
});

/** Markers such as "the demo seed ran", so seeding happens once per database. */
export const appMeta = pgTable('app_meta', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
