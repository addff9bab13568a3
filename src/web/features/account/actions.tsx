import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import type {
  AccountChargeResult,
  AccountOverview,
  InvoiceView,
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

/**
 * 'Card updated', and what the new card paid when the subscription was past due: the invoice the
 * answer has that the page had not, with the server's amount (issue 28 §6).
 */
const cardUpdated = (
  { _, money }: ReturnType<typeof useAccountFormat>,
  before: AccountOverview,
  next: AccountOverview,
) => {
  const c = next.subscription?.card;
  const known = new Set(before.invoices.map((i) => i.id));
  const paid = next.invoices.find((i) => !known.has(i.id) && i.status === 'paid');
  const card = c ? _('account.cardUpdatedText', { brand: c.brand, last4: c.last4 }) : '';
  const charged = paid
    ? _('account.cardCharged', { amount: money(paid.amount, paid.currency), number: paid.number })
    : '';
  toast({
    title: _('account.cardUpdated'),
    description: [card, charged].filter(Boolean).join(' ') || undefined,
  });
};

export function UpdateCardDialog({
  account,
  variant,
  size,
  payInvoice,
  onPaid,
}: {
  account: AccountOverview;
  variant?: 'outline' | 'red';
  size?: 'sm' | 'md';
  /** 'Pay now' on an open (failed) invoice: the same card form, which pays it at once. */
  payInvoice?: InvoiceView;
  /** After the card was saved (and the open invoice charged), with the page's new state. */
  onPaid?: (next: AccountOverview) => void;
}) {
  const update = useUpdateCard();
  // Past due, the new card pays the open invoice at once: its bank may want that authenticated (3-D Secure).
  const authentication = useChargeAuthentication();
  const format = useAccountFormat();
  const { _, money } = format;
  const saved = (answer: AccountChargeResult, close: () => void) =>
    void authentication.settle(answer).then(
      (next) => {
        close();
        cardUpdated(format, account, next);
        onPaid?.(next);
      },
      () => undefined,
    );
  const problem = authentication.error ? failed(_, authentication.error) : null;
  const label = payInvoice ? _('invoices.payNow') : _('account.updateCardAction');
  return (
    <ActionDialog
      label={label}
      title={label}
      ariaLabel={payInvoice ? _('invoices.payNowFor', { number: payInvoice.number }) : undefined}
      description={
        payInvoice
          ? _('invoices.payNowText', {
              number: payInvoice.number,
              amount: money(payInvoice.amount, payInvoice.currency),
            })
          : _('account.updateCardText')
      }
      variant={variant}
      size={size}
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
      {live && !ending && (
        <ChangePlanDialog
          account={account}
          subscription={subscription}
          // Rendered here: change-plan.tsx importing this file back would be a cycle.
          updateCard={(a) => <UpdateCardDialog account={a} variant="red" />}
        />
      )}
      {ending && <ResumeDialog subscription={subscription} />}
      {live && !ending && <CancelDialog subscription={subscription} />}
    </div>
  );
}
