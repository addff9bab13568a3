import { Suspense } from 'react';
import type { AccountOverview, InvoiceView } from '../../../contract/billing/billing';
import { Badge } from '../../components/ui/badge';
import { declineText } from '../../lib/api';
import { Card } from '../../components/ui/card';
import { AnotherBusinessForm } from '../registration';
import { ActionDialog } from './action-dialog';
import { Actions, UpdateCardDialog } from './actions';
import { useAccountFormat } from './format';
import { Invoices } from './invoices';

/** The newest failure, for the past-due alert, in the page's language. */
function lastFailure(invoices: InvoiceView[]) {
  const failed = [...invoices]
    .sort((a, b) => b.attemptedAt.localeCompare(a.attemptedAt))
    .find((i) => i.status === 'failed');
  return failed ? declineText(failed.failureCode, failed.failureMessage) : null;
}

export function AccountView({ account }: { account: AccountOverview }) {
  const { _, date, money, statusLabel, phaseNote, brandName } = useAccountFormat();
  const s = account.subscription;
  return (
    <>
      <h1 className="text-3xl font-bold break-words">{account.business.name}</h1>
      <p className="mt-1 break-all text-muted-foreground">{account.business.email}</p>
      {s?.status === 'past_due' && (
        <div
          role="alert"
          className="mt-6 rounded-lg border border-destructive/40 bg-destructive/5 p-4"
        >
          <p className="font-semibold text-destructive">{_('account.pastDue')}</p>
          <p className="mt-1 text-sm">
            {lastFailure(account.invoices) ?? _('account.declined')}{' '}
            {s.nextRetryAt
              ? _('account.retryOn', { date: date(s.nextRetryAt) })
              : _('account.updateCard')}
          </p>
          <div className="mt-3">
            <UpdateCardDialog account={account} variant="red" />
          </div>
        </div>
      )}
      {s ? (
        <Card className="mt-6 p-6">
          <div className="flex flex-wrap items-center justify-between gap-3">
            <h2 className="text-xl font-bold">
              {_('checkout.planLine', { plan: s.plan.displayName })}
            </h2>
            <Badge variant={s.status === 'active' && !s.cancelAtPeriodEnd ? 'default' : 'red'}>
              {statusLabel(s)}
            </Badge>
          </div>
          <dl className="mt-4 grid gap-x-6 gap-y-3 text-sm sm:grid-cols-[auto_1fr]">
            <dt className="text-muted-foreground">{_('account.price')}</dt>
            <dd>
              {_('account.pricePer', {
                price: money(s.price, s.currency),
                cycle: _('common.cycle', { cycle: s.billingCycle }),
              })}
              {phaseNote(s) && <span className="block text-muted-foreground">{phaseNote(s)}</span>}
            </dd>
            <dt className="text-muted-foreground">{_('account.nextCharge')}</dt>
            <dd>
              {s.nextCharge
                ? _('account.nextChargeValue', {
                    date: date(s.nextCharge.date),
                    amount: money(s.nextCharge.amount, s.currency),
                    plan: s.nextCharge.planDisplayName,
                  })
                : _('account.noNextCharge')}
            </dd>
            {s.scheduledPlan && (
              <>
                <dt className="text-muted-foreground">{_('account.planChange')}</dt>
                <dd>
                  {_('account.planChangeValue', {
                    plan: s.scheduledPlan.displayName,
                    date: date(s.currentPeriodEnd),
                  })}
                </dd>
              </>
            )}
            <dt className="text-muted-foreground">{_('account.card')}</dt>
            <dd data-testid="card-on-file">
              {s.card
                ? s.card.expMonth && s.card.expYear
                  ? _('account.cardExpires', {
                      brand: brandName(s.card.brand),
                      last4: s.card.last4,
                      expires: `${String(s.card.expMonth).padStart(2, '0')}/${s.card.expYear}`,
                    })
                  : _('receipt.cardValue', { brand: brandName(s.card.brand), last4: s.card.last4 })
                : _('account.noCard')}
            </dd>
          </dl>
          <div className="mt-6">
            <Actions account={account} subscription={s} />
          </div>
        </Card>
      ) : (
        <p className="mt-6">{_('account.noSubscription')}</p>
      )}
      <Invoices account={account} />
      {/* A second business is registered from here, signed in (docs/decisions/032). */}
      <div className="mt-8 print:hidden">
        <ActionDialog
          label={_('account.addBusiness')}
          title={_('account.addBusiness')}
          description={_('account.addBusinessText')}
        >
          {() => (
            <Suspense fallback={<p role="status">{_('account.formLoading')}</p>}>
              <AnotherBusinessForm />
            </Suspense>
          )}
        </ActionDialog>
      </div>
    </>
  );
}
