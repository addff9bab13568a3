import { loadStripe, type Stripe } from '@stripe/stripe-js';

const stripes = new Map<string, Promise<Stripe | null>>();

/** Stripe.js for a publishable key, loaded once per page (only the pages that take cards import this). */
export function stripeFor(publishableKey: string): Promise<Stripe | null> {
  let stripe = stripes.get(publishableKey);
  if (!stripe) {
    stripe = loadStripe(publishableKey);
    stripes.set(publishableKey, stripe);
  }
  return stripe;
}

/**
 * 3-D Secure for a payment our server started (an upgrade's proration, a past-due invoice): Stripe
 * opens the bank's page over ours. An intent that waits in `requires_action` is handled with
 * handleNextAction; one whose automatic attempt failed with authentication_required is confirmed
 * again with its card. Stripe.js's own answer is not trusted: the server reads the intent back.
 */
export async function authenticateWithStripe(
  publishableKey: string,
  clientSecret: string,
): Promise<void> {
  const stripe = await stripeFor(publishableKey);
  if (!stripe) return;
  const { paymentIntent } = await stripe.retrievePaymentIntent(clientSecret);
  const card =
    paymentIntent?.status === 'requires_payment_method'
      ? paymentIntent.last_payment_error?.payment_method?.id
      : undefined;
  if (card) await stripe.confirmCardPayment(clientSecret, { payment_method: card });
  else await stripe.handleNextAction({ clientSecret });
}
