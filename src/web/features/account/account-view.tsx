import { useEffect, useRef, useState } from 'react';
import type { AccountOverview, InvoiceView } from '../../../contract/billing';
import { Badge } from '../../components/ui/badge';
import { Card } from '../../components/ui/card';
import { Actions, UpdateCardDialog } from './actions';
import { brandName, formatDate, money, phaseNote, statusLabel } from './format';
import { Invoices, Receipt } from './invoices';

/** The newest failure, for the past-due alert. */
const lastFailure = (invoices: InvoiceView[]) =>
  [...invoices].sort((a, b) => b.attemptedAt.localeCompare(a.attemptedAt)).find((i) => i.status === 'failed')?.failureMessage ?? null;

export function AccountView({ account }: { account: AccountOverview }) {
  const [receipt, setReceipt] = useState<InvoiceView | null>(null);
  const returnTo = useRef<string | null>(null);
  useEffect(() => {
    // Into the receipt: its heading; back: the Receipt button that opened it (keyboard users keep their place).
    if (receipt) document.getElementById('receipt-title')?.focus();
    else if (returnTo.current) document.getElementById(returnTo.current)?.focus();
  }, [receipt]);

  if (receipt) {
    return (
      <Receipt
        invoice={receipt}
        business={account.business}
        onBack={() => {
          returnTo.current = `receipt-${receipt.id}`;
          setReceipt(null);
        }}
      />
    );
  }
  const s = account.subscription;
  return (
    <>
      <h1 className="text-3xl font-bold">{account.business.name}</h1>
      <p className="mt-1 text-muted-foreground">{account.business.email}</p>
      {s?.status === 'past_due' && (
        <div role="alert" className="mt-6 rounded-lg border border-destructive/40 bg-destructive/5 p-4">
          <p className="font-semibold text-destructive">Your last payment did not go through.</p>
          <p className="mt-1 text-sm">
            {lastFailure(account.invoices) ?? 'The card was declined.'}
            {s.nextRetryAt && ` We try again on ${formatDate(s.nextRetryAt)}.`} Update your card to keep your subscription.
          </p>
          <div className="mt-3">
            <UpdateCardDialog account={account} variant="red" />
          </div>
        </div>
      )}
      {s ? (
        <Card className="mt-6 p-6">
          <div className="flex flex-wrap items-center justify-between gap-3">
            <h2 className="text-xl font-bold">{s.plan.displayName} plan</h2>
            <Badge variant={s.status === 'active' && !s.cancelAtPeriodEnd ? 'default' : 'red'}>{statusLabel(s)}</Badge>
          </div>
          <dl className="mt-4 grid gap-x-6 gap-y-3 text-sm sm:grid-cols-[auto_1fr]">
            <dt className="text-muted-foreground">Price</dt>
            <dd>
              {money(s.price, s.currency)} per {s.billingCycle}
              {phaseNote(s) && <span className="block text-muted-foreground">{phaseNote(s)}</span>}
            </dd>
            <dt className="text-muted-foreground">Next charge</dt>
            <dd>
              {s.nextCharge
                ? `${formatDate(s.nextCharge.date)}: ${money(s.nextCharge.amount, s.currency)} (${s.nextCharge.planDisplayName})`
                : 'None: your subscription ends instead'}
            </dd>
            {s.scheduledPlan && (
              <>
                <dt className="text-muted-foreground">Plan change</dt>
                <dd>
                  {s.scheduledPlan.displayName} from {formatDate(s.currentPeriodEnd)}
                </dd>
              </>
            )}
            <dt className="text-muted-foreground">Card</dt>
            <dd data-testid="card-on-file">
              {s.card
                ? `${brandName(s.card.brand)} ending in ${s.card.last4}${s.card.expMonth && s.card.expYear ? `, expires ${String(s.card.expMonth).padStart(2, '0')}/${s.card.expYear}` : ''}`
                : 'No card on file'}
            </dd>
          </dl>
          <div className="mt-6">
            <Actions account={account} subscription={s} />
          </div>
        </Card>
      ) : (
        <p className="mt-6">You have no subscription with us yet.</p>
      )}
      <Invoices
        invoices={account.invoices}
        onReceipt={(invoice) => {
          returnTo.current = null;
          setReceipt(invoice);
        }}
      />
    </>
  );
}
