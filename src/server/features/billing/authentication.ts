import { and, eq } from 'drizzle-orm';
import { AUTHENTICATION_FAILED } from '../../adapters/payments/test-cards.js';
import type { Db } from '../../db/client.js';
import { paymentAuthentications } from '../../db/schema.js';
import { HttpError } from '../../http/errors.js';
import { withSubscription } from './actions.js';
import { chargeSavedCard } from './charge.js';
import { applyUpgrade } from './plan-change.js';
import { attemptRenewal } from './renew.js';
import { clientFacts, planById, stripeOf, type ChangeContext } from './subject.js';

const NOT_FOUND = 'We could not find this payment. Please try again from your billing page.';
const STILL_WAITING =
  'Your bank is still waiting for you to authenticate this payment. Please complete it, or try again.';
const NO_LONGER =
  'This plan change no longer applies, so nothing was charged. Please look at your plan again.';

/**
 * The client came back from authenticating a payment (3-D Secure): the upgrade or the past-due
 * invoice is booked once the provider says it was paid, never on the browser's word. With Stripe
 * the PaymentIntent is read back (a failed one drops the waiting upgrade); in test mode the
 * simulated bank page's answer is the provider's. A failure answers 402 with the decline message.
 */
export async function finishPayment(
  db: Db,
  ctx: ChangeContext,
  registrationId: string,
  input: { clientSecret: string; outcome?: 'complete' | 'fail' | undefined },
  now: Date,
): Promise<void> {
  const declined = await withSubscription(
    db,
    registrationId,
    async (tx, sub): Promise<string | null> => {
      const [wait] = await tx
        .select()
        .from(paymentAuthentications)
        .where(
          and(
            eq(paymentAuthentications.subscriptionId, sub.id),
            eq(paymentAuthentications.clientSecret, input.clientSecret),
          ),
        )
        .for('update');
      if (!wait) throw new HttpError(404, NOT_FOUND);
      // A second tab or a double click: the first answer stands.
      if (wait.status === 'succeeded') return null;
      if (wait.status === 'failed') return AUTHENTICATION_FAILED;
      const upgrade = wait.purpose === 'upgrade';
      let paid: boolean;
      let message = AUTHENTICATION_FAILED;
      if (sub.provider === 'stripe') {
        const { stripe, customerId } = stripeOf(ctx, sub);
        const state = await stripe.paymentOutcome({
          providerPaymentId: wait.providerPaymentId!,
          customerId,
        });
        if (state.status === 'requires_action') throw new HttpError(409, STILL_WAITING);
        paid = state.status === 'succeeded';
        if (state.status === 'failed') message = state.message;
        if (!paid && upgrade && wait.providerInvoiceId)
          await stripe.discardUpgrade(wait.providerInvoiceId);
      } else {
        if (!input.outcome)
          throw new HttpError(400, 'Say whether the authentication was completed.', [
            { field: 'outcome', message: 'Complete or fail' },
          ]);
        paid = input.outcome === 'complete';
        // Test mode charges at this moment: an upgrade must still fit the subscription as it is now.
        if (
          upgrade &&
          (sub.status !== 'active' || sub.cancelAtPeriodEnd || sub.planId === wait.planId)
        )
          throw new HttpError(409, NO_LONGER);
      }
      await tx
        .update(paymentAuthentications)
        .set({ status: paid ? 'succeeded' : 'failed', updatedAt: new Date() })
        .where(eq(paymentAuthentications.id, wait.id));
      if (upgrade) {
        const plan = (await planById(tx, wait.planId))!;
        if (sub.provider === 'test') {
          // The proration invoice, paid or failed, with the authentication's outcome.
          const { facts } = await clientFacts(tx, sub, ctx);
          await chargeSavedCard(tx, {
            sub,
            plan,
            customerEmail: facts.email,
            kind: 'proration',
            amountCents: wait.amountCents,
            periodStart: now,
            periodEnd: sub.currentPeriodEnd!,
            at: now,
            authenticated: paid,
          });
        }
        if (paid) await applyUpgrade(tx, ctx, sub, plan, wait.amountCents);
      } else if (sub.provider === 'test' && sub.status === 'past_due') {
        // With Stripe, its invoice.paid books the renewal; here the retry the new card started finishes.
        await attemptRenewal(tx, ctx, sub, now, 'immediate', paid);
      }
      return paid ? null : message;
    },
  );
  if (declined) throw new HttpError(402, declined);
}
