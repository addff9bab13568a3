import crypto from 'node:crypto';
import type { ProviderActionRequired } from '../../adapters/payments/types.js';
import type { Db } from '../../db/client.js';
import { paymentAuthentications } from '../../db/schema.js';
import type { Sub } from './subject.js';

/** The billing engine's answer when the card's bank wants the client to authenticate a charge first (3-D Secure). */
export interface ActionRequired {
  status: 'requires_action';
  clientSecret: string;
}

/**
 * Keeps a charge that waits for the client's authentication, in the transaction that holds the
 * subscription's lock; nothing is booked yet (finishPayment does, on the provider's word). With
 * Stripe the client secret is the invoice's PaymentIntent's; test mode makes one of the same shape.
 */
export async function awaitAuthentication(
  tx: Db,
  sub: Sub,
  wait: {
    purpose: 'upgrade' | 'invoice';
    planId: number;
    amountCents: number;
    periodStart: Date | null;
    periodEnd: Date | null;
    provider?: ProviderActionRequired;
  },
): Promise<ActionRequired> {
  const id = `pi_test_${crypto.randomBytes(12).toString('hex')}`;
  const clientSecret =
    wait.provider?.clientSecret ?? `${id}_secret_${crypto.randomBytes(16).toString('hex')}`;
  await tx
    .insert(paymentAuthentications)
    .values({
      subscriptionId: sub.id,
      purpose: wait.purpose,
      planId: wait.planId,
      amountCents: wait.amountCents,
      currency: sub.currency,
      periodStart: wait.periodStart,
      periodEnd: wait.periodEnd,
      clientSecret,
      providerPaymentId: wait.provider?.providerPaymentId ?? id,
      providerInvoiceId: wait.provider?.providerInvoiceId ?? null,
    })
    // Stripe answers the same PaymentIntent for the same open invoice (paid again after a failed authentication): one row, waiting again.
    .onConflictDoUpdate({
      target: paymentAuthentications.clientSecret,
      set: { status: 'requires_action', updatedAt: new Date() },
    });
  return { status: 'requires_action', clientSecret };
}
