import { Elements, PaymentElement, useElements, useStripe } from '@stripe/react-stripe-js';
import { useState, type FormEvent } from 'react';
import type { AccountChargeResult } from '../../../contract/billing/billing';
import { WEB_PATHS } from '../../../contract/site/routes';
import { Button } from '../../components/ui/button';
import { Skeleton } from '../../components/ui/skeleton';
import { errorMessage } from '../../lib/api';
import { pageLocale, pagePath, useT } from '../../lib/i18n';
import { stripeFor } from '../../lib/stripe';
import { ActionError } from './action-dialog';
import { useCardSetup, useFinishCardSetup } from './api';

/**
 * With Stripe: a SetupIntent for the new card, Stripe's Payment Element to enter it (the number
 * goes from the browser to Stripe, never through us), then our server makes it the card the
 * subscription charges. Loaded only when a client opens 'Update card' on a Stripe subscription.
 */
export default function StripeCardForm({
  onSaved,
}: {
  onSaved(answer: AccountChargeResult): void;
}) {
  const setup = useCardSetup();
  const _ = useT();
  if (setup.isPending) {
    return (
      <div className="grid gap-4" role="status" aria-label={_('account.cardFormLoading')}>
        <Skeleton className="h-24" />
        <Skeleton className="h-11" />
      </div>
    );
  }
  if (setup.error)
    return <ActionError message={errorMessage(setup.error, _('account.cardFormFailed'))} />;
  const { clientSecret, publishableKey } = setup.data;
  return (
    <Elements
      stripe={stripeFor(publishableKey)}
      options={{ clientSecret, locale: pageLocale, appearance: { theme: 'stripe' } }}
    >
      <ConfirmCard onSaved={onSaved} />
    </Elements>
  );
}

function ConfirmCard({ onSaved }: { onSaved(answer: AccountChargeResult): void }) {
  const stripe = useStripe();
  const elements = useElements();
  const [problem, setProblem] = useState<string | null>(null);
  const finish = useFinishCardSetup();
  const [confirming, setConfirming] = useState(false);
  const busy = confirming || finish.isPending;
  const _ = useT();

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (!stripe || !elements || busy) return;
    setProblem(null);
    setConfirming(true);
    try {
      const result = await stripe.confirmSetup({
        elements,
        confirmParams: { return_url: `${window.location.origin}${pagePath(WEB_PATHS.account)}` },
        // Cards finish here (3-D Secure in Stripe's own window); only redirect-based methods would leave.
        redirect: 'if_required',
      });
      if (result.error) setProblem(result.error.message ?? _('account.stripeSaveFailed'));
      else finish.mutate(result.setupIntent.id, { onSuccess: onSaved });
    } finally {
      setConfirming(false);
    }
  };

  return (
    <form
      onSubmit={(e) => void onSubmit(e)}
      className="grid gap-4"
      aria-label={_('account.newCard')}
    >
      <ActionError
        message={
          problem ?? (finish.error ? errorMessage(finish.error, _('common.pleaseTryAgain')) : null)
        }
      />
      <PaymentElement />
      <Button type="submit" variant="red" disabled={!stripe || !elements || busy}>
        {busy ? _('account.saving') : _('account.saveCard')}
      </Button>
    </form>
  );
}
