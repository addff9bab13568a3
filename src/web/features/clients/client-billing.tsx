import { useState } from 'react';
import type { InvoiceView, SubscriptionOverview } from '../../../contract/billing/billing';
import { CANCEL_REASON_MAX } from '../../../contract/clients/clients';
import { formatAmount as money } from '../../../contract/lib/money';
import { useEmployee } from '../auth/admin';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Dialog, DialogClose, DialogContent } from '../../components/ui/dialog';
import { Field, Textarea } from '../../components/ui/field';
import { Skeleton } from '../../components/ui/skeleton';
import { errorMessage } from '../../lib/api';
import { toast } from '../../lib/toast';
import { useCancelClient, useClientBilling, useRefundInvoice, useResendReceipt } from './api';
import { day } from './format';
import { RefundDialog } from './refund-dialog';

const STATUS: Record<SubscriptionOverview['status'], string> = {
  incomplete: 'Not paid yet',
  active: 'Active',
  past_due: 'Past due',
  canceled: 'Cancelled',
};

function subscriptionLine(s: SubscriptionOverview): string {
  if (s.status === 'canceled') return `Cancelled ${day(s.canceledAt)}`;
  if (s.cancelAtPeriodEnd) return `Ending ${day(s.currentPeriodEnd)} (cancelled)`;
  return s.nextCharge
    ? `Next charge ${money(s.nextCharge.amount, s.currency)} on ${day(s.nextCharge.date)}`
    : STATUS[s.status];
}

/**
 * The client's billing as the agency sees it: the subscription, its next charge and the invoices,
 * with what the team may do for the client: resend a receipt; with the billing permission, refund
 * (part of) a payment and cancel (the server refuses the rest anyway).
 */
export function ClientBilling({ clientId }: { clientId: string }) {
  const billing = useClientBilling(clientId);
  const canBill = useEmployee().data?.billing === true;
  const [cancelling, setCancelling] = useState(false);
  const [reason, setReason] = useState('');
  const [refunding, setRefunding] = useState<InvoiceView | null>(null);
  const cancel = useCancelClient(clientId);
  const refund = useRefundInvoice(clientId);
  const resend = useResendReceipt(clientId);
  const failed = (title: string) => (error: unknown) =>
    toast({ title, description: errorMessage(error, 'Please try again.'), variant: 'destructive' });

  if (billing.isPending) return <Skeleton className="h-24 w-full" />;
  if (billing.isError) {
    return (
      <p role="alert" className="text-destructive">
        {errorMessage(billing.error, 'The billing could not be loaded.')}
      </p>
    );
  }
  const { subscription: s, invoices } = billing.data;
  return (
    <section aria-labelledby="client-billing-title" className="grid gap-3">
      <h3 id="client-billing-title" className="font-semibold">
        Billing
      </h3>
      {s ? (
        <div className="flex flex-wrap items-center gap-2">
          <Badge
            variant={
              s.status === 'active' ? 'default' : s.status === 'past_due' ? 'red' : 'secondary'
            }
          >
            {STATUS[s.status]}
          </Badge>
          <span>{subscriptionLine(s)}</span>
          {s.card && (
            <span className="text-muted-foreground">
              · {s.card.brand} ending in {s.card.last4}
            </span>
          )}
          {canBill &&
            (s.status === 'active' || s.status === 'past_due') &&
            !s.cancelAtPeriodEnd && (
              <Button
                variant="outline"
                size="sm"
                className="ml-auto"
                onClick={() => setCancelling(true)}
              >
                Cancel subscription
              </Button>
            )}
        </div>
      ) : (
        <p className="text-muted-foreground">No subscription yet.</p>
      )}
      <h4 className="font-medium">Invoices</h4>
      {invoices.length === 0 ? (
        <p className="text-muted-foreground">No invoices yet.</p>
      ) : (
        <ul className="divide-y divide-border rounded-md border border-border">
          {invoices.map((invoice) => (
            <li key={invoice.id} className="flex flex-wrap items-center gap-x-3 gap-y-1 px-3 py-2">
              <span className="font-medium">{invoice.number}</span>
              <span>{day(invoice.attemptedAt)}</span>
              <span className="font-semibold">{money(invoice.amount, invoice.currency)}</span>
              <Badge
                variant={
                  invoice.status === 'paid'
                    ? 'default'
                    : invoice.status === 'failed'
                      ? 'red'
                      : 'secondary'
                }
              >
                {invoice.status}
              </Badge>
              {invoice.status === 'paid' && Number(invoice.refunded) > 0 && (
                <span className="text-muted-foreground">
                  {money(invoice.refunded, invoice.currency)} refunded
                </span>
              )}
              {invoice.status === 'paid' && (
                <span className="ml-auto flex gap-2">
                  <Button
                    variant="ghost"
                    size="sm"
                    disabled={resend.isPending}
                    aria-label={`Resend receipt ${invoice.number}`}
                    onClick={() =>
                      resend.mutate(invoice.id, {
                        onSuccess: (r) => toast({ title: 'Receipt sent', description: r.message }),
                        onError: failed('The receipt was not sent'),
                      })
                    }
                  >
                    Resend receipt
                  </Button>
                  {canBill && (
                    <Button
                      variant="ghost"
                      size="sm"
                      aria-label={`Refund ${invoice.number}`}
                      onClick={() => setRefunding(invoice)}
                    >
                      Refund
                    </Button>
                  )}
                </span>
              )}
            </li>
          ))}
        </ul>
      )}
      <RefundDialog invoice={refunding} refund={refund} onClose={() => setRefunding(null)} />
      <Dialog open={cancelling} onOpenChange={setCancelling}>
        <DialogContent
          title="Cancel this subscription?"
          description={`It ends at the end of the paid period${s?.currentPeriodEnd ? ` (${day(s.currentPeriodEnd)})` : ''}; nothing more is charged. The client gets an e-mail.`}
        >
          <Field id="client-cancel-reason" label="Reason (optional)">
            <Textarea
              id="client-cancel-reason"
              maxLength={CANCEL_REASON_MAX}
              value={reason}
              onChange={(e) => setReason(e.target.value)}
              rows={2}
            />
          </Field>
          <div className="mt-4 flex justify-end gap-2">
            <DialogClose asChild>
              <Button variant="outline">Keep it</Button>
            </DialogClose>
            <Button
              variant="red"
              disabled={cancel.isPending}
              onClick={() =>
                cancel.mutate(reason, {
                  onSuccess: () => {
                    toast({
                      title: 'Subscription cancelled',
                      description: 'It ends at the end of the paid period.',
                    });
                    setCancelling(false);
                  },
                  onError: failed('The subscription was not cancelled'),
                })
              }
            >
              {cancel.isPending ? 'Cancelling...' : 'Cancel subscription'}
            </Button>
          </div>
        </DialogContent>
      </Dialog>
    </section>
  );
}
