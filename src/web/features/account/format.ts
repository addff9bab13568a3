import type { InvoiceView, SubscriptionOverview } from '../../../contract/billing/billing';
import { formatLongDate, formatMoney } from '../../../contract/lib/locale-format';
import { useI18n, useT } from '../../lib/i18n';

const INVOICE_STATUS: Record<InvoiceView['status'], string> = {
  paid: 'invoice.paid',
  failed: 'invoice.failed',
  refunded: 'invoice.refunded',
};
const INVOICE_KIND: Record<InvoiceView['kind'], string> = {
  first: 'invoice.first',
  renewal: 'invoice.renewal',
  proration: 'invoice.proration',
};

export const brandName = (brand: string, card: string) =>
  brand ? brand[0]!.toUpperCase() + brand.slice(1) : card;

/** The billing page's words for dates, money and states, in the page's language. */
export function useAccountFormat() {
  const i18n = useI18n();
  const _ = useT();
  // Dates in UTC, as the server bills (see formatLongDate).
  const date = (iso: string | null) => (iso ? formatLongDate(i18n, iso) : '—');
  /** '$299.00' (Intl: 'EUR 299.00' becomes '€299.00'). */
  const money = (amount: string, currency = 'usd') => formatMoney(i18n, amount, currency);
  return {
    _,
    date,
    money,
    /** Active / Past due / Cancelled / Ending on {date}. */
    statusLabel(s: SubscriptionOverview): string {
      if (s.status === 'canceled') return _('status.canceled');
      if (s.cancelAtPeriodEnd) return _('status.ending', { date: date(s.currentPeriodEnd) });
      if (s.status === 'past_due') return _('status.pastDue');
      if (s.status === 'incomplete') return _('status.incomplete');
      return _('status.active');
    },
    /** 'Intro price until {date}, then ${renewal} per {cycle}'; null once the renewal price applies. */
    phaseNote(s: SubscriptionOverview): string | null {
      if (s.phase !== 'intro' || !s.renewalPrice || !s.renewalStartsAt) return null;
      return _('account.phaseNote', {
        date: date(s.renewalStartsAt),
        price: money(s.renewalPrice, s.currency),
        cycle: _('common.cycle', { cycle: s.billingCycle }),
      });
    },
    invoiceStatus: (status: InvoiceView['status']) => _(INVOICE_STATUS[status]),
    invoiceKind: (kind: InvoiceView['kind']) => _(INVOICE_KIND[kind]),
    brandName: (brand: string) => brandName(brand, _('account.cardGeneric')),
  };
}
