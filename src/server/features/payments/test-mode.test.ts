import { beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import {
  businessRegistrations,
  outboxMessages,
  paymentIntents,
  payments,
  subscriptionPlans,
  subscriptions,
} from '../../db/schema.js';
import { TEST_DATABASES } from '../../test/databases.js';
import { appUnderTest } from '../../test/app-under-test.js';
import { apiPath } from '../../test/api-path.js';
import { submitBusinessRegistration } from '../../../contract/registration/fields.js';
import { listPlans } from '../../../contract/plans/list.js';
import { stripeWebhook } from '../../../contract/payments/payments.js';
import {
  confirmTestCardPayment,
  createPaymentIntent,
  getPaymentStatus,
} from '../../../contract/payments/checkout.js';

const registration = {
  businessName: 'Demo Bakery',
  ownerName: 'Sam Example',
  email: 'sam@example.com',
  businessType: 'Restaurant',
  subscriptionPlan: 'growing',
};
const card = { cardNumber: '4242 4242 4242 4242', expiry: '12 / 40', cvc: '123' };

describe.each(TEST_DATABASES)('payments in test mode on %s', (kind) => {
  const ctx = appUnderTest(kind, {
    role: null,
    registrationRateLimit: 1000,
    paymentRateLimit: 1000,
  });
  let plans: { id: number; name: string; price: string }[];

  beforeAll(async () => {
    plans = (await ctx.app.inject({ url: apiPath(listPlans) })).json();
  });

  const plan = (name: string) => plans.find((p) => p.name === name)!;
  const createIntent = (payload: object, headers: Record<string, string> = {}) =>
    ctx.app.inject({ method: 'POST', url: apiPath(createPaymentIntent), payload, headers });
  /** A paid address registering again gets its billing page instead (docs/decisions/032). */
  const register = async (email = registration.email) =>
    (
      await ctx.app.inject({
        method: 'POST',
        url: apiPath(submitBusinessRegistration),
        payload: { ...registration, email },
      })
    ).json<{ id: string }>().id;
  const pay = (clientSecret: string, overrides: object = {}) =>
    ctx.app.inject({
      method: 'POST',
      url: apiPath(confirmTestCardPayment),
      payload: { clientSecret, ...card, ...overrides },
    });

  it('prices the plan itself: a tampered amount, an unknown plan or a bad body answer 400', async () => {
    const growing = plan('growing');
    const tampered = await createIntent({ planId: growing.id, amount: 1 });
    expect(tampered.statusCode).toBe(400);
    expect(tampered.json<{ message: string }>().message).toBe(
      `The amount does not match the price of Growing ($${growing.price}). Reload the page and try again.`,
    );
    const unknown = await createIntent({ planId: 99999, amount: 1 });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json<{ issues: { field: string }[] }>().issues[0]!.field).toBe('planId');
    for (const body of [
      {},
      { planId: 'x' },
      { planId: growing.id, amount: 'lots' },
      { planId: growing.id, registrationId: 'nope' },
    ]) {
      expect((await createIntent(body)).statusCode).toBe(400);
    }
    const badKey = await createIntent({ planId: growing.id }, { 'idempotency-key': 'short' });
    expect(badKey.statusCode).toBe(400);
    expect(await ctx.testDb.database.db.$count(paymentIntents)).toBe(0);
  });

  it('answers the same intent to a retried request and to a second visit of one registration', async () => {
    const growing = plan('growing');
    const first = await createIntent(
      { planId: growing.id, amount: Number(growing.price) },
      { 'idempotency-key': 'visit-key-0001' },
    );
    expect(first.statusCode).toBe(200);
    const body = first.json<{
      clientSecret: string;
      provider: string;
      amount: string;
      publishableKey: null;
    }>();
    expect(body).toMatchObject({ provider: 'test', amount: growing.price, publishableKey: null });
    expect(body.clientSecret).toMatch(/^pi_test_[0-9a-f]+_secret_[0-9a-f]+$/);
    const retry = await createIntent(
      { planId: growing.id, amount: growing.price },
      { 'idempotency-key': 'visit-key-0001' },
    );
    expect(retry.json<{ clientSecret: string }>().clientSecret).toBe(body.clientSecret);
    const other = await createIntent(
      { planId: growing.id },
      { 'idempotency-key': 'visit-key-0002' },
    );
    expect(other.json<{ clientSecret: string }>().clientSecret).not.toBe(body.clientSecret);

    const registrationId = await register();
    const [a, b] = await Promise.all([
      createIntent({ planId: growing.id, registrationId }),
      createIntent({ planId: growing.id, registrationId }),
    ]);
    const again = await createIntent({ planId: growing.id, registrationId });
    expect(again.json<{ clientSecret: string }>().clientSecret).toBe(
      a.json<{ clientSecret: string }>().clientSecret,
    );
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
  });

  it('a declined card keeps the registration; a good card then books one payment and activates it', async () => {
    const db = ctx.testDb.database.db;
    const registrationId = await register();
    const growing = plan('growing');
    const { clientSecret, paymentIntentId } = (
      await createIntent({ planId: growing.id, amount: growing.price, registrationId })
    ).json<{
      clientSecret: string;
      paymentIntentId: string;
    }>();

    const declined = await pay(clientSecret, { cardNumber: '4000 0000 0000 0002' });
    expect(declined.statusCode).toBe(200);
    expect(declined.json()).toMatchObject({
      status: 'requires_payment_method',
      message: 'Your card was declined.',
    });
    const broke = await pay(clientSecret, { cardNumber: '4000000000009995' });
    expect(broke.json()).toMatchObject({ message: 'Your card has insufficient funds.' });
    const [pending] = await db
      .select()
      .from(businessRegistrations)
      .where(eq(businessRegistrations.id, registrationId));
    expect(pending!.status).toBe('pending_payment');

    const bad = await pay(clientSecret, { cardNumber: '4242 4242 4242 4241', expiry: '01 / 20' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json<{ issues: { field: string }[] }>().issues.map((i) => i.field)).toEqual([
      'cardNumber',
      'expiry',
    ]);

    const ok = await pay(clientSecret);
    expect(ok.json()).toMatchObject({
      status: 'succeeded',
      message: null,
      amount: growing.price,
      plan: { name: 'growing' },
    });
    const twice = await pay(clientSecret);
    expect(twice.json()).toMatchObject({ status: 'succeeded' });

    const ledger = await db
      .select()
      .from(payments)
      .where(eq(payments.registrationId, registrationId));
    expect(ledger).toHaveLength(1);
    const [planRow] = await db
      .select()
      .from(subscriptionPlans)
      .where(eq(subscriptionPlans.name, 'growing'));
    expect(ledger[0]).toMatchObject({
      amountCents: planRow!.priceCents,
      currency: 'usd',
      provider: 'test',
      providerPaymentId: paymentIntentId,
      productId: 'plan_growing',
      customerEmail: 'sam@example.com',
      livemode: false,
    });
    const [active] = await db
      .select()
      .from(businessRegistrations)
      .where(eq(businessRegistrations.id, registrationId));
    expect(active!.status).toBe('active');
    const [sub] = await db
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.registrationId, registrationId));
    expect(sub).toMatchObject({
      status: 'active',
      priceCents: planRow!.priceCents,
      renewalPriceCents: planRow!.renewalPriceCents,
    });
    expect(sub!.currentPeriodEnd!.getTime()).toBeGreaterThan(sub!.currentPeriodStart!.getTime());
    expect(sub!.renewalStartsAt!.getUTCFullYear()).toBe(
      sub!.currentPeriodStart!.getUTCFullYear() + 1,
    );

    const [intent] = await db
      .select()
      .from(paymentIntents)
      .where(eq(paymentIntents.providerIntentId, paymentIntentId));
    expect(intent).toMatchObject({
      status: 'succeeded',
      cardBrand: 'visa',
      cardLast4: '4242',
      lastError: null,
    });
    expect(JSON.stringify(intent)).not.toContain('4242424242424242');

    const mails = await db.select().from(outboxMessages);
    const kinds = mails.map((m) => `${m.kind}:${m.to}`);
    expect(kinds).toContain('team_new_registration:help@example.com');
    expect(kinds).toContain('team_payment_received:help@example.com');
    expect(kinds).toContain('client_receipt:sam@example.com');
    const receipt = mails.find((m) => m.kind === 'client_receipt')!;
    expect(receipt.body).toContain('visa ending in 4242');
    // The invoice number, as the billing page lists it (issue 28 §6).
    expect(receipt.body).toMatch(/^Invoice: INV-\d{6}$/m);

    const paidAgain = await createIntent({ planId: growing.id, registrationId });
    expect(paidAgain.statusCode).toBe(409);
  });

  it('never confirms a test payment with no registration behind it: nothing is booked', async () => {
    const db = ctx.testDb.database.db;
    const before = await db.$count(payments);
    const growing = plan('growing');
    // The spec's intent call still answers without a registration …
    const intent = await createIntent({ planId: growing.id, amount: growing.price });
    expect(intent.statusCode).toBe(200);
    const { clientSecret, paymentIntentId } = intent.json<{
      clientSecret: string;
      paymentIntentId: string;
    }>();
    // … but its confirmation is refused, every time, with what to do instead.
    for (let i = 0; i < 2; i++) {
      const refused = await pay(clientSecret);
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toEqual({
        message:
          'Please register your business on our home page first; you then come back to the checkout to pay.',
        code: 'not_registered',
      });
    }
    expect(await db.$count(payments)).toBe(before);
    const [row] = await db
      .select()
      .from(paymentIntents)
      .where(eq(paymentIntents.providerIntentId, paymentIntentId));
    expect(row).toMatchObject({ status: 'requires_payment_method', cardLast4: null });
    const status = await ctx.app.inject({
      url: apiPath(getPaymentStatus, {}, { payment_intent_client_secret: clientSecret }),
    });
    expect(status.json()).toMatchObject({ status: 'requires_payment_method' });
  });

  it('tells the confirmation page what happened, only to the holder of the client secret', async () => {
    const essential = plan('essential');
    const registrationId = await register('sam.status@example.com');
    const { clientSecret, paymentIntentId } = (
      await createIntent({ planId: essential.id, registrationId })
    ).json<{
      clientSecret: string;
      paymentIntentId: string;
    }>();
    const status = (query: string) => ctx.app.inject({ url: apiPath(getPaymentStatus, {}, query) });
    const open = await status(
      `payment_intent=${paymentIntentId}&payment_intent_client_secret=${clientSecret}`,
    );
    expect(open.json()).toMatchObject({
      status: 'requires_payment_method',
      plan: { name: 'essential', displayName: expect.any(String) },
    });
    expect(
      (
        await status(
          `payment_intent=${paymentIntentId}&payment_intent_client_secret=${paymentIntentId}_secret_guess`,
        )
      ).statusCode,
    ).toBe(404);
    expect((await status(`payment_intent=${paymentIntentId}`)).statusCode).toBe(400);
    await pay(clientSecret);
    expect((await status(`payment_intent_client_secret=${clientSecret}`)).json()).toMatchObject({
      status: 'succeeded',
    });
  });

  it('answers the receipt once the payment succeeded, in the confirmation and the status answer; null before', async () => {
    const db = ctx.testDb.database.db;
    const payload = {
      ...registration,
      businessName: 'Receipt Roasters',
      email: 'Receipt@Example.com',
    };
    const registrationId = (
      await ctx.app.inject({ method: 'POST', url: apiPath(submitBusinessRegistration), payload })
    ).json<{ id: string }>().id;
    const growing = plan('growing');
    const { clientSecret, paymentIntentId } = (
      await createIntent({ planId: growing.id, registrationId })
    ).json<{
      clientSecret: string;
      paymentIntentId: string;
    }>();
    const status = () =>
      ctx.app.inject({
        url: apiPath(getPaymentStatus, {}, { payment_intent_client_secret: clientSecret }),
      });
    expect((await status()).json()).toMatchObject({
      status: 'requires_payment_method',
      receipt: null,
    });
    const declined = await pay(clientSecret, { cardNumber: '4000 0000 0000 0002' });
    expect(declined.json()).toMatchObject({ status: 'requires_payment_method', receipt: null });

    const confirmed = await pay(clientSecret);
    const [ledger] = await db
      .select()
      .from(payments)
      .where(eq(payments.providerPaymentId, paymentIntentId));
    const [sub] = await db
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.registrationId, registrationId));
    const [planRow] = await db
      .select()
      .from(subscriptionPlans)
      .where(eq(subscriptionPlans.name, 'growing'));
    const renewalPrice = (planRow!.renewalPriceCents! / 100).toFixed(2);
    expect(planRow!.renewalPriceCents).not.toBeNull();
    const receipt = {
      amount: growing.price,
      currency: 'usd',
      paidAt: ledger!.paidAt.toISOString(),
      billingCycle: planRow!.billingCycle,
      card: { brand: 'visa', last4: '4242' },
      businessName: 'Receipt Roasters',
      email: 'Receipt@Example.com',
      // The first year costs the first price; the renewal price starts after 12 months.
      nextCharge: { date: sub!.currentPeriodEnd!.toISOString(), amount: growing.price },
      renewal: { date: sub!.renewalStartsAt!.toISOString(), amount: renewalPrice },
    };
    expect(confirmed.json()).toMatchObject({ status: 'succeeded', receipt });
    expect((await status()).json()).toMatchObject({ status: 'succeeded', receipt });
    expect(new Date(receipt.nextCharge.date).getTime()).toBeGreaterThan(
      new Date(receipt.paidAt).getTime(),
    );

    // A period that starts once the renewal price applies is charged at the renewal price.
    await db
      .update(subscriptions)
      .set({ currentPeriodEnd: sub!.renewalStartsAt })
      .where(eq(subscriptions.id, sub!.id));
    expect((await status()).json()).toMatchObject({
      receipt: { nextCharge: { date: sub!.renewalStartsAt!.toISOString(), amount: renewalPrice } },
    });
  });

  it('refuses Stripe webhooks while Stripe is not configured', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: apiPath(stripeWebhook),
      payload: { id: 'evt_1' },
    });
    expect(res.statusCode).toBe(404);
  });
});
