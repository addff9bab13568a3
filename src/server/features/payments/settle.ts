import { and, eq, isNull, ne, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import {
  planProductId,
  type CardOnFile,
  type IntentState,
  type PaymentEvent,
  type PaymentProvider,
} from '../../adapters/payments/types.js';
import type { Db } from '../../db/client.js';
import {
  businessRegistrations,
  paymentIntents,
  payments,
  subscriptionPlans,
  subscriptions,
  webhookEvents,
} from '../../db/schema.js';
import { enqueueMail, paymentMails, type MailSettings } from '../notifications/index.js';
import { insertInvoice, invoiceOf } from './invoices.js';
import { changeSubscription } from './subscription-events.js';
import { cycleMonths, FIRST_PRICE_MONTHS } from '../../lib/billing-cycle.js';
import { addMonths } from '../../lib/months.js';

export interface SettleDeps {
  db: Db;
  provider: PaymentProvider;
  mail: MailSettings;
  log: FastifyBaseLogger;
  /** Called after a commit that queued e-mails. */
  mailQueued(): void;
  /** Test mode: the billing clock's time, so a first payment starts its period where renewals count from (real time when omitted). */
  billingNow?: () => Promise<Date>;
  /** Tells the billing engine what the provider did to a subscription after its first payment (it e-mails the client and the team). */
  onSubscriptionNews?: SubscriptionNewsHandler;
}

/** What the provider (Stripe) did to a subscription, as the billing engine hears it. */
export type SubscriptionNews =
  | { kind: 'renewed'; subscriptionId: string; invoiceId: string }
  | {
      kind: 'renewal_failed';
      subscriptionId: string;
      invoiceId: string;
      amountCents: number;
      attempt: number;
      nextAttemptAt: Date | null;
    }
  | { kind: 'ended'; subscriptionId: string; endedAt: Date };
/** Runs in the settlement's transaction; answers whether it queued e-mail. */
export type SubscriptionNewsHandler = (tx: Db, news: SubscriptionNews) => Promise<boolean>;

/** What a settlement changed, so that work outside the transaction follows its commit. */
interface Effects {
  mailQueued: boolean;
  subscriptionIds: string[];
}

type LedgerRow = Omit<typeof payments.$inferInsert, 'productId'> & { planName: string | undefined };

/** One ledger row per provider payment: its id, or null when it was booked before (unique index). */
export async function bookLedgerRow(
  tx: Db,
  { planName, ...row }: LedgerRow,
): Promise<string | null> {
  const booked = await tx
    .insert(payments)
    .values({ ...row, productId: planName ? planProductId(planName) : null })
    .onConflictDoNothing()
    .returning({ id: payments.id });
  return booked[0]?.id ?? null;
}

/**
 * Books a first payment on the provider's word, in one transaction: the ledger row (unique per
 * provider payment, so a repeat books nothing), the intent, the subscription, the registration,
 * and the e-mails. Returns false when it was already booked or the intent is not ours.
 */
async function bookFirstPayment(
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
  await insertInvoice(tx, {
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
async function recordFailure(
  tx: Db,
  providerIntentId: string,
  message: string,
  card?: CardOnFile,
): Promise<void> {
  await tx
    .update(paymentIntents)
    .set({
      status: 'requires_payment_method',
      lastError: message,
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

async function applyEvent(
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
      await recordFailure(tx, event.intentId, event.message);
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
      await tx
        .insert(payments)
        .values({
          provider: 'stripe',
          providerPaymentId: event.paymentId,
          providerCustomerId: event.customerId,
          productId: event.productId,
          amountCents: event.amountCents,
          currency: event.currency,
          customerEmail: event.customerEmail,
          paidAt: event.paidAt,
          livemode: event.livemode,
        })
        .onConflictDoNothing();
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

export function createSettlement(deps: SettleDeps) {
  async function after(effects: Effects) {
    if (effects.mailQueued) deps.mailQueued();
    for (const id of new Set(effects.subscriptionIds)) await ensureRenewalScheduled(id);
  }

  /**
   * With Stripe, the renewal price is a second phase of a subscription schedule, which Stripe
   * only allows once the subscription is active; a failure is logged and retried on the
   * subscription's next event.
   */
  async function ensureRenewalScheduled(subscriptionId: string) {
    const [sub] = await deps.db
      .select()
      .from(subscriptions)
      .where(
        and(
          eq(subscriptions.id, subscriptionId),
          eq(subscriptions.provider, 'stripe'),
          eq(subscriptions.status, 'active'),
          // Ending at the period's end: no renewal to price (and Stripe refuses a schedule then).
          eq(subscriptions.cancelAtPeriodEnd, false),
          isNull(subscriptions.providerScheduleId),
        ),
      );
    if (!sub?.providerSubscriptionId || sub.renewalPriceCents == null) return;
    const [plan] = await deps.db
      .select()
      .from(subscriptionPlans)
      .where(eq(subscriptionPlans.id, sub.planId));
    if (!plan) return;
    try {
      const scheduled = await deps.provider.scheduleRenewal({
        providerSubscriptionId: sub.providerSubscriptionId,
        idempotencyKey: `renewal-${sub.id}`,
        plan,
        currency: sub.currency,
        priceCents: sub.priceCents,
        renewalPriceCents: sub.renewalPriceCents,
        firstPhaseMonths: FIRST_PRICE_MONTHS,
        renewalStartsAt:
          sub.renewalStartsAt ??
          addMonths(sub.currentPeriodStart ?? sub.createdAt, FIRST_PRICE_MONTHS),
      });
      if (scheduled) {
        // The renewal date is Stripe's period boundary from now on, so later schedules (plan changes) use it too.
        await deps.db
          .update(subscriptions)
          .set({
            providerScheduleId: scheduled.scheduleId,
            renewalStartsAt: scheduled.renewalStartsAt,
            updatedAt: new Date(),
          })
          .where(eq(subscriptions.id, sub.id));
      }
    } catch (error) {
      deps.log.error(
        { err: error, subscriptionId },
        'could not schedule the renewal price; will retry on the next subscription event',
      );
    }
  }

  return {
    /** A payment the provider (or, in test mode, our card check) says succeeded. */
    async succeeded(state: IntentState, card?: CardOnFile): Promise<boolean> {
      const effects: Effects = { mailQueued: false, subscriptionIds: [] };
      const booked = await deps.db.transaction((tx) =>
        bookFirstPayment(tx, deps, state, card, effects),
      );
      await after(effects);
      return booked;
    },
    async failed(providerIntentId: string, message: string, card?: CardOnFile): Promise<void> {
      await recordFailure(deps.db, providerIntentId, message, card);
    },
    /**
     * Books a sale read back from the provider (revenue:sync) without recording an event id: the
     * ledger's unique provider payment id makes a repeat, or a webhook of the same sale, a no-op.
     */
    async reconcile(event: PaymentEvent): Promise<void> {
      if (event.kind !== 'product_paid' && event.kind !== 'renewal_paid') return;
      await deps.db.transaction((tx) =>
        applyEvent(tx, deps, event, { mailQueued: false, subscriptionIds: [] }),
      );
    },
    /**
     * Applies a verified event once: its id is stored in the same transaction. 'stale' when a
     * newer event about the same subscription was applied before (nothing changed).
     */
    async event(event: PaymentEvent): Promise<'applied' | 'duplicate' | 'stale'> {
      const effects: Effects = { mailQueued: false, subscriptionIds: [] };
      const outcome = await deps.db.transaction(async (tx) => {
        const fresh = await tx
          .insert(webhookEvents)
          .values({ id: event.id, provider: deps.provider.kind, type: event.type })
          .onConflictDoNothing()
          .returning({ id: webhookEvents.id });
        if (fresh.length === 0) return 'duplicate' as const;
        return applyEvent(tx, deps, event, effects);
      });
      await after(effects);
      return outcome;
    },
  };
}
export type Settlement = ReturnType<typeof createSettlement>;
