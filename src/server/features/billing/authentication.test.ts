import { beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { AccountOverview, PaymentActionRequired } from '../../../contract/billing/billing.js';
import {
  changeAccountPlan,
  finishAccountPayment,
  updateAccountCard,
} from '../../../contract/billing/billing.js';
import type { PaymentStatusResult } from '../../../contract/payments/payments.js';
import { submitBusinessRegistration } from '../../../contract/registration/fields.js';
import { listPlans } from '../../../contract/plans/list.js';
import {
  authenticateTestPayment,
  confirmTestCardPayment,
  createPaymentIntent,
} from '../../../contract/payments/checkout.js';
import {
  AUTHENTICATION_FAILED,
  AUTHENTICATION_REQUIRED,
} from '../../adapters/payments/test-cards.js';
import { payments, subscriptions } from '../../db/schema.js';
import { appUnderTest } from '../../test/app-under-test.js';
import {
  accountCookie,
  billingFor,
  GOOD_CARD,
  invoicesOf,
  subscriptionRow,
} from '../../test/billing.js';
import { TEST_DATABASES } from '../../test/databases.js';
import { apiPath } from '../../test/api-path.js';

// Strong customer authentication in test mode (issue 25 §4): Stripe's 3-D Secure test cards ask the
// client to authenticate instead of being declined, and nothing is booked before the answer.
const ASKS_ONCE = { ...GOOD_CARD, cardNumber: '4000 0025 0000 3155' };
const ASKS_ALWAYS = { ...GOOD_CARD, cardNumber: '4000 0027 6000 3184' };
const FAILS_ON_CHARGE = { ...GOOD_CARD, cardNumber: '4000 0000 0000 0341' };

describe.each(TEST_DATABASES)('3-D Secure in test mode on %s', (kind) => {
  const ctx = appUnderTest(kind, {
    role: null,
    registrationRateLimit: 1000,
    paymentRateLimit: 1000,
    accountRateLimit: 1000,
  });
  const db = () => ctx.testDb.database.db;
  let clients = 0;
  beforeEach(async () => {
    await billingFor(ctx).clock.reset();
  });

  /** A registration on `plan` with its payment started: the intent's client secret. */
  async function checkout(plan = 'growing') {
    const email = `sca-${kind}-${++clients}@example.com`;
    const payload = {
      businessName: `SCA Shop ${clients}`,
      ownerName: 'Ana Client',
      email,
      businessType: 'Retail Store',
      subscriptionPlan: plan,
    };
    const registrationId = (
      await ctx.app.inject({ method: 'POST', url: apiPath(submitBusinessRegistration), payload })
    ).json<{ id: string }>().id;
    const plans = (await ctx.app.inject({ url: apiPath(listPlans) })).json<
      { id: number; name: string }[]
    >();
    const planId = plans.find((p) => p.name === plan)!.id;
    const { clientSecret } = (
      await ctx.app.inject({
        method: 'POST',
        url: apiPath(createPaymentIntent),
        payload: { planId, registrationId },
      })
    ).json<{
      clientSecret: string;
    }>();
    const planIds = Object.fromEntries(plans.map((p) => [p.name, p.id])) as Record<string, number>;
    return { email, registrationId, clientSecret, planIds };
  }
  const pay = (clientSecret: string, card: typeof GOOD_CARD) =>
    ctx.app.inject({
      method: 'POST',
      url: apiPath(confirmTestCardPayment),
      payload: { clientSecret, ...card },
    });
  const authenticate = (clientSecret: string, outcome: 'complete' | 'fail') =>
    ctx.app.inject({
      method: 'POST',
      url: apiPath(authenticateTestPayment),
      payload: { clientSecret, outcome },
    });
  const subscriptionOf = async (registrationId: string) =>
    (
      await db()
        .select()
        .from(subscriptions)
        .where(eq(subscriptions.registrationId, registrationId))
    )[0]!;
  const ledgerOf = async (subscriptionId: string) =>
    db().select().from(payments).where(eq(payments.subscriptionId, subscriptionId));
  const call = (cookie: string, url: string, payload: object) =>
    ctx.app.inject({ method: 'POST', url, headers: { cookie }, payload });

  /** A client who paid the first invoice with `card` (authenticating it when asked), signed in to the billing page. */
  async function client(card: typeof GOOD_CARD, plan = 'growing') {
    const started = await checkout(plan);
    const paid = (await pay(started.clientSecret, card)).json<PaymentStatusResult>();
    if (paid.status === 'requires_action')
      expect((await authenticate(started.clientSecret, 'complete')).json()).toMatchObject({
        status: 'succeeded',
      });
    const sub = await subscriptionOf(started.registrationId);
    return { ...started, sub, cookie: await accountCookie(ctx, started.email) };
  }

  it('asks to authenticate the first payment with 4000 0025 0000 3155 and 4000 0027 6000 3184, books it only once completed', async () => {
    for (const card of [ASKS_ONCE, ASKS_ALWAYS]) {
      const { clientSecret, registrationId } = await checkout();
      const asked = await pay(clientSecret, card);
      expect(asked.statusCode).toBe(200);
      expect(asked.json<PaymentStatusResult>()).toMatchObject({
        status: 'requires_action',
        message: null,
        receipt: null,
      });
      const sub = await subscriptionOf(registrationId);
      expect(sub.status).toBe('incomplete');
      expect(await ledgerOf(sub.id)).toHaveLength(0);

      const done = await authenticate(clientSecret, 'complete');
      expect(done.statusCode).toBe(200);
      expect(done.json<PaymentStatusResult>()).toMatchObject({
        status: 'succeeded',
        receipt: { card: { brand: 'visa', last4: card.cardNumber.slice(-4) } },
      });
      const after = await subscriptionRow(ctx, sub.id);
      // 3155 is set up for later charges by this payment; 3184 asks again every time.
      expect(after).toMatchObject({
        status: 'active',
        cardLast4: card.cardNumber.slice(-4),
        cardExpMonth: 12,
        cardExpYear: 2040,
        testCardBehavior: card === ASKS_ALWAYS ? 'requires_authentication' : 'succeeds',
      });
      expect(await ledgerOf(sub.id)).toHaveLength(1);
      // A second answer changes nothing.
      expect((await authenticate(clientSecret, 'fail')).json()).toMatchObject({
        status: 'succeeded',
      });
      expect(await ledgerOf(sub.id)).toHaveLength(1);
    }
  });

  it('a failed first authentication is a decline with Stripe’s message, and the client can pay again', async () => {
    const { clientSecret, registrationId } = await checkout();
    await pay(clientSecret, ASKS_ALWAYS);
    const failed = await authenticate(clientSecret, 'fail');
    expect(failed.statusCode).toBe(200);
    expect(failed.json<PaymentStatusResult>()).toMatchObject({
      status: 'requires_payment_method',
      message: AUTHENTICATION_FAILED.message,
      code: 'payment_intent_authentication_failure',
    });
    expect(await ledgerOf((await subscriptionOf(registrationId)).id)).toHaveLength(0);
    // Nothing waits any more; the form takes a card again.
    expect((await authenticate(clientSecret, 'complete')).statusCode).toBe(409);
    expect((await pay(clientSecret, GOOD_CARD)).json()).toMatchObject({ status: 'succeeded' });
    expect((await authenticate(clientSecret, 'nope' as 'fail')).statusCode).toBe(400);
  });

  it('an upgrade with a card that always asks answers 202 requires_action; completing books the proration and switches the plan', async () => {
    const { cookie, sub, planIds } = await client(ASKS_ALWAYS);
    const asked = await call(cookie, apiPath(changeAccountPlan), { planId: planIds.comprehensive });
    expect(asked.statusCode).toBe(202);
    const action = asked.json<PaymentActionRequired>();
    expect(action).toEqual({
      status: 'requires_action',
      clientSecret: expect.stringMatching(/^pi_test_\w+_secret_\w+$/),
      provider: 'test',
      publishableKey: null,
    });
    // Nothing changed or was booked yet.
    expect((await subscriptionRow(ctx, sub.id)).planId).toBe(planIds.growing);
    expect((await invoicesOf(ctx, sub.id)).map((i) => i.kind)).toEqual(['first']);

    // Not someone else's payment, and the outcome is required in test mode.
    expect(
      (
        await call(cookie, apiPath(finishAccountPayment), {
          clientSecret: 'pi_test_x_secret_y',
          outcome: 'complete',
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (await call(cookie, apiPath(finishAccountPayment), { clientSecret: action.clientSecret }))
        .statusCode,
    ).toBe(400);

    const done = await call(cookie, apiPath(finishAccountPayment), {
      clientSecret: action.clientSecret,
      outcome: 'complete',
    });
    expect(done.statusCode).toBe(200);
    expect(done.json<AccountOverview>().subscription).toMatchObject({
      plan: { name: 'comprehensive' },
    });
    const proration = (await invoicesOf(ctx, sub.id)).find((i) => i.kind === 'proration');
    expect(proration).toMatchObject({
      status: 'paid',
      paymentId: expect.any(String),
      planId: planIds.comprehensive,
    });
    expect(await ledgerOf(sub.id)).toHaveLength(2);
    // Repeated: booked once.
    expect(
      (
        await call(cookie, apiPath(finishAccountPayment), {
          clientSecret: action.clientSecret,
          outcome: 'complete',
        })
      ).statusCode,
    ).toBe(200);
    expect(await ledgerOf(sub.id)).toHaveLength(2);
  });

  it('a failed authentication of an upgrade is a decline (402): a failed invoice, the plan stays', async () => {
    const { cookie, sub, planIds } = await client(ASKS_ALWAYS);
    const action = (
      await call(cookie, apiPath(changeAccountPlan), { planId: planIds.comprehensive })
    ).json<PaymentActionRequired>();
    const failed = await call(cookie, apiPath(finishAccountPayment), {
      clientSecret: action.clientSecret,
      outcome: 'fail',
    });
    expect(failed.statusCode).toBe(402);
    expect(failed.json()).toEqual(AUTHENTICATION_FAILED);
    expect((await subscriptionRow(ctx, sub.id)).planId).toBe(planIds.growing);
    expect((await invoicesOf(ctx, sub.id)).at(-1)).toMatchObject({
      kind: 'proration',
      status: 'failed',
      failureMessage: AUTHENTICATION_FAILED.message,
      failureCode: AUTHENTICATION_FAILED.code,
      paymentId: null,
    });
    expect(await ledgerOf(sub.id)).toHaveLength(1);
  });

  it('4000 0025 0000 3155, authenticated at checkout, upgrades without asking again', async () => {
    const { cookie, sub, planIds } = await client(ASKS_ONCE);
    const upgraded = await call(cookie, apiPath(changeAccountPlan), {
      planId: planIds.comprehensive,
    });
    expect(upgraded.statusCode).toBe(200);
    expect(upgraded.json<AccountOverview>().subscription).toMatchObject({
      plan: { name: 'comprehensive' },
    });
    expect((await invoicesOf(ctx, sub.id)).at(-1)).toMatchObject({
      kind: 'proration',
      status: 'paid',
    });
  });

  it('a past-due invoice paid with a card that always asks: 202, then paid on completion; declined on failure', async () => {
    const billing = billingFor(ctx);
    for (const outcome of ['fail', 'complete'] as const) {
      const { cookie, sub, registrationId } = await client(GOOD_CARD);
      await billing.updateCard(registrationId, FAILS_ON_CHARGE);
      await billing.clock.advance(32);
      expect((await subscriptionRow(ctx, sub.id)).status).toBe('past_due');

      const asked = await call(cookie, apiPath(updateAccountCard), ASKS_ALWAYS);
      expect(asked.statusCode).toBe(202);
      const action = asked.json<PaymentActionRequired>();
      expect(action).toMatchObject({ status: 'requires_action', provider: 'test' });
      expect((await subscriptionRow(ctx, sub.id)).status).toBe('past_due');

      const finished = await call(cookie, apiPath(finishAccountPayment), {
        clientSecret: action.clientSecret,
        outcome,
      });
      if (outcome === 'fail') {
        expect(finished.statusCode).toBe(402);
        expect(finished.json()).toEqual(AUTHENTICATION_FAILED);
        expect(await subscriptionRow(ctx, sub.id)).toMatchObject({
          status: 'past_due',
          cardLast4: '3184',
        });
        expect((await invoicesOf(ctx, sub.id)).at(-1)).toMatchObject({
          kind: 'renewal',
          status: 'failed',
          failureMessage: AUTHENTICATION_FAILED.message,
          failureCode: AUTHENTICATION_FAILED.code,
        });
      } else {
        expect(finished.statusCode).toBe(200);
        expect(finished.json<AccountOverview>().subscription).toMatchObject({
          status: 'active',
          failedPaymentCount: 0,
        });
        expect((await invoicesOf(ctx, sub.id)).at(-1)).toMatchObject({
          kind: 'renewal',
          status: 'paid',
        });
      }
      await billing.clock.reset();
    }
  });

  it('a renewal nobody attends with a card that always asks fails with Stripe’s authentication_required message', async () => {
    const { sub } = await client(ASKS_ALWAYS);
    await billingFor(ctx).clock.advance(32);
    expect(await subscriptionRow(ctx, sub.id)).toMatchObject({ status: 'past_due' });
    expect((await invoicesOf(ctx, sub.id)).at(-1)).toMatchObject({
      kind: 'renewal',
      status: 'failed',
      failureMessage: AUTHENTICATION_REQUIRED.message,
      failureCode: 'authentication_required',
    });
  });
});
