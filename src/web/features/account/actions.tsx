import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import type { AccountOverview, SubscriptionOverview } from '../../../contract/billing';
import { CANCEL_REASON_MAX } from '../../../contract/billing';
import { Button } from '../../components/ui/button';
import { DialogClose } from '../../components/ui/dialog';
import { Field, Textarea } from '../../components/ui/field';
import { errorMessage, fieldIssues } from '../../lib/api';
import { toast } from '../../lib/toast';
import { ActionDialog, ActionError } from './action-dialog';
import { useCancelSubscription, useResumeSubscription, useUpdateCard } from './api';
import { CardForm } from './card-fields';
import { ChangePlanDialog } from './change-plan';
import { formatDate } from './format';

const failed = (error: unknown) => errorMessage(error, 'Please try again.');
// Stripe.js is fetched only when a client opens 'Update card' on a subscription Stripe bills.
const StripeCardForm = lazy(() => import('./stripe-card-form'));

const cardUpdated = (next: AccountOverview) => {
  const c = next.subscription?.card;
  toast({ title: 'Card updated', description: c ? `Your ${c.brand} card ending in ${c.last4} pays from now on.` : undefined });
};

export function UpdateCardDialog({ account, variant }: { account: AccountOverview; variant?: 'outline' | 'red' }) {
  const update = useUpdateCard();
  return (
    <ActionDialog label="Update card" title="Update card" description="The new card pays your next charges." variant={variant}>
      {(close) =>
        account.provider === 'stripe' ? (
          <Suspense fallback={<p role="status">Loading the card form…</p>}>
            <StripeCardForm
              onSaved={(next) => {
                close();
                cardUpdated(next);
              }}
            />
          </Suspense>
        ) : (
          <>
            <ActionError message={update.error && !fieldIssues(update.error).cardNumber ? failed(update.error) : null} />
            <CardForm
              pending={update.isPending}
              serverErrors={fieldIssues(update.error)}
              onSubmit={(card) =>
                update.mutate(card, {
                  onSuccess: (next) => {
                    close();
                    cardUpdated(next);
                  },
                })
              }
            />
          </>
        )
      }
    </ActionDialog>
  );
}

function CancelDialog({ subscription }: { subscription: SubscriptionOverview }) {
  const cancel = useCancelSubscription();
  const [reason, setReason] = useState('');
  const end = formatDate(subscription.currentPeriodEnd);
  return (
    <ActionDialog
      label="Cancel subscription"
      title="Cancel subscription"
      description={`Your subscription ends on ${end}, at the end of the period you have paid for. Until then everything keeps working, and you can resume it.`}
    >
      {(close) => (
        <form
          className="grid gap-4"
          onSubmit={(event) => {
            event.preventDefault();
            if (cancel.isPending) return;
            cancel.mutate(reason, {
              onSuccess: () => {
                close();
                toast({ title: 'Subscription cancelled', description: `It ends on ${end}. You are not charged again.` });
              },
            });
          }}
        >
          <ActionError message={cancel.error ? failed(cancel.error) : null} />
          <Field id="cancel-reason" label="Why are you leaving? (optional)">
            <Textarea id="cancel-reason" name="reason" rows={3} maxLength={CANCEL_REASON_MAX} value={reason} onChange={(e) => setReason(e.target.value)} />
          </Field>
          <div className="flex flex-wrap justify-end gap-2">
            <DialogClose asChild>
              <Button variant="outline">Keep subscription</Button>
            </DialogClose>
            <Button type="submit" variant="red" disabled={cancel.isPending}>
              {cancel.isPending ? 'Cancelling...' : 'Cancel subscription'}
            </Button>
          </div>
        </form>
      )}
    </ActionDialog>
  );
}

function ResumeDialog({ subscription }: { subscription: SubscriptionOverview }) {
  const resume = useResumeSubscription();
  return (
    <ActionDialog
      label="Resume subscription"
      title="Resume subscription"
      variant="primary"
      description={`Your subscription renews on ${formatDate(subscription.currentPeriodEnd)} as before.`}
    >
      {(close) => (
        <>
          <ActionError message={resume.error ? failed(resume.error) : null} />
          <div className="flex flex-wrap justify-end gap-2">
            <DialogClose asChild>
              <Button variant="outline">Not now</Button>
            </DialogClose>
            <Button
              variant="red"
              disabled={resume.isPending}
              onClick={() =>
                resume.mutate(undefined, {
                  onSuccess: () => {
                    close();
                    toast({ title: 'Subscription resumed', description: 'It renews as before.' });
                  },
                })
              }
            >
              {resume.isPending ? 'Resuming...' : 'Resume subscription'}
            </Button>
          </div>
        </>
      )}
    </ActionDialog>
  );
}

/** What the client can do with the subscription in its state. */
export function Actions({ account, subscription }: { account: AccountOverview; subscription: SubscriptionOverview }) {
  const ending = subscription.cancelAtPeriodEnd && subscription.status !== 'canceled';
  const live = subscription.status === 'active' || subscription.status === 'past_due';
  // Cancelling swaps its button for 'Resume subscription' (and back): focus goes to the new one
  // instead of falling to the page when the button that had it disappears.
  const box = useRef<HTMLDivElement>(null);
  const wasEnding = useRef(ending);
  useEffect(() => {
    if (wasEnding.current === ending) return;
    wasEnding.current = ending;
    const label = ending ? 'Resume subscription' : 'Cancel subscription';
    [...(box.current?.querySelectorAll('button') ?? [])].find((b) => b.textContent === label)?.focus();
  }, [ending]);
  return (
    <div ref={box} className="flex flex-wrap gap-2 print:hidden">
      {subscription.status !== 'canceled' && <UpdateCardDialog account={account} />}
      {live && !ending && <ChangePlanDialog subscription={subscription} />}
      {ending && <ResumeDialog subscription={subscription} />}
      {live && !ending && <CancelDialog subscription={subscription} />}
    </div>
  );
}
