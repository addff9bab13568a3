import type { ReactNode } from 'react';
import type {
  ClientDetail,
  ClientSubscription,
  ClientSummary,
} from '../../../contract/clients/clients';
import { CLIENT_LANGUAGE_LABELS } from '../../../contract/clients/clients';
import { formatDollars } from '../../../contract/plans/plans';
import { Dialog, DialogContent } from '../../components/ui/dialog';
import { FactList } from '../../components/ui/fact-list';
import { Skeleton } from '../../components/ui/skeleton';
import { errorMessage } from '../../lib/api';
import { useClient } from './api';
import { OnboardingBlock } from '../onboarding/admin';
import { ClientBilling } from './client-billing';
import { ClientTimelineBlock } from './client-timeline';
import { ClientConsultationBlock } from '../consultations/admin';
import { SiteMonitorBlock } from '../support/admin';
import { day, period, when } from './format';
import { BillingBadge, StatusBadge } from './status-badge';

const money = (amount: string, currency: string) =>
  `${currency === 'usd' ? '$' : `${currency.toUpperCase()} `}${formatDollars(amount)}`;

const SUBSCRIPTION_STATES: Record<ClientSubscription['status'], string> = {
  incomplete: 'Not paid yet',
  active: 'Active',
  past_due: 'Past due',
  canceled: 'Canceled',
};

/** One client: the business, the plan and payment, the billing panel and the payments. */
export function ClientDetailDialog({
  client,
  onClose,
}: {
  client: ClientSummary | null;
  onClose: () => void;
}) {
  const detail = useClient(client?.id ?? null);
  const d = detail.data;
  return (
    <Dialog open={client !== null} onOpenChange={(open) => !open && onClose()}>
      {client && (
        <DialogContent
          title={client.businessName}
          description={`Registered ${when(client.createdAt)}`}
        >
          {detail.isPending && <Skeleton className="h-64 w-full" />}
          {detail.isError && (
            <p role="alert" className="text-sm text-destructive">
              {errorMessage(detail.error, 'The client could not be loaded.')}
            </p>
          )}
          {d && (
            <div className="grid gap-6 text-sm">
              <Facts
                title="Business"
                rows={[
                  ['Owner', d.ownerName],
                  [
                    'Email',
                    <a key="e" className="underline" href={`mailto:${d.email}`}>
                      {d.email}
                    </a>,
                  ],
                  ['Phone', d.phone],
                  // The language the client registered in: call and write in it (issue 28 §2).
                  ['Language', CLIENT_LANGUAGE_LABELS[d.language]],
                  ['Address', d.address],
                  ['Business type', d.businessType],
                  [
                    'Website',
                    d.website && (
                      <a
                        key="w"
                        className="break-all underline"
                        href={d.website}
                        target="_blank"
                        rel="noreferrer noopener"
                      >
                        {d.website}
                      </a>
                    ),
                  ],
                  ['Description', d.description],
                ]}
              />
              <Facts
                title="Plan and payment"
                rows={[
                  ['Plan', d.plan.displayName],
                  ['Billing status', <BillingBadge key="b" client={d} />],
                  ['Payment status', <StatusBadge key="s" status={d.paymentStatus} />],
                  [
                    'Last payment error',
                    d.lastPaymentError && (
                      <span className="text-destructive">{d.lastPaymentError}</span>
                    ),
                  ],
                  [
                    'Subscription',
                    d.subscription &&
                      `${SUBSCRIPTION_STATES[d.subscription.status]}, ${money(d.subscription.price, d.subscription.currency)} / ${d.subscription.billingCycle}`,
                  ],
                  [
                    'Current period',
                    d.subscription && period(d.subscription.periodStart, d.subscription.periodEnd),
                  ],
                  ...cancellationRows(d),
                  [
                    'Renewal',
                    d.subscription?.renewalPrice &&
                      `${money(d.subscription.renewalPrice, d.subscription.currency)} from ${day(d.subscription.renewalStartsAt)}`,
                  ],
                ]}
              />
              <ClientBilling clientId={d.id} />
              <ClientConsultationBlock clientId={d.id} />
              <SiteMonitorBlock clientId={d.id} />
              <OnboardingBlock clientId={d.id} />
              <section>
                <h3 className="font-semibold">Payments</h3>
                {d.payments.length === 0 ? (
                  <p className="mt-1 text-muted-foreground">No payments yet.</p>
                ) : (
                  <ul className="mt-2 divide-y divide-border rounded-md border border-border">
                    {d.payments.map((p) => (
                      <li key={p.id} className="flex flex-wrap justify-between gap-2 px-3 py-2">
                        <span>{when(p.paidAt)}</span>
                        <span className="font-semibold">{money(p.amount, p.currency)}</span>
                        <span className="text-muted-foreground">
                          {p.provider === 'stripe' ? 'Stripe' : 'Test mode'}
                        </span>
                      </li>
                    ))}
                  </ul>
                )}
              </section>
              <ClientTimelineBlock clientId={d.id} />
            </div>
          )}
        </DialogContent>
      )}
    </Dialog>
  );
}

/** A cancelled or cancelling client: when it ended and why, in the words given when cancelling. */
function cancellationRows(d: ClientDetail): [string, ReactNode][] {
  if (d.billingStatus !== 'cancels' && d.billingStatus !== 'canceled') return [];
  const reason = d.subscription?.cancelReason;
  return [
    ...(d.billingStatus === 'canceled'
      ? [['Ended on', day(d.subscription?.canceledAt ?? null)] as [string, ReactNode]]
      : []),
    [
      'Cancellation reason',
      reason ? <q className="whitespace-pre-wrap">{reason}</q> : 'None given',
    ],
  ];
}

function Facts({ title, rows }: { title: string; rows: [string, ReactNode][] }) {
  return (
    <section>
      <h3 className="font-semibold">{title}</h3>
      <FactList rows={rows} />
    </section>
  );
}
