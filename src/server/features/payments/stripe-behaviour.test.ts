import { Writable } from 'node:stream';
import { beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import pino from 'pino';
import { createPaymentProvider } from '../../adapters/payments/index.js';
import { STRIPE_API_VERSION } from '../../adapters/payments/stripe.js';
import { invoices, payments, subscriptionPlans, subscriptions } from '../../db/schema.js';
import { TEST_DATABASES, testConfig } from '../../test/databases.js';
import { STRIPE_WEBHOOK_SECRET, stripeAppUnderTest } from '../../test/stripe-app.js';
import { apiPath } from '../../test/api-path.js';
import { addMonths } from '../../lib/months.js';
import { getPaymentStatus } from '../../../contract/payments/checkout.js';

// Issue 25 §4: Stripe as it really behaves (webhook API versions, prorations, period boundaries,
// schedules it already has, event order, idempotency keys, when a payment was made).
describe.each(TEST_DATABASES)('Stripe as it really behaves (local fake) on %s', (kind) => {
  const logLines: { level: number; msg: string; [key: string]: unknown }[] = [];
  const logger = pino(
    { level: 'info' },
    new Writable({
      write(chunk: Buffer, _encoding, done) {
        for (const line of chunk.toString().split('\n').filter(Boolean))
          logLines.push(JSON.parse(line) as (typeof logLines)[number]);
        done();
      },
    }),
  ) as unknown as FastifyBaseLogger;
  const stripe = stripeAppUnderTest(kind, { logger });
  const { ctx, deliver, event, succeededIntent } = stripe;
  const db = () => ctx.testDb.database.db;
  let growing: typeof subscriptionPlans.$inferSelect;
  let clients = 0;

  beforeAll(async () => {
    growing = (
      await db().select().from(subscriptionPlans).where(eq(subscriptionPlans.name, 'growing'))
    )[0]!;
  });

  /** A registered business whose Stripe subscription is started (incomplete), not paid yet. */
  async function started() {
    const registrationId = await stripe.register({
      businessName: `Behaving Shop ${++clients}`,
      ownerName: 'Alex Example',
      email: `behaving-${clients}-${kind}@example.com`,
      businessType: 'Automotive',
      subscriptionPlan: 'growing',
    });
    const { paymentIntentId, clientSecret } = await stripe.start(growing.id, registrationId);
    const [sub] = await db()
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.registrationId, registrationId));
    return { registrationId, paymentIntentId, clientSecret, sub: sub! };
  }
  const row = async (id: string) =>
    (await db().select().from(subscriptions).where(eq(subscriptions.id, id)))[0]!;
  const provider = () =>
    createPaymentProvider(
      testConfig({
        STRIPE_SECRET_KEY: 'sk_test_fake',
        STRIPE_PUBLISHABLE_KEY: 'pk_test_fake',
        STRIPE_WEBHOOK_SECRET,
        STRIPE_API_BASE: stripe.fake.url,
      }),
    );

  it('refuses (422) and logs an event rendered in another API version, books nothing, and /readyz says so', async () => {
    const ready = await ctx.app.inject({ url: '/readyz' });
    expect(ready.json()).toMatchObject({ status: 'ready', stripeWebhooks: { status: 'ok' } });

    const { sub } = await started();
    // An account on an older default version: its invoice.paid has no `parent`, a renewal would be lost silently.
    const old = event(
      `evt_old_${sub.id}`,
      'invoice.paid',
      {
        id: `in_old_${sub.id}`,
        object: 'invoice',
        billing_reason: 'subscription_cycle',
        amount_paid: 29_900,
        currency: 'usd',
        subscription: sub.providerSubscriptionId,
      },
      1_792_000_000,
      '2024-06-20',
    );
    const refused = await deliver(old);
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toEqual({
      message: `This server reads Stripe events of API version ${STRIPE_API_VERSION} only; this one is 2024-06-20.`,
    });
    // Not stored as handled: once the endpoint is fixed, Stripe's retry (or a resend) is applied.
    expect((await deliver({ ...old, api_version: STRIPE_API_VERSION })).json()).toMatchObject({
      outcome: 'applied',
    });
    expect(await db().select().from(payments).where(eq(payments.subscriptionId, sub.id))).toEqual(
      [],
    );
    const unversioned = await deliver(
      event(
        `evt_nov_${sub.id}`,
        'customer.subscription.updated',
        { id: sub.providerSubscriptionId },
        1_792_000_000,
        null,
      ),
    );
    expect(unversioned.statusCode).toBe(422);

    const logged = logLines.filter((l) => l.level === 50 && l.event === `evt_old_${sub.id}`);
    expect(logged).toMatchObject([
      { type: 'invoice.paid', apiVersion: '2024-06-20', expected: STRIPE_API_VERSION },
    ]);
    const after = await ctx.app.inject({ url: '/readyz' });
    expect(after.statusCode).toBe(200);
    expect(after.json()).toMatchObject({
      status: 'ready',
      stripeWebhooks: {
        status: 'wrong_api_version',
        expected: STRIPE_API_VERSION,
        received: null,
        refused: 2,
        lastEventId: `evt_nov_${sub.id}`,
      },
    });
    expect(
      logLines.some(
        (l) => l.level === 30 && l.apiVersion === STRIPE_API_VERSION && /API version/.test(l.msg),
      ),
    ).toBe(true);
  });

  it("starts the renewal price on Stripe's period boundary, not 12 months after the intent was created", async () => {
    const { paymentIntentId, sub } = await started();
    const stripeSub = stripe.fake.subscription(sub.providerSubscriptionId!)!;
    const item = stripeSub.items.data[0] as { current_period_start: number };
    // Stripe started the period a few seconds before the intent was created (and paid later still).
    item.current_period_start -= 5;
    const boundary = addMonths(new Date(item.current_period_start * 1000), 12);
    const created = item.current_period_start + 5;
    await deliver(
      event(
        `evt_pay_${sub.id}`,
        'payment_intent.succeeded',
        succeededIntent(paymentIntentId, 29_900, created),
        created + 40,
      ),
    );
    const after = await row(sub.id);
    expect(after.renewalStartsAt).toEqual(boundary);
    const update = stripe.fake.requests
      .filter((r) => r.path === `/v1/subscription_schedules/${after.providerScheduleId}`)
      .at(-1)!;
    expect(update.params).toMatchObject({
      proration_behavior: 'none',
      'phases[0][end_date]': String(boundary.getTime() / 1000),
      'phases[1][items][0][price_data][unit_amount]': String(growing.renewalPriceCents),
    });
  });

  it('adopts a schedule the subscription already has instead of failing on every event', async () => {
    const { paymentIntentId, sub } = await started();
    // A try that failed after Stripe made the schedule (or the Dashboard) left one our row does not know.
    const existing = stripe.fake.attachSchedule(sub.providerSubscriptionId!);
    // Stripe refuses a second schedule for the subscription, as the fake does.
    const second = await fetch(`${stripe.fake.url}/v1/subscription_schedules`, {
      method: 'POST',
      headers: {
        authorization: 'Bearer sk_test_fake',
        'content-type': 'application/x-www-form-urlencoded',
      },
      body: `from_subscription=${sub.providerSubscriptionId}`,
    });
    expect(second.status).toBe(400);
    expect(await second.json()).toMatchObject({
      error: {
        type: 'invalid_request_error',
        message: expect.stringContaining('already attached to a schedule'),
      },
    });

    const created = Math.floor(Date.now() / 1000);
    await deliver(
      event(
        `evt_adopt_${sub.id}`,
        'payment_intent.succeeded',
        succeededIntent(paymentIntentId, 29_900, created),
        created,
      ),
    );
    const after = await row(sub.id);
    expect(after.providerScheduleId).toBe(existing);
    const update = stripe.fake.requests.filter(
      (r) => r.method === 'POST' && r.path === `/v1/subscription_schedules/${existing}`,
    );
    expect(update).toHaveLength(1);
    expect(update[0]!.params).toMatchObject({
      'phases[1][items][0][price_data][unit_amount]': String(growing.renewalPriceCents),
    });
  });

  it('rebuilds the schedule of a subscription whose schedule our row does not know (the billing page), releasing that one first', async () => {
    const { sub } = await started();
    const unknown = stripe.fake.attachSchedule(sub.providerSubscriptionId!);
    const now = new Date();
    const scheduleId = await provider().subscriptions!.setPhases({
      providerSubscriptionId: sub.providerSubscriptionId!,
      scheduleId: null,
      currency: 'usd',
      phases: [
        { plan: growing, priceCents: growing.priceCents, endsAt: addMonths(now, 12) },
        { plan: growing, priceCents: growing.renewalPriceCents!, endsAt: null },
      ],
    });
    expect(scheduleId).toMatch(/^sub_sched_fake/);
    expect(scheduleId).not.toBe(unknown);
    expect(
      stripe.fake.requests.some((r) => r.path === `/v1/subscription_schedules/${unknown}/release`),
    ).toBe(true);
    expect(stripe.fake.subscription(sub.providerSubscriptionId!)!.schedule).toBe(scheduleId);
  });

  it('keeps an active subscription active when a late customer.subscription.created(incomplete) arrives first of its events', async () => {
    const { paymentIntentId, sub } = await started();
    const now = Math.floor(Date.now() / 1000);
    await deliver(
      event(
        `evt_paid_${sub.id}`,
        'payment_intent.succeeded',
        succeededIntent(paymentIntentId, 29_900, now),
        now,
      ),
    );
    expect((await row(sub.id)).status).toBe('active');
    const late = await deliver(
      event(
        `evt_created_${sub.id}`,
        'customer.subscription.created',
        {
          id: sub.providerSubscriptionId,
          object: 'subscription',
          status: 'incomplete',
          items: { data: [] },
        },
        now - 2,
      ),
    );
    expect(late.json()).toMatchObject({ outcome: 'stale' });
    expect((await row(sub.id)).status).toBe('active');
    // A newer incomplete (Stripe never sends one after active) does not either; a newer past_due does apply.
    await deliver(
      event(
        `evt_inc_${sub.id}`,
        'customer.subscription.updated',
        { id: sub.providerSubscriptionId, status: 'incomplete', items: { data: [] } },
        now + 10,
      ),
    );
    expect((await row(sub.id)).status).toBe('active');
    await deliver(
      event(
        `evt_due_${sub.id}`,
        'customer.subscription.updated',
        { id: sub.providerSubscriptionId, status: 'past_due', items: { data: [] } },
        now + 20,
      ),
    );
    expect((await row(sub.id)).status).toBe('past_due');
  });

  it('books the first payment at the time it was paid, not when its intent was created', async () => {
    const { paymentIntentId, registrationId } = await started();
    const created = 1_790_000_000;
    const paidAt = created + 3 * 86_400; // the client came back three days later
    await deliver(
      event(
        `evt_late_pay_${registrationId}`,
        'payment_intent.succeeded',
        succeededIntent(paymentIntentId, 29_900, created),
        paidAt,
      ),
    );
    expect(
      await db()
        .select({ paidAt: payments.paidAt })
        .from(payments)
        .where(eq(payments.registrationId, registrationId)),
    ).toEqual([{ paidAt: new Date(paidAt * 1000) }]);

    // Read back from Stripe (no webhook yet): the charge's time.
    const other = await started();
    const chargedAt = Math.floor(Date.now() / 1000) - 30;
    stripe.fake.setIntent(
      other.paymentIntentId,
      { status: 'succeeded', amount_received: 29_900, created: created },
      chargedAt,
    );
    const status = await ctx.app.inject({
      url: apiPath(
        getPaymentStatus,
        {},
        { payment_intent: other.paymentIntentId, payment_intent_client_secret: other.clientSecret },
      ),
    });
    expect(status.json()).toMatchObject({ status: 'succeeded' });
    expect(
      await db()
        .select({ paidAt: payments.paidAt })
        .from(payments)
        .where(eq(payments.registrationId, other.registrationId)),
    ).toEqual([{ paidAt: new Date(chargedAt * 1000) }]);
  });

  it('reads a renewal from its subscription line, not a proration line listed before it', async () => {
    const { paymentIntentId, sub } = await started();
    const now = Math.floor(Date.now() / 1000);
    await deliver(
      event(
        `evt_first_${sub.id}`,
        'payment_intent.succeeded',
        succeededIntent(paymentIntentId, 29_900, now),
        now,
      ),
    );
    const renewsAt = now + 31 * 86_400;
    const line = (id: string, proration: boolean, start: number, end: number, amount: number) => ({
      id,
      object: 'line_item',
      amount,
      period: { start, end },
      parent: {
        type: 'subscription_item_details',
        subscription_item_details: {
          subscription: sub.providerSubscriptionId,
          subscription_item: 'si_1',
          proration,
          invoice_item: null,
        },
        invoice_item_details: null,
      },
      pricing: {
        type: 'price_details',
        price_details: { price: 'price_1', product: 'plan_growing' },
        unit_amount_decimal: null,
      },
    });
    const renewal = {
      id: `in_renew_${sub.id}`,
      object: 'invoice',
      billing_reason: 'subscription_cycle',
      amount_paid: 29_900,
      currency: 'usd',
      customer: 'cus_x',
      parent: {
        type: 'subscription_details',
        subscription_details: { subscription: sub.providerSubscriptionId },
      },
      status_transitions: { paid_at: renewsAt },
      lines: {
        object: 'list',
        data: [
          line('il_credit', true, now + 86_400, renewsAt, -1_000),
          line('il_debit', true, now + 86_400, renewsAt, 1_000),
          line('il_sub', false, renewsAt, renewsAt + 30 * 86_400, 29_900),
        ],
      },
    };
    await deliver(event(`evt_renew_${sub.id}`, 'invoice.paid', renewal, renewsAt));
    const [booked] = await db()
      .select()
      .from(invoices)
      .where(eq(invoices.providerInvoiceId, `in_renew_${sub.id}`));
    expect(booked).toMatchObject({
      kind: 'renewal',
      periodStart: new Date(renewsAt * 1000),
      periodEnd: new Date((renewsAt + 30 * 86_400) * 1000),
    });
  });

  it('never reuses an idempotency key with other parameters (Stripe answers 400 idempotency_error)', async () => {
    // The fake holds Stripe's rule.
    const post = (body: string) =>
      fetch(`${stripe.fake.url}/v1/customers`, {
        method: 'POST',
        headers: {
          authorization: 'Bearer sk_test_fake',
          'content-type': 'application/x-www-form-urlencoded',
          'idempotency-key': `key-${kind}`,
        },
        body,
      });
    const first = await post('email=a%40example.com');
    expect(first.status).toBe(200);
    expect(await (await post('email=a%40example.com')).json()).toEqual(await first.json());
    const other = await post('email=b%40example.com');
    expect(other.status).toBe(400);
    expect(await other.json()).toMatchObject({ error: { type: 'idempotency_error' } });

    // Scheduling the renewal again after the row's price changed (a retry after a plan change): new parameters, a new key.
    const { paymentIntentId, sub } = await started();
    stripe.fake.setIntent(paymentIntentId, { status: 'succeeded' });
    const phase = {
      providerSubscriptionId: sub.providerSubscriptionId!,
      idempotencyKey: `renewal-${sub.id}`,
      plan: growing,
      currency: 'usd',
      priceCents: growing.priceCents,
      renewalPriceCents: growing.renewalPriceCents!,
      firstPhaseMonths: 12,
      renewalStartsAt: addMonths(new Date(), 12),
    };
    const stripeProvider = provider();
    const first1 = await stripeProvider.scheduleRenewal(phase);
    const again = await stripeProvider.scheduleRenewal({
      ...phase,
      priceCents: growing.priceCents - 1_000,
    });
    expect(again!.scheduleId).toBe(first1!.scheduleId);
    const keys = stripe.fake.requests
      .filter(
        (r) => r.path === `/v1/subscription_schedules/${first1!.scheduleId}` && r.method === 'POST',
      )
      .map((r) => r.idempotencyKey);
    expect(keys).toHaveLength(2);
    expect(new Set(keys).size).toBe(2);
  });
});
