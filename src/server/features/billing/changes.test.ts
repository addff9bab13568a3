import type { AccountOverview } from '../../../contract/billing/billing.js';
import { beforeEach, describe, expect, it } from 'vitest';
import { appUnderTest } from '../../test/app-under-test.js';
import { TEST_DATABASES } from '../../test/databases.js';
import {
  billingFor,
  invoicesOf,
  mailKinds,
  paidRegistration,
  registrationPlanId,
  subscriptionRow,
} from '../../test/billing.js';

describe.each(TEST_DATABASES)("a client's billing changes in test mode on %s", (kind) => {
  const ctx = appUnderTest(kind, {
    role: 'owner',
    registrationRateLimit: 1000,
    paymentRateLimit: 1000,
  });
  beforeEach(async () => {
    await billingFor(ctx).clock.reset();
  });

  it('cancels at the period end (once), resumes until then, and ends without a renewal', async () => {
    const { registrationId, subscriptionId, email } = await paidRegistration(ctx);
    const billing = billingFor(ctx);
    await expect(billing.cancel(registrationId, 'x'.repeat(501), 'client')).rejects.toMatchObject({
      statusCode: 400,
    });
    await expect(billing.resume(registrationId)).rejects.toMatchObject({ statusCode: 409 });
    const canceled = await billing.cancel(registrationId, 'Too expensive', 'client');
    expect(canceled.subscription).toMatchObject({
      status: 'active',
      cancelAtPeriodEnd: true,
      nextCharge: null,
    });
    await expect(billing.cancel(registrationId, undefined, 'team')).rejects.toMatchObject({
      statusCode: 409,
    });
    expect((await billing.resume(registrationId)).subscription!.cancelAtPeriodEnd).toBe(false);
    const [again, twice] = await Promise.allSettled([
      billing.cancel(registrationId, undefined, 'team'),
      billing.cancel(registrationId, undefined, 'team'),
    ]);
    expect([again.status, twice.status].sort()).toEqual(['fulfilled', 'rejected']);
    await billing.clock.advance(32);
    const sub = await subscriptionRow(ctx, subscriptionId);
    expect(sub).toMatchObject({ status: 'canceled', canceledAt: expect.any(Date) });
    expect((await invoicesOf(ctx, subscriptionId)).map((i) => i.kind)).toEqual(['first']);
    expect(await mailKinds(ctx, email)).toEqual(
      expect.arrayContaining(['client_billing_change', 'client_cancellation_confirmed']),
    );
    await expect(billing.resume(registrationId)).rejects.toMatchObject({ statusCode: 409 });
  });

  it('an upgrade charges the prorated difference now and switches at once', async () => {
    const { registrationId, subscriptionId, planIds } = await paidRegistration(ctx);
    const billing = billingFor(ctx);
    await expect(billing.previewPlanChange(registrationId, planIds.growing!)).rejects.toMatchObject(
      { statusCode: 409 },
    );
    await expect(billing.previewPlanChange(registrationId, 99_999)).rejects.toMatchObject({
      statusCode: 400,
    });
    const preview = await billing.previewPlanChange(registrationId, planIds.comprehensive!);
    expect(preview.direction).toBe('upgrade');
    // Paid a moment ago: nearly the whole period is left, so nearly the whole $300.00 difference.
    expect(Number(preview.amountNow)).toBeGreaterThan(299);
    expect(Number(preview.amountNow)).toBeLessThanOrEqual(300);
    const after = (await billing.changePlan(
      registrationId,
      planIds.comprehensive!,
    )) as AccountOverview;
    expect(after.subscription).toMatchObject({
      plan: { name: 'comprehensive' },
      price: '599.00',
      renewalPrice: '565.00',
    });
    expect(await registrationPlanId(ctx, registrationId)).toBe(planIds.comprehensive);
    const proration = (await invoicesOf(ctx, subscriptionId)).find((i) => i.kind === 'proration');
    expect(proration).toMatchObject({ status: 'paid', paymentId: expect.any(String) });
  });

  it('a downgrade waits for the renewal, which charges the new plan', async () => {
    const { registrationId, subscriptionId, planIds } = await paidRegistration(ctx);
    const billing = billingFor(ctx);
    const preview = await billing.previewPlanChange(registrationId, planIds.essential!);
    expect(preview).toMatchObject({ direction: 'downgrade', amountNow: '0.00' });
    const after = (await billing.changePlan(registrationId, planIds.essential!)) as AccountOverview;
    expect(after.subscription).toMatchObject({
      plan: { name: 'growing' },
      scheduledPlan: { name: 'essential' },
      nextCharge: { amount: '199.00' },
    });
    await billing.clock.advance(32);
    const sub = await subscriptionRow(ctx, subscriptionId);
    expect(sub).toMatchObject({ planId: planIds.essential, scheduledPlanId: null });
    expect((await invoicesOf(ctx, subscriptionId)).at(-1)).toMatchObject({
      kind: 'renewal',
      amountCents: 19_900,
      planId: planIds.essential,
    });
    // The registration (what Clients shows) follows the subscription's plan.
    expect(await registrationPlanId(ctx, registrationId)).toBe(planIds.essential);
  });

  it('choosing the current plan while a downgrade waits undoes the downgrade', async () => {
    const { registrationId, subscriptionId, planIds, email } = await paidRegistration(ctx);
    const billing = billingFor(ctx);
    await billing.changePlan(registrationId, planIds.essential!);
    expect(await billing.previewPlanChange(registrationId, planIds.growing!)).toMatchObject({
      direction: 'same',
      amountNow: '0.00',
    });
    const kept = (await billing.changePlan(registrationId, planIds.growing!)) as AccountOverview;
    expect(kept.subscription).toMatchObject({
      plan: { name: 'growing' },
      scheduledPlan: null,
      nextCharge: { amount: '299.00' },
    });
    // Nothing waits any more: the current plan again is refused, as before.
    await expect(billing.changePlan(registrationId, planIds.growing!)).rejects.toMatchObject({
      statusCode: 409,
    });
    await billing.clock.advance(32);
    expect((await invoicesOf(ctx, subscriptionId)).at(-1)).toMatchObject({
      kind: 'renewal',
      amountCents: 29_900,
      planId: planIds.growing,
    });
    expect(await mailKinds(ctx, email)).toContain('client_billing_change');
  });

  it('a plan without a renewal price, upgraded to one with, reaches its renewal price 12 months after the first payment', async () => {
    const { registrationId, subscriptionId, planIds } = await paidRegistration(ctx, 'professional');
    const billing = billingFor(ctx);
    const first = await subscriptionRow(ctx, subscriptionId);
    expect(first.renewalStartsAt).not.toBeNull();
    await billing.changePlan(registrationId, planIds.comprehensive!);
    for (let month = 0; month < 13; month++) await billing.clock.advance(31);
    const renewals = (await invoicesOf(ctx, subscriptionId)).filter((i) => i.kind === 'renewal');
    expect(renewals.length).toBeGreaterThanOrEqual(12);
    const startsAt = (await subscriptionRow(ctx, subscriptionId)).renewalStartsAt!;
    for (const invoice of renewals)
      expect(invoice.amountCents).toBe(invoice.periodStart! >= startsAt ? 56_500 : 59_900);
    expect(renewals.at(-1)!.amountCents).toBe(56_500);
  });
});
