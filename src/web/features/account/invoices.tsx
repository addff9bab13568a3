import { Link } from 'wouter';
import type { AccountOverview, InvoiceView } from '../../../contract/billing/billing';
import { WEB_PATHS } from '../../../contract/site/routes';
import { buttonClasses } from '../../components/ui/button';
import { declineText } from '../../lib/api';
import { UpdateCardDialog } from './actions';
import { useAccountFormat } from './format';

/** An invoice's page (`/account/invoices/INV-001001`); here, not in routes.ts, which the landing page loads. */
const invoicePath = (number: string): string =>
  WEB_PATHS.accountInvoice.replace(':number', encodeURIComponent(number));

/** A failed charge is open while its subscription is past due: the card update pays it. */
const isOpen = (account: AccountOverview, invoice: InvoiceView) =>
  invoice.status === 'failed' && account.subscription?.status === 'past_due';

/**
 * 'Invoices': one row each, a list that wraps on a phone instead of a table that scrolls sideways
 * (issue 28 §6: no amount or button out of sight). A paid one links to its receipt page; an open
 * failed one offers 'Pay now' instead.
 */
export function Invoices({ account }: { account: AccountOverview }) {
  const { _, date, money, invoiceKind, invoiceStatus } = useAccountFormat();
  const { invoices } = account;
  return (
    <section aria-labelledby="invoices-title" className="mt-8">
      <h2 id="invoices-title" className="text-xl font-bold">
        {_('invoices.title')}
      </h2>
      {invoices.length === 0 ? (
        <p className="mt-3 text-muted-foreground">{_('invoices.none')}</p>
      ) : (
        <ul className="mt-3 divide-y divide-border rounded-lg border border-border">
          {invoices.map((invoice) => (
            <li
              key={invoice.id}
              data-testid="invoice"
              className="flex flex-wrap items-center gap-x-6 gap-y-2 p-4 text-sm"
            >
              <div className="min-w-32">
                <Link href={invoicePath(invoice.number)} className="font-mono underline">
                  {invoice.number}
                </Link>
                <span className="block text-muted-foreground">{date(invoice.attemptedAt)}</span>
              </div>
              <div className="min-w-28 flex-1">
                {invoice.planDisplayName}
                <span className="block text-xs text-muted-foreground">
                  {invoiceKind(invoice.kind)}
                </span>
              </div>
              <div className="min-w-24 text-right">
                <span className="font-semibold">{money(invoice.amount, invoice.currency)}</span>
                <span
                  className={
                    invoice.status === 'failed'
                      ? 'block font-medium text-destructive'
                      : 'block text-muted-foreground'
                  }
                >
                  {invoiceStatus(invoice.status)}
                </span>
              </div>
              <div className="ml-auto">
                {isOpen(account, invoice) ? (
                  <UpdateCardDialog
                    account={account}
                    variant="red"
                    payInvoice={invoice}
                    size="sm"
                  />
                ) : (
                  <Link
                    href={invoicePath(invoice.number)}
                    className={buttonClasses('outline', 'sm')}
                    aria-label={_(
                      invoice.status === 'failed' ? 'invoices.detailsFor' : 'invoices.receiptFor',
                      { number: invoice.number },
                    )}
                  >
                    {invoice.status === 'failed' ? _('invoices.details') : _('receipt.title')}
                  </Link>
                )}
              </div>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** One invoice as a document: its page shows only this (and its buttons), so it prints alone. */
export function InvoiceDocument({
  invoice,
  business,
}: {
  invoice: InvoiceView;
  business: { name: string; email: string };
}) {
  const { _, date, money, invoiceKind, invoiceStatus, brandName } = useAccountFormat();
  return (
    <>
      <h1 id="invoice-title" tabIndex={-1} className="mt-6 text-2xl font-bold focus:outline-none">
        {invoice.status === 'failed'
          ? _('invoices.invoiceFor', { number: invoice.number })
          : _('invoices.receiptFor', { number: invoice.number })}
      </h1>
      <dl className="mt-4 grid grid-cols-[auto_1fr] gap-x-6 gap-y-2 text-sm break-words">
        <dt className="text-muted-foreground">{_('invoices.billedTo')}</dt>
        <dd className="min-w-0">
          {business.name} ({business.email})
        </dd>
        <dt className="text-muted-foreground">{_('receipt.date')}</dt>
        <dd>{date(invoice.attemptedAt)}</dd>
        <dt className="text-muted-foreground">{_('receipt.plan')}</dt>
        <dd>
          {invoice.planDisplayName} — {invoiceKind(invoice.kind)}
        </dd>
        {invoice.periodStart && (
          <>
            <dt className="text-muted-foreground">{_('invoices.period')}</dt>
            <dd>
              {date(invoice.periodStart)} – {date(invoice.periodEnd)}
            </dd>
          </>
        )}
        <dt className="text-muted-foreground">{_('invoices.amount')}</dt>
        <dd className="font-semibold" data-testid="invoice-amount">
          {money(invoice.amount, invoice.currency)}
        </dd>
        {invoice.refunded !== '0.00' && (
          <>
            <dt className="text-muted-foreground">{_('invoices.refunded')}</dt>
            <dd>{money(invoice.refunded, invoice.currency)}</dd>
          </>
        )}
        <dt className="text-muted-foreground">{_('invoices.status')}</dt>
        <dd>
          {invoiceStatus(invoice.status)}
          {invoice.failureMessage &&
            ` — ${declineText(invoice.failureCode, invoice.failureMessage)}`}
        </dd>
        {invoice.card && (
          <>
            <dt className="text-muted-foreground">{_('account.card')}</dt>
            <dd>
              {_('receipt.cardValue', {
                brand: brandName(invoice.card.brand),
                last4: invoice.card.last4,
              })}
            </dd>
          </>
        )}
      </dl>
    </>
  );
}
