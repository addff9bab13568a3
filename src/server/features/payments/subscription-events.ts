import { and, eq, isNull, lt, or, sql } from 'drizzle-orm';
import type { PaymentEvent } from '../../adapters/payments/types.js';
import type { Db } from '../../db/client.js';
import { subscriptions } from '../../db/schema.js';

/** How far along its life a subscription is: at equal event times the state further on wins. */
const LIFECYCLE = { incomplete: 0, active: 1, past_due: 2, canceled: 3 } as const;
const lifecycleOf = sql<number>`case ${subscriptions.status} when 'incomplete' then 0 when 'active' then 1 when 'past_due' then 2 else 3 end`;

/**
 * Applies a subscription's new state unless a newer event was applied already (events arrive
 * out of order): one compare-and-set UPDATE, so concurrent deliveries settle on the newest
 * (docs/decisions/008-money-that-stays-right.md). 'stale' when the subscription is ours but newer.
 */
export async function changeSubscription(
  tx: Db,
  event: Extract<PaymentEvent, { kind: 'subscription_changed' }>,
): Promise<{ outcome: 'applied' | 'stale'; changedIds: string[] }> {
  const changed = await tx
    .update(subscriptions)
    .set({
      status: event.status,
      ...(event.currentPeriodStart ? { currentPeriodStart: event.currentPeriodStart } : {}),
      ...(event.currentPeriodEnd ? { currentPeriodEnd: event.currentPeriodEnd } : {}),
      cancelAtPeriodEnd: event.status !== 'canceled' && event.cancelAtPeriodEnd,
      ...(event.status === 'canceled'
        ? { canceledAt: event.canceledAt ?? event.createdAt, nextRetryAt: null }
        : {}),
      providerEventAt: event.createdAt,
      updatedAt: new Date(),
    })
    .where(
      and(
        eq(subscriptions.providerSubscriptionId, event.providerSubscriptionId),
        // Stripe never turns a subscription back to incomplete: an incomplete state only stands
        // until something else is known (an earlier event, or the first payment booked without
        // one), whatever the order the events arrive in.
        event.status === 'incomplete' ? eq(subscriptions.status, 'incomplete') : undefined,
        or(
          isNull(subscriptions.providerEventAt),
          lt(subscriptions.providerEventAt, event.createdAt),
          and(
            eq(subscriptions.providerEventAt, event.createdAt),
            sql`${lifecycleOf} <= ${LIFECYCLE[event.status]}`,
          ),
        ),
      ),
    )
    .returning({ id: subscriptions.id });
  const changedIds = changed.map((c) => c.id);
  if (changedIds.length > 0) return { outcome: 'applied', changedIds };
  const ours = await tx.$count(
    subscriptions,
    eq(subscriptions.providerSubscriptionId, event.providerSubscriptionId),
  );
  return { outcome: ours > 0 ? 'stale' : 'applied', changedIds };
}
