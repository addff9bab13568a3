import type { Decline } from '../../adapters/payments/types.js';
import { and, eq } from 'drizzle-orm';
import { AUTHENTICATION_FAILED } from '../../adapters/payments/test-cards.js';
import type { Db } from '../../db/client.js';
import { paymentAuthentications } from '../../db/schema.js';
import { clientError, HttpError } from '../../http/errors.js';
import { withSubscription } from './actions.js';
import { chargeSavedCard } from './charge.js';
import { applyUpgrade } from './plan-change.js';
import { attemptRenewal } from './renew.js';
import { clientFacts, planById, stripeOf, type ChangeContext } from './subject.js';

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
    async (tx, sub): Promise<Decline | null> => {
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
      if (!wait) throw clientError(404, 'billing_payment_not_found');
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
        if (state.status === 'requires_action') throw clientError(409, 'still_waiting');
        paid = state.status === 'succeeded';
        if (state.status === 'failed') message = { message: state.message, code: state.code };
        if (!paid && upgrade && wait.providerInvoiceId)
          await stripe.discardUpgrade(wait.providerInvoiceId);
      } else {
        if (!input.outcome)
          throw clientError(400, 'outcome_required', undefined, [
            { field: 'outcome', message: 'Complete or fail', code: 'field_choose' },
          ]);
        paid = input.outcome === 'complete';
        // Test mode charges at this moment: an upgrade must still fit the subscription as it is now.
        if (
          upgrade &&
          (sub.status !== 'active' || sub.cancelAtPeriodEnd || sub.planId === wait.planId)
        )
          throw clientError(409, 'plan_change_gone');
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
  if (declined) throw new HttpError(402, declined.message, undefined, declined.code);
}
