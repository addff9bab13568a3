import Stripe from 'stripe';
import { addMonths } from '../../lib/months.js';
import { asProviderError, keyFor, type StripeContext } from './stripe-client.js';
import { fromUnix, idOf } from './stripe-mapping.js';
import { PaymentProviderError, type RenewalPhase, type ScheduledRenewal } from './types.js';

/**
 * The subscription's period boundary nearest to `estimate`: the item's period start plus whole
 * months. The renewal price must begin exactly where Stripe starts a period, or month 13 is
 * billed at the intro price (a boundary one second after the phase change) or prorated.
 */
export function periodBoundaryNear(periodStart: Date, estimate: Date): Date {
  const months =
    (estimate.getUTCFullYear() - periodStart.getUTCFullYear()) * 12 +
    (estimate.getUTCMonth() - periodStart.getUTCMonth());
  const candidates = [months - 1, months, months + 1].map((k) =>
    addMonths(periodStart, Math.max(1, k)),
  );
  return candidates.reduce((best, c) =>
    Math.abs(c.getTime() - estimate.getTime()) < Math.abs(best.getTime() - estimate.getTime())
      ? c
      : best,
  );
}

/** Lets the subscription go from its schedule; one already released or completed is fine. */
export async function releaseSchedule(stripe: Stripe, scheduleId: string | null) {
  if (!scheduleId) return;
  try {
    await stripe.subscriptionSchedules.release(scheduleId);
  } catch (error) {
    // Already released or completed (by the Dashboard, or a retry of ours): nothing holds the subscription any more.
    if (!(error instanceof Stripe.errors.StripeInvalidRequestError)) throw error;
  }
}

/**
 * A schedule made from the subscription as it is now. One it already has that our row does not
 * know (a try that failed after Stripe made it, the Dashboard's) is released first: Stripe
 * refuses a second schedule, and that refusal would repeat on every try.
 */
export async function scheduleFrom(
  stripe: Stripe,
  providerSubscriptionId: string,
): Promise<Stripe.SubscriptionSchedule> {
  try {
    return await stripe.subscriptionSchedules.create({
      from_subscription: providerSubscriptionId,
    });
  } catch (error) {
    if (!(error instanceof Stripe.errors.StripeInvalidRequestError)) throw error;
    const existing = idOf((await stripe.subscriptions.retrieve(providerSubscriptionId)).schedule);
    if (!existing) throw error;
    await releaseSchedule(stripe, existing);
    return stripe.subscriptionSchedules.create({ from_subscription: providerSubscriptionId });
  }
}

/**
 * Prices the renewal as a second phase of the subscription's schedule, from Stripe's period
 * boundary nearest to `phase.renewalStartsAt`.
 */
export async function scheduleRenewal(
  { stripe, ensureProduct, interval }: StripeContext,
  phase: RenewalPhase,
): Promise<ScheduledRenewal> {
  try {
    const product = await ensureProduct(phase.plan);
    const recurring = { interval: interval(phase.plan.billingCycle) };
    const subscription = await stripe.subscriptions.retrieve(phase.providerSubscriptionId);
    const periodStart = fromUnix(subscription.items.data[0]?.current_period_start);
    if (!periodStart)
      throw new PaymentProviderError('This subscription has no item period at Stripe.');
    // Stripe's own boundary (the item's period start plus whole months), not our estimate of it.
    const renewalStartsAt = periodBoundaryNear(periodStart, phase.renewalStartsAt);
    // A schedule the subscription already has (ours from an earlier try, or the Dashboard's) is
    // adopted: Stripe refuses a second one, so creating again would fail on every event.
    const adopted = idOf(subscription.schedule);
    let schedule: Stripe.SubscriptionSchedule;
    if (adopted) {
      schedule = await stripe.subscriptionSchedules.retrieve(adopted);
    } else {
      const params = { from_subscription: phase.providerSubscriptionId };
      schedule = await stripe.subscriptionSchedules.create(params, {
        idempotencyKey: keyFor(`${phase.idempotencyKey}-schedule`, params),
      });
    }
    const params: Stripe.SubscriptionScheduleUpdateParams = {
      end_behavior: 'release',
      // The current phase's price is rewritten with the same amount: without this, Stripe
      // leaves a credit and a debit line (a proration) on the next invoice.
      proration_behavior: 'none',
      phases: [
        {
          start_date: schedule.current_phase?.start_date ?? schedule.phases[0]?.start_date ?? 'now',
          end_date: Math.floor(renewalStartsAt.getTime() / 1000),
          items: [
            {
              price_data: {
                currency: phase.currency,
                product,
                unit_amount: phase.priceCents,
                recurring,
              },
            },
          ],
        },
        {
          items: [
            {
              price_data: {
                currency: phase.currency,
                product,
                unit_amount: phase.renewalPriceCents,
                recurring,
              },
            },
          ],
        },
      ],
    };
    await stripe.subscriptionSchedules.update(schedule.id, params, {
      idempotencyKey: keyFor(`${phase.idempotencyKey}-schedule-phases`, params),
    });
    return { scheduleId: schedule.id, renewalStartsAt };
  } catch (error) {
    throw asProviderError(error);
  }
}
