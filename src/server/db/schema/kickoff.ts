import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { user } from '../auth-schema.js';
import { businessRegistrations } from './registration.js';

/**
 * What the team has done to deliver to a paying client (docs/decisions/036): the project manager,
 * the first contact after payment (the payment-success page's 24-hour promise) and whether the team
 * was told that promise was broken. One row per client, made on the first of these; a client
 * without one is simply waiting. Whether and when a client paid is read from the payments ledger.
 */
export const clientDelivery = pgTable(
  'client_delivery',
  {
    registrationId: uuid('registration_id')
      .primaryKey()
      .references(() => businessRegistrations.id, { onDelete: 'cascade' }),
    /** The employee who guides the client; null when none is set (or they were removed). */
    projectManagerId: text('project_manager_id').references(() => user.id, {
      onDelete: 'set null',
    }),
    projectManagerSetAt: timestamp('project_manager_set_at', { withTimezone: true }),
    contactedAt: timestamp('contacted_at', { withTimezone: true }),
    contactMethod: text('contact_method', { enum: ['call', 'email', 'meeting'] }),
    contactNote: text('contact_note'),
    contactedById: text('contacted_by_id').references(() => user.id, { onDelete: 'set null' }),
    /** The name as it was, so the record outlives the employee. */
    contactedByName: text('contacted_by_name'),
    /** Set in the transaction that queues the 'promise broken' e-mails: at most once per client. */
    overdueNoticeAt: timestamp('overdue_notice_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('client_delivery_project_manager_idx').on(t.projectManagerId),
    index('client_delivery_contacted_at_idx').on(t.contactedAt),
  ],
);
