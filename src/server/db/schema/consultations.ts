import { sql } from 'drizzle-orm';
import {
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { user } from '../auth-schema.js';
import { businessRegistrations } from './registration.js';

/** One weekly range of an employee's availability, in their own time zone ('09:00'–'12:30'; weekday 1 = Monday … 7 = Sunday). */
export interface AvailabilityRange {
  weekday: number;
  start: string;
  end: string;
}

/** The consultation settings, one row (id 1): slot length and the reschedule/cancel cut-off. */
export const consultationSettings = pgTable('consultation_settings', {
  id: integer('id').primaryKey(),
  slotMinutes: integer('slot_minutes').notNull().default(30),
  cutoffHours: integer('cutoff_hours').notNull().default(24),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** An employee's weekly availability and days off, in their own IANA time zone. */
export const employeeAvailability = pgTable('employee_availability', {
  employeeId: text('employee_id')
    .primaryKey()
    .references(() => user.id, { onDelete: 'cascade' }),
  timeZone: text('time_zone').notNull(),
  weekly: jsonb('weekly').$type<AvailabilityRange[]>().notNull(),
  /** Local calendar days ('2026-12-24') the employee takes no consultations. */
  daysOff: jsonb('days_off').$type<string[]>().notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * A client's consultation. `uid` is the iCalendar UID, kept across reschedules (`sequence` counts
 * them); a reschedule moves this row. The database keeps a slot to one booking and a client to one
 * booked consultation (partial unique indexes on booked rows).
 */
export const consultations = pgTable(
  'consultations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    uid: text('uid').notNull().unique(),
    registrationId: uuid('registration_id')
      .notNull()
      .references(() => businessRegistrations.id),
    /** Null once the host's account is removed: the booking stays, the team finds a new host. */
    hostEmployeeId: text('host_employee_id').references(() => user.id, { onDelete: 'set null' }),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    status: text('status', { enum: ['booked', 'cancelled'] })
      .notNull()
      .default('booked'),
    sequence: integer('sequence').notNull().default(0),
    /** The client's browser time zone when booking: their e-mails write times in it. */
    clientTimeZone: text('client_time_zone').notNull(),
    reminded24hAt: timestamp('reminded_24h_at', { withTimezone: true }),
    reminded1hAt: timestamp('reminded_1h_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('consultations_host_slot_booked_idx')
      .on(t.hostEmployeeId, t.startsAt)
      .where(sql`${t.status} = 'booked'`),
    uniqueIndex('consultations_client_booked_idx')
      .on(t.registrationId)
      .where(sql`${t.status} = 'booked'`),
    index('consultations_starts_at_idx').on(t.startsAt),
  ],
);
