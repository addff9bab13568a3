import { eq } from 'drizzle-orm';
import type { SchedulePhase } from '../../adapters/payments/types.js';
import type { Db } from '../../db/client.js';
import { subscriptions } from '../../db/schema.js';
import { planById, priceAt, stripeOf, type ChangeContext, type Plan, type Sub } from './subject.js';

/**
 * The price schedule Stripe should follow from now on, from our row: the current plan at the
 * current period's price, then (after a downgrade) the next plan from the renewal date, and the
 * renewal price from `renewalStartsAt` (docs/product.md §9). Empty when nothing changes any more:
 * the subscription then runs at its current price without a schedule.
 */
export function schedulePhases(sub: Sub, current: Plan, next: Plan | null): SchedulePhase[] {
  const periodStart = sub.currentPeriodStart ?? sub.createdAt;
  const periodEnd = sub.currentPeriodEnd;
  const introEnds = sub.renewalStartsAt;
  const nowPrice = priceAt(sub, periodStart);
  const followed = (plan: Plan, from: Date): SchedulePhase[] => {
    const terms = {
      priceCents: plan.priceCents,
      renewalPriceCents: plan.renewalPriceCents,
      renewalStartsAt: introEnds,
    };
    if (plan.renewalPriceCents != null && introEnds && introEnds > from) {
      return [
        { plan, priceCents: plan.priceCents, endsAt: introEnds },
        { plan, priceCents: plan.renewalPriceCents, endsAt: null },
      ];
    }
    return [{ plan, priceCents: priceAt(terms, from), endsAt: null }];
  };
  if (next && periodEnd)
    return [
      { plan: current, priceCents: nowPrice, endsAt: periodEnd },
      ...followed(next, periodEnd),
    ];
  const phases = followed(current, periodStart);
  // One phase at today's price: nothing to schedule.
  return phases.length > 1 ? phases : [];
}

/** Sends our row's schedule to Stripe and keeps the schedule's id (null when none is needed). */
export async function syncSchedule(
  tx: Db,
  ctx: ChangeContext,
  sub: Sub,
  current: Plan,
  nextPlanId: number | null,
): Promise<void> {
  const { stripe, subscriptionId } = stripeOf(ctx, sub);
  const next = nextPlanId ? ((await planById(tx, nextPlanId)) ?? null) : null;
  const phases = schedulePhases(sub, current, next);
  const scheduleId = await stripe.setPhases({
    providerSubscriptionId: subscriptionId,
    scheduleId: sub.providerScheduleId,
    currency: sub.currency,
    phases,
  });
  await tx
    .update(subscriptions)
    .set({ providerScheduleId: scheduleId, updatedAt: new Date() })
    .where(eq(subscriptions.id, sub.id));
}
