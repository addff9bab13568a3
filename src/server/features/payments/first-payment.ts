import { and, eq, ne, sql } from 'drizzle-orm';
import type { CardOnFile, Decline, IntentState } from '../../adapters/payments/types.js';
import type { Db } from '../../db/client.js';
import {
  businessRegistrations,
  paymentIntents,
  subscriptionPlans,
  subscriptions,
} from '../../db/schema.js';
import { cycleMonths, FIRST_PRICE_MONTHS } from '../../lib/billing-cycle.js';
import { addMonths } from '../../lib/months.js';
import { enqueueMail, paymentMails } from '../notifications/index.js';
import { insertInvoice } from './invoices.js';
import { bookLedgerRow } from './ledger.js';
import type { Effects, SettleDeps } from './settle.js';

/**
 * Books a first payment on the provider's word, in one transaction: the ledger row (unique per
 * provider payment, so a repeat books nothing), the intent, the subscription, the registration,
 * and the e-mails. Returns false when it was already booked or the intent is not ours.
 */
export async function bookFirstPayment(
  tx: Db,
  deps: SettleDeps,
  state: IntentState,
  testCard: CardOnFile | undefined,
  effects: Effects,
): Promise<boolean> {
  const card = testCard ?? state.card ?? undefined;
  const [intent] = await tx
    .select()
    .from(paymentIntents)
    .where(eq(paymentIntents.providerIntentId, state.id))
    .for('update');
  if (!intent) {
    deps.log.warn(
      { paymentIntent: state.id },
      'payment succeeded for an intent this app did not create; not booked',
    );
    return false;
  }
  const [plan] = await tx
    .select()
    .from(subscriptionPlans)
    .where(eq(subscriptionPlans.id, intent.planId));
  const [registration] = intent.registrationId
    ? await tx
        .select()
        .from(businessRegistrations)
        .where(eq(businessRegistrations.id, intent.registrationId))
    : [];
  const [sub] = await tx
    .select()
    .from(subscriptions)
    .where(eq(subscriptions.id, intent.subscriptionId));
  const booked = await bookLedgerRow(tx, {
    provider: intent.provider,
    providerPaymentId: state.id,
    providerCustomerId: state.customerId ?? sub?.providerCustomerId ?? null,
    planName: plan?.name,
    amountCents: state.amountCents,
    currency: state.currency,
    planId: intent.planId,
    registrationId: intent.registrationId,
    subscriptionId: intent.subscriptionId,
    customerEmail: registration?.email ?? null,
    paidAt: state.paidAt,
    livemode: state.livemode,
  });
  if (!booked) return false;
  if (state.amountCents !== intent.amountCents) {
    deps.log.warn(
      { paymentIntent: state.id, expected: intent.amountCents, paid: state.amountCents },
      'paid amount differs from the intent; booked what was paid',
    );
  }

  const now = new Date();
  await tx
    .update(paymentIntents)
    .set({
      status: 'succeeded',
      lastError: null,
      updatedAt: now,
      ...(card ? { cardBrand: card.brand, cardLast4: card.last4 } : {}),
    })
    .where(eq(paymentIntents.id, intent.id));
  const periodStart = sub?.currentPeriodStart ?? state.paidAt;
  const periodEnd =
    sub?.currentPeriodEnd ?? addMonths(state.paidAt, cycleMonths(sub?.billingCycle ?? 'month'));
  // Set for every plan: one without a renewal price can change to one with, whose price then follows the same date.
  // Counted from the period's start (Stripe's, when its subscription event came first), so it lands
  // on a period boundary; with Stripe, scheduling the renewal then takes the boundary from Stripe.
  const renewalStartsAt = addMonths(periodStart, FIRST_PRICE_MONTHS);
  await tx
    .update(subscriptions)
    .set({
      // Stripe never reactivates a canceled subscription: a late payment event does not either.
      status: sql`case when ${subscriptions.status} = 'canceled' then ${subscriptions.status} else 'active' end`,
      currentPeriodStart: periodStart,
      currentPeriodEnd: periodEnd,
      renewalStartsAt: sub?.renewalStartsAt ?? renewalStartsAt,
      providerCustomerId: sub?.providerCustomerId ?? state.customerId,
      // The card renewals charge. With Stripe it is known when the intent was read with its payment method.
      ...(card
        ? {
            cardBrand: card.brand,
            cardLast4: card.last4,
            cardExpMonth: card.expMonth,
            cardExpYear: card.expYear,
          }
        : {}),
      ...(testCard ? { testCardBehavior: 'succeeds' as const } : {}),
      updatedAt: now,
    })
    .where(eq(subscriptions.id, intent.subscriptionId));
  const invoice = await insertInvoice(tx, {
    subscriptionId: intent.subscriptionId,
    registrationId: intent.registrationId,
    planId: intent.planId,
    kind: 'first',
    status: 'paid',
    amountCents: state.amountCents,
    currency: state.currency,
    periodStart,
    periodEnd,
    cardBrand: card?.brand ?? null,
    cardLast4: card?.last4 ?? null,
    paymentId: booked,
    livemode: state.livemode,
    attemptedAt: state.paidAt,
  });
  if (registration) {
    await tx
      .update(businessRegistrations)
      .set({ status: 'active', planId: intent.planId, updatedAt: now })
      .where(eq(businessRegistrations.id, registration.id));
  }
  await enqueueMail(
    tx,
    paymentMails(deps.mail, {
      amountCents: state.amountCents,
      currency: state.currency,
      planDisplayName: plan?.displayName ?? 'subscription',
      billingCycle: sub?.billingCycle ?? 'month',
      providerPaymentId: state.id,
      invoiceNumber: invoice.number,
      paidAt: state.paidAt,
      renewal:
        sub?.renewalPriceCents != null
          ? { priceCents: sub.renewalPriceCents, startsAt: sub.renewalStartsAt ?? renewalStartsAt }
          : null,
      card: card ? { brand: card.brand, last4: card.last4 } : null,
      registration: registration ?? null,
    }),
  );
  effects.mailQueued = true;
  effects.subscriptionIds.push(intent.subscriptionId);
  return true;
}

/** A failed attempt: the provider's message is kept; the registration stays and can pay again. */
export async function recordFailure(
  tx: Db,
  providerIntentId: string,
  decline: Decline,
  card?: CardOnFile,
): Promise<void> {
  await tx
    .update(paymentIntents)
    .set({
      status: 'requires_payment_method',
      lastError: decline.message,
      lastErrorCode: decline.code,
      updatedAt: new Date(),
      ...(card ? { cardBrand: card.brand, cardLast4: card.last4 } : {}),
    })
    .where(
      and(
        eq(paymentIntents.providerIntentId, providerIntentId),
        ne(paymentIntents.status, 'succeeded'),
      ),
    );
}
