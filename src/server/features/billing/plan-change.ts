import { eq } from 'drizzle-orm';
import type { PlanChangePreview } from '../../../contract/billing.js';
import { centsToDecimal } from '../../../contract/money.js';
import type { Db } from '../../db/client.js';
import { businessRegistrations, subscriptions } from '../../db/schema.js';
import { HttpError } from '../../http/errors.js';
import { cycleMonths } from '../payments/index.js';
import { withSubscription } from './actions.js';
import { chargeSavedCard } from './charge.js';
import { billingChangeMail, day, money } from './mails.js';
import { clientFacts, DECLINED, planById, priceAt, queueMail, type ChangeContext, type Plan, type Sub } from './subject.js';

interface Change {
  direction: 'upgrade' | 'downgrade';
  plan: Plan;
  amountNowCents: number;
  effectiveAt: Date;
}

/**
 * Upgrade or downgrade, compared by monthly price in the subscription's current phase (intro or
 * renewal). An upgrade costs now the difference for the time left in the period; a downgrade
 * waits for the next renewal and costs nothing now.
 */
async function planChange(tx: Db, sub: Sub, planId: number, now: Date): Promise<Change> {
  const plan = await planById(tx, planId);
  if (!plan) throw new HttpError(400, `There is no plan with id ${planId}.`, [{ field: 'planId', message: 'There is no such plan' }]);
  if (sub.status !== 'active' || sub.cancelAtPeriodEnd || !sub.currentPeriodStart || !sub.currentPeriodEnd) {
    throw new HttpError(409, 'Only an active subscription that is not ending can change its plan.');
  }
  if (plan.id === sub.planId) throw new HttpError(409, `You are already on the ${plan.displayName} plan.`);
  const start = sub.currentPeriodStart;
  const end = sub.currentPeriodEnd;
  const months = cycleMonths(sub.billingCycle);
  const currentMonthly = priceAt(sub, start) / months;
  const newMonthly = priceAt({ ...plan, renewalStartsAt: sub.renewalStartsAt }, start) / cycleMonths(plan.billingCycle);
  if (newMonthly <= currentMonthly) return { direction: 'downgrade', plan, amountNowCents: 0, effectiveAt: end };
  const left = Math.max(0, end.getTime() - now.getTime()) / (end.getTime() - start.getTime());
  return { direction: 'upgrade', plan, amountNowCents: Math.round((newMonthly - currentMonthly) * months * left), effectiveAt: now };
}

export async function previewPlanChange(db: Db, registrationId: string, planId: number, now: Date): Promise<PlanChangePreview> {
  return withSubscription(db, registrationId, async (tx, sub) => {
    const change = await planChange(tx, sub, planId, now);
    const p = change.plan;
    return {
      direction: change.direction,
      plan: { id: p.id, name: p.name, displayName: p.displayName, price: centsToDecimal(priceAt({ ...p, renewalStartsAt: sub.renewalStartsAt }, now)) },
      amountNow: centsToDecimal(change.amountNowCents),
      effectiveAt: change.effectiveAt.toISOString(),
    };
  });
}

/** Applies an upgrade at once (after charging the proration) or schedules a downgrade for the renewal. */
export async function changePlan(db: Db, ctx: ChangeContext, registrationId: string, planId: number, now: Date): Promise<void> {
  const declined = await withSubscription(db, registrationId, async (tx, sub) => {
    const change = await planChange(tx, sub, planId, now);
    const { plan } = change;
    const { facts } = await clientFacts(tx, sub, ctx);
    if (change.direction === 'downgrade') {
      await tx.update(subscriptions).set({ scheduledPlanId: plan.id, updatedAt: new Date() }).where(eq(subscriptions.id, sub.id));
      const what = `your plan changes to ${plan.displayName} on ${day(change.effectiveAt)}, at your next renewal. Until then nothing changes.`;
      await queueMail(tx, ctx, [billingChangeMail(ctx.mail, facts, `Your plan changes to ${plan.displayName}`, what)]);
      return false;
    }
    if (change.amountNowCents > 0) {
      const charge = { sub, plan, customerEmail: facts.email, kind: 'proration' as const, amountCents: change.amountNowCents, at: now };
      const { ok } = await chargeSavedCard(tx, { ...charge, periodStart: now, periodEnd: sub.currentPeriodEnd! });
      // The failed invoice stays (committed); the plan does not change.
      if (!ok) return true;
    }
    await tx
      .update(subscriptions)
      .set({
        planId: plan.id,
        priceCents: plan.priceCents,
        renewalPriceCents: plan.renewalPriceCents,
        billingCycle: plan.billingCycle,
        scheduledPlanId: null,
        updatedAt: new Date(),
      })
      .where(eq(subscriptions.id, sub.id));
    if (sub.registrationId) {
      await tx.update(businessRegistrations).set({ planId: plan.id, updatedAt: new Date() }).where(eq(businessRegistrations.id, sub.registrationId));
    }
    const what = `your plan is now ${plan.displayName}. We charged ${money(change.amountNowCents, sub.currency)} for the rest of the current period.`;
    await queueMail(tx, ctx, [billingChangeMail(ctx.mail, { ...facts, planDisplayName: plan.displayName }, `Your plan is now ${plan.displayName}`, what)]);
    return false;
  });
  if (declined) throw new HttpError(402, DECLINED);
}
