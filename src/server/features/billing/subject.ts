import { declineOf } from '../../adapters/payments/types.js';
import { eq } from 'drizzle-orm';
import { DEFAULT_LOCALE, localizedPath, WEB_PATHS } from '../../../contract/site/routes.js';
import type { SubscriptionManager } from '../../adapters/payments/types.js';
import type { Db } from '../../db/client.js';
import { clientError } from '../../http/errors.js';
import { businessRegistrations, subscriptionPlans, subscriptions } from '../../db/schema.js';
import { enqueueMail, type MailSettings } from '../notifications/index.js';
import type { BillingMail, ClientFacts, MailCard } from './mails.js';

export type Sub = typeof subscriptions.$inferSelect;
export type Plan = typeof subscriptionPlans.$inferSelect;

/** What one state change needs besides the row: mail settings, the site's public origin, and whether mail was queued. */
export interface ChangeContext {
  mail: MailSettings;
  /** The origin of links in e-mails (the billing page's, in the client's language). */
  publicOrigin: string;
  mailQueued: boolean;
  /** Stripe's side of a subscription it bills; null in test mode. */
  stripe: SubscriptionManager | null;
}

/** The Stripe calls for a subscription Stripe bills; a 409 when this server has no Stripe keys (any more). */
export function stripeOf(
  ctx: ChangeContext,
  sub: Sub,
): { stripe: SubscriptionManager; subscriptionId: string; customerId: string } {
  if (!ctx.stripe || !sub.providerSubscriptionId || !sub.providerCustomerId) {
    throw clientError(409, 'stripe_not_connected');
  }
  return {
    stripe: ctx.stripe,
    subscriptionId: sub.providerSubscriptionId,
    customerId: sub.providerCustomerId,
  };
}

export const DECLINED = declineOf('card_declined');

export { priceAt } from '../../lib/billing-cycle.js';

/** The row, locked until the transaction ends: the job on another instance or a second click waits, then sees the change. */
export async function lockSubscription(tx: Db, id: string): Promise<Sub | undefined> {
  const [sub] = await tx.select().from(subscriptions).where(eq(subscriptions.id, id)).for('update');
  return sub;
}

/**
 * The subscription is on `plan` from now on (an upgrade, or a downgrade at its renewal): its
 * prices and cycle, and the registration's plan, which Clients shows. Answers the updated row.
 */
export async function switchPlan(tx: Db, sub: Sub, plan: Plan): Promise<Sub> {
  const change = {
    planId: plan.id,
    priceCents: plan.priceCents,
    renewalPriceCents: plan.renewalPriceCents,
    billingCycle: plan.billingCycle,
    scheduledPlanId: null,
  };
  await tx
    .update(subscriptions)
    .set({ ...change, updatedAt: new Date() })
    .where(eq(subscriptions.id, sub.id));
  if (sub.registrationId) {
    await tx
      .update(businessRegistrations)
      .set({ planId: plan.id, updatedAt: new Date() })
      .where(eq(businessRegistrations.id, sub.registrationId));
  }
  return { ...sub, ...change };
}

export async function planById(tx: Db, id: number): Promise<Plan | undefined> {
  const [plan] = await tx.select().from(subscriptionPlans).where(eq(subscriptionPlans.id, id));
  return plan;
}

/** The client and plan of a subscription, as its e-mails name them. */
export async function clientFacts(
  tx: Db,
  sub: Sub,
  ctx: ChangeContext,
): Promise<{ facts: ClientFacts; plan: Plan }> {
  const plan = (await planById(tx, sub.planId))!;
  const [registration] = sub.registrationId
    ? await tx
        .select()
        .from(businessRegistrations)
        .where(eq(businessRegistrations.id, sub.registrationId))
    : [];
  const locale = registration?.language ?? DEFAULT_LOCALE;
  return {
    plan,
    facts: {
      email: registration?.email ?? ctx.mail.teamEmail,
      ownerName: registration?.ownerName ?? 'there',
      businessName: registration?.businessName ?? 'your business',
      planDisplayName: plan.displayName,
      currency: sub.currency,
      billingCycle: sub.billingCycle,
      locale,
      accountUrl: `${ctx.publicOrigin}${localizedPath(locale, WEB_PATHS.account)}`,
    },
  };
}

/** The card on file, as e-mails name it (in the client's language: mails.ts). */
export const cardOf = (sub: Pick<Sub, 'cardBrand' | 'cardLast4'>): MailCard => ({
  brand: sub.cardBrand,
  last4: sub.cardLast4,
});

export async function queueMail(tx: Db, ctx: ChangeContext, mails: BillingMail[]): Promise<void> {
  await enqueueMail(tx, mails);
  ctx.mailQueued ||= mails.length > 0;
}
