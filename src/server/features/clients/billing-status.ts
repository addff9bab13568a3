import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { ClientBillingStatus } from '../../../contract/clients/clients.js';
import { isoDate, localDate } from '../../lib/zoned-time.js';

/** What the status is read from: the registration and the subscription the Clients view shows. */
export interface BillingFacts {
  registrationStatus: 'pending_payment' | 'active';
  /** null: no subscription yet (a registration that never reached checkout). */
  subscriptionStatus: 'incomplete' | 'active' | 'past_due' | 'canceled' | null;
  cancelAtPeriodEnd: boolean | null;
  periodEnd: Date | null;
}

/**
 * The one rule for a client's billing status (the SQL below says the same for the filter and the
 * counts; a test runs both on every case):
 * - past due wins over a pending cancellation: money is owed now;
 * - an active subscription set to end at its period's end 'cancels' on that day;
 * - without a paid subscription, a paid registration (older data) is active, else awaiting payment.
 */
export function billingStatus(facts: BillingFacts): ClientBillingStatus {
  switch (facts.subscriptionStatus) {
    case 'past_due':
      return 'past_due';
    case 'canceled':
      return 'canceled';
    case 'active':
      return facts.cancelAtPeriodEnd && facts.periodEnd ? 'cancels' : 'active';
    default:
      return facts.registrationStatus === 'active' ? 'active' : 'awaiting_payment';
  }
}

/** The last day a cancelling client is served, as a calendar date in the agency's time zone. */
export function cancelsOn(facts: BillingFacts, timeZone: string): string | null {
  return billingStatus(facts) === 'cancels' ? isoDate(localDate(facts.periodEnd!, timeZone)) : null;
}

/** `billingStatus` as a SQL expression over the same facts' columns. */
export function billingStatusSql(
  columns: Record<keyof BillingFacts, SQLWrapper>,
): SQL<ClientBillingStatus> {
  const c = columns;
  return sql<ClientBillingStatus>`case
    when ${c.subscriptionStatus} = 'past_due' then 'past_due'
    when ${c.subscriptionStatus} = 'canceled' then 'canceled'
    when ${c.subscriptionStatus} = 'active' then
      case when coalesce(${c.cancelAtPeriodEnd}, false) and ${c.periodEnd} is not null
        then 'cancels' else 'active' end
    when ${c.registrationStatus} = 'active' then 'active'
    else 'awaiting_payment' end`;
}
