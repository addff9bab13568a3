import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type {
  AccountOverview,
  CardSetup,
  PaymentActionRequired,
  PlanChangePreview,
} from '../../../contract/billing/billing.js';
import { refundClientInvoice } from '../../../contract/clients/clients.js';
import {
  cancelAccountSubscription,
  changeAccountPlan,
  finishAccountCardSetup,
  finishAccountPayment,
  getAccount,
  getBillingClock,
  previewAccountPlanChange,
  resumeAccountSubscription,
  startAccountCardSetup,
  updateAccountCard,
} from '../../../contract/billing/billing.js';
import { outboxMessages, payments, subscriptionPlans, subscriptions } from '../../db/schema.js';
import { TEST_DATABASES } from '../../test/databases.js';
import { accountCookie, invoicesOf, mailKinds, subscriptionRow } from '../../test/billing.js';
import { signedInEmployee } from '../../test/employees.js';
import { stripeAppUnderTest } from '../../test/stripe-app.js';
import { apiPath } from '../../test/api-path.js';

// The client's billing page and the agency's refunds when Stripe bills, against the local fake Stripe.
describe.each(TEST_DATABASES)('billing through Stripe (local fake) on %s', (kind) => {
  const stripe = stripeAppUnderTest(kind, { accountRateLimit: 1000 });
  const { ctx } = stripe;
  const db = () => ctx.testDb.database.db;
  let clients = 0;
  // Stripe's events after the first payment (which happens now): the first renewal a month on.
  const renewsAt = Math.floor(Date.now() / 1000) + 31 * 86_400;

  /** A business that paid its first Stripe invoice (as the webhook tells), signed in to its billing page. */
  async function stripeClient(plan = 'growing') {
    const email = `stripe-client-${++clients}-${kind}@example.com`;
    const [row] = await db()
      .select()
      .from(subscriptionPlans)
      .where(eq(subscriptionPlans.name, plan));
    const registrationId = await stripe.register({
      businessName: `Stripe Shop ${clients}`,
      ownerName: 'Robin Client',
      email,
      businessType: 'Retail Store',
      subscriptionPlan: plan,
    });
    const { paymentIntentId } = await stripe.start(row!.id, registrationId);
    const now = Math.floor(Date.now() / 1000);
    const paid = await stripe.deliver(
      stripe.event(
        `evt_paid_${paymentIntentId}`,
        'payment_intent.succeeded',
        stripe.succeededIntent(paymentIntentId, row!.priceCents, now),
        now,
      ),
    );
    expect(paid.json()).toMatchObject({ outcome: 'applied' });
    const [sub] = await db()
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.registrationId, registrationId));
    expect(sub).toMatchObject({ status: 'active', provider: 'stripe' });
    return { email, registrationId, sub: sub!, cookie: await accountCookie(ctx, email) };
  }
  const call = (cookie: string, method: 'GET' | 'POST', url: string, payload: object = {}) =>
    ctx.app.inject({ method, url, headers: { cookie }, ...(method === 'POST' ? { payload } : {}) });
  const callsSince = (from: number) =>
    stripe.fake.requests
      .slice(from)
      .map((r) => `${r.method} ${r.path.replace(/_fake\d+/g, '_ID')}`);
  const subscriptionEvent = (
    id: string,
    providerSubscriptionId: string,
    fields: object,
    created: number,
  ) =>
    stripe.event(
      id,
      'customer.subscription.updated',
      { id: providerSubscriptionId, object: 'subscription', items: { data: [] }, ...fields },
      created,
    );
  const invoiceObject = (id: string, providerSubscriptionId: string, fields: object) => ({
    id,
    object: 'invoice',
    currency: 'usd',
    customer: 'cus_x',
    parent: {
      type: 'subscription_details',
      subscription_details: { subscription: providerSubscriptionId },
    },
    status_transitions: { paid_at: renewsAt },
    lines: { data: [{ period: { start: renewsAt, end: renewsAt + 30 * 86_400 } }] },
    ...fields,
  });

  it('updates the card through a SetupIntent confirmed by the Payment Element, never through the test card form', async () => {
    const { cookie, sub } = await stripeClient();
    const testForm = await call(cookie, 'POST', apiPath(updateAccountCard), {
      cardNumber: '4242 4242 4242 4242',
      expiry: '12 / 40',
      cvc: '123',
    });
    expect(testForm.statusCode).toBe(404);
    expect(testForm.json()).toEqual({ message: 'With Stripe, cards are saved through Stripe.' });

    const before = stripe.fake.requests.length;
    const setup = await call(cookie, 'POST', apiPath(startAccountCardSetup));
    expect(setup.statusCode).toBe(200);
    const { clientSecret, publishableKey } = setup.json<CardSetup>();
    expect(publishableKey).toBe('pk_test_fake');
    expect(callsSince(before)).toEqual(['POST /v1/setup_intents']);
    expect(stripe.fake.requests.at(-1)!.params).toMatchObject({
      customer: sub.providerCustomerId,
      usage: 'off_session',
    });
    const setupIntentId = clientSecret.split('_secret_')[0]!;

    // Not confirmed in the browser yet: nothing changes, and the client is told what to do.
    const early = await call(cookie, 'POST', apiPath(finishAccountCardSetup), { setupIntentId });
    expect(early.statusCode).toBe(409);
    expect(early.json()).toEqual({
      message: 'The new card is not confirmed yet. Please enter it again.',
      code: 'card_not_confirmed',
    });
    expect((await subscriptionRow(ctx, sub.id)).cardLast4).toBeNull();
    // Not a SetupIntent id at all: refused before Stripe is asked.
    expect(
      (await call(cookie, 'POST', apiPath(finishAccountCardSetup), { setupIntentId: 'pi_123' }))
        .statusCode,
    ).toBe(400);

    stripe.fake.confirmSetup(setupIntentId, {
      brand: 'mastercard',
      last4: '4444',
      exp_month: 11,
      exp_year: 2031,
    });
    const from = stripe.fake.requests.length;
    const done = await call(cookie, 'POST', apiPath(finishAccountCardSetup), { setupIntentId });
    expect(done.statusCode).toBe(200);
    expect(done.json<AccountOverview>().subscription!.card).toEqual({
      brand: 'mastercard',
      last4: '4444',
      expMonth: 11,
      expYear: 2031,
    });
    expect(callsSince(from)).toEqual([
      `GET /v1/setup_intents/seti_ID`,
      `POST /v1/customers/cus_ID`,
      `POST /v1/subscriptions/sub_ID`,
    ]);
    const paymentMethod = stripe.fake.requests.at(-1)!.params.default_payment_method;
    expect(paymentMethod).toMatch(/^pm_fake/);
    expect(stripe.fake.requests.at(-2)!.params).toEqual({
      'invoice_settings[default_payment_method]': paymentMethod,
    });
    expect(stripe.fake.subscription(sub.providerSubscriptionId!)!.default_payment_method).toBe(
      paymentMethod,
    );
  });

  it("cancels at the period's end (releasing the renewal schedule), resumes with a new schedule, and follows Stripe's end", async () => {
    const { cookie, sub, email } = await stripeClient();
    expect(sub.providerScheduleId).toMatch(/^sub_sched_fake/);
    const before = stripe.fake.requests.length;
    const cancelled = await call(cookie, 'POST', apiPath(cancelAccountSubscription), {
      reason: 'Closing the shop',
    });
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json<AccountOverview>().subscription).toMatchObject({
      cancelAtPeriodEnd: true,
      nextCharge: null,
    });
    expect(callsSince(before)).toEqual([
      'POST /v1/subscription_schedules/sub_sched_ID/release',
      'POST /v1/subscriptions/sub_ID',
    ]);
    expect(stripe.fake.requests.at(-1)!.params).toEqual({
      cancel_at_period_end: 'true',
      'cancellation_details[comment]': 'Closing the shop',
    });
    expect((await subscriptionRow(ctx, sub.id)).providerScheduleId).toBeNull();
    // Twice is refused without calling Stripe again.
    const count = stripe.fake.requests.length;
    expect((await call(cookie, 'POST', apiPath(cancelAccountSubscription))).statusCode).toBe(409);
    expect(stripe.fake.requests.length).toBe(count);

    const resumed = await call(cookie, 'POST', apiPath(resumeAccountSubscription));
    expect(resumed.statusCode).toBe(200);
    expect(resumed.json<AccountOverview>().subscription).toMatchObject({
      cancelAtPeriodEnd: false,
    });
    expect(callsSince(count)).toEqual([
      'POST /v1/subscriptions/sub_ID',
      'POST /v1/subscription_schedules',
      'POST /v1/subscription_schedules/sub_sched_ID',
    ]);
    const phases = stripe.fake.requests.at(-1)!.params;
    const growing = (
      await db().select().from(subscriptionPlans).where(eq(subscriptionPlans.name, 'growing'))
    )[0]!;
    expect(phases).toMatchObject({
      end_behavior: 'release',
      proration_behavior: 'none',
      'phases[0][end_date]': String(Math.floor(sub.renewalStartsAt!.getTime() / 1000)),
      'phases[0][items][0][price_data][unit_amount]': String(growing.priceCents),
      'phases[1][items][0][price_data][unit_amount]': String(growing.renewalPriceCents),
    });
    expect((await subscriptionRow(ctx, sub.id)).providerScheduleId).toMatch(/^sub_sched_fake/);
    expect(stripe.fake.subscription(sub.providerSubscriptionId!)!.cancel_at_period_end).toBe(false);

    // Cancel again, and Stripe ends it at the period's end: the client and the team hear it once.
    await call(cookie, 'POST', apiPath(cancelAccountSubscription));
    const ended = stripe.event(
      `evt_end_${sub.id}`,
      'customer.subscription.deleted',
      {
        id: sub.providerSubscriptionId,
        object: 'subscription',
        status: 'canceled',
        ended_at: 1_795_000_000,
        items: { data: [] },
      },
      1_795_000_000,
    );
    await stripe.deliver(ended);
    await stripe.deliver({ ...ended, id: `${ended.id}_again` });
    expect(await subscriptionRow(ctx, sub.id)).toMatchObject({
      status: 'canceled',
      cancelAtPeriodEnd: false,
      canceledAt: new Date(1_795_000_000_000),
    });
    const kinds = await mailKinds(ctx, email);
    expect(kinds.filter((k) => k === 'client_cancellation_confirmed')).toHaveLength(1);
  });

  it("takes cancel_at_period_end from Stripe's events (a change made in the Dashboard shows on the page)", async () => {
    const { cookie, sub } = await stripeClient();
    await stripe.deliver(
      subscriptionEvent(
        `evt_dash_${sub.id}`,
        sub.providerSubscriptionId!,
        { status: 'active', cancel_at_period_end: true },
        1_790_000_100,
      ),
    );
    expect(
      (await call(cookie, 'GET', apiPath(getAccount))).json<AccountOverview>().subscription,
    ).toMatchObject({ cancelAtPeriodEnd: true });
  });

  it("upgrades now with Stripe's proration (previewed first), downgrades at renewal through the schedule, and undoes a downgrade", async () => {
    const { cookie, sub, registrationId } = await stripeClient('essential');
    const plans = await db().select().from(subscriptionPlans);
    const byName = (name: string) => plans.find((p) => p.name === name)!;
    const [growing, essential] = [byName('growing'), byName('essential')];

    const preview = await call(
      cookie,
      'GET',
      apiPath(previewAccountPlanChange, {}, { planId: growing.id }),
    );
    expect(preview.statusCode).toBe(200);
    // The fake prorates half the difference, as Stripe would halfway through a period: the page shows Stripe's figure.
    expect(preview.json<PlanChangePreview>()).toMatchObject({
      direction: 'upgrade',
      amountNow: ((growing.priceCents - essential.priceCents) / 2 / 100).toFixed(2),
    });

    // A declined card changes nothing.
    stripe.fake.cards.failCharges = true;
    const declined = await call(cookie, 'POST', apiPath(changeAccountPlan), { planId: growing.id });
    stripe.fake.cards.failCharges = false;
    expect(declined.statusCode).toBe(402);
    expect(declined.json()).toEqual({ message: 'Your card was declined.', code: 'card_declined' });
    expect((await subscriptionRow(ctx, sub.id)).planId).toBe(essential.id);

    const before = stripe.fake.requests.length;
    const upgraded = await call(cookie, 'POST', apiPath(changeAccountPlan), { planId: growing.id });
    expect(upgraded.statusCode).toBe(200);
    expect(upgraded.json<AccountOverview>().subscription!.plan.name).toBe('growing');
    const calls = callsSince(before);
    expect(calls).toContain('POST /v1/subscriptions/sub_ID');
    const update = stripe.fake.requests
      .slice(before)
      .find((r) => r.params.proration_behavior === 'always_invoice')!;
    expect(update.params).toMatchObject({
      payment_behavior: 'pending_if_incomplete',
      'items[0][price_data][unit_amount]': String(growing.priceCents),
      'items[0][price_data][product]': 'plan_growing',
    });
    expect(
      stripe.fake.subscription(sub.providerSubscriptionId!)!.items.data[0]!.price,
    ).toMatchObject({ unit_amount: growing.priceCents });
    // The proration invoice Stripe charged arrives as invoice.paid: a proration invoice and a ledger row, no renewal receipt.
    const proration = invoiceObject(`in_prorate_${sub.id}`, sub.providerSubscriptionId!, {
      billing_reason: 'subscription_update',
      amount_paid: 5_000,
    });
    await stripe.deliver(stripe.event(`evt_prorate_${sub.id}`, 'invoice.paid', proration));
    expect((await invoicesOf(ctx, sub.id)).map((i) => [i.kind, i.status, i.amountCents])).toEqual([
      ['first', 'paid', essential.priceCents],
      ['proration', 'paid', 5_000],
    ]);

    // Downgrade back: nothing charged now; the schedule switches at the period's end.
    const from = stripe.fake.requests.length;
    const down = await call(cookie, 'POST', apiPath(changeAccountPlan), { planId: essential.id });
    expect(down.statusCode).toBe(200);
    expect(down.json<AccountOverview>().subscription).toMatchObject({
      plan: { name: 'growing' },
      scheduledPlan: { name: 'essential' },
    });
    const schedule = stripe.fake.requests.at(-1)!;
    expect(callsSince(from).at(-1)).toBe('POST /v1/subscription_schedules/sub_sched_ID');
    const row = await subscriptionRow(ctx, sub.id);
    expect(schedule.params).toMatchObject({
      'phases[0][end_date]': String(Math.floor(row.currentPeriodEnd!.getTime() / 1000)),
      'phases[0][items][0][price_data][product]': 'plan_growing',
      'phases[1][items][0][price_data][product]': 'plan_essential',
      'phases[1][items][0][price_data][unit_amount]': String(essential.priceCents),
    });

    // Choosing the current plan again undoes the downgrade.
    const kept = await call(
      cookie,
      'GET',
      apiPath(previewAccountPlanChange, {}, { planId: growing.id }),
    );
    expect(kept.json<PlanChangePreview>()).toMatchObject({ direction: 'same', amountNow: '0.00' });
    const undone = await call(cookie, 'POST', apiPath(changeAccountPlan), { planId: growing.id });
    expect(undone.json<AccountOverview>().subscription).toMatchObject({
      plan: { name: 'growing' },
      scheduledPlan: null,
    });
    expect(stripe.fake.requests.at(-1)!.params).toMatchObject({
      'phases[0][items][0][price_data][product]': 'plan_growing',
    });
    expect(stripe.fake.requests.at(-1)!.params['phases[1][items][0][price_data][product]']).toBe(
      'plan_growing',
    );

    // Downgrade again, then Stripe renews into it: the plan follows, with a renewal receipt.
    await call(cookie, 'POST', apiPath(changeAccountPlan), { planId: essential.id });
    const renewal = invoiceObject(`in_cycle_${sub.id}`, sub.providerSubscriptionId!, {
      billing_reason: 'subscription_cycle',
      amount_paid: essential.priceCents,
    });
    await stripe.deliver(stripe.event(`evt_cycle_${sub.id}`, 'invoice.paid', renewal));
    const after = await subscriptionRow(ctx, sub.id);
    expect(after).toMatchObject({ planId: essential.id, scheduledPlanId: null });
    expect((await invoicesOf(ctx, sub.id)).at(-1)).toMatchObject({
      kind: 'renewal',
      planId: essential.id,
      providerInvoiceId: renewal.id,
    });
    const page = (await call(cookie, 'GET', apiPath(getAccount))).json<AccountOverview>();
    expect(page.subscription!.plan.name).toBe('essential');
    expect(registrationId).toBeTruthy();
  });

  it('a failed Stripe renewal: a failed invoice, Stripe’s next attempt, e-mails; a new card pays the open invoice; the paid renewal is booked once', async () => {
    const { cookie, sub, email } = await stripeClient();
    const failed = invoiceObject(`in_fail_${sub.id}`, sub.providerSubscriptionId!, {
      billing_reason: 'subscription_cycle',
      amount_due: 29_900,
      amount_paid: 0,
      attempt_count: 1,
      next_payment_attempt: renewsAt + 3 * 86_400,
    });
    await stripe.deliver(
      stripe.event(`evt_fail_${sub.id}`, 'invoice.payment_failed', failed, renewsAt),
    );
    await stripe.deliver(
      subscriptionEvent(
        `evt_pastdue_${sub.id}`,
        sub.providerSubscriptionId!,
        { status: 'past_due' },
        renewsAt + 1,
      ),
    );
    const page = (await call(cookie, 'GET', apiPath(getAccount))).json<AccountOverview>();
    expect(page.subscription).toMatchObject({
      status: 'past_due',
      failedPaymentCount: 1,
      nextRetryAt: new Date((renewsAt + 3 * 86_400) * 1000).toISOString(),
    });
    expect(page.invoices[0]).toMatchObject({
      kind: 'renewal',
      status: 'failed',
      failureMessage: 'Your card was declined.',
    });
    expect(await mailKinds(ctx, email)).toContain('client_payment_failed');
    expect(await mailKinds(ctx, 'help@example.com')).toContain('team_past_due');
    // Stripe delivers an event again (a timeout, another instance): the team hears once.
    await stripe.deliver(
      stripe.event(`evt_fail_${sub.id}`, 'invoice.payment_failed', failed, renewsAt),
    );
    const pastDue = await ctx.testDb.database.db
      .select()
      .from(outboxMessages)
      .where(eq(outboxMessages.kind, 'team_past_due'));
    expect(pastDue.filter((m) => m.body.includes(email))).toHaveLength(1);

    // A new card: Stripe is asked to pay the open invoice at once.
    const { clientSecret } = (
      await call(cookie, 'POST', apiPath(startAccountCardSetup))
    ).json<CardSetup>();
    const setupIntentId = clientSecret.split('_secret_')[0]!;
    stripe.fake.confirmSetup(setupIntentId, {
      brand: 'visa',
      last4: '4242',
      exp_month: 1,
      exp_year: 2032,
    });
    const before = stripe.fake.requests.length;
    expect(
      (await call(cookie, 'POST', apiPath(finishAccountCardSetup), { setupIntentId })).statusCode,
    ).toBe(200);
    expect(callsSince(before).slice(-1)).toEqual(['GET /v1/subscriptions/sub_ID']);

    const paid = invoiceObject(`in_fail_${sub.id}`, sub.providerSubscriptionId!, {
      billing_reason: 'subscription_cycle',
      amount_paid: 29_900,
    });
    await stripe.deliver(
      stripe.event(`evt_paid_again_${sub.id}`, 'invoice.paid', paid, renewsAt + 86_400),
    );
    await stripe.deliver(
      stripe.event(`evt_paid_again_retry_${sub.id}`, 'invoice.paid', paid, renewsAt + 86_400),
    );
    await stripe.deliver(
      subscriptionEvent(
        `evt_active_${sub.id}`,
        sub.providerSubscriptionId!,
        { status: 'active' },
        renewsAt + 86_401,
      ),
    );
    const after = (await call(cookie, 'GET', apiPath(getAccount))).json<AccountOverview>();
    expect(after.subscription).toMatchObject({
      status: 'active',
      failedPaymentCount: 0,
      nextRetryAt: null,
      card: { last4: '4242' },
    });
    expect(after.invoices.map((i) => `${i.kind}:${i.status}`)).toEqual([
      'renewal:paid',
      'renewal:failed',
      'first:paid',
    ]);
    expect(
      (await mailKinds(ctx, email)).filter((k) => k === 'client_renewal_receipt'),
    ).toHaveLength(1);
  });

  it('an upgrade that needs 3-D Secure answers 202 with the PaymentIntent; completed it switches the plan, failed it is dropped (402)', async () => {
    const { cookie, sub } = await stripeClient('essential');
    const plans = await db().select().from(subscriptionPlans);
    const growing = plans.find((p) => p.name === 'growing')!;
    stripe.fake.cards.requireAuthentication = true;
    try {
      for (const completed of [false, true]) {
        const asked = await call(cookie, 'POST', apiPath(changeAccountPlan), {
          planId: growing.id,
        });
        expect(asked.statusCode).toBe(202);
        const action = asked.json<PaymentActionRequired>();
        expect(action).toEqual({
          status: 'requires_action',
          clientSecret: expect.stringMatching(/^pi_fake\d+_secret_fake$/),
          provider: 'stripe',
          publishableKey: 'pk_test_fake',
        });
        const update = stripe.fake.requests.findLast(
          (r) => r.params.proration_behavior === 'always_invoice',
        )!;
        expect(update.params).toMatchObject({
          payment_behavior: 'pending_if_incomplete',
          'expand[0]': 'latest_invoice.confirmation_secret',
        });
        // Stripe holds the change as a pending update: nothing switched, here or there.
        expect((await subscriptionRow(ctx, sub.id)).planId).not.toBe(growing.id);
        expect(stripe.fake.subscription(sub.providerSubscriptionId!)!.pending_update).toBeTruthy();
        const intentId = action.clientSecret.split('_secret_')[0]!;
        // Before the browser answered: still waiting, nothing booked.
        expect(
          (
            await call(cookie, 'POST', apiPath(finishAccountPayment), {
              clientSecret: action.clientSecret,
            })
          ).statusCode,
        ).toBe(409);

        stripe.fake.authenticate(intentId, completed);
        const before = stripe.fake.requests.length;
        const finished = await call(cookie, 'POST', apiPath(finishAccountPayment), {
          clientSecret: action.clientSecret,
        });
        // Booked on Stripe's word (the intent read back), never on the browser's.
        expect(callsSince(before)[0]).toBe('GET /v1/payment_intents/pi_ID');
        if (!completed) {
          expect(finished.statusCode).toBe(402);
          expect(finished.json()).toEqual({
            message:
              'We are unable to authenticate your payment method. Please choose a different payment method and try again.',
            code: 'payment_intent_authentication_failure',
          });
          expect(callsSince(before)).toContain('POST /v1/invoices/in_ID/void');
          expect(stripe.fake.subscription(sub.providerSubscriptionId!)!.pending_update).toBeNull();
          expect((await subscriptionRow(ctx, sub.id)).planId).not.toBe(growing.id);
        } else {
          expect(finished.statusCode).toBe(200);
          expect(finished.json<AccountOverview>().subscription!.plan.name).toBe('growing');
          expect(
            stripe.fake.subscription(sub.providerSubscriptionId!)!.items.data[0]!.price,
          ).toMatchObject({ unit_amount: growing.priceCents });
          // The renewal schedule follows the new plan.
          expect(callsSince(before)).toContain('POST /v1/subscription_schedules');
        }
      }
    } finally {
      stripe.fake.cards.requireAuthentication = false;
    }
  });

  it('a past-due invoice that needs 3-D Secure after a new card answers 202; Stripe’s invoice.paid books it after authentication', async () => {
    const { cookie, sub } = await stripeClient();
    await stripe.deliver(
      subscriptionEvent(
        `evt_pd_sca_${sub.id}`,
        sub.providerSubscriptionId!,
        { status: 'past_due' },
        renewsAt + 1,
      ),
    );
    stripe.fake.openRenewalInvoice(sub.providerSubscriptionId!, 29_900);
    const { clientSecret } = (
      await call(cookie, 'POST', apiPath(startAccountCardSetup))
    ).json<CardSetup>();
    const setupIntentId = clientSecret.split('_secret_')[0]!;
    stripe.fake.confirmSetup(setupIntentId, {
      brand: 'visa',
      last4: '3184',
      exp_month: 1,
      exp_year: 2032,
    });
    stripe.fake.cards.requireAuthentication = true;
    let action: PaymentActionRequired;
    try {
      const asked = await call(cookie, 'POST', apiPath(finishAccountCardSetup), { setupIntentId });
      expect(asked.statusCode).toBe(202);
      action = asked.json<PaymentActionRequired>();
      expect(action).toMatchObject({
        status: 'requires_action',
        provider: 'stripe',
        clientSecret: expect.stringMatching(/^pi_fake\d+_secret_fake$/),
      });
    } finally {
      stripe.fake.cards.requireAuthentication = false;
    }
    stripe.fake.authenticate(action.clientSecret.split('_secret_')[0]!, true);
    const finished = await call(cookie, 'POST', apiPath(finishAccountPayment), {
      clientSecret: action.clientSecret,
    });
    expect(finished.statusCode).toBe(200);
    // Stripe's invoice.paid books the renewal, as for any payment of an open invoice.
    const paid = invoiceObject(`in_sca_${sub.id}`, sub.providerSubscriptionId!, {
      billing_reason: 'subscription_cycle',
      amount_paid: 29_900,
    });
    await stripe.deliver(
      stripe.event(`evt_sca_paid_${sub.id}`, 'invoice.paid', paid, renewsAt + 86_400),
    );
    expect((await invoicesOf(ctx, sub.id)).at(-1)).toMatchObject({
      kind: 'renewal',
      status: 'paid',
      providerInvoiceId: paid.id,
    });
  });

  it("refunds a Stripe payment through Stripe's refund API, once, with a negative ledger row", async () => {
    const { sub, registrationId } = await stripeClient();
    const employee = await signedInEmployee(ctx.app, db(), 'owner');
    const [first] = await invoicesOf(ctx, sub.id);
    const amount = (first!.amountCents / 100).toFixed(2);
    const refund = (payload = { amount, reason: 'Charged by mistake' }) =>
      ctx.app.inject({
        method: 'POST',
        url: apiPath(refundClientInvoice, { id: registrationId, invoiceId: first!.id }),
        headers: { cookie: employee.cookie },
        payload,
      });
    const before = stripe.fake.requests.length;
    const [one, two] = await Promise.all([refund(), refund()]);
    expect([one.statusCode, two.statusCode].sort()).toEqual([200, 409]);
    expect(callsSince(before)).toEqual(['POST /v1/refunds']);
    const [paid] = await db().select().from(payments).where(eq(payments.id, first!.paymentId!));
    expect(stripe.fake.requests.at(-1)!.params).toMatchObject({
      payment_intent: paid!.providerPaymentId,
      amount: String(first!.amountCents),
    });
    expect(stripe.fake.requests.at(-1)!.idempotencyKey).toBe(
      `refund-${first!.id}-0-${first!.amountCents}`,
    );
    const ledger = await db()
      .select()
      .from(payments)
      .where(eq(payments.registrationId, registrationId));
    expect(ledger.map((p) => p.amountCents).sort((a, b) => a - b)).toEqual([
      -first!.amountCents,
      first!.amountCents,
    ]);
    expect(ledger.find((p) => p.amountCents < 0)).toMatchObject({
      provider: 'stripe',
      refundOfPaymentId: paid!.id,
      providerPaymentId: expect.stringMatching(/^re_fake/),
    });
    expect((await invoicesOf(ctx, sub.id))[0]).toMatchObject({
      status: 'refunded',
      refundedCents: first!.amountCents,
    });
  });

  it('refunds part of a Stripe payment: Stripe is asked for that amount, with a key of its own per refund', async () => {
    const { sub, registrationId } = await stripeClient();
    const employee = await signedInEmployee(ctx.app, db(), 'owner');
    const [first] = await invoicesOf(ctx, sub.id);
    const refund = (amount: string) =>
      ctx.app.inject({
        method: 'POST',
        url: apiPath(refundClientInvoice, { id: registrationId, invoiceId: first!.id }),
        headers: { cookie: employee.cookie },
        payload: { amount, reason: 'A week without a site' },
      });
    const before = stripe.fake.requests.length;
    expect((await refund('10.00')).statusCode).toBe(200);
    expect((await refund('5.25')).statusCode).toBe(200);
    expect(callsSince(before)).toEqual(['POST /v1/refunds', 'POST /v1/refunds']);
    const sent = stripe.fake.requests.slice(-2);
    expect(sent.map((r) => r.params.amount)).toEqual(['1000', '525']);
    expect(sent.map((r) => r.idempotencyKey)).toEqual([
      `refund-${first!.id}-0-1000`,
      `refund-${first!.id}-1000-525`,
    ]);
    const ledger = await db()
      .select()
      .from(payments)
      .where(eq(payments.registrationId, registrationId));
    expect(
      ledger
        .filter((p) => p.amountCents < 0)
        .map((p) => p.amountCents)
        .sort((a, b) => a - b),
    ).toEqual([-1000, -525]);
    expect((await invoicesOf(ctx, sub.id))[0]).toMatchObject({
      status: 'paid',
      refundedCents: 1525,
    });
  });

  it('has no billing clock with Stripe', async () => {
    const owner = await signedInEmployee(ctx.app, db(), 'owner');
    expect(
      (await ctx.app.inject({ url: apiPath(getBillingClock), headers: { cookie: owner.cookie } }))
        .statusCode,
    ).toBe(404);
  });
});
