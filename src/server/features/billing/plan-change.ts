import { eq } from 'drizzle-orm';
import type { PlanChangePreview } from '../../../contract/billing/billing.js';
import { centsToDecimal } from '../../../contract/lib/money.js';
import type { Db } from '../../db/client.js';
import { subscriptions } from '../../db/schema.js';
import { CardDeclinedError, type Decline } from '../../adapters/payments/types.js';
import { clientError, HttpError } from '../../http/errors.js';
import { cycleMonths } from '../../lib/billing-cycle.js';
import { withSubscription } from './actions.js';
import { awaitAuthentication, type ActionRequired } from './awaiting.js';
import { cardNeedsAuthentication, chargeSavedCard } from './charge.js';
import { billingChangeMail, teamPlanChangeMail } from './mails.js';
import { syncSchedule } from './stripe-schedule.js';
import {
  clientFacts,
  DECLINED,
  planById,
  priceAt,
  queueMail,
  stripeOf,
  switchPlan,
  type ChangeContext,
  type Plan,
  type Sub,
} from './subject.js';

interface Change {
  /** 'same': the current plan again, which undoes a downgrade waiting for the renewal. */
  direction: 'upgrade' | 'downgrade' | 'same';
  plan: Plan;
  amountNowCents: number;
  effectiveAt: Date;
  /** Upgrade: the new plan for the time left, and the current plan's unused part of it. */
  parts?: { newPlanRestCents: number; unusedCreditCents: number };
}

/** The plan's price for a period starting `at`, on this subscription's intro/renewal dates. */
const planPriceAt = (plan: Plan, sub: Sub, at: Date) =>
  priceAt({ ...plan, renewalStartsAt: sub.renewalStartsAt }, at);

/**
 * Upgrade or downgrade, compared by monthly price in the subscription's current phase (intro or
 * renewal). An upgrade costs now the difference for the time left in the period; a downgrade
 * waits for the next renewal and costs nothing now.
 */
async function planChange(tx: Db, sub: Sub, planId: number, now: Date): Promise<Change> {
  const plan = await planById(tx, planId);
  if (!plan)
    throw clientError(400, 'plan_not_found', { planId }, [
      { field: 'planId', message: 'There is no such plan', code: 'field_choose' },
    ]);
  if (
    sub.status !== 'active' ||
    sub.cancelAtPeriodEnd ||
    !sub.currentPeriodStart ||
    !sub.currentPeriodEnd
  ) {
    throw clientError(409, 'plan_change_not_allowed');
  }
  if (plan.id === sub.planId) {
    if (!sub.scheduledPlanId) throw clientError(409, 'already_on_plan', { plan: plan.displayName });
    return { direction: 'same', plan, amountNowCents: 0, effectiveAt: now };
  }
  const start = sub.currentPeriodStart;
  const end = sub.currentPeriodEnd;
  const months = cycleMonths(sub.billingCycle);
  const currentMonthly = priceAt(sub, start) / months;
  const newMonthly = planPriceAt(plan, sub, start) / cycleMonths(plan.billingCycle);
  if (newMonthly <= currentMonthly)
    return { direction: 'downgrade', plan, amountNowCents: 0, effectiveAt: end };
  const left = Math.max(0, end.getTime() - now.getTime()) / (end.getTime() - start.getTime());
  const amountNowCents = Math.round((newMonthly - currentMonthly) * months * left);
  // Rounded so that the two lines add up to the charge to the cent.
  const newPlanRestCents = Math.round(newMonthly * months * left);
  return {
    direction: 'upgrade',
    plan,
    amountNowCents,
    effectiveAt: now,
    parts: { newPlanRestCents, unusedCreditCents: newPlanRestCents - amountNowCents },
  };
}

/** The preview's line items: ours when the charge is ours, Stripe's total as one line otherwise. */
function previewLines(change: Change, amountNowCents: number): PlanChangePreview['lines'] {
  if (change.direction !== 'upgrade' || !change.parts) return [];
  const { newPlanRestCents, unusedCreditCents } = change.parts;
  if (newPlanRestCents - unusedCreditCents !== amountNowCents || unusedCreditCents < 0)
    return [{ kind: 'proration', amount: centsToDecimal(amountNowCents) }];
  return [
    { kind: 'newPlanRest', amount: centsToDecimal(newPlanRestCents) },
    { kind: 'unusedCredit', amount: centsToDecimal(unusedCreditCents) },
  ];
}

export async function previewPlanChange(
  db: Db,
  ctx: ChangeContext,
  registrationId: string,
  planId: number,
  now: Date,
): Promise<PlanChangePreview> {
  return withSubscription(db, registrationId, async (tx, sub) => {
    const change = await planChange(tx, sub, planId, now);
    const p = change.plan;
    let amountNowCents = change.amountNowCents;
    // Stripe prorates by the second and charges what it computes: the client confirms Stripe's figure.
    if (change.direction === 'upgrade' && sub.provider === 'stripe') {
      const { stripe, subscriptionId } = stripeOf(ctx, sub);
      amountNowCents = await stripe.previewUpgrade({
        providerSubscriptionId: subscriptionId,
        currency: sub.currency,
        plan: p,
        priceCents: planPriceAt(p, sub, now),
      });
    }
    return {
      direction: change.direction,
      plan: {
        id: p.id,
        name: p.name,
        displayName: p.displayName,
        price: centsToDecimal(planPriceAt(p, sub, now)),
      },
      amountNow: centsToDecimal(amountNowCents),
      effectiveAt: change.effectiveAt.toISOString(),
      lines: previewLines(change, amountNowCents),
    };
  });
}

/**
 * Applies an upgrade at once (after charging the proration) or schedules a downgrade for the
 * renewal. An upgrade whose charge the card's bank wants authenticated (3-D Secure) changes
 * nothing yet: it answers what the browser needs, and finishPayment books it on the provider's word.
 */
export async function changePlan(
  db: Db,
  ctx: ChangeContext,
  registrationId: string,
  planId: number,
  now: Date,
): Promise<ActionRequired | null> {
  const result = await withSubscription(
    db,
    registrationId,
    async (tx, sub): Promise<ActionRequired | { declined: Decline } | null> => {
      const change = await planChange(tx, sub, planId, now);
      const { plan } = change;
      const { facts, plan: current } = await clientFacts(tx, sub, ctx);
      if (change.direction === 'same') {
        if (sub.provider === 'stripe') await syncSchedule(tx, ctx, sub, current, null);
        await tx
          .update(subscriptions)
          .set({ scheduledPlanId: null, updatedAt: new Date() })
          .where(eq(subscriptions.id, sub.id));
        const values = { plan: plan.displayName };
        const undone = sub.scheduledPlanId ? await planById(tx, sub.scheduledPlanId) : undefined;
        await queueMail(tx, ctx, [
          billingChangeMail(
            ctx.mail,
            facts,
            (w) => w.t('planSame.subject', values),
            (w) => w.t('planSame.text', values),
          ),
          ...(undone
            ? [teamPlanChangeMail(ctx.mail, facts, { kind: 'undone', to: undone.displayName })]
            : []),
        ]);
        return null;
      }
      if (change.direction === 'downgrade') {
        if (sub.provider === 'stripe') await syncSchedule(tx, ctx, sub, current, plan.id);
        await tx
          .update(subscriptions)
          .set({ scheduledPlanId: plan.id, updatedAt: new Date() })
          .where(eq(subscriptions.id, sub.id));
        const values = { plan: plan.displayName };
        await queueMail(tx, ctx, [
          billingChangeMail(
            ctx.mail,
            facts,
            (w) => w.t('planDowngrade.subject', values),
            (w) => w.t('planDowngrade.text', { ...values, date: w.day(change.effectiveAt) }),
          ),
          teamPlanChangeMail(ctx.mail, facts, {
            kind: 'downgrade',
            to: plan.displayName,
            at: change.effectiveAt,
          }),
        ]);
        return null;
      }
      const waiting = {
        purpose: 'upgrade' as const,
        planId: plan.id,
        amountCents: change.amountNowCents,
        periodStart: now,
        periodEnd: sub.currentPeriodEnd,
      };
      if (sub.provider === 'stripe') {
        const { stripe, subscriptionId } = stripeOf(ctx, sub);
        let charged;
        try {
          // Stripe charges the proration now (its invoice.paid books it); a decline changes nothing.
          charged = await stripe.upgrade({
            providerSubscriptionId: subscriptionId,
            scheduleId: sub.providerScheduleId,
            currency: sub.currency,
            plan,
            priceCents: planPriceAt(plan, sub, now),
          });
        } catch (error) {
          if (error instanceof CardDeclinedError)
            return { declined: error.message ? error : DECLINED };
          throw error;
        }
        // Stripe released the schedule before the change; the row says so until the change is booked.
        if (charged !== 'paid') {
          await tx
            .update(subscriptions)
            .set({ providerScheduleId: null, updatedAt: new Date() })
            .where(eq(subscriptions.id, sub.id));
          return awaitAuthentication(tx, sub, { ...waiting, provider: charged });
        }
      } else if (change.amountNowCents > 0) {
        if (cardNeedsAuthentication(sub)) return awaitAuthentication(tx, sub, waiting);
        const charge = {
          sub,
          plan,
          customerEmail: facts.email,
          kind: 'proration' as const,
          amountCents: change.amountNowCents,
          at: now,
        };
        const { ok } = await chargeSavedCard(tx, {
          ...charge,
          periodStart: now,
          periodEnd: sub.currentPeriodEnd!,
        });
        // The failed invoice stays (committed); the plan does not change.
        if (!ok) return { declined: DECLINED };
      }
      await applyUpgrade(tx, ctx, sub, plan, change.amountNowCents);
      return null;
    },
  );
  if (result && 'declined' in result)
    throw new HttpError(402, result.declined.message, undefined, result.declined.code);
  return result;
}

/** The upgrade was paid (at once, or after the client authenticated it): the plan, Stripe's schedule and the client's e-mail follow. */
export async function applyUpgrade(
  tx: Db,
  ctx: ChangeContext,
  sub: Sub,
  plan: Plan,
  amountNowCents: number,
): Promise<void> {
  const { facts } = await clientFacts(tx, sub, ctx);
  if (sub.provider === 'stripe') {
    const upgraded = {
      ...sub,
      providerScheduleId: null,
      priceCents: plan.priceCents,
      renewalPriceCents: plan.renewalPriceCents,
    };
    await syncSchedule(tx, ctx, upgraded, plan, null);
  }
  await switchPlan(tx, sub, plan);
  const values = { plan: plan.displayName };
  await queueMail(tx, ctx, [
    billingChangeMail(
      ctx.mail,
      { ...facts, planDisplayName: plan.displayName },
      (w) => w.t('planUpgrade.subject', values),
      (w) =>
        sub.provider === 'stripe'
          ? w.t('planUpgrade.stripe', values)
          : w.t('planUpgrade.charged', {
              ...values,
              amount: w.money(amountNowCents, sub.currency),
            }),
    ),
    teamPlanChangeMail(ctx.mail, facts, {
      kind: 'upgrade',
      to: plan.displayName,
      chargedCents: amountNowCents,
    }),
  ]);
}
