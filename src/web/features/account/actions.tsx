import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import type {
  AccountChargeResult,
  AccountOverview,
  SubscriptionOverview,
} from '../../../contract/billing/billing';
import { CANCEL_REASON_MAX } from '../../../contract/billing/billing';
import { Button } from '../../components/ui/button';
import { DialogClose } from '../../components/ui/dialog';
import { Field, Textarea } from '../../components/ui/field';
import { errorMessage, fieldIssues } from '../../lib/api';
import { useT } from '../../lib/i18n';
import { toast } from '../../lib/toast';
import { ActionDialog, ActionError } from './action-dialog';
import { useCancelSubscription, useResumeSubscription, useUpdateCard } from './api';
import { useChargeAuthentication } from './authenticate';
import { CardForm } from './card-fields';
import { ChangePlanDialog } from './change-plan';
import { useAccountFormat } from './format';

type T = ReturnType<typeof useT>;
const failed = (_: T, error: unknown) => errorMessage(error, _('common.pleaseTryAgain'));
// Stripe.js is fetched only when a client opens 'Update card' on a subscription Stripe bills.
const StripeCardForm = lazy(() => import('./stripe-card-form'));

const cardUpdated = (_: T, next: AccountOverview) => {
  const c = next.subscription?.card;
  toast({
    title: _('account.cardUpdated'),
    description: c ? _('account.cardUpdatedText', { brand: c.brand, last4: c.last4 }) : undefined,
  });
};

export function UpdateCardDialog({
  account,
  variant,
}: {
  account: AccountOverview;
  variant?: 'outline' | 'red';
}) {
  const update = useUpdateCard();
  // Past due, the new card pays the open invoice at once: its bank may want that authenticated (3-D Secure).
  const authentication = useChargeAuthentication();
  const _ = useT();
  const saved = (answer: AccountChargeResult, close: () => void) =>
    void authentication.settle(answer).then(
      (next) => {
        close();
        cardUpdated(_, next);
      },
      () => undefined,
    );
  const problem = authentication.error ? failed(_, authentication.error) : null;
  return (
    <ActionDialog
      label={_('account.updateCardAction')}
      title={_('account.updateCardAction')}
      description={_('account.updateCardText')}
      variant={variant}
    >
      {(close) =>
        account.provider === 'stripe' ? (
          <Suspense fallback={<p role="status">{_('account.cardFormLoading')}</p>}>
            <ActionError message={problem} />
            <StripeCardForm onSaved={(answer) => saved(answer, close)} />
          </Suspense>
        ) : (
          <>
            <ActionError
              message={
                update.error && !fieldIssues(update.error).cardNumber
                  ? failed(_, update.error)
                  : problem
              }
            />
            {authentication.dialog}
            <CardForm
              pending={update.isPending || authentication.busy}
              serverErrors={fieldIssues(update.error)}
              onSubmit={(card) => {
                authentication.reset();
                update.mutate(card, { onSuccess: (answer) => saved(answer, close) });
              }}
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
  const { _, date } = useAccountFormat();
  const end = date(subscription.currentPeriodEnd);
  return (
    <ActionDialog
      label={_('account.cancel')}
      title={_('account.cancel')}
      description={_('account.cancelText', { date: end })}
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
                toast({
                  title: _('account.cancelled'),
                  description: _('account.cancelledText', { date: end }),
                });
              },
            });
          }}
        >
          <ActionError message={cancel.error ? failed(_, cancel.error) : null} />
          <Field id="cancel-reason" label={_('account.cancelReason')}>
            <Textarea
              id="cancel-reason"
              name="reason"
              rows={3}
              maxLength={CANCEL_REASON_MAX}
              value={reason}
              onChange={(e) => setReason(e.target.value)}
            />
          </Field>
          <div className="flex flex-wrap justify-end gap-2">
            <DialogClose asChild>
              <Button variant="outline">{_('account.keep')}</Button>
            </DialogClose>
            <Button type="submit" variant="red" disabled={cancel.isPending}>
              {cancel.isPending ? _('account.cancelling') : _('account.cancel')}
            </Button>
          </div>
        </form>
      )}
    </ActionDialog>
  );
}

function ResumeDialog({ subscription }: { subscription: SubscriptionOverview }) {
  const resume = useResumeSubscription();
  const { _, date } = useAccountFormat();
  return (
    <ActionDialog
      label={_('account.resume')}
      title={_('account.resume')}
      variant="primary"
      description={_('account.resumeText', { date: date(subscription.currentPeriodEnd) })}
    >
      {(close) => (
        <>
          <ActionError message={resume.error ? failed(_, resume.error) : null} />
          <div className="flex flex-wrap justify-end gap-2">
            <DialogClose asChild>
              <Button variant="outline">{_('account.notNow')}</Button>
            </DialogClose>
            <Button
              variant="red"
              disabled={resume.isPending}
              onClick={() =>
                resume.mutate(undefined, {
                  onSuccess: () => {
                    close();
                    toast({ title: _('account.resumed'), description: _('account.resumedText') });
                  },
                })
              }
            >
              {resume.isPending ? _('account.resuming') : _('account.resume')}
            </Button>
          </div>
        </>
      )}
    </ActionDialog>
  );
}

/** What the client can do with the subscription in its state. */
export function Actions({
  account,
  subscription,
}: {
  account: AccountOverview;
  subscription: SubscriptionOverview;
}) {
  const ending = subscription.cancelAtPeriodEnd && subscription.status !== 'canceled';
  const live = subscription.status === 'active' || subscription.status === 'past_due';
  // Cancelling swaps its button for 'Resume subscription' (and back): focus goes to the new one
  // instead of falling to the page when the button that had it disappears.
  const box = useRef<HTMLDivElement>(null);
  const wasEnding = useRef(ending);
  const _ = useT();
  useEffect(() => {
    if (wasEnding.current === ending) return;
    wasEnding.current = ending;
    const label = ending ? _('account.resume') : _('account.cancel');
    [...(box.current?.querySelectorAll('button') ?? [])]
      .find((b) => b.textContent === label)
      ?.focus();
  }, [ending, _]);
  return (
    <div ref={box} className="flex flex-wrap gap-2 print:hidden">
      {subscription.status !== 'canceled' && <UpdateCardDialog account={account} />}
      {live && !ending && <ChangePlanDialog subscription={subscription} />}
      {ending && <ResumeDialog subscription={subscription} />}
      {live && !ending && <CancelDialog subscription={subscription} />}
    </div>
  );
}
