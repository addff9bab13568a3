import type { AccountOverview } from '../../../contract/billing/billing.js';
import { beforeEach, describe, expect, it } from 'vitest';
import { appUnderTest } from '../../test/app-under-test.js';
import { TEST_DATABASES, testConfig } from '../../test/databases.js';
import { DAY_MS } from './clock.js';
import {
  billingFor,
  GOOD_CARD,
  invoicesOf,
  mailKinds,
  paidRegistration,
  subscriptionRow,
} from '../../test/billing.js';

const FAILS_ON_CHARGE = { ...GOOD_CARD, cardNumber: '4000 0000 0000 0341' };

describe.each(TEST_DATABASES)('failed renewals in test mode on %s', (kind) => {
  const ctx = appUnderTest(kind, {
    // The team's own address, apart from the support address the clients see.
    config: testConfig({ TEAM_EMAIL: 'team@example.com' }),
    role: 'owner',
    registrationRateLimit: 1000,
    paymentRateLimit: 1000,
  });
  beforeEach(async () => {
    await billingFor(ctx).clock.reset();
  });

  it('declines 4000 0000 0000 0341 at checkout, but saves it as a card that fails when charged', async () => {
    const { registrationId, subscriptionId } = await paidRegistration(ctx);
    const billing = billingFor(ctx);
    await billing.updateCard(registrationId, FAILS_ON_CHARGE);
    expect(await subscriptionRow(ctx, subscriptionId)).toMatchObject({
      cardLast4: '0341',
      testCardBehavior: 'fails_on_charge',
    });
    await expect(
      billing.updateCard(registrationId, { ...GOOD_CARD, cardNumber: '4000 0000 0000 0002' }),
    ).rejects.toMatchObject({ statusCode: 400 });
    await expect(
      billing.updateCard(registrationId, { ...GOOD_CARD, expiry: '01 / 20' }),
    ).rejects.toMatchObject({ statusCode: 400 });
  });

  it('retries 3, 5 and 7 days after a failed renewal, then cancels and tells the client and the team', async () => {
    const { registrationId, subscriptionId, email } = await paidRegistration(ctx);
    const billing = billingFor(ctx);
    await billing.updateCard(registrationId, FAILS_ON_CHARGE);
    const due = (await subscriptionRow(ctx, subscriptionId)).currentPeriodEnd!;
    await billing.clock.advance(32);
    let sub = await subscriptionRow(ctx, subscriptionId);
    expect(sub).toMatchObject({
      status: 'past_due',
      failedPaymentCount: 1,
      nextRetryAt: new Date(due.getTime() + 3 * DAY_MS),
    });
    expect(await mailKinds(ctx, email)).toContain('client_payment_failed');
    const failed = await invoicesOf(ctx, subscriptionId);
    expect(failed.at(-1)).toMatchObject({
      kind: 'renewal',
      status: 'failed',
      failureMessage: 'Your card was declined.',
      paymentId: null,
    });
    const overview = await billing.overview(registrationId);
    expect(overview.subscription).toMatchObject({
      status: 'past_due',
      failedPaymentCount: 1,
      nextRetryAt: sub.nextRetryAt!.toISOString(),
    });

    await billing.clock.advance(10);
    sub = await subscriptionRow(ctx, subscriptionId);
    expect(sub.status).toBe('canceled');
    expect(sub.canceledAt).toEqual(new Date(due.getTime() + 7 * DAY_MS));
    expect(
      (await invoicesOf(ctx, subscriptionId)).filter((i) => i.status === 'failed'),
    ).toHaveLength(4);
    expect(await mailKinds(ctx, email)).toContain('client_cancellation_confirmed');
    expect(await mailKinds(ctx, 'team@example.com')).toEqual(
      expect.arrayContaining(['team_payment_failed', 'team_subscription_canceled']),
    );
    expect((await billing.overview(registrationId)).subscription!.nextCharge).toBeNull();
  });

  it('a new card on a past-due subscription is charged at once and the period moves on from the old end', async () => {
    const { registrationId, subscriptionId } = await paidRegistration(ctx);
    const billing = billingFor(ctx);
    await billing.updateCard(registrationId, FAILS_ON_CHARGE);
    const due = (await subscriptionRow(ctx, subscriptionId)).currentPeriodEnd!;
    await billing.clock.advance(32);
    const overview = (await billing.updateCard(registrationId, GOOD_CARD)) as AccountOverview;
    expect(overview.subscription).toMatchObject({
      status: 'active',
      failedPaymentCount: 0,
      nextRetryAt: null,
      currentPeriodStart: due.toISOString(),
    });
    expect(overview.invoices.slice(0, 2).map((i) => i.status)).toEqual(['paid', 'failed']);
  });

  it('reminds once of a card that expires before the next charge', async () => {
    const { registrationId, subscriptionId, email } = await paidRegistration(ctx);
    const billing = billingFor(ctx);
    const now = await billing.clock.now();
    const expiry = `${String(now.getUTCMonth() + 1).padStart(2, '0')} / ${String(now.getUTCFullYear() % 100).padStart(2, '0')}`;
    await billing.updateCard(registrationId, { ...GOOD_CARD, expiry });
    await billing.runDue();
    await billing.runDue();
    const expires = Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1);
    const sent = (await mailKinds(ctx, email)).filter((k) => k === 'client_card_expiring');
    // This month's card always expires before the renewal a month from now, within 31 days.
    expect(sent).toHaveLength(expires - now.getTime() <= 30 * DAY_MS ? 1 : 0);
    expect((await subscriptionRow(ctx, subscriptionId)).cardExpiryNoticeAt !== null).toBe(
      sent.length === 1,
    );
  });
});
