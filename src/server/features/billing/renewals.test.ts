import { beforeEach, describe, expect, it, onTestFinished } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { outboxMessages, payments } from '../../db/schema.js';
import { appUnderTest } from '../../test/app-under-test.js';
import { buildApp } from '../../app.js';
import { TEST_DATABASES, testConfig } from '../../test/databases.js';
import {
  billingFor,
  invoicesOf,
  mailKinds,
  paidRegistration,
  subscriptionRow,
} from '../../test/billing.js';

describe.each(TEST_DATABASES)('billing renewals in test mode on %s', (kind) => {
  const ctx = appUnderTest(kind, {
    // E-mailed links start with PUBLIC_URL.
    config: testConfig({ PUBLIC_URL: 'https://agency.example' }),
    role: 'owner',
    registrationRateLimit: 1000,
    paymentRateLimit: 1000,
  });
  beforeEach(async () => {
    await billingFor(ctx).clock.reset();
  });

  it('the first payment keeps the card and a paid first invoice', async () => {
    const { registrationId, subscriptionId } = await paidRegistration(ctx);
    const sub = await subscriptionRow(ctx, subscriptionId);
    expect(sub).toMatchObject({
      cardBrand: 'visa',
      cardLast4: '4242',
      cardExpMonth: 12,
      cardExpYear: 2040,
      testCardBehavior: 'succeeds',
    });
    const [first] = await invoicesOf(ctx, subscriptionId);
    expect(first).toMatchObject({
      kind: 'first',
      status: 'paid',
      amountCents: 29_900,
      cardLast4: '4242',
    });
    expect(first!.number).toMatch(/^INV-\d{6}$/);
    const [ledger] = await ctx.testDb.database.db
      .select()
      .from(payments)
      .where(eq(payments.id, first!.paymentId!));
    expect(ledger!.amountCents).toBe(29_900);
    const overview = await billingFor(ctx).overview(registrationId);
    expect(overview.subscription).toMatchObject({
      status: 'active',
      price: '299.00',
      phase: 'intro',
      renewalPrice: '325.00',
    });
    expect(overview.subscription!.nextCharge).toMatchObject({
      amount: '299.00',
      date: sub.currentPeriodEnd!.toISOString(),
    });
    expect(overview.invoices.map((i) => i.kind)).toEqual(['first']);
  });

  it('renews each period at the intro price, then at the renewal price after 12 months, with one receipt each', async () => {
    const { subscriptionId, email } = await paidRegistration(ctx);
    const billing = billingFor(ctx);
    const start = (await subscriptionRow(ctx, subscriptionId)).currentPeriodEnd!;
    const first = await billing.clock.advance(31);
    expect(first.run.renewed).toBeGreaterThanOrEqual(1);
    let renewals = (await invoicesOf(ctx, subscriptionId)).filter((i) => i.kind === 'renewal');
    expect(renewals).toHaveLength(1);
    expect(renewals[0]).toMatchObject({ status: 'paid', amountCents: 29_900, periodStart: start });
    const [ledger] = await ctx.testDb.database.db
      .select()
      .from(payments)
      .where(eq(payments.id, renewals[0]!.paymentId!));
    expect(ledger).toMatchObject({
      provider: 'test',
      livemode: false,
      providerPaymentId: `renewal:${renewals[0]!.id}`,
      productId: expect.any(String),
    });
    const [receipt] = await ctx.testDb.database.db
      .select()
      .from(outboxMessages)
      .where(and(eq(outboxMessages.kind, 'client_renewal_receipt'), eq(outboxMessages.to, email)));
    expect(receipt!.to).toBe(email);
    expect(receipt!.body).toContain('$299.00');
    expect(receipt!.html).toContain('https://agency.example/account');

    await billing.clock.advance(320);
    expect(await mailKinds(ctx, email)).toContain('client_intro_ending');
    await billing.clock.advance(30);
    renewals = (await invoicesOf(ctx, subscriptionId)).filter((i) => i.kind === 'renewal');
    expect(renewals.map((i) => i.amountCents)).toEqual([...Array<number>(11).fill(29_900), 32_500]);
    const overview = await billing.overview(
      (await subscriptionRow(ctx, subscriptionId)).registrationId!,
    );
    expect(overview.subscription).toMatchObject({ phase: 'renewal', price: '325.00' });
    expect((await mailKinds(ctx, email)).filter((k) => k === 'client_intro_ending')).toHaveLength(
      1,
    );
  });

  it('two instances running at once renew a period once', async () => {
    const { subscriptionId } = await paidRegistration(ctx);
    const billing = billingFor(ctx);
    // A second instance of the app on the same database, as a second server would be.
    const second = await buildApp({ config: ctx.config, database: ctx.testDb.database });
    onTestFinished(() => second.close());
    const other = second.services.billing;
    await billing.clock.advance(1);
    const end = (await subscriptionRow(ctx, subscriptionId)).currentPeriodEnd!;
    // Move the clock past the period end without running, then race two runs.
    const days =
      Math.ceil((end.getTime() - (await billing.clock.now()).getTime()) / 86_400_000) + 1;
    await ctx.testDb.database.db.execute(
      sql`update app_meta set value = (value::bigint + ${days * 86_400_000})::text where key = 'billing.clock.offset_ms'`,
    );
    await Promise.all([billing.runDue(), other.runDue(), billing.runDue()]);
    expect(
      (await invoicesOf(ctx, subscriptionId)).filter((i) => i.kind === 'renewal'),
    ).toHaveLength(1);
  });
});
