import { and, eq, ne } from 'drizzle-orm';
import type { PaymentEvent } from '../../adapters/payments/types.js';
import type { Db } from '../../db/client.js';
import { businessRegistrations, subscriptionPlans, subscriptions } from '../../db/schema.js';
import { bookFirstPayment, recordFailure } from './first-payment.js';
import { insertInvoice, invoiceOf } from './invoices.js';
import { bookLedgerRow, bookProductSale } from './ledger.js';
import type { Effects, SettleDeps, SubscriptionNews } from './settle.js';
import { changeSubscription } from './subscription-events.js';

/** Applies one verified provider event inside the settlement's transaction. */
export async function applyEvent(
  tx: Db,
  deps: SettleDeps,
  event: PaymentEvent,
  effects: Effects,
): Promise<'applied' | 'stale'> {
  switch (event.kind) {
    case 'payment_succeeded':
      await bookFirstPayment(tx, deps, event.intent, undefined, effects);
      return 'applied';
    case 'payment_failed':
      await recordFailure(tx, event.intentId, event);
      return 'applied';
    case 'subscription_changed': {
      // Which of ours were still running: those that end with this event get the cancellation e-mails.
      const running =
        event.status === 'canceled'
          ? await tx
              .select({ id: subscriptions.id })
              .from(subscriptions)
              .where(
                and(
                  eq(subscriptions.providerSubscriptionId, event.providerSubscriptionId),
                  ne(subscriptions.status, 'canceled'),
                ),
              )
          : [];
      const { outcome, changedIds } = await changeSubscription(tx, event);
      effects.subscriptionIds.push(...changedIds);
      for (const { id } of running.filter((r) => changedIds.includes(r.id))) {
        await tellBilling(tx, deps, effects, {
          kind: 'ended',
          subscriptionId: id,
          endedAt: event.canceledAt ?? event.createdAt,
        });
      }
      return outcome;
    }
    case 'renewal_failed': {
      const [sub] = await tx
        .select()
        .from(subscriptions)
        .where(eq(subscriptions.providerSubscriptionId, event.providerSubscriptionId));
      if (!sub) return 'applied';
      const invoice = await insertInvoice(tx, {
        ...invoiceOf(sub),
        kind: 'renewal',
        status: 'failed',
        amountCents: event.amountCents,
        currency: event.currency,
        failureMessage: event.message,
        failureCode: event.code,
        providerInvoiceId: event.invoiceId,
        livemode: event.livemode,
        attemptedAt: event.failedAt,
      });
      await tx
        .update(subscriptions)
        .set({
          failedPaymentCount: event.attempt,
          nextRetryAt: event.nextAttemptAt,
          updatedAt: new Date(),
        })
        .where(eq(subscriptions.id, sub.id));
      await tellBilling(tx, deps, effects, {
        kind: 'renewal_failed',
        subscriptionId: sub.id,
        invoiceId: invoice.id,
        amountCents: event.amountCents,
        attempt: event.attempt,
        nextAttemptAt: event.nextAttemptAt,
      });
      return 'applied';
    }
    case 'renewal_paid': {
      const [sub] = await tx
        .select()
        .from(subscriptions)
        .where(eq(subscriptions.providerSubscriptionId, event.providerSubscriptionId));
      if (!sub) return 'applied';
      const [plan] = await tx
        .select({ name: subscriptionPlans.name })
        .from(subscriptionPlans)
        .where(eq(subscriptionPlans.id, sub.planId));
      const [registration] = sub.registrationId
        ? await tx
            .select({ email: businessRegistrations.email })
            .from(businessRegistrations)
            .where(eq(businessRegistrations.id, sub.registrationId))
        : [];
      const booked = await bookLedgerRow(tx, {
        provider: 'stripe',
        providerPaymentId: event.invoiceId,
        providerCustomerId: event.customerId,
        planName: plan?.name,
        amountCents: event.amountCents,
        currency: event.currency,
        planId: sub.planId,
        registrationId: sub.registrationId,
        subscriptionId: sub.id,
        customerEmail: registration?.email ?? null,
        paidAt: event.paidAt,
        livemode: event.livemode,
      });
      // Booked before (a repeat, or revenue:sync and the webhook): its invoice and e-mail exist too.
      if (!booked) return 'applied';
      const invoice = await insertInvoice(tx, {
        ...invoiceOf(sub),
        kind: event.reason,
        status: 'paid',
        amountCents: event.amountCents,
        currency: event.currency,
        periodStart: event.periodStart,
        periodEnd: event.periodEnd,
        paymentId: booked,
        providerInvoiceId: event.invoiceId,
        livemode: event.livemode,
        attemptedAt: event.paidAt,
      });
      await tx
        .update(subscriptions)
        .set({ failedPaymentCount: 0, nextRetryAt: null, updatedAt: new Date() })
        .where(eq(subscriptions.id, sub.id));
      if (event.reason === 'renewal')
        await tellBilling(tx, deps, effects, {
          kind: 'renewed',
          subscriptionId: sub.id,
          invoiceId: invoice.id,
        });
      return 'applied';
    }
    case 'product_paid': {
      await bookProductSale(tx, {
        provider: 'stripe',
        providerPaymentId: event.paymentId,
        providerCustomerId: event.customerId,
        productId: event.productId,
        amountCents: event.amountCents,
        currency: event.currency,
        customerEmail: event.customerEmail,
        paidAt: event.paidAt,
        livemode: event.livemode,
      });
      return 'applied';
    }
    case 'ignored':
      return 'applied';
  }
}

async function tellBilling(
  tx: Db,
  deps: SettleDeps,
  effects: Effects,
  news: SubscriptionNews,
): Promise<void> {
  if (deps.onSubscriptionNews && (await deps.onSubscriptionNews(tx, news)))
    effects.mailQueued = true;
}
