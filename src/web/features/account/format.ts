import type { InvoiceView, SubscriptionOverview } from '../../../contract/billing';
import { formatAmount } from '../../../contract/money';

// Dates are shown in UTC, as the server bills them: a period that ends at midnight UTC does not
// show the day before to a client west of Greenwich.
const DATE = new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' });

export const formatDate = (iso: string | null) => (iso ? DATE.format(new Date(iso)) : '—');

/** '$299.00', or 'EUR 299.00' for another currency. */
export const money = (amount: string, currency = 'usd') => formatAmount(amount, currency);

/** Active / Past due / Cancelled / Ending on {date}. */
export function statusLabel(s: SubscriptionOverview): string {
  if (s.status === 'canceled') return 'Cancelled';
  if (s.cancelAtPeriodEnd) return `Ending on ${formatDate(s.currentPeriodEnd)}`;
  if (s.status === 'past_due') return 'Past due';
  if (s.status === 'incomplete') return 'Incomplete';
  return 'Active';
}

/** 'Intro price until {date}, then ${renewal} per {cycle}'; null once the renewal price applies. */
export function phaseNote(s: SubscriptionOverview): string | null {
  if (s.phase !== 'intro' || !s.renewalPrice || !s.renewalStartsAt) return null;
  return `Intro price until ${formatDate(s.renewalStartsAt)}, then ${money(s.renewalPrice, s.currency)} per ${s.billingCycle}`;
}

export const INVOICE_STATUS: Record<InvoiceView['status'], string> = { paid: 'Paid', failed: 'Failed', refunded: 'Refunded' };
export const INVOICE_KIND: Record<InvoiceView['kind'], string> = { first: 'First payment', renewal: 'Renewal', proration: 'Plan change (prorated)' };

export const brandName = (brand: string) => (brand ? brand[0]!.toUpperCase() + brand.slice(1) : 'Card');
