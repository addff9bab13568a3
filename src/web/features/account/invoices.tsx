import type { InvoiceView } from '../../../contract/billing';
import { Button } from '../../components/ui/button';
import { brandName, formatDate, INVOICE_KIND, INVOICE_STATUS, money } from './format';

/** 'Invoices': each row with its printable receipt. */
export function Invoices({ invoices, onReceipt }: { invoices: InvoiceView[]; onReceipt: (invoice: InvoiceView) => void }) {
  return (
    <section aria-labelledby="invoices-title" className="mt-8">
      <h2 id="invoices-title" className="text-xl font-bold">
        Invoices
      </h2>
      {invoices.length === 0 ? (
        <p className="mt-3 text-muted-foreground">No invoices yet.</p>
      ) : (
        <div className="relative mt-3 overflow-x-auto rounded-lg border border-border">
          {/* relative: the header cell's screen-reader-only label is absolutely placed, and must scroll with the table, not widen the page. */}
          <table className="w-full min-w-[36rem] text-left text-sm">
            <thead className="bg-muted">
              <tr>
                <th scope="col" className="p-3">
                  Number
                </th>
                <th scope="col" className="p-3">
                  Date
                </th>
                <th scope="col" className="p-3">
                  Plan
                </th>
                <th scope="col" className="p-3 text-right">
                  Amount
                </th>
                <th scope="col" className="p-3">
                  Status
                </th>
                <th scope="col" className="p-3">
                  <span className="sr-only">Receipt</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {invoices.map((invoice) => (
                <tr key={invoice.id} className="border-t border-border">
                  <td className="p-3 font-mono">{invoice.number}</td>
                  <td className="p-3">{formatDate(invoice.attemptedAt)}</td>
                  <td className="p-3">
                    {invoice.planDisplayName}
                    <span className="block text-xs text-muted-foreground">{INVOICE_KIND[invoice.kind]}</span>
                  </td>
                  <td className="p-3 text-right">{money(invoice.amount, invoice.currency)}</td>
                  <td className="p-3">{INVOICE_STATUS[invoice.status]}</td>
                  <td className="p-3">
                    <Button
                      variant="outline"
                      size="sm"
                      id={`receipt-${invoice.id}`}
                      aria-label={`Receipt ${invoice.number}`}
                      onClick={() => onReceipt(invoice)}
                    >
                      Receipt
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
export function Receipt({ invoice, business, onBack }: { invoice: InvoiceView; business: { name: string; email: string }; onBack: () => void }) {
  return (
    <article aria-labelledby="receipt-title" className="mx-auto max-w-2xl">
      <div className="flex flex-wrap gap-2 print:hidden">
        <Button variant="outline" onClick={onBack}>
          Back to billing
        </Button>
        <Button variant="red" onClick={() => window.print()}>
          Print
        </Button>
      </div>
      <h1 id="receipt-title" tabIndex={-1} className="mt-6 text-2xl font-bold focus:outline-none">
        Receipt {invoice.number}
      </h1>
      <dl className="mt-4 grid grid-cols-[auto_1fr] gap-x-6 gap-y-2 text-sm">
        <dt className="text-muted-foreground">Billed to</dt>
        <dd>
          {business.name} ({business.email})
        </dd>
        <dt className="text-muted-foreground">Date</dt>
        <dd>{formatDate(invoice.attemptedAt)}</dd>
        <dt className="text-muted-foreground">Plan</dt>
        <dd>
          {invoice.planDisplayName} — {INVOICE_KIND[invoice.kind]}
        </dd>
        {invoice.periodStart && (
          <>
            <dt className="text-muted-foreground">Period</dt>
            <dd>
              {formatDate(invoice.periodStart)} – {formatDate(invoice.periodEnd)}
            </dd>
          </>
        )}
        <dt className="text-muted-foreground">Amount</dt>
        <dd className="font-semibold">{money(invoice.amount, invoice.currency)}</dd>
        {invoice.refunded !== '0.00' && (
          <>
            <dt className="text-muted-foreground">Refunded</dt>
            <dd>{money(invoice.refunded, invoice.currency)}</dd>
          </>
        )}
        <dt className="text-muted-foreground">Status</dt>
        <dd>
          {INVOICE_STATUS[invoice.status]}
          {invoice.failureMessage && ` — ${invoice.failureMessage}`}
        </dd>
        {invoice.card && (
          <>
            <dt className="text-muted-foreground">Card</dt>
            <dd>
              {brandName(invoice.card.brand)} ending in {invoice.card.last4}
            </dd>
          </>
        )}
      </dl>
    </article>
  );
}
