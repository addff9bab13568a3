import { Elements, PaymentElement, useElements, useStripe } from '@stripe/react-stripe-js';
import { useState, type FormEvent } from 'react';
import { WEB_PATHS } from '../../../contract/site/routes';
import { Button } from '../../components/ui/button';
import { pageLocale, pagePath, useT } from '../../lib/i18n';
import { stripeFor } from '../../lib/stripe';
import type { PaymentFormProps } from './payment-form';

/** Stripe's Payment Element; the card data goes from the browser to Stripe, never through us. */
export default function StripePaymentForm(props: PaymentFormProps) {
  return (
    <Elements
      stripe={stripeFor(props.publishableKey ?? '')}
      options={{
        clientSecret: props.clientSecret,
        locale: pageLocale,
        appearance: { theme: 'stripe' },
      }}
    >
      <ConfirmForm {...props} />
    </Elements>
  );
}

function ConfirmForm({ payLabel, onPaid, onFailed }: PaymentFormProps) {
  const stripe = useStripe();
  const elements = useElements();
  const [paying, setPaying] = useState(false);
  const _ = useT();

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (!stripe || !elements || paying) return;
    setPaying(true);
    try {
      const result = await stripe.confirmPayment({
        elements,
        confirmParams: {
          return_url: `${window.location.origin}${pagePath(WEB_PATHS.paymentSuccess)}`,
        },
        // Cards finish here; methods that need a redirect come back to /payment-success.
        redirect: 'if_required',
      });
      if (result.error) onFailed(result.error.message ?? _('pay.notThrough'));
      else onPaid(result.paymentIntent.id, result.paymentIntent.status);
    } finally {
      setPaying(false);
    }
  };

  return (
    <form onSubmit={(e) => void onSubmit(e)} className="grid gap-4" aria-label={_('pay.form')}>
      <PaymentElement />
      <Button type="submit" variant="red" size="lg" disabled={!stripe || !elements || paying}>
        {paying ? _('pay.processing') : payLabel}
      </Button>
    </form>
  );
}
