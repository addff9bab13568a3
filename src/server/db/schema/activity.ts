import { jsonb, pgTable, text, timestamp, uuid, index } from 'drizzle-orm/pg-core';

/**
 * Who did what, when and from where: sign-ins (also failed ones), sign-outs and every employee
 * write. Kept when an employee is removed (the e-mail stays; the id is not a foreign key).
 */
export const activityLog = pgTable(
  'activity_log',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    employeeId: text('employee_id'),
    actorEmail: text('actor_email'),
    action: text('action').notNull(),
    subject: text('subject'),
    detail: jsonb('detail').$type<Record<string, unknown>>(),
    ipAddress: text('ip_address'),
  },
  (t) => [
    index('activity_log_at_idx').on(t.at),
    index('activity_log_actor_action_at_idx').on(t.actorEmail, t.action, t.at),
  ],
);
