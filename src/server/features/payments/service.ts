import type { ErrorCode } from '../../../contract/lib/errors.js';
import crypto from 'node:crypto';
import { and, desc, eq, inArray, ne } from 'drizzle-orm';
import { centsToDecimal, dollarsToCents } from '../../../contract/lib/money.js';
import type {
  CreatePaymentIntentResult,
  PaymentReceipt,
  PaymentStatusResult,
  TestCardPaymentInput,
} from '../../../contract/payments/payments.js';
import {
  AUTHENTICATION_FAILED,
  behaviorAfterAuthentication,
  checkTestCard,
  testCardOutcome,
} from '../../adapters/payments/test-cards.js';
import { PaymentProviderError, type CardOnFile } from '../../adapters/payments/types.js';
import { isUniqueViolation } from '../../db/errors.js';
import {
  businessRegistrations,
  paymentIntents,
  payments,
  subscriptionPlans,
  subscriptions,
} from '../../db/schema.js';
import { clientError, HttpError } from '../../http/errors.js';
import { priceAt } from '../../lib/billing-cycle.js';
import { createSettlement, type SettleDeps } from './settle.js';

type IntentRow = typeof paymentIntents.$inferSelect;
type CreateInput = {
  planId: number;
  amount?: number | string | undefined;
  registrationId?: string | null | undefined;
};

export function createPaymentsService(deps: SettleDeps) {
  const { db, provider } = deps;
  const settle = createSettlement(deps);

  const answer = (row: IntentRow): CreatePaymentIntentResult => ({
    clientSecret: row.clientSecret,
    paymentIntentId: row.providerIntentId,
    amount: centsToDecimal(row.amountCents),
    provider: row.provider,
    publishableKey: provider.publishableKey,
  });

  async function statusOf(providerIntentId: string): Promise<PaymentStatusResult> {
    const [row] = await db
      .select({
        intent: paymentIntents,
        plan: { name: subscriptionPlans.name, displayName: subscriptionPlans.displayName },
      })
      .from(paymentIntents)
      .innerJoin(subscriptionPlans, eq(subscriptionPlans.id, paymentIntents.planId))
      .where(eq(paymentIntents.providerIntentId, providerIntentId));
    if (!row) throw clientError(404, 'payment_not_found');
    return {
      paymentIntentId: row.intent.providerIntentId,
      status: row.intent.status,
      amount: centsToDecimal(row.intent.amountCents),
      plan: row.plan,
      message: row.intent.status === 'succeeded' ? null : row.intent.lastError,
      code:
        row.intent.status === 'succeeded' ? null : (row.intent.lastErrorCode as ErrorCode | null),
      receipt: row.intent.status === 'succeeded' ? await receiptOf(row.intent) : null,
    };
  }

  /** What the confirmation page shows of a succeeded payment: the ledger, the subscription and who paid. */
  async function receiptOf(intent: IntentRow): Promise<PaymentReceipt> {
    const [[ledger], [sub], [registration]] = await Promise.all([
      db
        .select({ paidAt: payments.paidAt })
        .from(payments)
        .where(
          and(
            eq(payments.provider, intent.provider),
            eq(payments.providerPaymentId, intent.providerIntentId),
          ),
        ),
      db.select().from(subscriptions).where(eq(subscriptions.id, intent.subscriptionId)),
      intent.registrationId
        ? db
            .select({
              businessName: businessRegistrations.businessName,
              email: businessRegistrations.email,
            })
            .from(businessRegistrations)
            .where(eq(businessRegistrations.id, intent.registrationId))
        : Promise.resolve([]),
    ]);
    const renewal =
      sub?.renewalPriceCents != null && sub.renewalStartsAt
        ? { cents: sub.renewalPriceCents, startsAt: sub.renewalStartsAt }
        : null;
    // The period after the current one costs the renewal price once that has started.
    const nextCharge =
      sub?.currentPeriodEnd && sub.status !== 'canceled'
        ? {
            date: sub.currentPeriodEnd.toISOString(),
            amount: centsToDecimal(priceAt(sub, sub.currentPeriodEnd)),
          }
        : null;
    return {
      amount: centsToDecimal(intent.amountCents),
      currency: intent.currency,
      paidAt: (ledger?.paidAt ?? intent.updatedAt).toISOString(),
      billingCycle: sub?.billingCycle ?? 'month',
      card:
        intent.cardBrand && intent.cardLast4
          ? { brand: intent.cardBrand, last4: intent.cardLast4 }
          : null,
      businessName: registration?.businessName ?? null,
      email: registration?.email ?? null,
      nextCharge,
      renewal: renewal
        ? { date: renewal.startsAt.toISOString(), amount: centsToDecimal(renewal.cents) }
        : null,
    };
  }

  /**
   * Prices the plan on the server and starts its subscription with the provider. A retry with
   * the same idempotency key, or a new visit for a registration that already has an open
   * payment for this plan, gets that payment back instead of a second one.
   */
  async function createIntent(
    input: CreateInput,
    clientKey: string | undefined,
  ): Promise<CreatePaymentIntentResult> {
    const [plan] = await db
      .select()
      .from(subscriptionPlans)
      .where(eq(subscriptionPlans.id, input.planId));
    if (!plan) {
      throw clientError(400, 'plan_not_found', { planId: input.planId }, [
        { field: 'planId', message: 'There is no such plan' },
      ]);
    }
    if (input.amount !== undefined && dollarsToCents(input.amount) !== plan.priceCents) {
      const price = centsToDecimal(plan.priceCents);
      throw clientError(400, 'amount_mismatch', { plan: plan.displayName, price: `$${price}` }, [
        { field: 'amount', message: `The price of this plan is ${price}` },
      ]);
    }
    const [registration] = input.registrationId
      ? await db
          .select()
          .from(businessRegistrations)
          .where(eq(businessRegistrations.id, input.registrationId))
      : [];
    if (input.registrationId && !registration) {
      throw clientError(400, 'registration_not_found', undefined, [
        { field: 'registrationId', message: 'There is no such registration' },
      ]);
    }
    if (registration?.status === 'active') {
      throw clientError(409, 'registration_already_paid');
    }
    if (registration) {
      const [open] = await db
        .select()
        .from(paymentIntents)
        .where(
          and(
            eq(paymentIntents.registrationId, registration.id),
            eq(paymentIntents.planId, plan.id),
            eq(paymentIntents.amountCents, plan.priceCents),
            eq(paymentIntents.provider, provider.kind),
            inArray(paymentIntents.status, [
              'requires_payment_method',
              'requires_action',
              'processing',
            ]),
          ),
        )
        .orderBy(desc(paymentIntents.createdAt))
        .limit(1);
      if (open) return answer(open);
    }

    // A registration's key is derived (concurrent visits agree on one payment; a new one only
    // after the last was cancelled). A visitor's comes from the browser, scoped to the plan, so
    // one browser's key can never reach another's payment.
    const scope = registration
      ? `${registration.id}:${plan.id}:${plan.priceCents}:${await cancelledCount(registration.id, plan.id)}`
      : `visitor:${plan.id}:${plan.priceCents}:${clientKey ?? crypto.randomUUID()}`;
    const idempotencyKey = crypto.createHash('sha256').update(scope).digest('hex');
    const existing = await byKey(idempotencyKey);
    if (existing) return answer(existing);

    let started;
    try {
      started = await provider.startSubscriptionPayment({
        idempotencyKey,
        amountCents: plan.priceCents,
        currency: plan.currency,
        plan,
        customer: registration
          ? {
              email: registration.email,
              name: registration.businessName,
              registrationId: registration.id,
            }
          : null,
      });
    } catch (error) {
      if (error instanceof PaymentProviderError)
        throw clientError(502, 'payment_not_started', { reason: error.message });
      throw error;
    }
    try {
      const row = await db.transaction(async (tx) => {
        const [sub] = await tx
          .insert(subscriptions)
          .values({
            provider: provider.kind,
            providerSubscriptionId: started.providerSubscriptionId,
            providerCustomerId: started.providerCustomerId,
            planId: plan.id,
            registrationId: registration?.id ?? null,
            priceCents: plan.priceCents,
            currency: plan.currency,
            billingCycle: plan.billingCycle,
            renewalPriceCents: plan.renewalPriceCents,
          })
          .returning({ id: subscriptions.id });
        const [intent] = await tx
          .insert(paymentIntents)
          .values({
            provider: provider.kind,
            providerIntentId: started.providerIntentId,
            clientSecret: started.clientSecret,
            idempotencyKey,
            planId: plan.id,
            registrationId: registration?.id ?? null,
            subscriptionId: sub!.id,
            amountCents: plan.priceCents,
            currency: plan.currency,
          })
          .returning();
        return intent!;
      });
      return answer(row);
    } catch (error) {
      // A concurrent retry with the same key stored it first: answer that one.
      const winner = isUniqueViolation(error) ? await byKey(idempotencyKey) : undefined;
      if (winner) return answer(winner);
      throw error;
    }
  }

  async function cancelledCount(registrationId: string, planId: number): Promise<number> {
    return db.$count(
      paymentIntents,
      and(
        eq(paymentIntents.registrationId, registrationId),
        eq(paymentIntents.planId, planId),
        eq(paymentIntents.status, 'canceled'),
      ),
    );
  }

  async function byKey(idempotencyKey: string) {
    const [row] = await db
      .select()
      .from(paymentIntents)
      .where(eq(paymentIntents.idempotencyKey, idempotencyKey));
    return row;
  }

  /** The intent of a client secret (which starts with the intent's id), 404 unless it matches exactly. */
  async function intentForSecret(
    clientSecret: string,
    claimedIntentId?: string,
  ): Promise<IntentRow> {
    const providerIntentId = clientSecret.split('_secret_')[0] ?? '';
    if (claimedIntentId !== undefined && claimedIntentId !== providerIntentId)
      throw clientError(404, 'payment_not_found');
    const [row] = await db
      .select()
      .from(paymentIntents)
      .where(eq(paymentIntents.providerIntentId, providerIntentId));
    const same =
      row &&
      row.clientSecret.length === clientSecret.length &&
      crypto.timingSafeEqual(Buffer.from(row.clientSecret), Buffer.from(clientSecret));
    if (!row || !same) throw clientError(404, 'payment_not_found');
    return row;
  }

  /**
   * What happened to a payment, for the confirmation page. The browser's redirect proves
   * nothing: an open intent is asked of the provider, and booked if it says succeeded.
   */
  async function status(
    clientSecret: string,
    claimedIntentId?: string,
  ): Promise<PaymentStatusResult> {
    const row = await intentForSecret(clientSecret, claimedIntentId);
    if (row.status !== 'succeeded' && row.provider === provider.kind) {
      const state = await provider.retrieveIntent(row.providerIntentId).catch((error: unknown) => {
        deps.log.warn(
          { err: error, paymentIntent: row.providerIntentId },
          'could not ask the provider about a payment',
        );
        return null;
      });
      if (state?.status === 'succeeded') await settle.succeeded(state);
      else if (state?.errorMessage && state.status === 'requires_payment_method')
        await settle.failed(state.id, {
          message: state.errorMessage,
          code: state.errorCode ?? 'card_declined',
        });
      else if (state && state.status !== row.status) {
        await db
          .update(paymentIntents)
          .set({ status: state.status, updatedAt: new Date() })
          .where(eq(paymentIntents.id, row.id));
      }
    }
    return statusOf(row.providerIntentId);
  }

  /** Test mode's card payment: checked like a real card, outcome from Stripe's test-card table. */
  async function payWithTestCard(
    input: Required<TestCardPaymentInput>,
  ): Promise<PaymentStatusResult> {
    if (provider.kind !== 'test') throw clientError(404, 'test_payments_off');
    const row = await intentForSecret(input.clientSecret);
    if (row.status === 'succeeded') return statusOf(row.providerIntentId);
    if (row.status === 'canceled') throw clientError(409, 'payment_cancelled');
    // No money moves in test mode, so a payment for nobody would only be a fake sale in the
    // ledger: a test payment is confirmed only for a registered business.
    if (!row.registrationId) throw clientError(409, 'not_registered');
    const checked = checkTestCard(input);
    if ('problems' in checked) {
      // CardCheck lists only the fields that have a problem, each with its message.
      const issues = Object.entries(checked.problems as Record<string, string>).map(
        ([field, message]) => ({ field, message }),
      );
      throw new HttpError(400, issues[0]!.message, issues);
    }
    const outcome = testCardOutcome(input.cardNumber);
    if (outcome.ok) await succeedTestPayment(row, checked.card);
    else if (outcome.status === 'requires_action') {
      // Stripe's 3-D Secure test cards: nothing is paid until the client completes the bank's page.
      const c = checked.card;
      await db
        .update(paymentIntents)
        .set({
          status: 'requires_action',
          lastError: null,
          cardBrand: c.brand,
          cardLast4: c.last4,
          cardExpMonth: c.expMonth,
          cardExpYear: c.expYear,
          updatedAt: new Date(),
        })
        .where(and(eq(paymentIntents.id, row.id), ne(paymentIntents.status, 'succeeded')));
    } else {
      await settle.failed(row.providerIntentId, outcome.decline, checked.card);
    }
    return statusOf(row.providerIntentId);
  }

  async function succeedTestPayment(row: IntentRow, card: CardOnFile) {
    await settle.succeeded(
      {
        id: row.providerIntentId,
        status: 'succeeded',
        amountCents: row.amountCents,
        currency: row.currency,
        customerId: null,
        errorMessage: null,
        paidAt: deps.billingNow ? await deps.billingNow() : new Date(),
        livemode: false,
      },
      card,
    );
  }

  /**
   * Test mode's simulated bank page (Stripe's test 3-D Secure page) answered for a payment waiting
   * for authentication: completed, the payment is booked with its card; failed, it is declined with
   * Stripe's message and the client may pay again.
   */
  async function authenticateTestPayment(input: {
    clientSecret: string;
    outcome: 'complete' | 'fail';
  }): Promise<PaymentStatusResult> {
    if (provider.kind !== 'test') throw clientError(404, 'test_payments_off');
    const row = await intentForSecret(input.clientSecret);
    if (row.status === 'succeeded') return statusOf(row.providerIntentId);
    if (row.status !== 'requires_action' || !row.cardLast4) {
      throw clientError(409, 'payment_not_waiting');
    }
    if (input.outcome === 'fail') {
      await settle.failed(row.providerIntentId, AUTHENTICATION_FAILED);
      return statusOf(row.providerIntentId);
    }
    const card = {
      brand: row.cardBrand ?? 'unknown',
      last4: row.cardLast4,
      expMonth: row.cardExpMonth ?? 0,
      expYear: row.cardExpYear ?? 0,
    };
    await succeedTestPayment(row, card);
    // 4000 0027 6000 3184 asks again on every later charge; 4000 0025 0000 3155 is set up for them now.
    const behavior = behaviorAfterAuthentication(row.cardLast4);
    if (behavior !== 'succeeds') {
      await db
        .update(subscriptions)
        .set({ testCardBehavior: behavior, updatedAt: new Date() })
        .where(eq(subscriptions.id, row.subscriptionId));
    }
    return statusOf(row.providerIntentId);
  }

  return { provider, createIntent, status, payWithTestCard, authenticateTestPayment, settle };
}
export type PaymentsService = ReturnType<typeof createPaymentsService>;
