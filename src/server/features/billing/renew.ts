import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { subscriptions } from '../../db/schema.js';
import { cycleMonths } from '../../lib/billing-cycle.js';
import { addMonths } from '../../lib/months.js';
import { chargeSavedCard } from './charge.js';
import { DAY_MS } from './clock.js';
import {
  cancellationConfirmedMail,
  paymentFailedMail,
  renewalReceiptMail,
  teamPaymentFailedMail,
  teamSubscriptionCanceledMail,
} from './mails.js';
import { remind } from './reminders.js';
import {
  cardOf,
  clientFacts,
  lockSubscription,
  planById,
  priceAt,
  queueMail,
  switchPlan,
  type ChangeContext,
  type Sub,
} from './subject.js';

/**
 * Dunning: a failed renewal is retried 3, 5 and 7 days after it was due; when the retry on day 7
 * fails too, the subscription is canceled (7 days after the first failure).
 */
export const RETRY_AFTER_DAYS = [3, 5, 7];

export type StepOutcome = 'renewed' | 'failed' | 'canceled' | 'reminded' | null;

/**
 * One billing step of one test-mode subscription at billing time `now`, in the caller's
 * transaction with the row locked: end it, renew it, retry it, or send a due reminder. Null
 * when nothing was due; the caller repeats until then (a clock moved by months renews each period).
 */
export async function billingStep(
  tx: Db,
  ctx: ChangeContext,
  subscriptionId: string,
  now: Date,
): Promise<StepOutcome> {
  const sub = await lockSubscription(tx, subscriptionId);
  // With Stripe keys Stripe bills its own subscriptions; test ones made before the keys wait.
  if (!sub || sub.provider !== 'test' || !sub.currentPeriodEnd) return null;
  if (sub.status === 'active' && sub.currentPeriodEnd <= now) {
    if (sub.cancelAtPeriodEnd) return endSubscription(tx, ctx, sub, sub.currentPeriodEnd, false);
    return attemptRenewal(
      tx,
      ctx,
      await applyScheduledPlan(tx, sub),
      sub.currentPeriodEnd,
      'scheduled',
    );
  }
  if (sub.status === 'past_due' && sub.nextRetryAt && sub.nextRetryAt <= now)
    return attemptRenewal(tx, ctx, sub, sub.nextRetryAt, 'scheduled');
  if (sub.status === 'active') return (await remind(tx, ctx, sub, now)) ? 'reminded' : null;
  return null;
}

/** A downgrade chosen during the period takes effect now, before the next period is charged. */
export async function applyScheduledPlan(tx: Db, sub: Sub): Promise<Sub> {
  const plan = sub.scheduledPlanId ? await planById(tx, sub.scheduledPlanId) : undefined;
  return plan ? switchPlan(tx, sub, plan) : sub;
}

/**
 * Charges the period after `currentPeriodEnd`. 'scheduled' is the renewal or a retry of the
 * schedule above; 'immediate' is the retry right after the client saved a new card, whose
 * failure does not count against the schedule (a client trying to fix it is not punished).
 */
export async function attemptRenewal(
  tx: Db,
  ctx: ChangeContext,
  sub: Sub,
  at: Date,
  mode: 'scheduled' | 'immediate',
  /** An immediate retry the client authenticated (3-D Secure): completed or failed. */
  authenticated?: boolean,
): Promise<StepOutcome> {
  const { periodStart, periodEnd, amountCents } = nextPeriod(sub);
  const { facts, plan } = await clientFacts(tx, sub, ctx);
  const charge = {
    sub,
    plan,
    customerEmail: facts.email,
    kind: 'renewal' as const,
    amountCents,
    periodStart,
    periodEnd,
    at,
    authenticated,
  };
  const { ok, invoice } = await chargeSavedCard(tx, charge);
  if (ok) {
    await tx
      .update(subscriptions)
      .set({
        status: 'active',
        currentPeriodStart: periodStart,
        currentPeriodEnd: periodEnd,
        failedPaymentCount: 0,
        nextRetryAt: null,
        updatedAt: new Date(),
      })
      .where(eq(subscriptions.id, sub.id));
    await queueMail(tx, ctx, [
      renewalReceiptMail(ctx.mail, facts, {
        amountCents,
        invoiceNumber: invoice.number,
        periodEnd,
        card: cardOf(sub),
      }),
    ]);
    return 'renewed';
  }
  if (mode === 'immediate') return 'failed';
  const attempt = sub.failedPaymentCount + 1;
  const retryDays = RETRY_AFTER_DAYS[attempt - 1];
  if (retryDays === undefined) return endSubscription(tx, ctx, sub, at, true);
  const nextRetryAt = new Date(periodStart.getTime() + retryDays * DAY_MS);
  await tx
    .update(subscriptions)
    .set({ status: 'past_due', failedPaymentCount: attempt, nextRetryAt, updatedAt: new Date() })
    .where(eq(subscriptions.id, sub.id));
  await queueMail(tx, ctx, [
    paymentFailedMail(ctx.mail, facts, { amountCents, nextRetryAt }),
    teamPaymentFailedMail(ctx.mail, facts, { amountCents, attempt, nextRetryAt }),
  ]);
  return 'failed';
}

/** The period a renewal charges (the one after `currentPeriodEnd`) and its price. */
export function nextPeriod(sub: Sub) {
  const periodStart = sub.currentPeriodEnd!;
  return {
    periodStart,
    periodEnd: addMonths(periodStart, cycleMonths(sub.billingCycle)),
    amountCents: priceAt(sub, periodStart),
  };
}

/** Ends a subscription: at the period's end when the client canceled, or after the last failed retry. */
export async function endSubscription(
  tx: Db,
  ctx: ChangeContext,
  sub: Sub,
  endedAt: Date,
  unpaid: boolean,
): Promise<StepOutcome> {
  await tx
    .update(subscriptions)
    .set({
      status: 'canceled',
      canceledAt: endedAt,
      cancelAtPeriodEnd: false,
      nextRetryAt: null,
      scheduledPlanId: null,
      updatedAt: new Date(),
    })
    .where(eq(subscriptions.id, sub.id));
  const { facts } = await clientFacts(tx, sub, ctx);
  const why = unpaid
    ? 'the renewal payment failed on every attempt'
    : `canceled by request${sub.cancelReason ? ` ('${sub.cancelReason}')` : ''}`;
  await queueMail(tx, ctx, [
    cancellationConfirmedMail(ctx.mail, facts, { endedAt, unpaid }),
    teamSubscriptionCanceledMail(ctx.mail, facts, { why, endedAt }),
  ]);
  return 'canceled';
}
