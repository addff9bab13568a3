import type { InvoiceView } from '../../../contract/billing/billing';
import { Button } from '../../components/ui/button';
import { declineText } from '../../lib/api';
import { useAccountFormat } from './format';

/** 'Invoices': each row with its printable receipt. */
export function Invoices({
  invoices,
  onReceipt,
}: {
  invoices: InvoiceView[];
  onReceipt: (invoice: InvoiceView) => void;
}) {
  const { _, date, money, invoiceKind, invoiceStatus } = useAccountFormat();
  return (
    <section aria-labelledby="invoices-title" className="mt-8">
      <h2 id="invoices-title" className="text-xl font-bold">
        {_('invoices.title')}
      </h2>
      {invoices.length === 0 ? (
        <p className="mt-3 text-muted-foreground">{_('invoices.none')}</p>
      ) : (
        <div className="relative mt-3 overflow-x-auto rounded-lg border border-border">
          {/* relative: the header cell's screen-reader-only label is absolutely placed, and must scroll with the table, not widen the page. */}
          <table className="w-full min-w-[36rem] text-left text-sm">
            <thead className="bg-muted">
              <tr>
                <th scope="col" className="p-3">
                  {_('invoices.number')}
                </th>
                <th scope="col" className="p-3">
                  {_('receipt.date')}
                </th>
                <th scope="col" className="p-3">
                  {_('receipt.plan')}
                </th>
                <th scope="col" className="p-3 text-right">
                  {_('invoices.amount')}
                </th>
                <th scope="col" className="p-3">
                  {_('invoices.status')}
                </th>
                <th scope="col" className="p-3">
                  <span className="sr-only">{_('receipt.title')}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {invoices.map((invoice) => (
                <tr key={invoice.id} className="border-t border-border">
                  <td className="p-3 font-mono">{invoice.number}</td>
                  <td className="p-3">{date(invoice.attemptedAt)}</td>
                  <td className="p-3">
                    {invoice.planDisplayName}
                    <span className="block text-xs text-muted-foreground">
                      {invoiceKind(invoice.kind)}
                    </span>
                  </td>
                  <td className="p-3 text-right">{money(invoice.amount, invoice.currency)}</td>
                  <td className="p-3">{invoiceStatus(invoice.status)}</td>
                  <td className="p-3">
                    <Button
                      variant="outline"
                      size="sm"
                      id={`receipt-${invoice.id}`}
                      aria-label={_('invoices.receiptFor', { number: invoice.number })}
                      onClick={() => onReceipt(invoice)}
                    >
                      {_('receipt.title')}
                    </Button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}

/** One invoice as a receipt: the page shows only this, so window.print() prints only this. */
export function Receipt({
  invoice,
  business,
  onBack,
}: {
  invoice: InvoiceView;
  business: { name: string; email: string };
  onBack: () => void;
}) {
  const { _, date, money, invoiceKind, invoiceStatus, brandName } = useAccountFormat();
  return (
    <article aria-labelledby="receipt-title" className="mx-auto max-w-2xl">
      <div className="flex flex-wrap gap-2 print:hidden">
        <Button variant="outline" onClick={onBack}>
          {_('invoices.back')}
        </Button>
        <Button variant="red" onClick={() => window.print()}>
          {_('invoices.print')}
        </Button>
      </div>
      <h1 id="receipt-title" tabIndex={-1} className="mt-6 text-2xl font-bold focus:outline-none">
        {_('invoices.receiptFor', { number: invoice.number })}
      </h1>
      <dl className="mt-4 grid grid-cols-[auto_1fr] gap-x-6 gap-y-2 text-sm">
        <dt className="text-muted-foreground">{_('invoices.billedTo')}</dt>
        <dd>
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
        <dd className="font-semibold">{money(invoice.amount, invoice.currency)}</dd>
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
    </article>
  );
}
