import type Stripe from 'stripe';
import type { PaymentStatus } from '../../../contract/payments/payments.js';
import { declineCode } from '../../../contract/lib/errors.js';
import type { CardOnFile, IntentState } from './types.js';

export const idOf = (value: string | { id: string } | null | undefined) =>
  value == null ? null : typeof value === 'string' ? value : value.id;
export const fromUnix = (seconds: number | null | undefined) =>
  seconds == null ? null : new Date(seconds * 1000);

/** Our view of a PaymentIntent; `paidAt` is the event's time when the charge is not expanded. */
export function intentState(intent: Stripe.PaymentIntent, paidAt?: Date): IntentState {
  const status: PaymentStatus =
    intent.status === 'succeeded'
      ? 'succeeded'
      : intent.status === 'processing'
        ? 'processing'
        : intent.status === 'canceled'
          ? 'canceled'
          : 'requires_payment_method';
  return {
    id: intent.id,
    status,
    amountCents: intent.amount_received || intent.amount,
    currency: intent.currency,
    customerId: idOf(intent.customer),
    errorMessage: intent.last_payment_error?.message ?? null,
    errorCode: intent.last_payment_error ? declineCode(intent.last_payment_error) : null,
    // When it was paid: the charge's time (an expanded latest_charge), else the succeeded event's; never the intent's creation.
    paidAt:
      (typeof intent.latest_charge === 'object' ? fromUnix(intent.latest_charge?.created) : null) ??
      paidAt ??
      new Date(),
    livemode: intent.livemode === true,
    card: cardOf(intent.payment_method),
  };
}

/** Stripe waits for the client to authenticate this payment (3-D Secure), now or after an attempt without them. */
export const needsAuthentication = (intent: Stripe.PaymentIntent) =>
  intent.status === 'requires_action' ||
  (intent.status === 'requires_payment_method' &&
    intent.last_payment_error?.code === 'authentication_required');

/** The card of an expanded PaymentMethod; null for an id alone or another kind of method. */
export function cardOf(
  method: string | Stripe.PaymentMethod | null | undefined,
): CardOnFile | null {
  if (!method || typeof method === 'string' || !method.card) return null;
  const { brand, last4, exp_month: expMonth, exp_year: expYear } = method.card;
  return { brand, last4, expMonth, expYear };
}
