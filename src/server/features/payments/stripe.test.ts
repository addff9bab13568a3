import { beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import {
  businessRegistrations,
  paymentIntents,
  payments,
  subscriptionPlans,
  subscriptions,
} from '../../db/schema.js';
import { TEST_DATABASES, testConfig } from '../../test/databases.js';
import { STRIPE_WEBHOOK_SECRET, stripeAppUnderTest } from '../../test/stripe-app.js';
import { apiPath } from '../../test/api-path.js';
import { createPaymentProvider } from '../../adapters/payments/index.js';
import { createSettlement } from './settle.js';
import { stripeWebhook } from '../../../contract/payments/payments.js';
import { createPaymentIntent, getPaymentStatus } from '../../../contract/payments/checkout.js';

const registration = {
  businessName: 'Demo Garage',
  ownerName: 'Alex Example',
  email: 'alex@example.com',
  businessType: 'Automotive',
  subscriptionPlan: 'growing',
};

describe.each(TEST_DATABASES)('payments through Stripe (local fake) on %s', (kind) => {
  let growing: typeof subscriptionPlans.$inferSelect;
  const stripe = stripeAppUnderTest(kind);
  const { ctx, deliver, event, succeededIntent } = stripe;

  beforeAll(async () => {
    growing = (
      await ctx.testDb.database.db
        .select()
        .from(subscriptionPlans)
        .where(eq(subscriptionPlans.name, 'growing'))
    )[0]!;
  });

  // Each registration has an owner of its own: an address that already pays would be sent to its
  // billing page instead of a checkout (docs/decisions/032).
  let email = registration.email;
  let registered = 0;
  const register = () => {
    email = `alex+${++registered}@example.com`;
    return stripe.register({ ...registration, email });
  };
  const start = (registrationId: string) => stripe.start(growing.id, registrationId);
  const ledgerFor = (registrationId: string) =>
    ctx.testDb.database.db
      .select()
      .from(payments)
      .where(eq(payments.registrationId, registrationId));

  it('creates the customer and an incomplete subscription at the plan price, with idempotency keys', async () => {
    const registrationId = await register();
    const before = stripe.fake.requests.length;
    const answer = await start(registrationId);
    expect(answer).toMatchObject({ provider: 'stripe', publishableKey: 'pk_test_fake' });
    expect(answer.clientSecret).toBe(`${answer.paymentIntentId}_secret_fake`);
    const sent = stripe.fake.requests.slice(before);
    expect(sent.map((r) => `${r.method} ${r.path}`)).toEqual([
      'POST /v1/customers',
      'GET /v1/products/plan_growing',
      'POST /v1/products',
      'POST /v1/subscriptions',
    ]);
    expect(sent[0]!.authorization).toBe('Bearer sk_test_fake');
    expect(sent[0]!.params).toMatchObject({
      email,
      name: 'Demo Garage',
      'metadata[registration_id]': registrationId,
    });
    const sub = sent[3]!;
    expect(sub.params).toMatchObject({
      'items[0][price_data][unit_amount]': '29900',
      'items[0][price_data][currency]': 'usd',
      'items[0][price_data][product]': 'plan_growing',
      'items[0][price_data][recurring][interval]': 'month',
      payment_behavior: 'default_incomplete',
      'expand[0]': 'latest_invoice.confirmation_secret',
      'metadata[plan_id]': String(growing.id),
    });
    // The derived key, the call, and a hash of the call's parameters (Stripe refuses a key reused with others).
    expect(sub.idempotencyKey).toMatch(/^[0-9a-f]{64}-subscription-[0-9a-f]{16}$/);
    expect(sent[0]!.idempotencyKey).toMatch(
      new RegExp(`^${sub.idempotencyKey!.slice(0, 64)}-customer-[0-9a-f]{16}$`),
    );

    const again = await start(registrationId);
    expect(again.clientSecret).toBe(answer.clientSecret);
    expect(stripe.fake.requests.length).toBe(before + 4);
  });

  it('refuses a webhook whose signature does not verify, and books nothing', async () => {
    const registrationId = await register();
    const { paymentIntentId } = await start(registrationId);
    const forged = await deliver(
      event('evt_forged', 'payment_intent.succeeded', succeededIntent(paymentIntentId)),
      't=1,v1=deadbeef',
    );
    expect(forged.statusCode).toBe(400);
    expect(forged.json()).toEqual({ message: 'The webhook signature does not verify.' });
    const unsigned = await ctx.app.inject({
      method: 'POST',
      url: apiPath(stripeWebhook),
      headers: { 'content-type': 'application/json' },
      payload: '{}',
    });
    expect(unsigned.statusCode).toBe(400);
    expect(await ledgerFor(registrationId)).toHaveLength(0);
  });

  it('keeps a failure, then books one payment however often and however concurrently the success arrives', async () => {
    const registrationId = await register();
    const { paymentIntentId, clientSecret } = await start(registrationId);
    const failed = await deliver(
      event('evt_fail_1', 'payment_intent.payment_failed', {
        ...succeededIntent(paymentIntentId),
        status: 'requires_payment_method',
        last_payment_error: { message: 'Your card has insufficient funds.' },
      }),
    );
    expect(failed.statusCode).toBe(200);
    const status = await ctx.app.inject({
      url: apiPath(getPaymentStatus, {}, { payment_intent_client_secret: clientSecret }),
    });
    expect(status.json()).toMatchObject({
      status: 'requires_payment_method',
      message: 'Your card has insufficient funds.',
    });

    const first = event('evt_ok_1', 'payment_intent.succeeded', succeededIntent(paymentIntentId));
    expect((await deliver(first)).json()).toEqual({ received: true, outcome: 'applied' });
    expect((await deliver(first)).json()).toEqual({ received: true, outcome: 'duplicate' });
    const second = event('evt_ok_2', 'payment_intent.succeeded', succeededIntent(paymentIntentId));
    const together = await Promise.all([
      deliver(second),
      deliver(second),
      deliver(event('evt_ok_3', 'payment_intent.succeeded', succeededIntent(paymentIntentId))),
    ]);
    expect(together.map((r) => r.statusCode)).toEqual([200, 200, 200]);
    expect(
      together
        .slice(0, 2)
        .map((r) => r.json<{ outcome: string }>().outcome)
        .sort(),
    ).toEqual(['applied', 'duplicate']);

    const ledger = await ledgerFor(registrationId);
    expect(ledger).toHaveLength(1);
    expect(ledger[0]).toMatchObject({
      provider: 'stripe',
      providerPaymentId: paymentIntentId,
      amountCents: 29_900,
      providerCustomerId: 'cus_x',
      productId: 'plan_growing',
      livemode: false,
    });
    const [reg] = await ctx.testDb.database.db
      .select()
      .from(businessRegistrations)
      .where(eq(businessRegistrations.id, registrationId));
    expect(reg!.status).toBe('active');
    // Stripe tells us no card here: the receipt has everything else.
    expect(
      (
        await ctx.app.inject({
          url: apiPath(getPaymentStatus, {}, { payment_intent_client_secret: clientSecret }),
        })
      ).json(),
    ).toMatchObject({
      status: 'succeeded',
      receipt: {
        amount: '299.00',
        currency: 'usd',
        billingCycle: 'month',
        card: null,
        businessName: 'Demo Garage',
        email,
      },
    });
  });

  it('puts the renewal price in a second phase once the subscription is active', async () => {
    const registrationId = await register();
    const { paymentIntentId } = await start(registrationId);
    const [sub] = await ctx.testDb.database.db
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.registrationId, registrationId));
    const before = stripe.fake.requests.length;
    await deliver(
      event(
        `evt_paid_${registrationId}`,
        'payment_intent.succeeded',
        succeededIntent(paymentIntentId),
      ),
    );
    const calls = stripe.fake.requests.slice(before);
    expect(calls.map((r) => `${r.method} ${r.path.replace(/sub_sched_fake\d+/, 'ID')}`)).toEqual([
      `GET /v1/subscriptions/${sub!.providerSubscriptionId}`,
      'POST /v1/subscription_schedules',
      'POST /v1/subscription_schedules/ID',
    ]);
    expect(calls[1]!.params).toEqual({ from_subscription: sub!.providerSubscriptionId });
    expect(calls[2]!.params).toMatchObject({
      end_behavior: 'release',
      // Rewriting the current phase's price charges nothing (no credit and debit pair on the next invoice).
      proration_behavior: 'none',
      'phases[0][items][0][price_data][unit_amount]': '29900',
      'phases[1][items][0][price_data][unit_amount]': String(growing.renewalPriceCents),
    });
    const [after] = await ctx.testDb.database.db
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.id, sub!.id));
    expect(after!.providerScheduleId).toMatch(/^sub_sched_fake/);

    const cancelled = await deliver(
      event(`evt_sub_${registrationId}`, 'customer.subscription.deleted', {
        id: sub!.providerSubscriptionId,
        object: 'subscription',
        status: 'canceled',
        items: { data: [] },
      }),
    );
    expect(cancelled.statusCode).toBe(200);
    const [ended] = await ctx.testDb.database.db
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.id, sub!.id));
    expect(ended!.status).toBe('canceled');
  });

  it('books each renewal invoice once, and leaves the first invoice to its PaymentIntent', async () => {
    const registrationId = await register();
    const { paymentIntentId } = await start(registrationId);
    await deliver(
      event(
        `evt_first_${registrationId}`,
        'payment_intent.succeeded',
        succeededIntent(paymentIntentId),
      ),
    );
    const [sub] = await ctx.testDb.database.db
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.registrationId, registrationId));
    const invoice = (id: string, billingReason: string) => ({
      id,
      object: 'invoice',
      billing_reason: billingReason,
      amount_paid: 29_900,
      currency: 'usd',
      customer: 'cus_x',
      parent: {
        type: 'subscription_details',
        subscription_details: { subscription: sub!.providerSubscriptionId },
      },
      status_transitions: { paid_at: 1_792_000_000 },
    });
    const first = await deliver(
      event(
        `evt_inv0_${registrationId}`,
        'invoice.paid',
        invoice(`in_first_${registrationId}`, 'subscription_create'),
      ),
    );
    expect(first.json()).toMatchObject({ outcome: 'applied' });
    expect(await ledgerFor(registrationId)).toHaveLength(1);
    const renewal = event(
      `evt_inv1_${registrationId}`,
      'invoice.paid',
      invoice(`in_cycle_${registrationId}`, 'subscription_cycle'),
    );
    await deliver(renewal);
    await deliver({ ...renewal, id: `evt_inv1_retry_${registrationId}` });
    const ledger = await ledgerFor(registrationId);
    expect(ledger).toHaveLength(2);
    expect(
      ledger.find((row) => row.providerPaymentId === `in_cycle_${registrationId}`),
    ).toMatchObject({
      amountCents: 29_900,
      subscriptionId: sub!.id,
      paidAt: new Date(1_792_000_000 * 1000),
    });
  });

  it("books the sales of the agency's other products (applications) from invoice.paid and charge.succeeded, once", async () => {
    const byProduct = (productId: string) =>
      ctx.testDb.database.db.select().from(payments).where(eq(payments.productId, productId));
    const appInvoice = {
      id: 'in_app_1',
      object: 'invoice',
      billing_reason: 'subscription_create',
      amount_paid: 1_499,
      currency: 'usd',
      customer: 'cus_app',
      customer_email: 'buyer@customers.example',
      lines: {
        object: 'list',
        data: [
          {
            id: 'il_1',
            object: 'line_item',
            pricing: {
              type: 'price_details',
              price_details: { price: 'price_1', product: 'prod_app_meals' },
            },
          },
        ],
      },
      parent: {
        type: 'subscription_details',
        subscription_details: { subscription: 'sub_not_ours' },
      },
      status_transitions: { paid_at: 1_792_000_100 },
    };
    await deliver(event('evt_app_inv', 'invoice.paid', appInvoice));
    await deliver(event('evt_app_inv_again', 'invoice.paid', appInvoice));
    expect(await byProduct('prod_app_meals')).toMatchObject([
      {
        providerPaymentId: 'in_app_1',
        amountCents: 1_499,
        customerEmail: 'buyer@customers.example',
        paidAt: new Date(1_792_000_100 * 1000),
      },
    ]);

    const charge = (id: string, metadata: Record<string, string>) => ({
      id,
      object: 'charge',
      amount: 999,
      amount_captured: 999,
      currency: 'usd',
      customer: null,
      billing_details: { email: 'walkin@customers.example' },
      created: 1_792_000_200,
      metadata,
    });
    await deliver(
      event(
        'evt_app_charge',
        'charge.succeeded',
        charge('ch_app_1', { product_id: 'prod_app_meals' }),
      ),
    );
    await deliver(event('evt_plain_charge', 'charge.succeeded', charge('ch_plain', {})));
    await deliver(
      event(
        'evt_plan_charge',
        'charge.succeeded',
        charge('ch_plan', { product_id: 'plan_growing' }),
      ),
    );
    const rows = await byProduct('prod_app_meals');
    expect(rows.map((r) => r.providerPaymentId).sort()).toEqual(['ch_app_1', 'in_app_1']);
    expect(
      await ctx.testDb.database.db
        .select()
        .from(payments)
        .where(eq(payments.providerPaymentId, 'ch_plain')),
    ).toEqual([]);
    expect(
      await ctx.testDb.database.db
        .select()
        .from(payments)
        .where(eq(payments.providerPaymentId, 'ch_plan')),
    ).toEqual([]);
  });

  it('revenue:sync books the paid invoices and charges Stripe lists since a date, once however often it runs', async () => {
    const appInvoice = (id: string, created: number) => ({
      id,
      object: 'invoice',
      status: 'paid',
      created,
      billing_reason: 'subscription_cycle',
      amount_paid: 2_500,
      currency: 'usd',
      customer: 'cus_sync',
      customer_email: 'sync@customers.example',
      lines: {
        object: 'list',
        data: [
          {
            id: `il_${id}`,
            object: 'line_item',
            pricing: {
              type: 'price_details',
              price_details: { price: 'price_s', product: 'prod_app_sync' },
            },
          },
        ],
      },
      parent: null,
      status_transitions: { paid_at: created },
    });
    // More than one page of 100, and one too old to be asked for.
    stripe.fake.listed.invoices.push(
      ...Array.from({ length: 120 }, (_, i) => appInvoice(`in_sync_${i}`, 1_800_000_000 - i)),
    );
    stripe.fake.listed.invoices.push(appInvoice('in_sync_old', 1_600_000_000));
    stripe.fake.listed.charges.push({
      id: 'ch_sync_1',
      object: 'charge',
      status: 'succeeded',
      livemode: true,
      created: 1_800_000_000,
      amount: 700,
      amount_captured: 700,
      currency: 'usd',
      customer: null,
      billing_details: { email: null },
      receipt_email: null,
      metadata: { product_id: 'prod_app_sync' },
    });
    const provider = createPaymentProvider(
      testConfig({
        STRIPE_SECRET_KEY: 'sk_test_fake',
        STRIPE_PUBLISHABLE_KEY: 'pk_test_fake',
        STRIPE_WEBHOOK_SECRET,
        STRIPE_API_BASE: stripe.fake.url,
      }),
    );
    const settlement = createSettlement({
      db: ctx.testDb.database.db,
      provider,
      mail: { siteName: 'S', supportEmail: 's@example.com', teamEmail: 't@example.com' },
      log: ctx.app.log,
      mailQueued: () => undefined,
    });
    const sync = async () => {
      for await (const ev of provider.paidSince!(new Date(1_700_000_000 * 1000)))
        await settlement.reconcile(ev);
    };
    await sync();
    await sync();
    const rows = await ctx.testDb.database.db
      .select()
      .from(payments)
      .where(eq(payments.productId, 'prod_app_sync'));
    expect(rows).toHaveLength(121);
    expect(rows.reduce((sum, r) => sum + r.amountCents, 0)).toBe(120 * 2_500 + 700);
    expect(rows.some((r) => r.providerPaymentId === 'in_sync_old')).toBe(false);
    // Each row is live or test as Stripe marks the object it was read from.
    expect(rows.filter((r) => r.livemode).map((r) => r.providerPaymentId)).toEqual(['ch_sync_1']);
    expect(
      stripe.fake.requests
        .filter((r) => r.path === '/v1/invoices')
        .some((r) => r.params.starting_after),
    ).toBe(true);
  });

  it('applies subscription events in order: a stale update never revives a cancelled subscription', async () => {
    const registrationId = await register();
    const { paymentIntentId } = await start(registrationId);
    const [sub] = await ctx.testDb.database.db
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.registrationId, registrationId));
    const state = async () =>
      (
        await ctx.testDb.database.db
          .select()
          .from(subscriptions)
          .where(eq(subscriptions.id, sub!.id))
      )[0]!;
    const subscription = (status: string) => ({
      id: sub!.providerSubscriptionId,
      object: 'subscription',
      status,
      items: { data: [] },
    });
    const t1 = 1_795_000_000;
    const t2 = t1 + 60;

    const deleted = await deliver(
      event(
        `evt_del_${registrationId}`,
        'customer.subscription.deleted',
        subscription('canceled'),
        t2,
      ),
    );
    expect(deleted.json()).toEqual({ received: true, outcome: 'applied' });
    const stale = await deliver(
      event(
        `evt_upd_${registrationId}`,
        'customer.subscription.updated',
        subscription('active'),
        t1,
      ),
    );
    expect(stale.statusCode).toBe(200);
    expect(stale.json()).toEqual({ received: true, outcome: 'stale' });
    expect(await state()).toMatchObject({
      status: 'canceled',
      providerEventAt: new Date(t2 * 1000),
    });
    // The same second as the cancellation: the state further along its life wins.
    const tie = await deliver(
      event(
        `evt_tie_${registrationId}`,
        'customer.subscription.updated',
        subscription('active'),
        t2,
      ),
    );
    expect(tie.json()).toEqual({ received: true, outcome: 'stale' });
    expect((await state()).status).toBe('canceled');
    // A late delivery of the first payment books the money but does not reactivate it either.
    const late = await deliver(
      event(
        `evt_paid_late_${registrationId}`,
        'payment_intent.succeeded',
        succeededIntent(paymentIntentId),
      ),
    );
    expect(late.json()).toMatchObject({ outcome: 'applied' });
    expect(await ledgerFor(registrationId)).toHaveLength(1);
    expect((await state()).status).toBe('canceled');
  });

  it('orders same-second events by the subscription lifecycle, and newer events always apply', async () => {
    const registrationId = await register();
    await start(registrationId);
    const [sub] = await ctx.testDb.database.db
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.registrationId, registrationId));
    const status = async () =>
      (
        await ctx.testDb.database.db
          .select()
          .from(subscriptions)
          .where(eq(subscriptions.id, sub!.id))
      )[0]!.status;
    const subscription = (s: string) => ({
      id: sub!.providerSubscriptionId,
      object: 'subscription',
      status: s,
      items: { data: [] },
    });
    const t = 1_796_000_000;
    // Stripe sends created (incomplete) and updated (active) within one second; here updated arrives first.
    expect(
      (
        await deliver(
          event(
            `evt_a_${registrationId}`,
            'customer.subscription.updated',
            subscription('active'),
            t,
          ),
        )
      ).json(),
    ).toMatchObject({
      outcome: 'applied',
    });
    expect(
      (
        await deliver(
          event(
            `evt_b_${registrationId}`,
            'customer.subscription.created',
            subscription('incomplete'),
            t,
          ),
        )
      ).json(),
    ).toMatchObject({
      outcome: 'stale',
    });
    expect(await status()).toBe('active');
    expect(
      (
        await deliver(
          event(
            `evt_c_${registrationId}`,
            'customer.subscription.updated',
            subscription('past_due'),
            t + 1,
          ),
        )
      ).json(),
    ).toMatchObject({
      outcome: 'applied',
    });
    expect(
      (
        await deliver(
          event(
            `evt_d_${registrationId}`,
            'customer.subscription.updated',
            subscription('active'),
            t + 2,
          ),
        )
      ).json(),
    ).toMatchObject({
      outcome: 'applied',
    });
    expect(await status()).toBe('active');
    // Delivered together, in either order, the newer one is what stays.
    await Promise.all([
      deliver(
        event(
          `evt_e_${registrationId}`,
          'customer.subscription.deleted',
          subscription('canceled'),
          t + 10,
        ),
      ),
      deliver(
        event(
          `evt_f_${registrationId}`,
          'customer.subscription.updated',
          subscription('past_due'),
          t + 5,
        ),
      ),
    ]);
    expect(await status()).toBe('canceled');
    // A subscription that is not ours (another product on the account) changes nothing.
    const foreign = await deliver(
      event(
        `evt_g_${registrationId}`,
        'customer.subscription.updated',
        { ...subscription('active'), id: 'sub_not_ours' },
        t,
      ),
    );
    expect(foreign.json()).toMatchObject({ outcome: 'applied' });
  });

  it('marks each ledger row live or test as Stripe marks what was paid', async () => {
    const registrationId = await register();
    const { paymentIntentId } = await start(registrationId);
    await deliver({
      ...event(`evt_live_${registrationId}`, 'payment_intent.succeeded', {
        ...succeededIntent(paymentIntentId),
        livemode: true,
      }),
      livemode: true,
    });
    expect(await ledgerFor(registrationId)).toMatchObject([
      { providerPaymentId: paymentIntentId, livemode: true },
    ]);
    const charge = {
      id: 'ch_live_1',
      object: 'charge',
      livemode: true,
      amount: 500,
      amount_captured: 500,
      currency: 'usd',
      customer: null,
      billing_details: { email: null },
      created: 1_792_000_300,
      metadata: { product_id: 'prod_app_live' },
    };
    await deliver({ ...event('evt_live_charge', 'charge.succeeded', charge), livemode: true });
    await deliver(
      event('evt_test_charge', 'charge.succeeded', { ...charge, id: 'ch_test_1', livemode: false }),
    );
    const rows = await ctx.testDb.database.db
      .select()
      .from(payments)
      .where(eq(payments.productId, 'prod_app_live'));
    expect(Object.fromEntries(rows.map((r) => [r.providerPaymentId, r.livemode]))).toEqual({
      ch_live_1: true,
      ch_test_1: false,
    });
  });

  it('confirms a payment by asking Stripe when the webhook has not arrived yet', async () => {
    const registrationId = await register();
    const { paymentIntentId, clientSecret } = await start(registrationId);
    const ask = () =>
      ctx.app.inject({
        url: apiPath(
          getPaymentStatus,
          {},
          { payment_intent: paymentIntentId, payment_intent_client_secret: clientSecret },
        ),
      });
    expect((await ask()).json()).toMatchObject({ status: 'requires_payment_method' });
    expect(await ledgerFor(registrationId)).toHaveLength(0);
    stripe.fake.setIntent(paymentIntentId, { status: 'succeeded', amount_received: 29_900 });
    expect((await ask()).json()).toMatchObject({ status: 'succeeded' });
    expect(await ledgerFor(registrationId)).toHaveLength(1);
    const [intent] = await ctx.testDb.database.db
      .select()
      .from(paymentIntents)
      .where(eq(paymentIntents.providerIntentId, paymentIntentId));
    expect(intent!.status).toBe('succeeded');
  });

  it("answers 502 with Stripe's message when Stripe refuses to start the payment", async () => {
    const [cheap] = await ctx.testDb.database.db
      .insert(subscriptionPlans)
      .values({ name: `cheap-${kind}`, displayName: 'Cheap', description: 'x', priceCents: 13 })
      .returning();
    const res = await ctx.app.inject({
      method: 'POST',
      url: apiPath(createPaymentIntent),
      payload: { planId: cheap!.id },
    });
    expect(res.statusCode).toBe(502);
    expect(res.json<{ message: string }>().message).toBe(
      'The payment provider refused to start the payment: Your card was declined.',
    );
  });
});
